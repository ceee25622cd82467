//===- SavedAttributeRules.h - What a backward formula saves ----*- C++ -*-===//
//
// A profile's table of saved-attribute rules (templates/<profile>/
// saved-attributes.yaml), the data form of torchgen's REPLACEMENTS in
// tools/autograd/load_derivatives.py. Each rule names a pattern over an
// argument or return X, written as C++ (`{name}.sym_sizes()`,
// `zeros_like({name})`, `{name}.sym_size({arg})`), the suffix of the saved
// name, its C++ type, what the forward pass evaluates to save it, and what
// replaces the use in the formula.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_SAVEDATTRIBUTERULES_H
#define GRADGEN_FORMULA_SAVEDATTRIBUTERULES_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

enum class SavedPatternKind {
  /// `{name}.member()` or, with an argument, `{name}.member({arg})`.
  Member,
  /// `{name}->member()`.
  ArrowMember,
  /// `callee({name})`: an unqualified call or a functional cast/construction.
  Call,
};

struct SavedAttributeRule {
  /// As written in the table, e.g. `{name}.sym_size({arg})`.
  std::string Pattern;
  SavedPatternKind Kind = SavedPatternKind::Member;
  /// The member, function or type name of the pattern.
  std::string Callee;
  /// Member patterns with `{arg}`: the argument's text must match this
  /// regular expression entirely.
  std::optional<std::string> ArgumentRegex;
  /// Appended to the name; `{arg}` is the argument's text with a leading `-`
  /// spelled NegativePrefix.
  std::string Suffix;
  std::string NegativePrefix = "minus_";
  /// The NamedCType's C++ spelling, e.g. `c10::SymIntArrayRef`.
  std::string CppType;
  /// Save-time expression with `{name}`; empty means the matched text in
  /// its canonical form (`self.sym_sizes()`).
  std::string SaveExpr;
  /// Evaluation-time replacement with `{name}` and `{saved}`; empty means
  /// `{saved}`, the saved name.
  std::string Replacement;
  /// torchgen's stride_expr restriction: only in the formula of X alone.
  bool OnlyForOwnDerivative = false;
  llvm::SMLoc Loc;
};

struct SavedAttributeRules {
  std::vector<SavedAttributeRule> Rules;
  /// Arguments of this C++ type (`str?`) are rewritten wherever they remain.
  std::string OptionalStringType;
  std::string OptionalStringReplacement;
  /// torchgen saves an argument or return whenever its name is still a word
  /// of the rewritten formula: inside string literals and comments, and as a
  /// member or qualified function name (`at::imag(grad)` saves `imag`). True
  /// reproduces that for byte-identical output; false saves only what the
  /// formula really references.
  bool SaveTextualMentions = false;

  /// Loads a table; reports malformed entries to Diags.
  static std::optional<SavedAttributeRules>
  load(llvm::StringRef Path, InputFiles &Files, DiagnosticEngine &Diags);
  static std::optional<SavedAttributeRules>
  parse(unsigned BufferID, llvm::SourceMgr &SM, DiagnosticEngine &Diags);
};

/// Substitutes `{key}` placeholders.
std::string substitutePlaceholders(
    llvm::StringRef Template,
    llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> Values);

} // namespace gradgen

#endif // GRADGEN_FORMULA_SAVEDATTRIBUTERULES_H
