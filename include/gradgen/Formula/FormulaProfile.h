//===- FormulaProfile.h - The profile's formula: section ---------*- C++ -*-===//
//
// How a profile's formulas are checked: the C++ they are compiled as, the
// saved-attribute rule table, and the prelude's spellings.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_FORMULAPROFILE_H
#define GRADGEN_FORMULA_FORMULAPROFILE_H

#include "gradgen/Support/Profile.h"

#include <string>

namespace gradgen {

struct FormulaProfile : ProfileSectionBase<FormulaProfile> {
  static constexpr llvm::StringLiteral SectionName = "formula";

  /// The C++ standard the generated code and the formula checks use.
  std::string CxxStandard = "c++20";
  /// The saved-attribute rule table, relative to the profile's folder.
  std::string SavedAttributeRules = "saved-attributes.yaml";
  /// GRADGEN_TORCH_VERSION in the prelude headers (10000 * major + 100 *
  /// minor + patch), which selects the few spellings that changed there.
  unsigned PreludeTorchVersion = 21401;

  void read(ProfileSectionReader &Reader) override;

  /// The section of P.
  static const FormulaProfile &of(const Profile &P);
};

} // namespace gradgen

#endif // GRADGEN_FORMULA_FORMULAPROFILE_H
