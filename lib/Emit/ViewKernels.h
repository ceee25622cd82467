//===- ViewKernels.h - Which operators are views ----------------*- C++ -*-===//
//
// Private to the Emit library: what ADInplaceOrViewType and ViewFuncs both
// ask about an operator (gen_inplace_or_view_type's get_view_info and
// use_derived, gen_view_funcs's view_func_name).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_EMIT_VIEWKERNELS_H
#define GRADGEN_LIB_EMIT_VIEWKERNELS_H

#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Emit/VariableType.h"

#include <optional>
#include <string>

namespace gradgen {

/// The argument F's outputs view, if F is a view.
std::optional<std::string> viewInfoOf(const NativeFunction &F,
                                      const VariableTypeLists &Lists);

/// In-place and out= functions modify their arguments.
bool modifiesArguments(const NativeFunction &F);

/// F gets generated autograd kernels: it is not manual, and abstract or
/// differentiable.
bool usesDerivedKernels(const FunctionInfos &Fn,
                        const DerivativesDatabase &Database,
                        const VariableTypeLists &Lists);

/// The ViewFunc class replaying F: `SelectIntViewFunc`, with
/// `torch::autograd::generated::` if Qualified; without CamelCase the name
/// in snake case (`select_int_view_func`).
std::string viewFuncName(const NativeFunction &F, bool Qualified,
                         bool CamelCase = true);

/// What a kernel of Func returns (get_return_value): its one result, or a
/// tuple of references to the out arguments, or of its moved results.
std::string kernelReturnValue(const FunctionSchema &Func);

/// The C++ API options and the profile's VariableType lists that the kernel
/// families render with; false, after reporting why, when either is missing.
inline bool loadKernelFamilyInputs(EmitContext &Emit,
                                   std::optional<CppAPIOptions> &CppOptions,
                                   const VariableTypeLists *&Lists) {
  CppOptions = cppAPIOptionsOf(Emit);
  Lists = Emit.variableTypeLists();
  return CppOptions && Lists;
}

} // namespace gradgen

#endif // GRADGEN_LIB_EMIT_VIEWKERNELS_H
