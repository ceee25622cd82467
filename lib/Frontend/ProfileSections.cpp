//===- ProfileSections.cpp - Every stage's section of profile.yaml --------===//

#include "gradgen/Frontend/ProfileSections.h"

#include "gradgen/Autograd/NodeOptions.h"
#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Emit/EmitOptions.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Formula/FormulaProfile.h"
#include "gradgen/Schema/SchemaSection.h"

using namespace llvm;

namespace gradgen {

ArrayRef<ProfileSectionKind> stageProfileSections() {
  static const ProfileSectionKind Kinds[] = {
      ProfileSectionKind::of<SchemaSection>(),
      ProfileSectionKind::of<DerivativesOptions>(),
      ProfileSectionKind::of<FormulaProfile>(),
      ProfileSectionKind::of<NodeOptions>(),
      ProfileSectionKind::of<EmitOptions>(),
      ProfileSectionKind::of<PythonFunctionsOptions>(),
      ProfileSectionKind::of<PythonBindingsOptions>(),
      ProfileSectionKind::of<VariableTypeOptions>(),
      ProfileSectionKind::of<InplaceOrViewOptions>(),
      ProfileSectionKind::of<TraceTypeOptions>(),
  };
  return Kinds;
}

std::optional<Profile> loadStageProfile(StringRef NameOrPath,
                                        StringRef TemplatesRoot,
                                        InputFiles &Files,
                                        DiagnosticEngine &Diags) {
  return loadProfile(NameOrPath, TemplatesRoot, stageProfileSections(), Files,
                     Diags);
}

} // namespace gradgen
