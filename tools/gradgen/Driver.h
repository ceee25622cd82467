//===- Driver.h - gradgen's command line ------------------------*- C++ -*-===//
//
// The driver turns argv into an Invocation and runs it with the Frontend
// library; it holds no pipeline logic of its own.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TOOLS_GRADGEN_DRIVER_H
#define GRADGEN_TOOLS_GRADGEN_DRIVER_H

#include "CommandLineDiagnostics.h"

#include "gradgen/Frontend/ProjectConfig.h"
#include "gradgen/Frontend/Session.h"
#include "gradgen/Gradcheck/Gradcheck.h"

#include "llvm/Support/CommandLine.h"

namespace gradgen::driver {

extern llvm::cl::SubCommand SchemasCommand;
extern llvm::cl::SubCommand CheckCommand;
extern llvm::cl::SubCommand InfosCommand;
extern llvm::cl::SubCommand GenerateCommand;
extern llvm::cl::SubCommand ConfigCommand;
extern llvm::cl::SubCommand GradcheckCommand;
extern llvm::cl::SubCommand OutputsCommand;

/// The settings of the run: the command line's, then those .gradgen.yaml,
/// the PyTorch checkout and compile_commands.json give (resolved once; null
/// after an error, reported but not yet flushed).
const ProjectConfig *projectConfig();
/// Flushes the diagnostics of projectConfig(); returns the exit code.
int finishConfigDiagnostics();

/// The invocation the command line describes, its inputs completed by
/// projectConfig(); nullopt after the errors were reported and flushed
/// (the exit code is then 1).
std::optional<Invocation> makeInvocation(const char *Argv0, RunGoal Goal);
/// The same for the run of `check` on DerivativesFile.
std::optional<Invocation> makeInvocation(const char *Argv0, RunGoal Goal,
                                         llvm::StringRef DerivativesFile);
/// The exit code after makeInvocation() failed: 1, unless the diagnostics
/// format reports findings as output (lintrunner), where it is 0.
int failedInvocationStatus();

/// The derivatives.yaml files `check` checks, each once: those named, a
/// checkout's own for its native_functions.yaml or deprecated.yaml
/// (derivativesFileOf); {""} if none is named (then --derivatives or
/// .gradgen.yaml must name one).
struct CheckTargets {
  std::vector<std::string> Files;
  /// False if a named file leads to no derivatives.yaml: reported to the
  /// diagnostics finishConfigDiagnostics() flushes.
  bool AllFound = true;
};
CheckTargets derivativesFilesToCheck();

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

/// Starts the process again with glibc's malloc tunables of a large run, once.
void restartWithMallocTunables(int argc, char **argv);
/// Sets malloc up for the run argv names.
void prepareHeap(int argc, char **argv);

int runSchemasCommand(const char *Argv0);
int runCheckCommand(const char *Argv0);
int runInfosCommand(const char *Argv0);
int runGenerateCommand(const char *Argv0);
int runGradcheckCommand(const char *Argv0);
/// The gradcheck options of the command line.
GradcheckOptions gradcheckOptions();
int runConfigCommand();
int runOutputsCommand(const char *Argv0);

} // namespace gradgen::driver

#endif // GRADGEN_TOOLS_GRADGEN_DRIVER_H
