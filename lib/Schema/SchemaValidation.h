//===- SchemaValidation.h - Checks torchgen makes on schemas ----*- C++ -*-===//

#ifndef GRADGEN_LIB_SCHEMA_SCHEMAVALIDATION_H
#define GRADGEN_LIB_SCHEMA_SCHEMAVALIDATION_H

#include "gradgen/Schema/FunctionSchema.h"
#include "gradgen/Schema/SchemaParser.h"
#include "gradgen/Support/Diagnostics.h"

namespace gradgen {

/// The syntactic form of a default value.
enum class DefaultValueKind {
  None,
  Bool,
  Int,
  Float,
  Identifier,
  String,
  List,
  Invalid,
};

DefaultValueKind classifyDefault(llvm::StringRef Default);

/// The invariants torchgen asserts in FunctionSchema.__post_init__ and
/// Arguments.__post_init__ (out arguments match the returns, in-place ops
/// return self, ...). Reports each violation at the argument or return
/// concerned; returns false if there was one.
bool validateFunctionSchema(const FunctionSchema &Schema,
                            const SchemaText &Source, DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_LIB_SCHEMA_SCHEMAVALIDATION_H
