//===- FormulaFraming.cpp - A formula is one C++ expression ---------------===//

#include "gradgen/Derivatives/FormulaFraming.h"

#include "gradgen/Derivatives/FormulaTokens.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace gradgen {

namespace {

class FramingChecker {
public:
  FramingChecker(StringRef Text, const ScalarSourceMap &Source,
                 SMLoc FallbackLoc, DiagnosticEngine &Diags)
      : Text(Text), Source(Source), FallbackLoc(FallbackLoc), Diags(Diags) {}

  bool check() {
    if (Text.size() > FormulaLimits::MaxBytes)
      return fail(diag::formula_too_large, 0,
                  "the formula is " + Twine(Text.size()) +
                      " bytes long; a formula may have at most " +
                      Twine(FormulaLimits::MaxBytes));
    if (!checkCharacters())
      return false;
    return checkTokens();
  }

private:
  SMLoc locAt(size_t Offset) const {
    if (Source.tokenRange().Start.isValid())
      return Source.locForOffset(std::min(Offset, Source.size()));
    return FallbackLoc;
  }

  bool fail(diag::Kind Rule, size_t Offset, const Twine &Message,
            size_t Length = 0) {
    DiagnosticBuilder B = Diags.report(Rule, locAt(Offset), Message);
    if (Length && Source.tokenRange().Start.isValid())
      B.range(Source.rangeForOffsets(Offset, std::min(Offset + Length,
                                                      Source.size())));
    return false;
  }

  /// What the lexer would treat specially before it makes tokens.
  bool checkCharacters() {
    for (size_t I = 0; I < Text.size(); ++I) {
      unsigned char C = Text[I];
      if (C < 0x20 && C != '\t' && C != '\n' && C != '\r')
        return fail(diag::formula_control_character, I,
                    "a formula must not contain the control character "
                    "U+00" + utohexstr(C, false, 2));
      if (C == '\\') {
        size_t J = Text.find_first_not_of(" \t", I + 1);
        if (J == StringRef::npos || Text[J] == '\n' || Text[J] == '\r')
          return fail(diag::formula_line_splice, I,
                      "a backslash at the end of a line joins it with the "
                      "next one, which is not part of the formula where the "
                      "generated code puts it",
                      1);
      }
      // A C++14 compiler replaces trigraphs, even in string literals.
      if (C == '?' && Text.substr(I, 2) == "??" && I + 2 < Text.size() &&
          StringRef("=/'()!<>-").contains(Text[I + 2]))
        return fail(diag::formula_trigraph, I,
                    "'" + Text.substr(I, 3) +
                        "' is a trigraph for compilers before C++17",
                    3);
    }
    return true;
  }

  /// Identifiers that reach the preprocessor or the module system.
  static bool reachesPreprocessor(StringRef Name) {
    return StringSwitch<bool>(Name)
        .Cases("_Pragma", "__pragma", "__has_include", "__has_include_next",
               true)
        .Cases("__has_embed", "import", "module", "export", true)
        .Cases("asm", "__asm", "__asm__", true)
        .Default(false);
  }

  /// Keywords that declare something or make templates of a formula (a
  /// generic lambda could instantiate without bound).
  static bool declares(StringRef Name) {
    return StringSwitch<bool>(Name)
        .Cases("template", "typename", "namespace", "using", "typedef", true)
        .Cases("class", "struct", "union", "enum", "concept", "requires", true)
        .Cases("extern", "static", "thread_local", "static_assert", true)
        .Cases("constexpr", "consteval", "constinit", "friend", "auto", true)
        .Cases("register", "virtual", "goto", "decltype", "co_await", true)
        .Cases("co_yield", "co_return", "__extension__", "__attribute__",
               true)
        .Default(false);
  }

