// gradgen_checks.h - Declarations that only gradgen's formula unit uses.
//
// __gradgen_unknown stands for the result of a helper function that no
// header declares: it is a Tensor and converts to anything, so the rest of
// the formula is still checked. gradgen declares each unknown helper name as
// a copy of __gradgen_unknown_call; every argument is accepted, at the worst
// conversion rank, so that any real candidate found by ADL wins.
#pragma once

#include <gradgen_prelude.h>

struct __gradgen_any {
  template <class... T> __gradgen_any(T &&...);
};
struct __gradgen_unknown : at::Tensor {
  template <class T> operator T() const;
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

// A `Tensor?` argument as a backward formula sees it: the generated code
// unpacks it into a Tensor that may be undefined, but `X->sym_sizes()` is a
// rule pattern on the optional.
struct __gradgen_optional_tensor : at::Tensor {
  const at::Tensor *operator->() const;
  bool has_value() const;
  const at::Tensor &value() const;
};
extern __gradgen_unknown __gradgen_unknown_value;
namespace std {
template <size_t I> __gradgen_unknown get(const __gradgen_unknown &);
} // namespace std

// How many gradients a formula gives: -1 for a non-tuple, -2 for unknown.
template <class T> struct __gradgen_arity { static constexpr int value = -1; };
template <class... T> struct __gradgen_arity<std::tuple<T...>> {
  static constexpr int value = sizeof...(T);
};
template <> struct __gradgen_arity<__gradgen_unknown> {
  static constexpr int value = -2;
};
template <class T>
constexpr int __gradgen_arity_v = __gradgen_arity<std::remove_cvref_t<T>>::value;

// Rules match these pseudo-functions before code is generated; a use that no
// rule replaces is an error.
namespace torch::autograd::generated {
GRADGEN_PSEUDO std::vector<std::vector<int64_t>> to_args_sizes(at::ITensorListRef);
GRADGEN_PSEUDO std::vector<std::vector<c10::SymInt>> to_args_sizes_symint(at::ITensorListRef);
GRADGEN_PSEUDO std::vector<at::ScalarType> to_args_scalartypes(at::ITensorListRef);
} // namespace torch::autograd::generated
