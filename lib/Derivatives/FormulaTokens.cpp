//===- FormulaTokens.cpp - Derivative formulas as C++ tokens --------------===//

#include "gradgen/Derivatives/FormulaTokens.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Lexer.h"

using namespace llvm;

namespace gradgen {

const clang::LangOptions &formulaLangOptions() {
  static const clang::LangOptions Options = [] {
    clang::LangOptions LO;
    LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 =
        LO.CPlusPlus20 = true;
    LO.LineComment = true;
    LO.Bool = true;
    LO.Digraphs = true;
    return LO;
  }();
  return Options;
}

std::vector<FormulaToken> lexFormula(StringRef Formula) {
  std::vector<FormulaToken> Tokens;
  // Raw lexing needs a file location only to encode offsets; any valid file
  // location serves, and offsets come back as differences from it.
  clang::SourceLocation Base = clang::SourceLocation::getFromRawEncoding(1);
  clang::Lexer Lex(Base, formulaLangOptions(), Formula.begin(), Formula.begin(),
                   Formula.end());
  clang::Token Tok;
  while (true) {
    bool AtEnd = Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    size_t Offset = Tok.getLocation().getRawEncoding() - Base.getRawEncoding();
    Tokens.push_back({Tok.getKind(), Formula.substr(Offset, Tok.getLength()),
                      Offset});
    if (AtEnd)
      break;
  }
  return Tokens;
}

std::vector<const FormulaToken *> FormulaTokens::uses(StringRef Name) const {
  std::vector<const FormulaToken *> Result;
  for (const FormulaToken &Tok : Tokens)
    if (Tok.isIdentifier(Name))
      Result.push_back(&Tok);
  return Result;
}

bool FormulaTokens::isUsed(StringRef Name) const {
  for (const FormulaToken &Tok : Tokens)
    if (Tok.isIdentifier(Name))
      return true;
  return false;
}

std::vector<GradsIndexUse> FormulaTokens::gradsIndexUses() const {
  std::vector<GradsIndexUse> Result;
  for (size_t I = 0; I + 3 < Tokens.size(); ++I) {
    if (!Tokens[I].isIdentifier("grads") || !Tokens[I + 1].is(clang::tok::l_square) ||
        !Tokens[I + 2].is(clang::tok::numeric_constant) ||
        !Tokens[I + 3].is(clang::tok::r_square))
      continue;
    unsigned Index;
    if (Tokens[I + 2].Spelling.getAsInteger(10, Index))
      continue;
    Result.push_back({Index, Tokens[I].Offset, Tokens[I + 3].end()});
  }
  return Result;
}

/// Matches `.Member(` or `->Member(` at I; returns the index of `(`.
static std::optional<size_t> matchMemberOpen(ArrayRef<FormulaToken> Tokens,
                                             size_t I, StringRef Member) {
  if (I + 2 >= Tokens.size())
    return std::nullopt;
  if (!Tokens[I].is(clang::tok::period) && !Tokens[I].is(clang::tok::arrow))
    return std::nullopt;
  if (!Tokens[I + 1].isIdentifier(Member) || !Tokens[I + 2].is(clang::tok::l_paren))
    return std::nullopt;
  return I + 2;
}

std::vector<FormulaTokens::MemberCall>
FormulaTokens::nullaryMemberCalls(StringRef Member) const {
  std::vector<MemberCall> Result;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    std::optional<size_t> Open = matchMemberOpen(Tokens, I, Member);
    if (!Open || *Open + 1 >= Tokens.size() ||
        !Tokens[*Open + 1].is(clang::tok::r_paren))
      continue;
    Result.push_back({Tokens[I].Offset, Tokens[I + 1].Offset,
                      Tokens[*Open + 1].end(), Tokens[I].is(clang::tok::arrow),
                      StringRef()});
  }
  return Result;
}

std::vector<FormulaTokens::MemberCall>
FormulaTokens::integerMemberCalls(StringRef Member) const {
  std::vector<MemberCall> Result;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    std::optional<size_t> Open = matchMemberOpen(Tokens, I, Member);
    if (!Open)
      continue;
    size_t J = *Open + 1;
    size_t ArgBegin = J < Tokens.size() ? Tokens[J].Offset : 0;
    if (J < Tokens.size() && Tokens[J].is(clang::tok::minus))
      ++J;
    if (J + 1 >= Tokens.size() || !Tokens[J].is(clang::tok::numeric_constant) ||
        !Tokens[J + 1].is(clang::tok::r_paren))
      continue;
    unsigned long long Value;
    if (Tokens[J].Spelling.getAsInteger(0, Value))
      continue;
    Result.push_back({Tokens[I].Offset, Tokens[I + 1].Offset, Tokens[J + 1].end(),
                      Tokens[I].is(clang::tok::arrow),
                      Text.slice(ArgBegin, Tokens[J].end())});
  }
  return Result;
}

} // namespace gradgen
