//===- SchemaParser.h - Parsing operator schemas ----------------*- C++ -*-===//
//
// A hand-written parser with torchgen's exact semantics: the schema splits at
// the first `(` and the last `) -> `, arguments split at every ", ", an
// argument splits at its last space, and every piece must print back to the
// text it was parsed from. Unlike torchgen it reports every problem as a
// located diagnostic (rule ids `schema.*`) instead of asserting.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_SCHEMAPARSER_H
#define GRADGEN_SCHEMA_SCHEMAPARSER_H

#include "gradgen/Schema/FunctionSchema.h"
#include "gradgen/Schema/SchemaOptions.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace gradgen {

/// The text of a schema and where each of its characters came from. Text is
/// either a slice of a SourceMgr buffer (Map null) or a YAML scalar's decoded
/// value whose characters Map locates.
struct SchemaText {
  llvm::StringRef Text;
  const ScalarSourceMap *Map = nullptr;
  /// Where Text starts within the value Map describes (a schema that follows
  /// a `ns::` prefix starts after it).
  size_t MapOffset = 0;

  llvm::SMLoc locAt(size_t Offset) const;
  llvm::SMRange rangeOf(size_t Begin, size_t End) const;
};

class SchemaParser {
public:
  SchemaParser(SchemaContext &Context, const SchemaOptions &Options,
               DiagnosticEngine &Diags)
      : Context(Context), Options(Options), Diags(Diags) {}

  /// Parses and validates a whole schema as torchgen's FunctionSchema.parse
  /// and FunctionSchema.__post_init__ do. Reports every error found and
  /// returns std::nullopt if there was one.
  std::optional<FunctionSchema> parseFunctionSchema(const SchemaText &Source);

  /// `add_.Tensor`: OperatorName.parse.
  std::optional<OperatorName> parseOperatorName(const SchemaText &Source);

  /// `int[2]?`: Type.parse, without an annotation.
  const Type *parseType(const SchemaText &Source);

private:
  SchemaContext &Context;
  const SchemaOptions &Options;
  DiagnosticEngine &Diags;
};

/// Parses a schema without diagnostics, for text known to be valid (tests,
/// built-in tables). Returns std::nullopt on any error.
std::optional<FunctionSchema> parseSchemaQuietly(llvm::StringRef Text,
                                                 SchemaContext &Context,
                                                 const SchemaOptions &Options);

} // namespace gradgen

#endif // GRADGEN_SCHEMA_SCHEMAPARSER_H
