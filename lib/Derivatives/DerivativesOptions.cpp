//===- DerivativesOptions.cpp - The profile's derivatives: section --------===//

#include "gradgen/Derivatives/DerivativesOptions.h"

namespace gradgen {

void DerivativesOptions::read(ProfileSectionReader &Reader) {
  Reader.flag("resolve-view-copy-schemas", ResolveViewCopySchemas);
  Reader.flag("keep-manual-view-copy-infos", KeepManualViewCopyInfos);
  Reader.flag("require-symint-formulas", RequireSymIntFormulas);
  Reader.flag("generate-foreach-infos", GenerateForeachInfos);
  Reader.flag("check-foreach-tensorlist-forward-uses",
              CheckForeachTensorListForwardUses);
  Reader.flag("reject-duplicate-keys", RejectDuplicateKeys);
}

const DerivativesOptions &DerivativesOptions::of(const Profile &P) {
  return P.get<DerivativesOptions>();
}

} // namespace gradgen
