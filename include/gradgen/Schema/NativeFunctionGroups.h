//===- NativeFunctionGroups.h - Related native functions --------*- C++ -*-===//
//
// torchgen pairs up related functions: a NativeFunctionsGroup holds the
// functional, in-place, mutable and out= variants that share a signature(); a
// NativeFunctionsViewGroup holds a view op, its in-place view and its
// view_copy. The autograd generator reads the view groups (view_copy
// derivatives, schema lookup with or without copies).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_NATIVEFUNCTIONGROUPS_H
#define GRADGEN_SCHEMA_NATIVEFUNCTIONGROUPS_H

#include "gradgen/Schema/NativeFunction.h"
#include "gradgen/Schema/SchemaOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <variant>
#include <vector>

namespace gradgen {

struct NativeFunctionsGroup {
  const NativeFunction *Functional = nullptr;
  const NativeFunction *Inplace = nullptr;
  const NativeFunction *Mutable = nullptr;
  const NativeFunction *Out = nullptr;

  /// Functional, out, then in-place and mutable when present.
  llvm::SmallVector<const NativeFunction *, 4> functions() const;
};

struct NativeFunctionsViewGroup {
  const NativeFunction *View = nullptr;
  const NativeFunction *ViewCopy = nullptr;
  const NativeFunction *ViewInplace = nullptr;

  /// View, in-place view, then (if IncludeCopy) the view_copy.
  llvm::SmallVector<const NativeFunction *, 3>
  functions(bool IncludeCopy = true) const;
};

/// An element of a grouped function list: a lone function or a group.
template <typename GroupT>
using FunctionOrGroup = std::variant<const NativeFunction *, GroupT>;

/// torchgen's get_grouped_native_functions (without its consistency checks):
/// functions grouped by signature(), in order of first appearance.
std::vector<FunctionOrGroup<NativeFunctionsGroup>>
groupNativeFunctions(llvm::ArrayRef<const NativeFunction *> Functions);

/// torchgen's get_grouped_by_view_native_functions: functions grouped by
/// view signature, in order of first appearance. Signatures, if not empty,
/// are Functions' signatureStr(), which most view signatures equal.
std::vector<FunctionOrGroup<NativeFunctionsViewGroup>>
groupNativeFunctionsByView(llvm::ArrayRef<const NativeFunction *> Functions,
                           const SchemaOptions &Options,
                           llvm::ArrayRef<std::string> Signatures = {});

/// torchgen's gets_generated_view_copy.
bool getsGeneratedViewCopy(const NativeFunction &F,
                           const SchemaOptions &Options);

} // namespace gradgen

#endif // GRADGEN_SCHEMA_NATIVEFUNCTIONGROUPS_H