  static bool isPrefixOperator(clang::tok::TokenKind K) {
    switch (K) {
    case clang::tok::minus:
    case clang::tok::plus:
    case clang::tok::exclaim:
    case clang::tok::tilde:
    case clang::tok::star:
    case clang::tok::amp:
    case clang::tok::plusplus:
    case clang::tok::minusminus:
      return true;
    default:
      return false;
    }
  }

  bool checkTokens();
  bool checkToken(const clang::Token &Tok, size_t Offset, StringRef Spelling);
  bool checkComment(size_t Offset, StringRef Spelling);
  bool checkIdentifier(size_t Offset, StringRef Spelling);
  bool openBracket(clang::tok::TokenKind Kind, size_t Offset, size_t Length);
  bool closeBracket(clang::tok::TokenKind Kind, size_t Offset,
                    StringRef Spelling);
  bool checkEnd(size_t LastEnd, size_t Tokens);

  struct OpenBracket {
    clang::tok::TokenKind Close;
    size_t Offset;
  };

  StringRef Text;
  const ScalarSourceMap &Source;
  SMLoc FallbackLoc;
  DiagnosticEngine &Diags;
  SmallVector<OpenBracket, 16> Open;
};

bool FramingChecker::checkTokens() {
  clang::SourceLocation Base = clang::SourceLocation::getFromRawEncoding(1);
  clang::Lexer Lex(Base, formulaLangOptions(), Text.begin(), Text.begin(),
                   Text.end());
  Lex.SetCommentRetentionState(true);
  size_t Tokens = 0, PrefixRun = 0, LastEnd = 0;
  clang::Token Tok;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    size_t Offset = Tok.getLocation().getRawEncoding() - Base.getRawEncoding();
    size_t Length = Tok.getLength();
    LastEnd = Offset + Length;
    if (++Tokens > FormulaLimits::MaxTokens)
      return fail(diag::formula_too_large, Offset,
                  "a formula may have at most " +
                      Twine(FormulaLimits::MaxTokens) + " tokens");
    PrefixRun = isPrefixOperator(Tok.getKind()) ? PrefixRun + 1 : 0;
    if (PrefixRun > FormulaLimits::MaxPrefixOperators)
      return fail(diag::formula_too_deep, Offset,
                  "more than " + Twine(FormulaLimits::MaxPrefixOperators) +
                      " operators in a row",
                  Length);
    if (!checkToken(Tok, Offset, Text.substr(Offset, Length)))
      return false;
  }
  return checkEnd(LastEnd, Tokens);
}

bool FramingChecker::checkToken(const clang::Token &Tok, size_t Offset,
                                StringRef Spelling) {
  size_t Length = Spelling.size();
  switch (Tok.getKind()) {
  case clang::tok::comment:
    return checkComment(Offset, Spelling);
  case clang::tok::hash:
  case clang::tok::hashhash:
  case clang::tok::hashat:
    return fail(diag::formula_preprocessor, Offset,
                "a formula must not contain '" + Spelling +
                    "': preprocessor directives and macros are not part "
                    "of a C++ expression",
                Length);
  case clang::tok::unknown:
    if (Spelling.startswith("\"") || Spelling.startswith("'") ||
        Spelling.contains("R\""))
      return fail(diag::formula_unterminated, Offset, "unterminated literal",
                  Length);
    return fail(diag::formula_invalid_token, Offset,
                "'" + Spelling + "' is not a C++ token", Length);
  case clang::tok::raw_identifier:
    return checkIdentifier(Offset, Spelling);
  case clang::tok::l_paren:
  case clang::tok::l_square:
  case clang::tok::l_brace:
    return openBracket(Tok.getKind(), Offset, Length);
  case clang::tok::r_paren:
  case clang::tok::r_square:
  case clang::tok::r_brace:
    return closeBracket(Tok.getKind(), Offset, Spelling);
  case clang::tok::semi:
    // Only the statements of a lambda's body end with ';'.
    if (Open.empty() || Open.back().Close != clang::tok::r_brace)
      return fail(diag::formula_semicolon, Offset,
                  "a formula is one expression; ';' would end the "
                  "statement the generated code puts it in",
                  Length);
    return true;
  default:
    return true;
  }
}

