// @generated from ../tools/autograd/templates/ViewFuncs.cpp

#include <torch/csrc/autograd/generated/ViewFuncs.h>

namespace torch::autograd::generated {

std::vector<c10::SymInt> ReshapeViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  symints.reserve(shape.size());
  symints.insert(symints.end(), shape.begin(), shape.end());
  return symints;
}

size_t ReshapeViewFunc::num_symints() const {
  return static_cast<size_t>(shape.size());
}

void ReshapeViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());
  auto i = 0;
  std::copy(symints.begin() + i, symints.begin() + i + shape.size(), shape.begin());
}

std::vector<at::Tensor> ReshapeViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t ReshapeViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void ReshapeViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor ReshapeViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::reshape::call(input_base, shape);
}

std::unique_ptr<ViewFunc> ReshapeViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<ReshapeViewFunc>(shape);
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
