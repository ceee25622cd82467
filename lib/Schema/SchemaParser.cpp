//===- SchemaParser.cpp - Parsing operator schemas ------------------------===//
//
// The parser follows torchgen's string surgery step by step, so that it
// accepts exactly what torchgen accepts and splits exactly where torchgen
// splits; where torchgen would assert or crash it reports a located error
// instead. Every piece it handles is a slice of the schema text, which keeps
// source locations exact.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Schema/SchemaParser.h"
#include "gradgen/Support/ClosestMatch.h"

#include "SchemaParserImpl.h"
#include "SchemaValidation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

SMLoc SchemaText::locAt(size_t Offset) const {
  if (Map)
    return Map->locForOffset(MapOffset + Offset);
  return SMLoc::getFromPointer(Text.data() + std::min(Offset, Text.size()));
}

SMRange SchemaText::rangeOf(size_t Begin, size_t End) const {
  if (Map)
    return Map->rangeForOffsets(MapOffset + Begin, MapOffset + End);
  return SMRange(locAt(Begin), locAt(End));
}

namespace schema_parsing {

std::optional<OperatorName> Parser::operatorName(StringRef Piece) {
  OperatorName Result;
  StringRef Name = Piece;
  size_t Dot = Piece.find('.');
  if (Dot != StringRef::npos) {
    Name = Piece.take_front(Dot);
    if (!overloadName(Piece, Dot, Result.OverloadName))
      return std::nullopt;
  }
  if (!baseOperatorName(Name, Result.Name))
    return std::nullopt;
  if (!printsAs(Result, Piece)) {
    error(diag::schema_syntax, Piece,
          "operator name '" + Piece + "' does not print back as itself (as '" +
              Result.str() + "')");
    return std::nullopt;
  }
  return Result;
}

/// The overload name after the '.' at Dot in Piece.
bool Parser::overloadName(StringRef Piece, size_t Dot, std::string &Overload) {
  StringRef Text = Piece.drop_front(Dot + 1);
  if (Text.empty()) {
    error(diag::schema_syntax, Piece.substr(Dot, 1),
          "expected an overload name after '.'");
    return false;
  }
  size_t Bad = findNonIdentifierChar(Text);
  if (Bad != StringRef::npos) {
    error(diag::schema_syntax, Text.substr(Bad, 1),
          "invalid character '" + Text.substr(Bad, 1) +
              "' in overload name '" + Text + "'");
    return false;
  }
  Overload = Text.str();
  return true;
}

/// Name, the operator name before the overload: `ns::name_`.
bool Parser::baseOperatorName(StringRef Name, BaseOperatorName &Base) {
  if (Name.empty()) {
    error(diag::schema_syntax, Name, "expected an operator name");
    return false;
  }
  if (Name.endswith("_out")) {
    error(diag::schema_reserved_name, Name.take_back(4),
          "the '_out' suffix is reserved for out= overloads; did you mean "
          "the overload name '.out'?");
    return false;
  }
  StringRef Bare = Name;
  size_t NamespaceEnd = Name.rfind("::");
  if (NamespaceEnd != StringRef::npos) {
    Base.Namespace = Name.take_front(NamespaceEnd).str();
    Bare = Name.drop_front(NamespaceEnd + 2);
  }
  size_t Bad = findNonIdentifierChar(Bare);
  if (Bare.empty() || Bad != StringRef::npos) {
    StringRef At = Bare.empty() ? Bare : Bare.substr(Bad, 1);
    error(diag::schema_syntax, At,
          Bare.empty() ? Twine("expected an operator name")
                       : "invalid character '" + At + "' in operator name");
    return false;
  }
  return nameMarkers(Bare, Base);
}

/// The base name in Bare (a name without namespace) and what its spelling
/// marks: a dunder method (`__iadd__`), in-place (`add_`), a functional
/// overload (`add_functional`).
bool Parser::nameMarkers(StringRef Bare, BaseOperatorName &Base) {
  StringRef Inner = Bare;
  if (Bare.size() > 4 && Bare.startswith("__") && Bare.endswith("__") &&
      !Bare.drop_front(2).drop_back(2).contains('_')) {
    Inner = Bare.drop_front(2).drop_back(2);
    Base.DunderMethod = true;
    static const StringRef Augmented[] = {"add", "sub", "mul",    "div",
                                          "mod", "pow", "lshift", "rshift",
                                          "and", "xor", "or"};
    if (Inner.startswith("i") && is_contained(Augmented, Inner.drop_front())) {
      Base.Inplace = true;
      Inner = Inner.drop_front();
    } else if (Inner.startswith("i")) {
      error(diag::schema_syntax, Bare,
            "unexpected dunder method starting with 'i': '" + Bare + "'");
      return false;
    }
  } else if (Bare.endswith("_")) {
    Base.Inplace = true;
    Inner = Bare.drop_back();
  }
  if (Inner.endswith("_functional")) {
    if (Base.DunderMethod || Base.Inplace) {
      error(diag::schema_syntax, Bare,
            "a functional overload ('_functional') cannot be a dunder method "
            "or in-place");
      return false;
    }
    Base.FunctionalOverload = true;
    Inner = Inner.drop_back(strlen("_functional"));
  }
  Base.Base = Inner.str();
  return true;
}

/// Base types of every torchgen version, for "did you mean" and "not in this
/// version" messages.
static std::optional<StringRef> closestBaseType(StringRef Name,
                                                const SchemaOptions &Options) {
  ClosestMatch Match(Name, defaultMaxEditDistance(Name), /*IgnoreCase=*/true);
  for (unsigned I = 0; I != NumBaseTys; ++I)
    if (Options.allowsBaseTy(BaseTy(I)))
      Match.consider(baseTyName(BaseTy(I)));
  return Match.get();
}

const Type *Parser::type(StringRef Piece) {
  if (Piece.size() > 1 && Piece.endswith("?")) {
    const Type *Element = type(Piece.drop_back());
    return Element ? Context.getOptional(Element) : nullptr;
  }
  if (Piece.size() > 2 && Piece.endswith("]")) {
    size_t Open = Piece.rfind('[');
    StringRef SizeText = Open == StringRef::npos
                             ? StringRef()
                             : Piece.slice(Open + 1, Piece.size() - 1);
    if (Open != StringRef::npos && Open > 0 && all_of(SizeText, isDigit)) {
      const Type *Element = type(Piece.take_front(Open));
      if (!Element)
        return nullptr;
      std::optional<unsigned> Size;
      if (!SizeText.empty()) {
        unsigned Value = 0;
        if (SizeText.getAsInteger(10, Value) || Value == 0 ||
            SizeText.startswith("0")) {
          error(diag::schema_syntax, SizeText,
                "invalid list size '" + SizeText +
                    "'; write a positive number without leading zeros or "
                    "'[]'");
          return nullptr;
        }
        Size = Value;
      }
      return Context.getList(Element, Size);
    }
    if (Open != StringRef::npos && Open > 0) {
      error(diag::schema_syntax, SizeText,
            "expected a list size or ']' in type '" + Piece + "'");
      return nullptr;
    }
  }
  size_t Bracket = Piece.find('[');
  if (Bracket != StringRef::npos && !Piece.endswith("]")) {
    error(diag::schema_syntax, endOf(Piece),
          "expected ']' to close the list type '" + Piece + "'");
    return nullptr;
  }
  StringRef ClassName = Piece;
  if (ClassName.consume_front("__torch__.torch.classes.")) {
    if (!ClassName.empty() && all_of(ClassName, [](char C) {
          return isAlnum(C) || C == '_' || C == '.';
        }))
      return Context.getCustomClass(ClassName);
  }

  std::optional<BaseTy> Base = lookupBaseTy(Piece);
  if (Base && Options.allowsBaseTy(*Base))
    return Context.getBase(*Base);
  if (Base) {
    error(diag::schema_unknown_type, Piece,
          "type '" + Piece + "' is not supported by " + Options.GeneratorName);
    return nullptr;
  }
  if (Piece.startswith("Tensor") && Piece.contains('(')) {
    error(diag::schema_syntax, Piece,
          "an alias annotation must directly follow 'Tensor', as in "
          "'Tensor(a!)?' or 'Tensor(a!)[]'");
    return nullptr;
  }
  if (Piece.contains('(')) {
    error(diag::schema_syntax, Piece,
          "alias annotations are only allowed on Tensor types");
    return nullptr;
  }
  auto Diag =
      error(diag::schema_unknown_type, Piece, "unknown type '" + Piece + "'");
  if (std::optional<StringRef> Suggestion = closestBaseType(Piece, Options))
    Diag.note(Source.locAt(offsetOf(Piece)),
              "did you mean '" + *Suggestion + "'?");
  return nullptr;
}

std::optional<Annotation> Parser::annotation(StringRef Piece) {
  Annotation Result;
  auto Fail = [&](StringRef At, const Twine &Message) {
    error(diag::schema_annotation, At.empty() ? endOf(Piece) : At, Message);
    return std::nullopt;
  };
  StringRef Rest = Piece;
  auto ConsumeLetter = [&](std::vector<std::string> &Set) {
    if (Rest.empty() || Rest.front() < 'a' || Rest.front() > 'z')
      return false;
    Set.push_back(Rest.take_front().str());
    Rest = Rest.drop_front();
    return true;
  };
  if (!ConsumeLetter(Result.AliasSet))
    return Fail(Rest.take_front(),
                "expected a lower-case alias set name in annotation '" + Piece +
                    "'");
  while (Rest.startswith("|")) {
    StringRef Bar = Rest.take_front();
    Rest = Rest.drop_front();
    if (!ConsumeLetter(Result.AliasSet))
      return Fail(Rest.empty() ? Bar : Rest.take_front(),
                  "expected a lower-case alias set name after '|'");
  }
  if (Rest.consume_front("!"))
    Result.IsWrite = true;
  if (Rest.startswith(" -> ")) {
    Rest = Rest.drop_front(4);
    if (Rest.consume_front("*")) {
      Result.AliasSetAfter.push_back("*");
    } else {
      if (!ConsumeLetter(Result.AliasSetAfter))
        return Fail(Rest.take_front(),
                    "expected '*' or an alias set name after '->'");
      while (Rest.startswith("|")) {
        Rest = Rest.drop_front();
        if (!ConsumeLetter(Result.AliasSetAfter))
          return Fail(Rest.take_front(),
                      "expected a lower-case alias set name after '|'");
      }
    }
  }
  if (!Rest.empty())
    return Fail(Rest.take_front(), "unexpected '" + Rest.take_front() +
                                       "' in alias annotation '" + Piece + "'");
  if (Result.AliasSet.size() > 2)
    // torchgen's regex keeps the first and the last member only.
    return Fail(Piece, "torchgen supports at most two alias sets before "
                       "'->', as in 'a|b'");
  if (Result.IsWrite && Result.AliasSet.size() > 1)
    return Fail(Piece, "an alias set larger than 1 cannot be mutable, in '" +
                           Piece + "'");
  if (Result.AliasSet.size() > 1 && Result.AliasSetAfter.size() > 1)
    return Fail(Piece, "the alias sets before and after '->' cannot both be "
                       "larger than 1, in '" +
                           Piece + "'");
  return Result;
}

bool Parser::annotatedType(StringRef Piece, const Type *&Ty,
                           std::optional<Annotation> &Annot) {
  // torchgen: re.match(r"Tensor\((.+)\)(.*)", ...), greedy up to the last ')'.
  size_t Close = Piece.rfind(')');
  if (Piece.startswith("Tensor(") && Close != StringRef::npos &&
      Close > strlen("Tensor(")) {
    StringRef Inner = Piece.slice(strlen("Tensor("), Close);
    StringRef Suffix = Piece.drop_front(Close + 1);
    if (Suffix != "" && Suffix != "?" && Suffix != "[]") {
      error(diag::schema_annotation, Suffix,
            "unrecognized alias analysis form with Tensor: '" + Suffix +
                "'; only 'Tensor(a)', 'Tensor(a)?' and 'Tensor(a)[]' exist");
      return false;
    }
    Annot = annotation(Inner);
    if (!Annot)
      return false;
    if (Suffix.empty())
      Ty = Context.getBase(BaseTy::Tensor);
    else if (Suffix == "?")
      Ty = Context.getOptional(Context.getBase(BaseTy::Tensor));
    else
      Ty = Context.getList(Context.getBase(BaseTy::Tensor), std::nullopt);
    return true;
  }
  if (Piece.startswith("Tensor(") && Close == StringRef::npos) {
    error(diag::schema_annotation, endOf(Piece),
          "expected ')' to close the alias annotation of '" + Piece + "'");
    return false;
  }
  Ty = type(Piece);
  return Ty != nullptr;
}

void Parser::explainRoundTripFailure(StringRef Printed) {
  StringRef Text = Source.Text;
  size_t Mismatch = 0;
  while (Mismatch < Text.size() && Mismatch < Printed.size() &&
         Text[Mismatch] == Printed[Mismatch])
    ++Mismatch;
  StringRef At = Text.substr(Mismatch, 1);
  if (At.empty())
    At = endOf(Text);
  error(diag::schema_syntax, At,
        "schema does not print back as written; torchgen would print '" +
            Printed + "'")
      .fixIt(rangeOf(Text), Printed);
}

std::optional<FunctionSchema> Parser::schema() {
  StringRef Text = Source.Text;
  // Two memchr scans: find_first_of builds a character set at every call.
  size_t Break = std::min(Text.find('\n'), Text.find('\r'));
  if (Break != StringRef::npos) {
    error(diag::schema_syntax, Text.substr(Break, 1),
          "a schema must be a single line");
    return std::nullopt;
  }
  size_t Open = Text.find('(');
  if (Open == StringRef::npos) {
    error(diag::schema_syntax, endOf(Text),
          "expected '(' and the arguments after the operator name");
    return std::nullopt;
  }
  if (Open == 0) {
    error(diag::schema_syntax, Text.take_front(),
          "expected an operator name before '('");
    return std::nullopt;
  }
  size_t Arrow = Text.rfind(") -> ");
  if (Arrow == StringRef::npos || Arrow < Open) {
    size_t Loose = Text.rfind("->");
    if (Loose != StringRef::npos && Loose > Open)
      error(diag::schema_syntax, Text.substr(Loose, 2),
            "expected ') -> ', with one space on each side of '->', between "
            "the arguments and the returns");
    else
      error(diag::schema_syntax, endOf(Text),
            "expected ') -> ' and the returns after the arguments");
    return std::nullopt;
  }

  FunctionSchema Result;
  bool OK = true;
  if (std::optional<OperatorName> Name = operatorName(Text.take_front(Open)))
    Result.Name = std::move(*Name);
  else
    OK = false;
  OK &= arguments(Text.slice(Open + 1, Arrow), Result.Args);
  OK &= returns(Text.drop_front(Arrow + strlen(") -> ")), Result.Returns);
  if (!OK || HadError)
    return std::nullopt;

  if (!printsAs(Result, Text)) {
    explainRoundTripFailure(PrintBuffer);
    return std::nullopt;
  }
  if (!validateFunctionSchema(Result, Source, Diags))
    return std::nullopt;
  return Result;
}

} // namespace schema_parsing

using schema_parsing::Parser;

std::optional<FunctionSchema>
SchemaParser::parseFunctionSchema(const SchemaText &Source) {
  return Parser(Context, Options, Diags, Source).schema();
}

std::optional<OperatorName>
SchemaParser::parseOperatorName(const SchemaText &Source) {
  return Parser(Context, Options, Diags, Source).operatorName(Source.Text);
}

const Type *SchemaParser::parseType(const SchemaText &Source) {
  return Parser(Context, Options, Diags, Source).type(Source.Text);
}

std::optional<FunctionSchema> parseSchemaQuietly(StringRef Text,
                                                 SchemaContext &Context,
                                                 const SchemaOptions &Options) {
  SourceMgr SM;
  DiagnosticEngine Diags(SM);
  Diags.setConsumer(std::make_unique<IgnoringDiagnosticConsumer>());
  SchemaText Source{Text};
  return SchemaParser(Context, Options, Diags).parseFunctionSchema(Source);
}

} // namespace gradgen
