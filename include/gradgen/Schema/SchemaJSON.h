//===- SchemaJSON.h - Native functions as text and JSON ---------*- C++ -*-===//
//
// What `gradgen schemas` prints: every native function as torchgen's
// str(f.func), one a line, or with its model and C++ API as JSON, for tests
// and the comparison with torchgen (utils/compare-schemas-with-torchgen.py).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_SCHEMAJSON_H
#define GRADGEN_SCHEMA_SCHEMAJSON_H

#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/NativeFunctionSet.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace gradgen {

/// One function: its schema, model (kind, variants, tags, dispatch, ...) and
/// C++ API.
llvm::json::Value toJSON(const NativeFunction &F, const CppAPIOptions &Cpp);

/// Every function of Set, in torchgen's order, generated variants unless
/// IncludeGenerated is false: a JSON array with one function a line.
void printSchemasJSON(const NativeFunctionSet &Set, const CppAPIOptions &Cpp,
                      bool IncludeGenerated, llvm::raw_ostream &OS);
/// The same as schema strings, one a line.
void printSchemas(const NativeFunctionSet &Set, bool IncludeGenerated,
                  llvm::raw_ostream &OS);

} // namespace gradgen

#endif // GRADGEN_SCHEMA_SCHEMAJSON_H
