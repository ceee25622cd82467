//===- GeneratedNodes.h - The context of the second check -------*- C++ -*-===//
//
// Private to the Formula stage. For every Node the final infos produce, the
// function that evaluates its backward formulas as the generated
// Functions.cpp writes it (torchgen's apply_functional), read off the same
// NodeModel the Functions family renders: the saved fields under their
// unpacked types, the gradient aliases and retain_variables, and each
// rewritten formula in its block.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_GENERATEDNODES_H
#define GRADGEN_LIB_FORMULA_GENERATEDNODES_H

#include "gradgen/Autograd/NodeModelSet.h"
#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Formula/FormulaChecker.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/DenseMap.h"

#include <string>
#include <utility>
#include <vector>

namespace gradgen::formula {

/// Each formula entry's rewritten text and the edits that made it.
using RewriteMap =
    llvm::DenseMap<const FormulaEntry *,
                   std::pair<std::string, std::vector<FormulaEdit>>>;

/// The Nodes of NodeModels with formulas, identical ones once. A Node that
/// cannot be built is left out: generating it reports why.
std::vector<GeneratedNode> generatedNodes(const NodeModelSet &NodeModels,
                                          const RewriteMap &Rewrites);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_GENERATEDNODES_H
