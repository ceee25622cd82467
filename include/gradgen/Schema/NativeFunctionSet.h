//===- NativeFunctionSet.h - All native functions of a build ----*- C++ -*-===//
//
// torchgen's parse_native_yaml: every entry of native_functions.yaml, checked
// against tags.yaml, followed by the functional and out= variants torchgen
// generates (add_generated_native_functions), in torchgen's order. The set
// owns the functions and the SchemaContext their types live in.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_NATIVEFUNCTIONSET_H
#define GRADGEN_SCHEMA_NATIVEFUNCTIONSET_H

#include "gradgen/Schema/NativeFunction.h"
#include "gradgen/Schema/SchemaOptions.h"
#include "gradgen/Schema/Tags.h"
#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <vector>

namespace gradgen {

class SchemaCache;
class YAMLSource;

class NativeFunctionSet {
public:
  /// Reads tags.yaml and native_functions.yaml into SM and builds the set.
  /// Every problem is reported to Diags (rules `native.*`, `schema.*`,
  /// `tags.*`, `yaml.*`); entries with errors are left out, and no variants
  /// are generated once an error was reported. Returns null only when a file
  /// could not be read or parsed as YAML at all. With a Cache, a set loaded
  /// before from the same files comes from there.
  static std::unique_ptr<NativeFunctionSet>
  load(llvm::StringRef NativeFunctionsPath, llvm::StringRef TagsPath,
       const SchemaOptions &Options, InputFiles &Files, DiagnosticEngine &Diags,
       SchemaCache *Cache = nullptr);

  /// Builds the set from a parsed native_functions.yaml and a tag set.
  static std::unique_ptr<NativeFunctionSet>
  build(const YAMLSource &NativeFunctions, TagSet Tags,
        const SchemaOptions &Options, DiagnosticEngine &Diags);

  NativeFunctionSet(const NativeFunctionSet &) = delete;
  NativeFunctionSet &operator=(const NativeFunctionSet &) = delete;
  ~NativeFunctionSet();

  /// All functions in torchgen's order: the file's entries, then the
  /// generated ones.
  llvm::ArrayRef<const NativeFunction *> functions() const { return Functions; }
  size_t size() const { return Functions.size(); }

  /// The function named Name (`add.Tensor`), generated ones included.
  const NativeFunction *lookup(const OperatorName &Name) const;
  const NativeFunction *lookup(llvm::StringRef Name) const;

  const TagSet &getTags() const { return Tags; }
  const SchemaOptions &getOptions() const { return Options; }

private:
  friend class NativeFunctionSetBuilder;
  friend class SchemaCache;
  NativeFunctionSet(TagSet Tags, const SchemaOptions &Options);

  TagSet Tags;
  SchemaOptions Options;
  std::unique_ptr<SchemaContext> Context;
  std::vector<std::unique_ptr<NativeFunction>> Storage;
  std::vector<const NativeFunction *> Functions;
  llvm::StringMap<const NativeFunction *> ByName;
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_NATIVEFUNCTIONSET_H
