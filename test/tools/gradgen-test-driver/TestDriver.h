//===- TestDriver.h - gradgen-test-driver's subcommands ---------*- C++ -*-===//
//
// A test-only tool, as LLVM's yaml-bench: it exercises parts of the
// libraries lit cannot reach through gradgen itself (CodeTemplate against
// torchgen's own cases, every diagnostics format on made-up diagnostics).
// It is built with the tests and never installed.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TEST_TOOLS_TESTDRIVER_H
#define GRADGEN_TEST_TOOLS_TESTDRIVER_H

#include "CommandLineDiagnostics.h"

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

namespace gradgen::driver {

/// The buffers a subcommand read and the diagnostics engine configured from
/// the command line.
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

/// --diagnose-test=SPEC: reports the diagnostics that SPEC lists.
bool diagnoseTestRequested();
int runDiagnoseTest(DriverContext &Context);

} // namespace gradgen::driver

#endif // GRADGEN_TEST_TOOLS_TESTDRIVER_H
