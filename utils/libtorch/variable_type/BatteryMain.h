//===- BatteryMain.h - What every battery runner starts with ---*- C++ -*-===//
//
// The VariableType, ADInplaceOrView and TraceType runners start the same
// way (one thread, the candidate's deferred registrations made, a callback
// that notes every operator that runs) and name operators and errors the
// same way, so that their outputs can be compared by one Python harness.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_VARIABLE_TYPE_BATTERY_MAIN_H
#define GRADGEN_VARIABLE_TYPE_BATTERY_MAIN_H

#include "Registry.h"

#include <ATen/Parallel.h>
#include <ATen/record_function.h>
#include <c10/util/Exception.h>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

namespace vtbattery {

/// `name` or `name.overload` of the operator \p F records, if it records one.
inline c10::optional<std::string>
recordedOperator(const at::RecordFunction &F) {
  auto Name = F.operator_name();
  if (!Name)
    return c10::nullopt;
  return Name->overload_name.empty() ? Name->name
                                     : Name->name + "." + Name->overload_name;
}

/// The message of \p Error without the backtrace c10 appends.
inline std::string messageOf(const std::exception &Error) {
  if (const auto *C10Error = dynamic_cast<const c10::Error *>(&Error))
    return C10Error->what_without_backtrace();
  return Error.what();
}

/// Reads the runner's only option, `--case=CASE`, into \p Only; false after
/// printing the usage.
inline bool parseCaseOption(int Argc, char **Argv, std::string &Only) {
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg.rfind("--case=", 0) != 0) {
      std::fprintf(stderr, "usage: %s [--case=CASE]\n", Argv[0]);
      return false;
    }
    Only = Arg.substr(7);
  }
  return true;
}

/// Runs everything on one thread (results must not depend on scheduling),
/// makes the candidate's deferred registrations, printing the files they
/// came from as `candidate-file FILE`, and calls \p NoteOperator for every
/// operator that runs. Returns the candidate's files.
inline std::vector<std::string>
startBattery(at::RecordFunctionCallback::StartCallback NoteOperator) {
  at::set_num_threads(1);
  at::set_num_interop_threads(1);
  std::vector<std::string> Files;
  if (registerDeferredBlocks)
    Files = registerDeferredBlocks();
  for (const std::string &File : Files)
    std::printf("candidate-file %s\n", File.c_str());
  at::addGlobalCallback(
      at::RecordFunctionCallback(NoteOperator).needsInputs(false));
  return Files;
}

} // namespace vtbattery

#endif // GRADGEN_VARIABLE_TYPE_BATTERY_MAIN_H
