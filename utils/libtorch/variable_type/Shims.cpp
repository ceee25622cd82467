//===- Shims.cpp - What the kernels call that libtorch does not export ----===//
//
// libtorch_cpu.so defines these but does not export them:
// torch::autograd::VariableType::unpack/unpack_opt are declared without
// TORCH_API in VariableType.h (their definitions live in PyTorch's
// VariableTypeManual.cpp), and the `#ifndef NDEBUG` checks of the kernels
// call at::impl::tensor_has_dispatch / tensorlist_has_dispatch. These are
// behaviourally the same: unpack rejects an undefined tensor with libtorch's
// message and otherwise passes the tensor through.
//
//===----------------------------------------------------------------------===//

#include <ATen/core/TorchDispatchUtils.h>
#include <c10/util/irange.h>
#include <torch/csrc/autograd/generated/VariableType.h>

namespace torch {
namespace autograd {
namespace VariableType {

namespace {
template <typename T> T &checked(T &Value, const char *Name, int Position) {
  if (!Value.defined())
    AT_ERROR("Expected a proper Tensor but got None (or an undefined Tensor "
             "in C++) for argument #",
             Position, " '", Name, "'");
  return Value;
}
} // namespace

at::Tensor &unpack(Tensor &T, const char *Name, int Position) {
  return checked(T, Name, Position);
}

const at::Tensor &unpack(const Tensor &T, const char *Name, int Position) {
  return checked(T, Name, Position);
}

at::Tensor unpack_opt(const Tensor &T, const char *Name, int Position) {
  if (!T.defined())
    return Tensor();
  return unpack(T, Name, Position);
}

std::vector<at::Tensor> unpack(at::ITensorListRef List, const char *Name,
                               int Position) {
  std::vector<at::Tensor> Result;
  Result.reserve(List.size());
  for (const auto &T : List)
    Result.push_back(T);
  return Result;
}

} // namespace VariableType
} // namespace autograd
} // namespace torch

namespace at {
namespace impl {

bool tensor_has_dispatch(const at::Tensor &T) {
  return T.key_set().has_any(c10::DispatchKeySet(
      {c10::DispatchKey::Python, c10::DispatchKey::PythonTLSSnapshot}));
}

bool tensorlist_has_dispatch(at::ITensorListRef List) {
  for (const auto &T : List)
    if (tensor_has_dispatch(T))
      return true;
  return false;
}

bool tensorlist_has_dispatch(const c10::List<c10::optional<at::Tensor>> &List) {
  for (auto I : c10::irange(List.size())) {
    auto T = List.get(I);
    if (T && tensor_has_dispatch(*T))
      return true;
  }
  return false;
}

} // namespace impl
} // namespace at
