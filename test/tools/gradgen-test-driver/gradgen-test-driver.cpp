//===- gradgen-test-driver.cpp - Test-only entry points of gradgen --------===//
//
//   gradgen-test-driver template-test [--cases FILE | --env FILE NAME...]
//   gradgen-test-driver --diagnose-test=SPEC [--diagnose-test-target=FILE]
//
//===----------------------------------------------------------------------===//

#include "TestDriver.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gradgen::driver;

namespace gradgen::driver {

DriverContext::DriverContext() : Diags(SourceMgr), Files(SourceMgr) {
  configureFromCommandLine(Diags);
}

int DriverContext::finish() { return Diags.finish() ? 0 : 1; }

} // namespace gradgen::driver

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(GradgenCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "gradgen-test-driver: gradgen's test aids\n");
  DriverContext Context;
  if (TemplateTestCommand)
    return runTemplateTestCommand(Context, argv[0]);
  if (diagnoseTestRequested())
    return runDiagnoseTest(Context);
  errs() << "gradgen-test-driver: error: no subcommand given\n";
  return 1;
}
