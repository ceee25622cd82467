//===- DispatcherAPI.h - How autograd kernels see an operator ---*- C++ -*-===//
//
// torchgen's api/dispatcher as the generated autograd kernels use it: every
// argument in schema order with its SymInt C++ type (no TensorOptions
// bundling, no defaults), the leading `c10::DispatchKeySet ks`, the name of
// the kernel of a dispatch key and the `at::redispatch::` function the kernel
// calls below autograd.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_DISPATCHERAPI_H
#define GRADGEN_SCHEMA_DISPATCHERAPI_H

#include "gradgen/Schema/CppAPI.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen::dispatcher {

/// The arguments in schema order (positional, keyword-only, out), each bound
/// to its own name with its SymInt C++ type (torchgen's extract_bindings).
/// std::nullopt if some type has no C++ spelling.
std::optional<std::vector<Binding>> arguments(const NativeFunction &F,
                                              const CppAPIOptions &Options);

/// The parameter list of an autograd kernel: `c10::DispatchKeySet ks, const
/// at::Tensor & self, ...` (torchgen's gen_formals).
std::optional<std::string> kernelFormals(const NativeFunction &F,
                                         const CppAPIOptions &Options);
/// kernelFormals() of the arguments() of an operator.
std::string kernelFormals(llvm::ArrayRef<Binding> Arguments);

/// The name of F's kernel for DispatchKey: `add_Tensor`, `add_Tensor_AutogradCUDA`
/// (torchgen's type_wrapper_name); the key "Default" adds nothing.
std::string kernelName(const FunctionSchema &Func,
                       llvm::StringRef DispatchKey = "Default");

/// The function of the `at::redispatch::` namespace that calls F below a
/// dispatch key: faithful out= names, `_symint` for SymInt schemas
/// (`add_outf`, `narrow_symint`).
std::string redispatchName(const FunctionSchema &Func);

} // namespace gradgen::dispatcher

#endif // GRADGEN_SCHEMA_DISPATCHERAPI_H
