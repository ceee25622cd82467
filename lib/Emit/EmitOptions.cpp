//===- EmitOptions.cpp - The profile's emit: section ----------------------===//

#include "gradgen/Emit/EmitOptions.h"

#include "gradgen/Emit/FileFamily.h"

namespace gradgen {

void EmitOptions::read(ProfileSectionReader &Reader) {
  Reader.custom("families", [this, &Reader](const YAMLNode &Value) {
    Families.clear();
    Reader.eachName(Value, "families", [&](const YAMLNode &Name) {
      Families.emplace_back(Name.scalar().str(), Name.range());
    });
  });
  Reader.flag("indent-blank-template-lines", IndentBlankTemplateLines);
}

bool EmitOptions::validate(const Profile &, DiagnosticEngine &Diags) const {
  return selectFileFamilies(Families, Diags).has_value();
}

} // namespace gradgen
