//===- FormulaFraming.h - A formula is one C++ expression -------*- C++ -*-===//
//
// gradgen splices a formula's text into generated C++ (Functions.cpp, the
// checking unit) in several framings: `( F )`, `f(a, F)`, `x = F;`. A text
// that closes the surrounding brackets, ends the statement, starts a
// preprocessor directive or swallows what follows with a comment would turn
// into other code than the one that was checked, and a directive such as
// `#include "/etc/passwd"` would make gradgen open a file. This check, on
// the formula's own tokens as Clang's lexer sees them, makes sure that the
// text stays inside any pair of parentheses it is put between; the Formula
// stage then checks on the AST that it is one expression (no top-level
// comma, no statement-expression, no declaration escaping a lambda).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_FORMULAFRAMING_H
#define GRADGEN_DERIVATIVES_FORMULAFRAMING_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringRef.h"

namespace gradgen {

/// Limits of one formula's text; beyond them Clang's parser would recurse
/// too deep or a search over its names would take too long.
struct FormulaLimits {
  static constexpr size_t MaxBytes = 16 * 1024;
  static constexpr size_t MaxTokens = 4096;
  static constexpr size_t MaxIdentifierBytes = 256;
  /// Brackets, as Clang's -fbracket-depth counts them (its default is 256).
  static constexpr size_t MaxBracketDepth = 64;
  /// Consecutive prefix operators (`- - - x`), which Clang parses
  /// recursively.
  static constexpr size_t MaxPrefixOperators = 64;
};

/// Reports, at the offending character of Source, everything that would let
/// Text escape its framing. Returns false if it reported an error.
bool checkFormulaFraming(llvm::StringRef Text, const ScalarSourceMap &Source,
                         llvm::SMLoc FallbackLoc, DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_FORMULAFRAMING_H
