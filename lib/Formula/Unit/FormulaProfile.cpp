//===- FormulaProfile.cpp - The profile's formula: section ----------------===//

#include "gradgen/Formula/FormulaProfile.h"

namespace gradgen {

void FormulaProfile::read(ProfileSectionReader &Reader) {
  Reader.choice<std::string>("cxx-standard", CxxStandard,
                             {{"c++17", "c++17"}, {"c++20", "c++20"}});
  Reader.text("saved-attribute-rules", SavedAttributeRules);
  Reader.text("prelude-additions", PreludeAdditions);
}

const FormulaProfile &FormulaProfile::of(const Profile &P) {
  return P.get<FormulaProfile>();
}

} // namespace gradgen
