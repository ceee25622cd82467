//===- Dispatch.h - Which kernel the dispatcher runs for an operator -*- C++
//-*-//
//
// What the kernel batteries (variable_type/Runner.cpp, trace_type/Runner.cpp)
// ask the dispatcher about an operator named `aten::name.overload`: its
// schema's kernel shape, and where the kernel it runs for a dispatch key was
// registered, read from dumpState(), so that a check can tell the candidate's
// kernels from libtorch's own.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIBTORCH_DISPATCH_H
#define GRADGEN_LIBTORCH_DISPATCH_H

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/record_function.h>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace battery {

inline c10::OperatorName operatorName(const std::string &Op) {
  auto Dot = Op.find('.');
  return c10::OperatorName(Op.substr(0, Dot),
                           Dot == std::string::npos ? "" : Op.substr(Dot + 1));
}

/// The kernel shape Op's schema asks for: out, in-place, view, multi-output
/// or functional.
inline const char *kernelKind(const std::string &Op) {
  auto Handle = c10::Dispatcher::singleton().findOp(operatorName(Op));
  if (!Handle || !Handle->hasSchema())
    return "unknown";
  const c10::FunctionSchema &Schema = Handle->schema();
  for (const c10::Argument &A : Schema.arguments())
    if (A.is_out())
      return "out";
  if (!Schema.name().empty() && Schema.name().back() == '_')
    return "in-place";
  for (const c10::Argument &R : Schema.returns())
    if (R.alias_info() && !R.alias_info()->isWrite())
      return "view";
  return Schema.returns().size() > 1 ? "multi-output" : "functional";
}

/// Where the kernel that Op's dumpState() lists for Key (`Tracer`,
/// `Autograd[alias]`, ...) was registered: `FILE:LINE`; empty without one.
inline std::string registeredAt(const std::string &Op, const std::string &Key) {
  auto Handle = c10::Dispatcher::singleton().findOp(operatorName(Op));
  if (!Handle)
    return "";
  std::istringstream State(Handle->dumpState());
  std::string Line, Debug;
  while (std::getline(State, Line))
    if (Line.rfind(Key + ": ", 0) == 0)
      Debug = Line.substr(Key.size() + 2);
  Debug = Debug.substr(0, Debug.find(" :: "));
  const std::string Prefix = "registered at ";
  return Debug.rfind(Prefix, 0) == 0 ? Debug.substr(Prefix.size()) : Debug;
}

/// Who registered a kernel at \p Where: `candidate` (one of CandidateFiles),
/// `libtorch-generated` (libtorch's own <Family>_N.cpp) or `libtorch-manual`.
inline const char *originOf(const std::string &Where,
                            const std::vector<std::string> &CandidateFiles,
                            const std::string &Family) {
  std::string File = Where.substr(0, Where.rfind(':'));
  for (const std::string &Candidate : CandidateFiles)
    if (File == Candidate)
      return "candidate";
  if (File.find("autograd/generated/" + Family + "_") != std::string::npos)
    return "libtorch-generated";
  return "libtorch-manual";
}

/// The operator a RecordFunction callback sees, as `aten::name.overload`.
inline std::optional<std::string>
recordedOperator(const at::RecordFunction &F) {
  auto Name = F.operator_name();
  if (!Name)
    return std::nullopt;
  return Name->overload_name.empty() ? Name->name
                                     : Name->name + "." + Name->overload_name;
}

/// An exception's message without libtorch's backtrace.
inline std::string messageOf(const std::exception &Error) {
  if (const auto *C10Error = dynamic_cast<const c10::Error *>(&Error))
    return C10Error->what_without_backtrace();
  return Error.what();
}

} // namespace battery

#endif // GRADGEN_LIBTORCH_DISPATCH_H
