#include <torch/csrc/autograd/generated/ViewFuncs.h>

// @generated from ../tools/autograd/templates/ViewFuncs.cpp

using at::Tensor;
using at::Scalar;
using at::IntArrayRef;
using at::TensorList;

namespace torch::autograd::generated {

std::vector<c10::SymInt> _IndicesViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  return symints;
}

size_t _IndicesViewFunc::num_symints() const {
  return static_cast<size_t>(0);
}

void _IndicesViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());

}

std::vector<at::Tensor> _IndicesViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t _IndicesViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void _IndicesViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor _IndicesViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::_indices::call(input_base);
}

std::unique_ptr<ViewFunc> _IndicesViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<_IndicesViewFunc>();
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

std::vector<c10::SymInt> SelectIntViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  symints.reserve(1);
  symints.push_back(index);
  return symints;
}

size_t SelectIntViewFunc::num_symints() const {
  return static_cast<size_t>(1);
}

void SelectIntViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());
  auto i = 0;
  index = symints[i];
}

std::vector<at::Tensor> SelectIntViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t SelectIntViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void SelectIntViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor SelectIntViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::select_int::call(input_base, dim, index);
}

std::unique_ptr<ViewFunc> SelectIntViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<SelectIntViewFunc>(dim, index);
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

std::vector<c10::SymInt> UnbindIntViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  return symints;
}

size_t UnbindIntViewFunc::num_symints() const {
  return static_cast<size_t>(0);
}

void UnbindIntViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());

}

std::vector<at::Tensor> UnbindIntViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t UnbindIntViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void UnbindIntViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor UnbindIntViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::unbind_int::call(input_base, dim)[view_idx];
}

std::unique_ptr<ViewFunc> UnbindIntViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<UnbindIntViewFunc>(dim, view_idx);
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

std::vector<c10::SymInt> ViewViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  symints.reserve(size.size());
  symints.insert(symints.end(), size.begin(), size.end());
  return symints;
}

size_t ViewViewFunc::num_symints() const {
  return static_cast<size_t>(size.size());
}

void ViewViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());
  auto i = 0;
  std::copy(symints.begin() + i, symints.begin() + i + size.size(), size.begin());
}

std::vector<at::Tensor> ViewViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t ViewViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void ViewViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor ViewViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::view::call(input_base, size);
}

std::unique_ptr<ViewFunc> ViewViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<ViewViewFunc>(size);
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

} // namespace torch::autograd::generated
