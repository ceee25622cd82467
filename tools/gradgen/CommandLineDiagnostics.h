//===- CommandLineDiagnostics.h - The tools' diagnostics options -*- C++ -*-===//
//
// --diagnostics-format, --verify, --color-diagnostics, --error-limit and
// --Werror, shared by gradgen and the test-only gradgen-test-driver.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TOOLS_GRADGEN_COMMANDLINEDIAGNOSTICS_H
#define GRADGEN_TOOLS_GRADGEN_COMMANDLINEDIAGNOSTICS_H

#include "gradgen/Support/Diagnostics.h"

#include "llvm/Support/CommandLine.h"

#include <memory>

namespace gradgen::driver {

/// The options every subcommand shares.
extern llvm::cl::OptionCategory GradgenCategory;

/// The consumer the options ask for, writing to standard error.
std::unique_ptr<DiagnosticConsumer> createCommandLineConsumer();

/// --error-limit, --error-limit-per-file and --Werror.
unsigned errorLimit();
unsigned errorLimitPerFile();
bool warningsAsErrors();

/// An engine with that consumer and those limits.
void configureFromCommandLine(DiagnosticEngine &Diags);

} // namespace gradgen::driver

#endif // GRADGEN_TOOLS_GRADGEN_COMMANDLINEDIAGNOSTICS_H
