// ${generated_comment}
// The tracing kernels of examples/basic.

#include <torch/csrc/jit/frontend/tracer.h>
$ops_headers

namespace torch { namespace TraceType {

namespace {
${trace_method_definitions}
} // namespace

namespace {
TORCH_LIBRARY_IMPL(aten, Tracer, m) {
  ${trace_wrapper_registrations};
}
} // namespace

}} // namespace torch::TraceType
