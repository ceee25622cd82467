// Helpers declared only under the macro and the standard that the project's
// settings give.
#pragma once
#include <ATen/ATen.h>
namespace torch::autograd::generated::details {
#ifdef GRADGEN_PARITY_HELPER
at::Tensor guarded_backward(const at::Tensor &grad, const at::Tensor &self);
#endif
#if __cplusplus < 202002L
at::Tensor before_cxx20_backward(const at::Tensor &grad);
#endif
} // namespace torch::autograd::generated::details
