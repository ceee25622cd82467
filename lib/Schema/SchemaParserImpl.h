//===- SchemaParserImpl.h - The schema parser, for its parts ----*- C++ -*-===//
//
// Private to the Schema stage: the parser of SchemaParser.cpp (operator
// names, types, annotations, whole schemas) and SchemaArguments.cpp
// (argument and return lists, defaults).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SCHEMA_SCHEMAPARSERIMPL_H
#define GRADGEN_LIB_SCHEMA_SCHEMAPARSERIMPL_H

#include "gradgen/Schema/SchemaParser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen::schema_parsing {

using llvm::SMRange;
using llvm::StringRef;
using llvm::Twine;

inline bool isIdentifier(StringRef S) {
  if (S.empty() || llvm::isDigit(S.front()))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// The first character of S that cannot be part of an identifier.
inline size_t findNonIdentifierChar(StringRef S) {
  for (size_t I = 0; I != S.size(); ++I)
    if (!llvm::isAlnum(S[I]) && S[I] != '_')
      return I;
  return StringRef::npos;
}

/// Splits S at every occurrence of Sep, as Python's str.split(Sep).
inline llvm::SmallVector<StringRef, 16> splitAll(StringRef S, StringRef Sep) {
  llvm::SmallVector<StringRef, 16> Pieces;
  S.split(Pieces, Sep);
  return Pieces;
}

class Parser {
public:
  Parser(SchemaContext &Context, const SchemaOptions &Options,
         DiagnosticEngine &Diags, const SchemaText &Source)
      : Context(Context), Options(Options), Diags(Diags), Source(Source) {}

  std::optional<FunctionSchema> schema();
  std::optional<OperatorName> operatorName(StringRef Piece);
  const Type *type(StringRef Piece);

private:
  bool overloadName(StringRef Piece, size_t Dot, std::string &Overload);
  bool baseOperatorName(StringRef Name, BaseOperatorName &Base);
  bool nameMarkers(StringRef Bare, BaseOperatorName &Base);
  std::optional<Annotation> annotation(StringRef Piece);
  /// Splits `Tensor(a!)[]` into a type spelling and an annotation.
  bool annotatedType(StringRef Piece, const Type *&Ty,
                     std::optional<Annotation> &Annot);
  std::optional<Argument> argument(StringRef Piece);
  std::optional<Argument> argumentOf(StringRef Piece, StringRef TypePart,
                                     StringRef Name,
                                     std::optional<StringRef> Default);
  std::optional<Return> returnValue(StringRef Piece);
  bool checkDefault(StringRef Default, const Type *Ty);
  bool checkSplitting(StringRef List, StringRef What = "arguments");
  bool arguments(StringRef Piece, Arguments &Result);
  bool returns(StringRef Piece, std::vector<Return> &Result);
  void explainRoundTripFailure(StringRef Printed);

  size_t offsetOf(StringRef Piece) const {
    return Piece.data() - Source.Text.data();
  }
  SMRange rangeOf(StringRef Piece) const {
    return Source.rangeOf(offsetOf(Piece), offsetOf(Piece) + Piece.size());
  }
  DiagnosticBuilder error(diag::Kind Rule, StringRef At, const Twine &Message) {
    HadError = true;
    DiagnosticBuilder Builder =
        Diags.report(Rule, Source.locAt(offsetOf(At)), Message);
    if (At.size() > 1)
      Builder.range(rangeOf(At));
    return Builder;
  }
  /// The empty piece just past the end of Piece.
  static StringRef endOf(StringRef Piece) { return StringRef(Piece.end(), 0); }
  /// True if Parsed prints as Piece: torchgen asserts that what it parses
  /// prints back as written. Printed into one buffer for the whole schema.
  template <typename T> bool printsAs(const T &Parsed, StringRef Piece) {
    PrintBuffer.clear();
    Parsed.printTo(PrintBuffer);
    return PrintBuffer == Piece;
  }

  SchemaContext &Context;
  const SchemaOptions &Options;
  DiagnosticEngine &Diags;
  const SchemaText &Source;
  bool HadError = false;
  std::string PrintBuffer;
};

} // namespace gradgen::schema_parsing

#endif // GRADGEN_LIB_SCHEMA_SCHEMAPARSERIMPL_H
