//===- FormulaFlags.h - How a formula's unit is compiled --------*- C++ -*-===//
//
// The flags of the formulas' translation units, one struct wherever they go:
// read from compile_commands.json (lib/Frontend/CompilationDatabase.cpp),
// given to the Formula stage (FormulaAnalysisOptions, filled from the
// command line, .gradgen.yaml or an editor's options in one place,
// lib/Frontend/Settings.cpp), and resolved for the compiler
// (FormulaCompilerOptions: absolute paths, the profile's standard).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_FORMULAFLAGS_H
#define GRADGEN_FORMULA_FORMULAFLAGS_H

#include <string>
#include <vector>

namespace gradgen {

struct FormulaFlags {
  /// Headers declaring the helpers formulas call (FunctionsManual.h).
  /// Without any, each unknown helper name gets one warning.
  std::vector<std::string> HelperFiles;
  /// -I DIR: real-header mode, against the PyTorch headers found there
  /// instead of the prelude and the generated operator declarations.
  std::vector<std::string> IncludeDirs;
  /// -D NAME[=VALUE]
  std::vector<std::string> Defines;
  /// `c++17` or `c++20`; empty for the profile's standard.
  std::string Standard;
};

} // namespace gradgen

#endif // GRADGEN_FORMULA_FORMULAFLAGS_H
