// ${generated_comment}
// The in-place and view kernels of examples/basic.

#include "torch/csrc/autograd/VariableTypeUtils.h"
$ops_headers

namespace torch { namespace ADInplaceOrView {

namespace {
${inplace_or_view_method_definitions}
} // namespace

namespace {
TORCH_LIBRARY_IMPL(aten, ADInplaceOrView, m) {
  ${inplace_or_view_wrapper_registrations};
}
} // namespace

}} // namespace torch::ADInplaceOrView
