//===- ConfigCommand.cpp - gradgen config ---------------------------------===//
//
// Prints the inputs and flags a run would use and where each came from: the
// command line, .gradgen.yaml, the PyTorch checkout around derivatives.yaml,
// or compile_commands.json.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

int runConfigCommand(DriverContext &Context) {
  if (const ProjectConfig *Config = projectConfig(Context.Diags))
    Config->print(outs());
  return Context.finish();
}

} // namespace gradgen::driver
