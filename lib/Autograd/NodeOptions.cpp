//===- NodeOptions.cpp - The profile's nodes: section ---------------------===//

#include "gradgen/Autograd/NodeOptions.h"

#include "gradgen/Derivatives/DerivativesOptions.h"

namespace gradgen {

void NodeOptions::read(ProfileSectionReader &Reader) {
  Reader.text("view-functions", ViewFunctions);
  Reader.flag("compiled-autograd-nodes", CompiledAutogradNodes);
  Reader.flag("sort-saved-attributes", SortSavedAttributes);
  Reader.text("saved-output-owner", SavedOutputOwner);
  Reader.flag("unpack-list-takes-owner", UnpackListTakesOwner);
  Reader.flag("foreach-nodes", ForeachNodes);
}

bool NodeOptions::validate(const Profile &P, DiagnosticEngine &Diags) const {
  // Generated _foreach_ infos index their inputs with the loop variable of
  // the foreach Node blocks; an ordinary block has no `i` in scope.
  const DerivativesOptions &Derivatives = DerivativesOptions::of(P);
  if (!Derivatives.GenerateForeachInfos || ForeachNodes)
    return true;
  auto Where = [](const ProfileSection &Section, llvm::StringRef Key) {
    llvm::SMRange Range = Section.rangeOf(Key);
    return Range.isValid() ? Range : Section.SectionRange;
  };
  llvm::SMRange Infos = Where(Derivatives, "generate-foreach-infos");
  Diags
      .report(diag::profile_inconsistent, Infos.Start,
              "generate-foreach-infos needs foreach-nodes: the generated "
              "_foreach_ formulas index grads[i] element by element")
      .range(Infos)
      .note(Where(*this, "foreach-nodes").Start, "foreach-nodes is false here");
  return false;
}

const NodeOptions &NodeOptions::of(const Profile &P) {
  return P.get<NodeOptions>();
}

} // namespace gradgen
