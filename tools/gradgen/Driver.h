//===- Driver.h - gradgen's command line ------------------------*- C++ -*-===//
//
// The driver turns argv into an Invocation and runs it with the Frontend
// library; it holds no pipeline logic of its own.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TOOLS_DRIVER_H
#define GRADGEN_TOOLS_DRIVER_H

#include "CommandLineDiagnostics.h"

#include "gradgen/Frontend/Session.h"

#include "llvm/Support/CommandLine.h"

namespace gradgen::driver {

extern llvm::cl::SubCommand SchemasCommand;
extern llvm::cl::SubCommand CheckCommand;
extern llvm::cl::SubCommand InfosCommand;
extern llvm::cl::SubCommand GenerateCommand;

/// The invocation the command line describes.
Invocation makeInvocation(const char *Argv0);

/// Flushes the diagnostics of C and returns the exit code (0 or 1).
int finish(std::unique_ptr<Compilation> C);

/// What `gradgen schemas` prints.
struct SchemasOutput {
  bool JSON = false;
  bool IncludeGenerated = true;
  /// --resolve-derivatives: check this derivatives.yaml's names instead.
  std::string ResolveDerivatives;
};
SchemasOutput schemasOutput();

enum class InfosFormat { JSON, Summary, Formulas };
InfosFormat infosFormat();

int runSchemasCommand(const char *Argv0);
int runCheckCommand(const char *Argv0);
int runInfosCommand(const char *Argv0);
int runGenerateCommand(const char *Argv0);

} // namespace gradgen::driver

#endif // GRADGEN_TOOLS_DRIVER_H