bool FramingChecker::checkComment(size_t Offset, StringRef Spelling) {
  if (Spelling.startswith("//"))
    return fail(diag::formula_line_comment, Offset,
                "a '//' comment would swallow the code that follows the "
                "formula where the generated code puts it; use /* */",
                Spelling.size());
  if (!Spelling.endswith("*/") || Spelling.size() < 4)
    return fail(diag::formula_unterminated, Offset, "unterminated /* comment",
                2);
  return true;
}

bool FramingChecker::checkIdentifier(size_t Offset, StringRef Spelling) {
  size_t Length = Spelling.size();
  if (Length > FormulaLimits::MaxIdentifierBytes)
    return fail(diag::formula_too_large, Offset,
                "an identifier of " + Twine(Length) + " characters; at most " +
                    Twine(FormulaLimits::MaxIdentifierBytes) + " are allowed",
                Length);
  if (reachesPreprocessor(Spelling))
    return fail(diag::formula_preprocessor, Offset,
                "'" + Spelling +
                    "' is not allowed in a formula: it is a directive, "
                    "not part of an expression",
                Length);
  if (declares(Spelling))
    return fail(diag::formula_declaration, Offset,
                "'" + Spelling +
                    "' is not allowed in a formula: a formula is one "
                    "expression and declares nothing",
                Length);
  return true;
}

bool FramingChecker::openBracket(clang::tok::TokenKind Kind, size_t Offset,
                                 size_t Length) {
  clang::tok::TokenKind Close =
      Kind == clang::tok::l_paren    ? clang::tok::r_paren
      : Kind == clang::tok::l_square ? clang::tok::r_square
                                     : clang::tok::r_brace;
  Open.push_back({Close, Offset});
  if (Open.size() > FormulaLimits::MaxBracketDepth)
    return fail(diag::formula_too_deep, Offset,
                "brackets nested more than " +
                    Twine(FormulaLimits::MaxBracketDepth) + " deep",
                Length);
  return true;
}

bool FramingChecker::closeBracket(clang::tok::TokenKind Kind, size_t Offset,
                                  StringRef Spelling) {
  size_t Length = Spelling.size();
  if (Open.empty())
    return fail(diag::formula_unbalanced, Offset,
                "'" + Spelling + "' closes a bracket the formula did not open",
                Length);
  if (Open.back().Close != Kind) {
    Diags
        .report(diag::formula_unbalanced, locAt(Offset),
                "'" + Spelling + "' does not match the bracket it closes")
        .range(Source.tokenRange().Start.isValid()
                   ? Source.rangeForOffsets(Offset, Offset + Length)
                   : SMRange())
        .note(locAt(Open.back().Offset), "the bracket opened here");
    return false;
  }
  Open.pop_back();
  return true;
}

/// What is left once the lexer has seen every token.
bool FramingChecker::checkEnd(size_t LastEnd, size_t Tokens) {
  // The raw lexer drops an unterminated block comment without a token.
  StringRef Rest = Text.drop_front(LastEnd).ltrim();
  if (!Rest.empty())
    return fail(diag::formula_unterminated, Text.size() - Rest.size(),
                Rest.startswith("/*") ? "unterminated /* comment"
                                      : "unterminated token",
                2);
  if (!Open.empty())
    return fail(diag::formula_unbalanced, Open.back().Offset,
                "this bracket is not closed in the formula", 1);
  if (Tokens == 0)
    return fail(diag::formula_empty, 0, "the formula is empty");
  return true;
}

} // namespace

bool checkFormulaFraming(StringRef Text, const ScalarSourceMap &Source,
                         SMLoc FallbackLoc, DiagnosticEngine &Diags) {
  return FramingChecker(Text, Source, FallbackLoc, Diags).check();
}

} // namespace gradgen
