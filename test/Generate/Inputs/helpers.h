// The helper functions the formulas of derivatives.yaml and foreach.yaml
// call, declared as PyTorch's FunctionsManual.h declares its own.
#pragma once

namespace torch::autograd::generated::details {

using at::Tensor;

Tensor mul_tensor_backward(const Tensor &grad, const Tensor &other,
                           at::ScalarType self_st);
Tensor maybe_multiply(const Tensor &t, const at::Scalar &s);
std::vector<Tensor> cat_backward(const Tensor &grad, at::TensorList tensors,
                                 int64_t dim);
Tensor index_backward(c10::SymIntArrayRef sizes,
                      const c10::List<std::optional<Tensor>> &indices,
                      const Tensor &grad);
Tensor sum_backward(const Tensor &grad, c10::SymIntArrayRef sizes,
                    at::OptionalIntArrayRef dims, bool keepdim);
Tensor upsample_linear1d_backward(const Tensor &grad,
                                  c10::SymIntArrayRef output_size,
                                  c10::SymIntArrayRef input_size,
                                  bool align_corners,
                                  std::optional<double> scales);
Tensor interpolate_backward(const Tensor &grad,
                            at::OptionalSymIntArrayRef output_size,
                            std::optional<at::ArrayRef<double>> scale_factors);
Tensor div_self_backward(const Tensor &grad, const Tensor &other,
                         std::optional<c10::string_view> rounding_mode);
Tensor div_other_backward(const Tensor &grad, const Tensor &self,
                          const Tensor &other,
                          std::optional<c10::string_view> rounding_mode);
Tensor reduce_backward(const Tensor &grad, const Tensor &self,
                       c10::string_view reduction);
Tensor roll_backward(const Tensor &grad, c10::SymInt shift,
                     std::optional<int64_t> dims,
                     std::optional<c10::SymInt> limit);
Tensor clamp_backward(const Tensor &grad, const Tensor &self,
                      const std::optional<at::Scalar> &min,
                      const std::optional<at::Scalar> &max);
Tensor scale_backward(const Tensor &grad, double factor,
                      std::optional<double> bias, int64_t steps, bool exact,
                      at::Layout layout);
Tensor value_selecting_reduction_backward(const Tensor &grad, int64_t dim,
                                          const Tensor &indices,
                                          c10::SymIntArrayRef sizes,
                                          bool keepdim);
Tensor svd_triple_backward(const Tensor &grad_V, const Tensor &grad_U,
                         const Tensor &U, const Tensor &S, const Tensor &V);
std::tuple<Tensor, Tensor, Tensor>
layer_norm_triple_backward(const Tensor &grad, const Tensor &input,
                         c10::SymIntArrayRef normalized_shape,
                         const Tensor &mean, const Tensor &rstd,
                         const std::optional<Tensor> &weight,
                         const std::optional<Tensor> &bias, double eps,
                         std::array<bool, 3> grad_input_mask);
std::tuple<Tensor, Tensor> bilinear_pair_backward(const Tensor &grad,
                                                  const Tensor &self,
                                                  const Tensor &other);
Tensor stateful_backward(const Tensor &grad, const Tensor &self,
                         bool retain_variables);
Tensor not_implemented(const char *name, const char *reason = "");
Tensor pow_backward(Tensor grad, const Tensor &self, const at::Scalar &exponent);

} // namespace torch::autograd::generated::details
