//===- SchemaValidation.cpp - Checks torchgen makes on schemas ------------===//

#include "SchemaValidation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

static bool isInteger(StringRef S) {
  S.consume_front("-");
  return !S.empty() && all_of(S, isDigit);
}

static bool isFloat(StringRef S) {
  S.consume_front("-");
  StringRef Mantissa = S, Exponent;
  size_t E = S.find_first_of("eE");
  if (E != StringRef::npos) {
    Mantissa = S.take_front(E);
    Exponent = S.drop_front(E + 1);
    if (!Exponent.consume_front("-"))
      Exponent.consume_front("+");
    if (Exponent.empty() || !all_of(Exponent, isDigit))
      return false;
  }
  auto [Whole, Fraction] = Mantissa.split('.');
  bool HasDot = Mantissa.contains('.');
  if (!HasDot && E == StringRef::npos)
    return false;
  if (Whole.empty() && Fraction.empty())
    return false;
  return all_of(Whole, isDigit) && all_of(Fraction, isDigit);
}

static bool isIdentifierText(StringRef S) {
  if (S.empty() || isDigit(S.front()))
    return false;
  return all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

static bool isQuotedString(StringRef S) {
  if (S.size() < 2 || (S.front() != '"' && S.front() != '\''))
    return false;
  char Quote = S.front();
  for (size_t I = 1; I < S.size(); ++I) {
    if (S[I] == '\\') {
      ++I;
      continue;
    }
    if (S[I] == Quote)
      return I == S.size() - 1;
  }
  return false;
}

DefaultValueKind classifyDefault(StringRef D) {
  if (D == "None")
    return DefaultValueKind::None;
  if (D == "True" || D == "False")
    return DefaultValueKind::Bool;
  if (isInteger(D))
    return DefaultValueKind::Int;
  if (isFloat(D))
    return DefaultValueKind::Float;
  if (isIdentifierText(D))
    return DefaultValueKind::Identifier;
  if (isQuotedString(D))
    return DefaultValueKind::String;
  if (D.size() >= 2 && D.front() == '[' && D.back() == ']') {
    StringRef Elements = D.drop_front().drop_back();
    if (Elements.empty())
      return DefaultValueKind::List;
    SmallVector<StringRef, 4> Pieces;
    Elements.split(Pieces, ',');
    for (StringRef Piece : Pieces) {
      DefaultValueKind Kind = classifyDefault(Piece.trim(' '));
      if (Kind == DefaultValueKind::Invalid || Kind == DefaultValueKind::List)
        return DefaultValueKind::Invalid;
    }
    return DefaultValueKind::List;
  }
  return DefaultValueKind::Invalid;
}

namespace {
class Validator {
public:
  Validator(const FunctionSchema &Schema, const SchemaText &Source,
            DiagnosticEngine &Diags)
      : Schema(Schema), Source(Source), Diags(Diags) {}

  bool run();

private:
  void checkMutableArguments();
  void checkMutableReturns();
  void checkOutReturns();
  void checkInplace();
  /// What only a well-formed schema can be checked for (kind()).
  void checkKind();

  void error(SMRange Range, const Twine &Message) {
    OK = false;
    SMLoc Loc = Range.isValid() ? Range.Start : Source.locAt(0);
    Diags.report(diag::schema_invalid, Loc, Message).range(Range);
  }

  const FunctionSchema &Schema;
  const SchemaText &Source;
  DiagnosticEngine &Diags;
  bool OK = true;
};
} // namespace

bool Validator::run() {
  checkMutableArguments();
  checkMutableReturns();
  checkOutReturns();
  checkInplace();
  if (!OK)
    return false;
  checkKind();
  return OK;
}

void Validator::checkMutableArguments() {
  const Arguments &Args = Schema.Args;
  for (const Argument &A : Args.PreSelfPositional)
    if (A.isWrite())
      error(A.Range, "mutable arguments before 'self' are not supported");

  for (auto [Out, Ret] : zip(Args.Out, Schema.Returns))
    if (Out.Annot != Ret.Annot)
      error(Ret.Range,
            "the return must carry the annotation of out argument '" +
                Out.Name + "' (" + Out.typeStr() +
                "): the i-th return corresponds to the i-th out argument");

  for (const Argument *A : Args.postSelfPositionalMutable())
    for (const Return &R : Schema.Returns)
      if (A->Annot == R.Annot)
        error(R.Range, "mutable positional argument '" + A->Name +
                           "' must not be returned");
}

void Validator::checkMutableReturns() {
  const Arguments &Args = Schema.Args;
  bool HasMutableReturn = false, HasImmutableReturn = false;
  for (const Return &R : Schema.Returns)
    (R.isWrite() ? HasMutableReturn : HasImmutableReturn) = true;
  if (HasMutableReturn && HasImmutableReturn)
    error(Schema.Returns.front().Range,
          "returns must be either all mutable or all immutable");

  for (const Return &R : Schema.Returns) {
    if (!R.isWrite())
      continue;
    bool Aliased =
        any_of(Args.Out, [&](const Argument &A) { return A.Annot == R.Annot; });
    Aliased |= Args.SelfArg && Args.SelfArg->Annot == R.Annot;
    if (!Aliased)
      error(R.Range, "a mutable return must alias a keyword-only out "
                     "argument or 'self'; did you forget to mark an out "
                     "argument as keyword-only?");
  }
}

void Validator::checkOutReturns() {
  const Arguments &Args = Schema.Args;
  if (Args.Out.empty())
    return;
  bool AllTensors = all_of(
      Args.Out, [](const Argument &A) { return A.Ty->isBase(BaseTy::Tensor); });
  if (!AllTensors) {
    if (!Schema.Returns.empty())
      error(Schema.Returns.front().Range,
            "out= functions with non-Tensor out arguments must return "
            "nothing ('()')");
    return;
  }
  size_t NonScratch = count_if(Args.Out, [](const Argument &A) {
    return !StringRef(A.Name).startswith("_scratch_");
  });
  if (NonScratch != Schema.Returns.size())
    error(Schema.Returns.empty() ? Args.Out.front().Range
                                 : Schema.Returns.front().Range,
          "an out= function must return as many values as it has out "
          "arguments (" +
              Twine(NonScratch) + "), or nothing; it returns " +
              Twine(Schema.Returns.size()));
}

void Validator::checkInplace() {
  if (!Schema.Name.Name.Inplace)
    return;
  const Arguments &Args = Schema.Args;
  if (!Args.Out.empty())
    error(Args.Out.front().Range, "a schema cannot be both in-place and out=");
  const std::optional<Argument> &Self = Args.SelfArg;
  if (!Self || !Self->isWrite()) {
    error(Self ? Self->Range : SMRange(),
          "in-place operator '" + Schema.Name.str() +
              "' must have a 'self' argument with a mutable annotation");
  } else if (Self->Ty->isBase(BaseTy::Tensor)) {
    if (Schema.Returns.size() != 1 ||
        Schema.Returns.front().Annot != Self->Annot)
      error(Schema.Returns.empty() ? Self->Range
                                   : Schema.Returns.front().Range,
            "in-place operator '" + Schema.Name.str() +
                "' with a Tensor self must return self (" + Self->typeStr() +
                ")");
  } else if (!Schema.Returns.empty()) {
    error(Schema.Returns.front().Range,
          "in-place operator '" + Schema.Name.str() +
              "' with a non-Tensor self must return nothing");
  }
}

void Validator::checkKind() {
  const Arguments &Args = Schema.Args;
  if (Args.TensorOptions && Schema.kind() != SchemaKind::Functional)
    error(Args.TensorOptions->DType.Range,
          "tensor options arguments are only allowed on functional "
          "(factory) functions, not on " +
              schemaKindName(Schema.kind()) + " ones");
  if (Schema.isFunctionalFn() && Schema.kind() != SchemaKind::Functional)
    error(Source.rangeOf(0, Schema.Name.str().size()),
          "the overload name contains 'functional', which is reserved for "
          "functional variants, but this schema is " +
              schemaKindName(Schema.kind()));
}

bool validateFunctionSchema(const FunctionSchema &Schema,
                            const SchemaText &Source, DiagnosticEngine &Diags) {
  return Validator(Schema, Source, Diags).run();
}

} // namespace gradgen
