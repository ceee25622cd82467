//===- Driver.h - Shared state of gradgen's subcommands ---------*- C++ -*-===//

#ifndef GRADGEN_TOOLS_DRIVER_H
#define GRADGEN_TOOLS_DRIVER_H

#include "gradgen/Support/Diagnostics.h"

#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

namespace gradgen::driver {

/// The options every subcommand shares.
extern llvm::cl::OptionCategory GradgenCategory;

/// Everything a subcommand needs: the buffers it read and the diagnostics
/// engine configured from the command line.
struct DriverContext {
  DriverContext();

  llvm::SourceMgr SourceMgr;
  DiagnosticEngine Diags;

  /// Flushes diagnostics; returns the process exit code (0 or 1).
  int finish();
};

/// Leaves Object to the end of the process, as clang -disable-free does:
/// freeing the schemas, infos and ASTs of a run object by object costs time
/// that no one needs spent. The object stays reachable for leak checkers.
template <typename T> void keepUntilExit(std::unique_ptr<T> Object) {
  llvm::BuryPointer(std::move(Object));
}

// Subcommands. Each lives in its own file and registers its own options.
extern llvm::cl::SubCommand SchemasCommand;
int runSchemasCommand(DriverContext &Context, const char *Argv0);
int runCheckCommand(DriverContext &Context, const char *Argv0);
int runInfosCommand(DriverContext &Context, const char *Argv0);
int runGenerateCommand(DriverContext &Context, const char *Argv0);
extern llvm::cl::SubCommand TemplateTestCommand;
int runTemplateTestCommand(DriverContext &Context, const char *Argv0);

/// Test-only (hidden --diagnose-test=SPEC): reports the diagnostics that SPEC
/// lists, so that the output formats and verify mode can be tested before
/// the stages that report fix-its and notes exist.
bool diagnoseTestRequested();
int runDiagnoseTest(DriverContext &Context);

} // namespace gradgen::driver

#endif // GRADGEN_TOOLS_DRIVER_H
