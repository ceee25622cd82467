//===- GradcheckCommand.cpp - gradgen gradcheck ---------------------------===//
//
// Loads and checks the inputs as `check` does, then hands the infos to the
// Gradcheck library, which builds, runs and reports (docs/gradcheck.md).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Gradcheck/Gradcheck.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

int runGradcheckCommand(const char *Argv0) {
  std::optional<Invocation> Inv = makeInvocation(Argv0, RunGoal::Generate);
  if (!Inv)
    return failedInvocationStatus();
  Inv->Families = {"functions", "variable-type"};
  Session S(std::move(*Inv));
  std::unique_ptr<Compilation> C =
      S.run(RunGoal::Infos, createCommandLineConsumer());
  if (!C->getDiags().hasErrors() && C->getNodeModels()) {
    GradcheckSummary Summary;
    if (runGradcheck(*C, gradcheckOptions(), Summary))
      Summary.print(errs());
  }
  return finish(std::move(C));
}

} // namespace gradgen::driver
