//===- SchemaArguments.cpp - Argument and return lists of a schema --------===//
//
// The argument and return lists of a schema, split and checked as torchgen
// splits them (SchemaParser.cpp says how the parser works).
//
//===----------------------------------------------------------------------===//

#include "SchemaParserImpl.h"
#include "SchemaValidation.h"

#include "llvm/ADT/STLExtras.h"

#include <array>

using namespace llvm;

namespace gradgen::schema_parsing {

std::optional<Argument> Parser::argument(StringRef Piece) {
  size_t Space = Piece.find(' ');
  if (Space == StringRef::npos) {
    error(diag::schema_syntax, Piece.empty() ? endOf(Piece) : Piece,
          Piece.empty()
              ? Twine("expected an argument")
              : "expected '<type> <name>' in argument '" + Piece + "'");
    return std::nullopt;
  }
  // Defaults may hold spaces (in 2.x); the declaration before them may not.
  size_t DoubleSpace = Piece.take_front(Piece.find('=')).find("  ");
  if (DoubleSpace != StringRef::npos) {
    error(diag::schema_syntax, Piece.substr(DoubleSpace + 1, 1),
          "unexpected second space; torchgen splits an argument at its last "
          "space");
    return std::nullopt;
  }
  StringRef TypePart, Name;
  std::optional<StringRef> Default;
  size_t Equals = Piece.find('=');
  if (Options.DefaultsMayContainSpaces && Equals != StringRef::npos) {
    size_t Second = Piece.find('=', Equals + 1);
    if (Second != StringRef::npos) {
      error(diag::schema_syntax, Piece.substr(Second, 1),
            "an argument may contain only one '='");
      return std::nullopt;
    }
    StringRef Declaration = Piece.take_front(Equals);
    size_t LastSpace = Declaration.rfind(' ');
    if (LastSpace == StringRef::npos) {
      error(diag::schema_syntax, Declaration.empty() ? Piece : Declaration,
            "expected '<type> <name>' before '='");
      return std::nullopt;
    }
    TypePart = Declaration.take_front(LastSpace);
    Name = Declaration.drop_front(LastSpace + 1);
    Default = Piece.drop_front(Equals + 1);
  } else {
    size_t LastSpace = Piece.rfind(' ');
    TypePart = Piece.take_front(LastSpace);
    Name = Piece.drop_front(LastSpace + 1);
    size_t NameEquals = Name.find('=');
    if (NameEquals != StringRef::npos) {
      if (Name.find('=', NameEquals + 1) != StringRef::npos) {
        error(diag::schema_syntax, Name,
              "an argument may contain only one '='");
        return std::nullopt;
      }
      Default = Name.drop_front(NameEquals + 1);
      Name = Name.take_front(NameEquals);
    } else if (Equals != StringRef::npos) {
      error(diag::schema_syntax, Piece.substr(Equals, 1),
            Options.GeneratorName +
                " does not allow spaces in a default value");
      return std::nullopt;
    }
  }
  return argumentOf(Piece, TypePart, Name, Default);
}

/// The argument Piece, split as `<TypePart> <Name>=<Default>`.
std::optional<Argument> Parser::argumentOf(StringRef Piece, StringRef TypePart,
                                           StringRef Name,
                                           std::optional<StringRef> Default) {
  Argument Result;
  Result.Range = rangeOf(Piece);
  if (!annotatedType(TypePart, Result.Ty, Result.Annot))
    return std::nullopt;
  if (!isIdentifier(Name)) {
    error(diag::schema_syntax, Name.empty() ? endOf(TypePart) : Name,
          Name.empty() ? Twine("expected an argument name")
                       : "invalid argument name '" + Name + "'");
    return std::nullopt;
  }
  Result.Name = Name.str();
  if (Default) {
    if (Default->empty()) {
      error(diag::schema_invalid_default, StringRef(Default->data() - 1, 1),
            "expected a default value after '='");
      return std::nullopt;
    }
    if (!checkDefault(*Default, Result.Ty))
      return std::nullopt;
    Result.Default = Default->str();
  }
  if (!printsAs(Result, Piece)) {
    error(diag::schema_syntax, Piece,
          "argument '" + Piece + "' does not print back as itself (as '" +
              Result.str() + "')");
    return std::nullopt;
  }
  return Result;
}

bool Parser::checkDefault(StringRef Default, const Type *Ty) {
  auto Fail = [&](StringRef At, const Twine &Message) {
    error(diag::schema_invalid_default, At, Message);
    return false;
  };
  DefaultValueKind Kind = classifyDefault(Default);
  if (Kind == DefaultValueKind::Invalid) {
    if ((Default.front() == '"' || Default.front() == '\'') &&
        (Default.size() < 2 || Default.back() != Default.front()))
      return Fail(Default, "unterminated string default " + Default);
    return Fail(Default, "invalid default value '" + Default + "'");
  }
  // torchgen's default_expr rejects scalar defaults of lists without a size
  // (except digits for SymInt lists, which only its SymInt API accepts).
  if (Ty->isList() && !Ty->getSize() && Kind != DefaultValueKind::List &&
      Kind != DefaultValueKind::None)
    return Fail(Default, "a list type without a size needs a list default "
                         "such as '[]', not '" +
                             Default + "'");
  return true;
}

/// The characters checkSplitting() looks at outside a string default.
static constexpr std::array<bool, 256> SplittingChars = [] {
  std::array<bool, 256> Table{};
  for (char C : {'"', '\'', '[', ']', ',', ' '})
    Table[uint8_t(C)] = true;
  return Table;
}();

bool Parser::checkSplitting(StringRef Args, StringRef What) {
  // torchgen splits at every ", " and parses the pieces; a ", " inside a
  // string or list default, or a ',' without its space, breaks that apart
  // in ways its own errors do not explain. Find those first.
  char Quote = 0;
  int Depth = 0;
  // `<`: a backslash at the very end skips past it.
  for (size_t I = 0; I < Args.size(); ++I) {
    // Outside a string, only these characters matter; most are names and
    // types, skipped in a tight loop.
    if (!Quote) {
      while (I < Args.size() && !SplittingChars[uint8_t(Args[I])])
        ++I;
      if (I == Args.size())
        break;
    }
    char C = Args[I];
    if (Quote) {
      if (C == '\\')
        ++I;
      else if (C == Quote)
        Quote = 0;
      else if (C == ',' && Args.substr(I, 2) == ", ") {
        error(diag::schema_syntax, Args.substr(I, 2),
              "torchgen splits arguments at every ', ', even inside a string "
              "default");
        return false;
      }
      continue;
    }
    if ((C == '"' || C == '\'') && I && Args[I - 1] == '=') {
      Quote = C;
    } else if (C == '[') {
      ++Depth;
    } else if (C == ']') {
      --Depth;
    } else if (C == ',' && Depth > 0 && Args.substr(I, 2) == ", ") {
      error(diag::schema_syntax, Args.substr(I, 2),
            "torchgen splits arguments at every ', '; write list defaults "
            "without spaces, as in '[0,1]'");
      return false;
    } else if (C == ',' && Depth == 0 && Args.substr(I, 2) != ", ") {
      error(diag::schema_syntax, Args.substr(I, 1),
            What + " must be separated by ', ' (a comma and one space)");
      return false;
    } else if (C == ' ' && I >= 2 && Args.substr(I - 2, 2) == ", ") {
      error(diag::schema_syntax, Args.substr(I, 1),
            What + " must be separated by ', ' (a comma and one space)");
      return false;
    }
  }
  return true;
}

bool Parser::arguments(StringRef Piece, Arguments &Result) {
  if (!checkSplitting(Piece))
    return false;
  std::vector<Argument> Positional, KwargOnly, Out;
  enum { InPositional, InKwargOnly, InOut } State = InPositional;
  bool OK = true;
  StringRef FirstStar;
  SmallVector<StringRef, 16> Pieces = splitAll(Piece, ", ");
  Positional.reserve(Pieces.size());
  for (StringRef Text : Pieces) {
    if (Text.empty()) {
      // torchgen skips empty pieces; they can only come from a stray ", ".
      if (!Piece.empty()) {
        error(diag::schema_syntax,
              Text.data() == Piece.end() ? endOf(Piece) : Text,
              "expected an argument");
        OK = false;
      }
      continue;
    }
    if (Text == "*") {
      if (State != InPositional) {
        auto Diag = error(diag::schema_syntax, Text,
                          "the keyword-only marker '*' can only occur once");
        Diag.note(Source.locAt(offsetOf(FirstStar)), "first '*' is here");
        OK = false;
        continue;
      }
      FirstStar = Text;
      State = InKwargOnly;
      continue;
    }
    std::optional<Argument> Arg = argument(Text);
    if (!Arg) {
      OK = false;
      continue;
    }
    if (Arg->isWrite()) {
      if (State == InKwargOnly)
        State = InOut;
    } else if (State == InOut) {
      error(diag::schema_invalid, Text,
            "non-mutable argument '" + Arg->Name +
                "' cannot follow mutable out arguments");
      OK = false;
      continue;
    }
    (State == InPositional  ? Positional
     : State == InKwargOnly ? KwargOnly
                            : Out)
        .push_back(std::move(*Arg));
  }
  if (OK && State == InKwargOnly && KwargOnly.empty()) {
    error(diag::schema_syntax, FirstStar,
          "'*' must be followed by keyword-only arguments");
    OK = false;
  }
  if (!OK)
    return false;
  size_t SecondGroup = 0;
  // Where the keyword-only arguments are, for the error: group() takes them.
  SmallVector<SMRange, 8> KwargRanges;
  for (const Argument &Arg : KwargOnly)
    KwargRanges.push_back(Arg.Range);
  std::optional<Arguments> Grouped =
      Arguments::group(std::move(Positional), std::move(KwargOnly),
                       std::move(Out), &SecondGroup);
  if (!Grouped) {
    SMRange Second = KwargRanges[SecondGroup];
    HadError = true;
    Diags
        .report(diag::schema_invalid, Second.Start,
                "the tensor options arguments (dtype, layout, device, "
                "pin_memory) can only appear once")
        .range(Second);
    return false;
  }
  Result = std::move(*Grouped);
  return true;
}

std::optional<Return> Parser::returnValue(StringRef Piece) {
  Return Result;
  Result.Range = rangeOf(Piece);
  StringRef TypePart = Piece;
  size_t Space = Piece.rfind(' ');
  if (Space != StringRef::npos) {
    TypePart = Piece.take_front(Space);
    StringRef Name = Piece.drop_front(Space + 1);
    if (!isIdentifier(Name)) {
      error(diag::schema_syntax, Name.empty() ? endOf(Piece) : Name,
            Name.empty() ? Twine("expected a return name")
                         : "invalid return name '" + Name + "'");
      return std::nullopt;
    }
    Result.Name = Name.str();
  }
  if (TypePart.empty()) {
    error(diag::schema_syntax, endOf(TypePart), "expected a return type");
    return std::nullopt;
  }
  if (!annotatedType(TypePart, Result.Ty, Result.Annot))
    return std::nullopt;
  return Result;
}

bool Parser::returns(StringRef Piece, std::vector<Return> &Result) {
  if (Piece.empty()) {
    error(diag::schema_syntax, Piece, "expected the returns after ' -> '");
    return false;
  }
  if (Piece == "()")
    return true;
  StringRef List = Piece;
  bool Parenthesized = false;
  if (List.size() >= 2 && List.front() == '(' && List.back() == ')') {
    List = List.drop_front().drop_back();
    Parenthesized = true;
  }
  if (!checkSplitting(List, "returns"))
    return false;
  size_t Count = splitAll(List, ", ").size();
  if (Parenthesized && Count == 1) {
    error(diag::schema_syntax, Piece.take_front(),
          "a single return is written without parentheses");
    return false;
  }
  if (!Parenthesized && Count > 1) {
    error(diag::schema_syntax, Piece,
          "several returns must be enclosed in parentheses");
    return false;
  }
  bool OK = true;
  for (StringRef Text : splitAll(List, ", ")) {
    std::optional<Return> R = returnValue(Text);
    if (!R) {
      OK = false;
      continue;
    }
    Result.push_back(std::move(*R));
  }
  return OK;
}

} // namespace gradgen::schema_parsing
