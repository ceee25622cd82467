//===- GenerateCommand.cpp - gradgen generate -----------------------------===//
//
// The whole pipeline: load and check the inputs, compute saved attributes,
// emit every Node, and write the files, all or nothing, each only if its
// bytes changed.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

using namespace llvm;

namespace gradgen::driver {

int runGenerateCommand(const char *Argv0) {
  std::optional<Invocation> Inv = makeInvocation(Argv0, RunGoal::Generate);
  if (!Inv)
    return 1;
  Session S(std::move(*Inv));
  return finish(S.run(RunGoal::Generate, createCommandLineConsumer()));
}

} // namespace gradgen::driver
