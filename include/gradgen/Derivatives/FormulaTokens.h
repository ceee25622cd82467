//===- FormulaTokens.h - Derivative formulas as C++ tokens ------*- C++ -*-===//
//
// The Derivatives stage checks formulas token by token with Clang's lexer:
// unlike torchgen's regular expressions it does not see identifiers inside
// string literals or comments, nor `grad` inside `my_grad`, and it knows the
// exact characters of each use for diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_FORMULATOKENS_H
#define GRADGEN_DERIVATIVES_FORMULATOKENS_H

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace clang {
class LangOptions;
} // namespace clang

namespace gradgen {

/// How every raw lexer of a formula reads it (the framing checks, the
/// tokens): C++20 as Clang compiles the formulas, digraphs included, so
/// that the two can never tokenise one formula differently.
const clang::LangOptions &formulaLangOptions();

struct FormulaToken {
  clang::tok::TokenKind Kind;
  llvm::StringRef Spelling;
  /// Offset of the first character in the formula text.
  size_t Offset;

  size_t end() const { return Offset + Spelling.size(); }
  bool is(clang::tok::TokenKind K) const { return Kind == K; }
  bool isIdentifier(llvm::StringRef Name) const {
    return Kind == clang::tok::raw_identifier && Spelling == Name;
  }
};

/// The tokens of Formula (comments dropped), as C++20 lexes them.
std::vector<FormulaToken> lexFormula(llvm::StringRef Formula);

/// A `grads[N]` with a literal index.
struct GradsIndexUse {
  unsigned Index;
  size_t Begin; ///< Offset of `grads`.
  size_t End;   ///< One past `]`.
};

/// A view of one formula's tokens with the questions the loader asks.
class FormulaTokens {
public:
  explicit FormulaTokens(llvm::StringRef Formula)
      : Text(Formula), Tokens(lexFormula(Formula)) {}

  llvm::StringRef text() const { return Text; }
  llvm::ArrayRef<FormulaToken> tokens() const { return Tokens; }

  /// Every token that is the identifier Name.
  std::vector<const FormulaToken *> uses(llvm::StringRef Name) const;
  bool isUsed(llvm::StringRef Name) const;
  /// `grads[N]` uses with an integer literal N.
  std::vector<GradsIndexUse> gradsIndexUses() const;

  /// A member call `.Member(` or `->Member(` whose argument list matches
  /// ArgsMatch; returns the offsets [begin of `.`/`->`, one past `)`).
  struct MemberCall {
    size_t Begin;
    size_t NameBegin;
    size_t End;
    bool Arrow;
    llvm::StringRef Argument; ///< The single literal argument, if any.
  };
  /// `.Member()` / `->Member()` with no argument.
  std::vector<MemberCall> nullaryMemberCalls(llvm::StringRef Member) const;
  /// `.Member(N)` / `->Member(-N)` with one integer literal argument.
  std::vector<MemberCall> integerMemberCalls(llvm::StringRef Member) const;

private:
  llvm::StringRef Text;
  std::vector<FormulaToken> Tokens;
};

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_FORMULATOKENS_H
