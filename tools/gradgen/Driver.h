//===- Driver.h - gradgen's command line ------------------------*- C++ -*-===//
//
// The driver turns argv into an Invocation and runs it with the Frontend
// library; it holds no pipeline logic of its own.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TOOLS_DRIVER_H
#define GRADGEN_TOOLS_DRIVER_H

#include "gradgen/Frontend/Session.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

namespace gradgen::driver {

/// The options every subcommand shares.
extern llvm::cl::OptionCategory GradgenCategory;

extern llvm::cl::SubCommand SchemasCommand;
extern llvm::cl::SubCommand CheckCommand;
extern llvm::cl::SubCommand InfosCommand;
extern llvm::cl::SubCommand GenerateCommand;

/// The invocation the command line describes.
Invocation makeInvocation(const char *Argv0);
/// Its inputs, profile and formula and output options (Options.cpp).
Invocation makeInputsInvocation(const char *Argv0);

/// The consumer --diagnostics-format, --verify and --color-diagnostics ask
/// for, writing to standard error.
std::unique_ptr<DiagnosticConsumer> createCommandLineConsumer();

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

/// For the testing subcommands, which run no Compilation: the buffers they
/// read and the diagnostics engine configured from the command line.
struct DriverContext {
  DriverContext();

  llvm::SourceMgr SourceMgr;
  DiagnosticEngine Diags;
  InputFiles Files;

  /// Flushes diagnostics; returns the process exit code (0 or 1).
  int finish();
};

extern llvm::cl::SubCommand TemplateTestCommand;
int runTemplateTestCommand(DriverContext &Context, const char *Argv0);

/// Test-only (hidden --diagnose-test=SPEC): reports the diagnostics that SPEC
/// lists, so that the output formats and verify mode can be tested apart
/// from the stages.
bool diagnoseTestRequested();
int runDiagnoseTest(DriverContext &Context);

} // namespace gradgen::driver

#endif // GRADGEN_TOOLS_DRIVER_H
