//===- NodeOptions.h - The profile's nodes: section -------------*- C++ -*-===//
//
// How the torchgen of a profile lays out a Node class
// (gen_autograd_functions.py).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_AUTOGRAD_NODEOPTIONS_H
#define GRADGEN_AUTOGRAD_NODEOPTIONS_H

#include "gradgen/Support/Profile.h"

#include <string>

namespace gradgen {

struct NodeOptions : ProfileSectionBase<NodeOptions> {
  static constexpr llvm::StringLiteral SectionName = "nodes";

  /// The ops whose Node derives from Node rather than TraceableFunction
  /// (torchgen's VIEW_FUNCTIONS): a file of names relative to the profile.
  std::string ViewFunctions = "view-functions.txt";
  /// Nodes carry the compiled-autograd members and compute their gradients
  /// in a static `<Op>_apply_functional` (2.x); 1.13 did it all in apply().
  bool CompiledAutogradNodes = true;
  /// Saved fields are emitted sorted by name, inputs then outputs (2.x);
  /// 1.13 kept the order in which the formulas use them.
  bool SortSavedAttributes = true;
  /// The argument that unpacks a saved output: `getptr()` (2.14) or
  /// `shared_from_this()` (1.13 to 2.7).
  std::string SavedOutputOwner = "getptr()";
  /// unpack_list() takes the owner of the saved variables (2.x).
  bool UnpackListTakesOwner = true;
  /// _foreach_ nodes compute their gradients element by element and may save
  /// std::vector<Tensor> outputs and Scalar lists (2.x).
  bool ForeachNodes = true;

  void read(ProfileSectionReader &Reader) override;
  /// Generated _foreach_ infos need foreach Nodes.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  /// The section of P.
  static const NodeOptions &of(const Profile &P);
};

} // namespace gradgen

#endif // GRADGEN_AUTOGRAD_NODEOPTIONS_H
