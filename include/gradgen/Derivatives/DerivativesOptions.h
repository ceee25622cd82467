//===- DerivativesOptions.h - The derivatives: section ----------*- C++ -*-===//
//
// How the torchgen of a profile reads derivatives.yaml (load_derivatives.py).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_DERIVATIVESOPTIONS_H
#define GRADGEN_DERIVATIVES_DERIVATIVESOPTIONS_H

#include "gradgen/Support/Profile.h"

namespace gradgen {

struct DerivativesOptions : ProfileSectionBase<DerivativesOptions> {
  static constexpr llvm::StringLiteral SectionName = "derivatives";

  /// derivatives.yaml names may resolve to view_copy functions (2.x looks up
  /// schemas with include_copy=True).
  bool ResolveViewCopySchemas = true;
  /// A view_copy info is added only where no manual entry exists for the
  /// _copy schema (2.x); 1.13 overwrote unconditionally.
  bool KeepManualViewCopyInfos = true;
  /// `.sizes()`, `.size(<int>)` and `.strides()` are errors in backward
  /// formulas (2.x: the SymInt versions must be used).
  bool RequireSymIntFormulas = true;
  /// match_differentiability_info generates infos for _foreach_ functions.
  bool GenerateForeachInfos = true;
  /// The forward-formula check of TensorList arguments applies to _foreach_
  /// functions (2.x); 1.13 skipped all TensorList arguments.
  bool CheckForeachTensorListForwardUses = true;
  /// Duplicate keys in a YAML mapping are an error (2.x YamlLoader); 1.13
  /// silently kept the last value.
  bool RejectDuplicateKeys = true;

  void read(ProfileSectionReader &Reader) override;

  /// The section of P.
  static const DerivativesOptions &of(const Profile &P);
};

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_DERIVATIVESOPTIONS_H
