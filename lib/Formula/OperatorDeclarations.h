//===- OperatorDeclarations.h - ATen's C++ API as declarations --*- C++ -*-===//
//
// Private to the Formula stage. The declarations ATen's Functions.h and
// TensorBody.h hold for a native function (torchgen's ComputeFunction and
// ComputeTensorMethod), computed with the Schema stage's C++ API so that the
// formula translation unit sees exactly the types generated code sees.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_OPERATORDECLARATIONS_H
#define GRADGEN_LIB_FORMULA_OPERATORDECLARATIONS_H

#include "gradgen/Formula/FormulaChecker.h"
#include "gradgen/Schema/CppAPI.h"

#include <vector>

namespace gradgen::formula {

/// Appends F's declarations to Into: for the function and the method variant
/// where F has them, the signatures of torchgen's CppSignatureGroup (plain,
/// faithful with TensorOptions unpacked and out arguments last, and their
/// SymInt versions), of those whose C++ name Wanted accepts. Returns false,
/// declaring nothing, if the C++ API cannot express a wanted one (torchgen
/// would raise).
bool declareOperator(const NativeFunction &F, const CppAPIOptions &Options,
                     llvm::function_ref<bool(llvm::StringRef Name)> Wanted,
                     std::vector<OperatorDeclaration> &Into);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_OPERATORDECLARATIONS_H
