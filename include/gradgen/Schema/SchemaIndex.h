//===- SchemaIndex.h - Finding native functions by schema text --*- C++ -*-===//
//
// load_derivatives resolves each derivatives.yaml `name:` by the printed
// schema of a native function (functions_by_schema) and then finds its
// variants by signature (functions_by_signature). SchemaIndex builds both
// maps over the view-grouped function order torchgen uses, with or without
// view_copy functions (2.x includes them, 1.13 does not), plus the lookups
// behind "available signatures" notes.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_SCHEMAINDEX_H
#define GRADGEN_SCHEMA_SCHEMAINDEX_H

#include "gradgen/Schema/NativeFunctionGroups.h"
#include "gradgen/Schema/NativeFunctionSet.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace gradgen {

class SchemaIndex {
public:
  /// Indexes Set; IncludeCopy defaults to the set's options
  /// (SchemaOptions::LookupIncludesViewCopies).
  explicit SchemaIndex(const NativeFunctionSet &Set);
  SchemaIndex(const NativeFunctionSet &Set, bool IncludeCopy);

  /// The functions in lookup order: the view-grouped order of
  /// load_derivatives, view_copy functions left out unless IncludeCopy.
  llvm::ArrayRef<const NativeFunction *> functions() const { return Ordered; }

  /// The function whose str(func) is exactly Schema, or null.
  const NativeFunction *lookupSchema(llvm::StringRef Schema) const;

  /// Every function whose func.signature() equals Signature's, in lookup
  /// order (functions_by_signature).
  llvm::ArrayRef<const NativeFunction *>
  functionsWithSignature(const FunctionSchema &Signature) const;

  /// Every function whose cpp::name (e.g. "add", "add_", "add_out") is
  /// CppName, in lookup order: the "Available signatures" of an unresolved
  /// name.
  std::vector<const NativeFunction *>
  findByCppName(llvm::StringRef CppName) const;

  /// Every function whose base name (without `_`, dunder or overload) is
  /// Base, in lookup order.
  std::vector<const NativeFunction *>
  findByBaseName(llvm::StringRef Base) const;

  /// Up to MaxResults schemas closest to Schema by edit distance, for "did you
  /// mean" notes when no function shares its name.
  std::vector<const NativeFunction *>
  findSimilar(llvm::StringRef Schema, unsigned MaxResults = 3) const;

  /// The view group whose view is F, or null.
  const NativeFunctionsViewGroup *viewGroupOf(const NativeFunction &F) const;

  /// F's signature without defaults (torchgen's
  /// signature(strip_default=True)), as a string; computed once per
  /// function, for the runs that share this index (a language server's).
  llvm::StringRef strippedSignature(const NativeFunction &F) const;
  /// Every function of the set (view_copy ones too) sorted by C++ name,
  /// stable: the order of PyTorch's build. Computed once.
  llvm::ArrayRef<const NativeFunction *> functionsByCppName() const;

private:
  const NativeFunctionSet &Set;
  mutable std::mutex CacheMutex;
  /// Node-based: the strings handed out stay where they are.
  mutable std::unordered_map<const NativeFunction *, std::string> Signatures;
  mutable std::vector<const NativeFunction *> ByCppName;

  std::vector<const NativeFunction *> Ordered;
  std::vector<NativeFunctionsViewGroup> ViewGroups;
  llvm::StringMap<const NativeFunction *> BySchema;
  llvm::StringMap<std::vector<const NativeFunction *>> BySignature;
  llvm::DenseMap<const NativeFunction *, size_t> ViewGroupByView;
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_SCHEMAINDEX_H
