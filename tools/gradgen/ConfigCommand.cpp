//===- ConfigCommand.cpp - gradgen config ---------------------------------===//
//
// Prints the inputs and flags a run would use and where each came from: the
// command line, .gradgen.yaml, the PyTorch checkout around derivatives.yaml,
// or compile_commands.json.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

int runConfigCommand() {
  if (const ProjectConfig *Config = projectConfig())
    Config->print(outs());
  return finishConfigDiagnostics();
}

} // namespace gradgen::driver
