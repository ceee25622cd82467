//===- DumpState.h - Which kernel the dispatcher runs ----------*- C++ -*-===//
//
// The batteries that register generated kernels (VariableType,
// ADInplaceOrView) read from the dispatcher which kernel is active for an
// operator and dispatch key, and where it was registered: a shard under
// test, one of libtorch's generated files, or libtorch's hand-written code.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_VARIABLE_TYPE_DUMP_STATE_H
#define GRADGEN_VARIABLE_TYPE_DUMP_STATE_H

#include <ATen/core/dispatch/Dispatcher.h>

#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

namespace vtbattery {

/// The operator `name` or `name.overload`.
inline c10::optional<c10::OperatorHandle> findOperator(const std::string &Op) {
  auto Dot = Op.find('.');
  return c10::Dispatcher::singleton().findOp(c10::OperatorName(
      Op.substr(0, Dot), Dot == std::string::npos ? "" : Op.substr(Dot + 1)));
}

/// Where the active kernel of the first of \p Keys that has one was
/// registered (`FILE:LINE`), from the operator's dumpState() lines
/// `KEY: registered at FILE:LINE :: SCHEMA [...]`; empty when none has.
inline std::string
activeRegistration(const std::string &Op,
                   std::initializer_list<const char *> Keys) {
  auto Handle = findOperator(Op);
  if (!Handle)
    return "";
  for (const char *Key : Keys) {
    std::istringstream State(Handle->dumpState());
    const std::string Prefix = std::string(Key) + ": ";
    for (std::string Line; std::getline(State, Line);) {
      if (Line.rfind(Prefix, 0) != 0)
        continue;
      std::string Debug = Line.substr(Prefix.size());
      Debug = Debug.substr(0, Debug.find(" :: "));
      const std::string Registered = "registered at ";
      return Debug.rfind(Registered, 0) == 0 ? Debug.substr(Registered.size())
                                             : Debug;
    }
  }
  return "";
}

/// `candidate` when \p Where is in one of the files \p Mine, else
/// `libtorch-generated` when its file name contains \p Generated, else
/// `libtorch-manual`.
inline const char *originOf(const std::string &Where,
                            const std::vector<std::string> &Mine,
                            const char *Generated) {
  std::string File = Where.substr(0, Where.rfind(':'));
  for (const std::string &Candidate : Mine)
    if (File == Candidate)
      return "candidate";
  if (File.find(Generated) != std::string::npos)
    return "libtorch-generated";
  return "libtorch-manual";
}

/// The kernel shape \p Op's schema asks for: out, in-place, view,
/// multi-output or functional.
inline const char *kernelKind(const std::string &Op) {
  auto Handle = findOperator(Op);
  if (!Handle || !Handle->hasSchema())
    return "unknown";
  const c10::FunctionSchema &Schema = Handle->schema();
  for (const c10::Argument &A : Schema.arguments())
    if (A.is_out())
      return "out";
  const std::string &Name = Schema.name();
  if (!Name.empty() && Name.back() == '_')
    return "in-place";
  for (const c10::Argument &R : Schema.returns())
    if (R.alias_info() && !R.alias_info()->isWrite())
      return "view";
  return Schema.returns().size() > 1 ? "multi-output" : "functional";
}

} // namespace vtbattery

#endif // GRADGEN_VARIABLE_TYPE_DUMP_STATE_H
