// Helper functions the example's formulas call, declared as PyTorch's
// torch/csrc/autograd/FunctionsManual.h declares them. Give this file to
// `gradgen check --helpers` so that their calls are type-checked too.
#pragma once

#include <ATen/ATen.h>

namespace torch::autograd::generated::details {

using at::Scalar;
using at::ScalarType;
using at::Tensor;

Tensor apply_loss_reduction(const Tensor &unreduced, int64_t reduction);
Tensor handle_r_to_c(ScalarType self_st, Tensor gradient_result);
Tensor handle_r_to_c(const Tensor &self, Tensor gradient_result);
Tensor maybe_multiply(const Tensor &t, const Scalar &s);
Tensor mul_tensor_backward(Tensor grad, Tensor other, ScalarType self_st);
Tensor mm_mat1_backward(const Tensor &grad, const Tensor &mat2,
                        at::SymIntArrayRef mat1_sizes,
                        at::SymIntArrayRef mat1_strides, c10::Layout mat1_layout,
                        const Scalar &alpha);
Tensor mm_mat2_backward(const Tensor &grad, const Tensor &mat1,
                        at::SymIntArrayRef sizes, at::SymIntArrayRef strides,
                        c10::Layout layout, const Scalar &alpha);
Tensor gather_with_keepdimed_indices(const Tensor &input, int64_t dim,
                                     const Tensor &indices, bool keepdim);

} // namespace torch::autograd::generated::details
