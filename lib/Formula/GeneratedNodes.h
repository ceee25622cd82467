//===- GeneratedNodes.h - The context of the second check -------*- C++ -*-===//
//
// Private to the Formula stage. Describes, for every node the final infos
// produce, the function that evaluates its backward formulas as the
// generated Functions.cpp writes it (torchgen's apply_functional): the
// saved values under the types their unpacked fields have (torchgen's
// save_var), grad, the named gradients and retain_variables, and each
// rewritten formula with the code around it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_GENERATEDNODES_H
#define GRADGEN_LIB_FORMULA_GENERATEDNODES_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Formula/FormulaChecker.h"

#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace gradgen::formula {

/// Each formula entry's rewritten text and the edits that made it.
using RewriteMap =
    llvm::DenseMap<const FormulaEntry *,
                   std::pair<std::string, std::vector<FormulaEdit>>>;

/// The type a saved value has where the generated backward code uses it.
using SavedFieldTypeFn = std::function<std::string(
    const CType &Type, bool IsOutput, bool IsForeach)>;

/// The nodes of Database, identical ones once.
std::vector<GeneratedNode> generatedNodes(const DerivativesDatabase &Database,
                                          const RewriteMap &Rewrites,
                                          const SavedFieldTypeFn &FieldType);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_GENERATEDNODES_H
