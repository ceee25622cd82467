//===- SchemaOptions.h - What differs between torchgen versions -*- C++ -*-===//
//
// native_functions.yaml means slightly different things to different torchgen
// versions: the base types they know, how tags are written, which variants
// they generate, which dispatch keys exist. SchemaOptions collects those
// differences so that no stage hard-codes one PyTorch version; the profile
// chooses the options.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_SCHEMAOPTIONS_H
#define GRADGEN_SCHEMA_SCHEMAOPTIONS_H

#include "gradgen/Schema/Type.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <bitset>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct SchemaOptions {
  /// The generator these options describe, as messages name it.
  std::string GeneratorName = "torchgen 2.14";

  /// Base types a schema may use.
  std::bitset<NumBaseTys> BaseTypes;

  // Schema grammar.
  /// 2.x splits `name=default` at the one `=` before splitting off the name,
  /// so defaults may contain spaces; 1.13 splits at the last space first.
  bool DefaultsMayContainSpaces = true;

  // native_functions.yaml entries.
  /// 2.x: `tags:` is a string or a list; 1.13: a ", "-separated string.
  bool TagsMayBeList = true;
  /// 2.x adds the `pt2_compliant_tag` tag itself, and with OutAndInplaceTags
  /// the `out` and `inplace` tags, when tags.yaml defines them.
  bool ImplicitTags = true;
  /// 2.14 tags out= functions `out` and in-place ones `inplace`: those of
  /// native_functions.yaml with ImplicitTags, generated ones with
  /// GeneratedTagsFollowKind. 2.6 tags neither.
  bool OutAndInplaceTags = true;
  /// 2.x: `use_const_ref_for_mutable_tensors` is rejected on out= functions.
  bool ConstRefRejectsOut = true;
  /// 2.x: a singleton dispatch table counts the keys written, not the keys
  /// kept, when it checks for a redundant CompositeImplicitAutograd entry.
  bool CountWrittenDispatchKeys = true;
  /// Levels of namespace a dispatch kernel name may have.
  unsigned KernelNamespaceLevels = 3;
  /// 2.x: is_view_op ignores the inplace_view tag of `resize_as_` too.
  bool ResizeAsIsNotView = true;
  /// 2.x: ops ending in `_inverse` get no generated view_copy.
  bool InverseHasNoViewCopy = true;
  /// 2.x: view/view_copy pairing maps `*_scatter` to `*_inverse`.
  bool ViewCopyScatter = true;
  /// 2.x: a missing structured_delegate target is reported (1.13 crashes).
  bool CheckDelegateExists = true;
  /// 2.x: argument names may not be Python keywords (with exceptions).
  bool CheckPythonKeywords = true;
  /// 2.x: a function with an argument named `*dropout*` is random and needs
  /// the nondeterministic_seeded tag; 1.13 looked at the name only.
  bool DropoutArgumentsAreRandom = true;

  // add_generated_native_functions.
  /// 2.x picks the mutable variant before the in-place one as the base of
  /// generated variants; 1.13 the in-place one first.
  bool PreferMutableBase = true;
  /// 2.x still generates variants for CompositeImplicitAutograd groups
  /// tagged `core`.
  bool GenerateForCoreComposites = true;
  /// 2.x does not count `set_` as a view op when it generates variants.
  bool SetIsNotView = true;
  /// 2.x keeps `view_copy` and `pt2_compliant_tag` from their base and, with
  /// OutAndInplaceTags, tags generated functions `out`/`inplace`.
  bool GeneratedTagsFollowKind = true;

  // Schema lookup (load_derivatives).
  /// 2.x resolves `name:` against view_copy functions too (include_copy).
  bool LookupIncludesViewCopies = true;

  /// Valid dispatch keys of native_functions.yaml (torchgen's dispatch_keys).
  std::vector<std::string> SupportedDispatchKeys;
  /// Every DispatchKey member; a key outside this list is unknown.
  std::vector<std::string> KnownDispatchKeys;
  /// Keys whose kernels follow the structured flag.
  std::vector<std::string> StructuredDispatchKeys;
  /// Keys valid under `dispatch:` in derivatives.yaml besides "Default"
  /// (torchgen's AUTOGRAD_KEYS).
  std::vector<std::string> AutogradDispatchKeys;

  bool allowsBaseTy(BaseTy Ty) const { return BaseTypes.test(unsigned(Ty)); }
  bool isKnownDispatchKey(llvm::StringRef Key) const;
  bool isSupportedDispatchKey(llvm::StringRef Key) const;
  bool isStructuredDispatchKey(llvm::StringRef Key) const;

  SchemaOptions();
  /// Sets the dispatch key tables from torchgen's DispatchKey enum: the
  /// named keys, then one key per functionality and backend component.
  void setDispatchKeys(llvm::ArrayRef<std::string> Named,
                       llvm::ArrayRef<std::string> Functionalities,
                       llvm::ArrayRef<std::string> Backends);
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_SCHEMAOPTIONS_H
