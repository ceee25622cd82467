//===- NodeModelSet.h - The Node models of a run ----------------*- C++ -*-===//
//
// A run builds the Node model of every info once, after the infos are final
// (Compilation::loadInfos), and every stage that needs one reads it here:
//
//   - the Formula stage's second check evaluates each Node's formulas in the
//     function the model describes;
//   - the Functions and python_functions families render the classes;
//   - the VariableType kernels save into the grad_fn exactly the fields the
//     model declares, in its order, under its member names;
//   - the language server shows the classes an entry generates.
//
// A Node that cannot be built keeps the NodeError saying why, so that each
// reader decides what it means: the Emit stage reports it, the second check
// leaves that Node out, the server answers with it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_AUTOGRAD_NODEMODELSET_H
#define GRADGEN_AUTOGRAD_NODEMODELSET_H

#include "gradgen/Autograd/NodeError.h"
#include "gradgen/Autograd/NodeModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <vector>

namespace gradgen {

/// A Node to generate, with its model.
struct AutogradNode {
  /// Only Info is set where Problem is.
  NodeModel Model;
  /// The Python bindings include it: its info comes from derivatives.yaml
  /// or is a view_copy info, not a generated _foreach_ one.
  bool PythonVisible = false;
  /// Why the Node cannot be built.
  std::optional<NodeError> Problem;

  const DifferentiabilityInfo &info() const { return *Model.Info; }
  bool isBuilt() const { return !Problem; }
};

class NodeModelSet {
public:
  /// Builds the Node of every info of Database that hasNode() accepts, in
  /// torchgen's order (get_infos_with_derivatives_list), on Threads threads
  /// (0: one per hardware thread); the result does not depend on them.
  /// Database must not change while the set lives.
  static NodeModelSet build(const DerivativesDatabase &Database,
                            const NodeModelBuilder &Builder,
                            unsigned Threads = 0);

  /// Every Node in order, those that cannot be built included.
  llvm::ArrayRef<AutogradNode> nodes() const { return Nodes; }
  /// Some Node cannot be built.
  bool hasProblems() const { return NumProblems != 0; }
  /// The Node of Info; null if hasNode(Info) is false.
  const AutogradNode *nodeOf(const DifferentiabilityInfo &Info) const;
  /// The model of Info's Node; null if it has none or it cannot be built.
  const NodeModel *modelOf(const DifferentiabilityInfo &Info) const;

private:
  std::vector<AutogradNode> Nodes;
  llvm::DenseMap<const DifferentiabilityInfo *, size_t> IndexOf;
  size_t NumProblems = 0;
};

} // namespace gradgen

#endif // GRADGEN_AUTOGRAD_NODEMODELSET_H
