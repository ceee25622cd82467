//===- CommandLineDiagnostics.cpp - Diagnostics options of the tools ------===//

#include "CommandLineDiagnostics.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

cl::OptionCategory GradgenCategory("gradgen options");

static cl::opt<DiagnosticsFormat> DiagnosticsFormatOpt(
    "diagnostics-format", cl::desc("How diagnostics are printed"),
    cl::values(clEnumValN(DiagnosticsFormat::Text, "text",
                          "file:line:col, source line and caret (default)"),
               clEnumValN(DiagnosticsFormat::JSON, "json", "one JSON document"),
               clEnumValN(DiagnosticsFormat::SARIF, "sarif", "SARIF 2.1.0"),
               clEnumValN(DiagnosticsFormat::Lintrunner, "lintrunner",
                          "lintrunner's LintMessage lines, to standard "
                          "output; exit 0 unless gradgen itself fails")),
    cl::init(DiagnosticsFormat::Text), cl::sub(cl::SubCommand::getAll()),
    cl::cat(GradgenCategory));

static cl::opt<unsigned> ErrorLimit(
    "error-limit",
    cl::desc("Stop reporting after this many errors (0: report all)"),
    cl::init(0), cl::sub(cl::SubCommand::getAll()), cl::cat(GradgenCategory));

static cl::opt<unsigned> ErrorLimitPerFile(
    "error-limit-per-file",
    cl::desc("Show at most this many errors of one file, and how many more "
             "there are (0: show all)"),
    cl::init(100), cl::sub(cl::SubCommand::getAll()),
    cl::cat(GradgenCategory));

static cl::opt<cl::boolOrDefault>
    ColorDiagnostics("color-diagnostics",
                     cl::desc("Use colors in text diagnostics (default: when "
                              "the output is a terminal)"),
                     cl::sub(cl::SubCommand::getAll()),
                     cl::cat(GradgenCategory));

static cl::opt<bool> WarningsAsErrors("Werror",
                                      cl::desc("Treat warnings as errors"),
                                      cl::sub(cl::SubCommand::getAll()),
                                      cl::cat(GradgenCategory));

static cl::opt<bool>
    Verify("verify",
           cl::desc("Check the diagnostics against the expected-error, "
                    "expected-warning and expected-note comments of the "
                    "inputs, as Clang's -verify; exit 0 iff they agree"),
           cl::sub(cl::SubCommand::getAll()), cl::cat(GradgenCategory));

static bool useColors() {
  if (ColorDiagnostics == cl::BOU_TRUE)
    return true;
  if (ColorDiagnostics == cl::BOU_FALSE)
    return false;
  return errs().has_colors();
}

std::unique_ptr<DiagnosticConsumer> createCommandLineConsumer() {
  if (Verify)
    return createVerifyDiagnosticConsumer(errs());
  // lintrunner reads a linter's findings from its standard output.
  raw_ostream &OS =
      DiagnosticsFormatOpt == DiagnosticsFormat::Lintrunner ? outs() : errs();
  return createDiagnosticConsumer(DiagnosticsFormatOpt, OS, useColors());
}

unsigned errorLimit() { return ErrorLimit; }
unsigned errorLimitPerFile() { return ErrorLimitPerFile; }
bool warningsAsErrors() { return WarningsAsErrors; }

void configureFromCommandLine(DiagnosticEngine &Diags) {
  Diags.setConsumer(createCommandLineConsumer());
  Diags.setErrorLimit(ErrorLimit);
  Diags.setErrorLimitPerFile(ErrorLimitPerFile);
  Diags.setWarningsAsErrors(WarningsAsErrors);
}

} // namespace gradgen::driver
