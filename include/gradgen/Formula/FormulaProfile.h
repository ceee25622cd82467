//===- FormulaProfile.h - The profile's formula: section --------*- C++ -*-===//
//
// How a profile's formulas are checked: the C++ they are compiled as and the
// saved-attribute rule table.
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
  /// A header, relative to the profile's folder, that declares what this
  /// version's API adds to the built-in prelude (lib/Formula/Prelude), which
  /// declares what every supported version has; empty for none. Real
  /// headers (-p, -I) replace both.
  std::string PreludeAdditions;

  void read(ProfileSectionReader &Reader) override;

  /// The section of P.
  static const FormulaProfile &of(const Profile &P);
};

} // namespace gradgen

#endif // GRADGEN_FORMULA_FORMULAPROFILE_H
