// gradgen_checks.h - Declarations that only gradgen's formula unit uses.
//
// Written against PyTorch's public C++ API only, so that it works both on
// gradgen's prelude and, in real-header mode, on the real headers.
#pragma once

#include <ATen/ATen.h>
#include <torch/csrc/autograd/generated/Functions.h>

#include <tuple>
#include <type_traits>
#include <vector>

#ifndef GRADGEN_PSEUDO
#define GRADGEN_PSEUDO __attribute__((annotate("gradgen_pseudo")))
#endif

// __gradgen_unknown stands for the result of a helper function that no
// header declares: it is a Tensor and converts to anything, so the rest of
// the formula is still checked. gradgen declares each unknown helper name as
// a copy of __gradgen_unknown_call; every argument is accepted, at the worst
// conversion rank, so that any real candidate found by ADL wins.
struct __gradgen_any {
  template <class... T> __gradgen_any(T &&...);
};
struct __gradgen_unknown : at::Tensor {
  template <class T> operator T() const;
  template <class T> __gradgen_unknown operator[](T &&) const;
  const __gradgen_unknown *begin() const;
  const __gradgen_unknown *end() const;
};
#define GRADGEN_ANY4                                                           \
  __gradgen_any = {}, __gradgen_any = {}, __gradgen_any = {}, __gradgen_any = {}
__gradgen_unknown __gradgen_unknown_call(GRADGEN_ANY4, GRADGEN_ANY4,
                                         GRADGEN_ANY4, GRADGEN_ANY4,
                                         GRADGEN_ANY4, GRADGEN_ANY4,
                                         GRADGEN_ANY4, GRADGEN_ANY4);
#undef GRADGEN_ANY4
// What gradgen declares instead where it can prove that a call means the
// same (lib/Formula/UnknownNames.h): no conversions, no default arguments.
template <class... T> __gradgen_unknown __gradgen_unknown_call_template(T &&...);
extern __gradgen_unknown __gradgen_unknown_value;
// What a name of other formulas (`self_p` in a backward formula) stands for
// after its error.
extern at::Tensor __gradgen_misplaced_tensor;
extern std::vector<at::Tensor> __gradgen_misplaced_tensors;
namespace std {
template <size_t I> __gradgen_unknown get(const __gradgen_unknown &);
} // namespace std

// The types of the tensors of a backward formula that use rule patterns no
// real Tensor has: rules replace `X.sym_blocksize()` and, on a `Tensor?`,
// `X->sym_sizes()` before code is generated. The generated code unpacks a
// `Tensor?` into a Tensor that may be undefined.
struct __gradgen_tensor_arg : at::Tensor {
  GRADGEN_PSEUDO c10::optional<c10::SymIntArrayRef> sym_blocksize() const;
};
struct __gradgen_optional_tensor : __gradgen_tensor_arg {
  const at::Tensor *operator->() const;
};

// What the generated code does with a gradient (torchgen's copy_range).
void __gradgen_copy_range(torch::autograd::variable_list &, const at::Tensor &);
void __gradgen_copy_range(torch::autograd::variable_list &,
                          at::ArrayRef<at::Tensor>);

// Rules match these pseudo-functions before code is generated; a use that no
// rule replaces is an error. (The real ones live in VariableTypeUtils.h,
// which Functions.cpp does not include.)
namespace torch::autograd::generated {
GRADGEN_PSEUDO std::vector<std::vector<int64_t>>
to_args_sizes(at::ITensorListRef);
GRADGEN_PSEUDO std::vector<std::vector<c10::SymInt>>
to_args_sizes_symint(at::ITensorListRef);
GRADGEN_PSEUDO std::vector<at::ScalarType>
to_args_scalartypes(at::ITensorListRef);
} // namespace torch::autograd::generated
