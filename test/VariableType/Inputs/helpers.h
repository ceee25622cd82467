// The helper functions the formulas of derivatives.yaml call, declared as
// PyTorch's FunctionsManual.h declares them.
#pragma once

namespace torch::autograd::generated::details {

using at::Tensor;

Tensor mul_tensor_backward(const Tensor &grad, const Tensor &other,
                           at::ScalarType self_st);
Tensor value_selecting_reduction_backward_symint(const Tensor &grad,
                                                 int64_t dim,
                                                 const Tensor &indices,
                                                 c10::SymIntArrayRef sizes,
                                                 bool keepdim);
Tensor gather_with_keepdimed_indices(const Tensor &input, int64_t dim,
                                     const Tensor &indices, bool keepdim);
std::vector<Tensor> cat_list_backward(const Tensor &grad,
                                      at::TensorList tensors, int64_t dim);
Tensor cat_jvp(at::TensorList tensors, int64_t dim);
Tensor not_implemented(const char *name, const char *reason = "");

} // namespace torch::autograd::generated::details
