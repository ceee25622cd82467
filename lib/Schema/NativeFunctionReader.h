//===- NativeFunctionReader.h - Reading native_functions.yaml ---*- C++ -*-===//

#ifndef GRADGEN_LIB_SCHEMA_NATIVEFUNCTIONREADER_H
#define GRADGEN_LIB_SCHEMA_NATIVEFUNCTIONREADER_H

#include "gradgen/Schema/NativeFunction.h"
#include "gradgen/Schema/SchemaOptions.h"
#include "gradgen/Schema/Tags.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLDictReader.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringMap.h"

#include <memory>
#include <vector>

namespace gradgen {

/// torchgen's NativeFunction.from_yaml and NativeFunction.__post_init__ for
/// one entry of native_functions.yaml.
class NativeFunctionReader {
public:
  NativeFunctionReader(const TagSet &Tags, const SchemaOptions &Options,
                       SchemaContext &Context, DiagnosticEngine &Diags)
      : Tags(Tags), Options(Options), Context(Context), Diags(Diags) {
    for (llvm::StringRef Key : knownKeys())
      Keys.handle(Key);
  }

  /// Reads Entry, a mapping; returns null (after reporting) if it has an
  /// error.
  std::unique_ptr<NativeFunction> read(const YAMLNode &Entry);

private:
  class EntryReader;
  static llvm::ArrayRef<llvm::StringLiteral> knownKeys();

  const TagSet &Tags;
  const SchemaOptions &Options;
  SchemaContext &Context;
  DiagnosticEngine &Diags;
  /// The keys of an entry, and the types of their values.
  YAMLDictReader Keys{Diags,
                      {diag::native_invalid_value, diag::native_unknown_key,
                       "unknown key '%0' in native_functions.yaml"}};
};

/// torchgen's NativeFunction.is_view_op.
bool computeIsViewOp(const NativeFunction &F, const SchemaOptions &Options);

/// Recomputes the flags torchgen derives from the dispatch table.
void computeDispatchFlags(NativeFunction &F);

/// torchgen's error_check_native_functions: checks across functions
/// (structured delegates, reserved argument names, in-place views). ByName
/// maps each of Functions' operator names to it.
bool checkNativeFunctions(llvm::ArrayRef<const NativeFunction *> Functions,
                          const llvm::StringMap<const NativeFunction *> &ByName,
                          const SchemaOptions &Options,
                          DiagnosticEngine &Diags);

/// torchgen's add_generated_native_functions: appends the functional and out=
/// variants torchgen generates to Functions. Reports functions that share a
/// signature and a schema kind.
void addGeneratedNativeFunctions(
    std::vector<std::unique_ptr<NativeFunction>> &Functions,
    const SchemaOptions &Options, DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_LIB_SCHEMA_NATIVEFUNCTIONREADER_H
