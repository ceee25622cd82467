// @generated from ../tools/autograd/templates/TraceType.cpp
// The tracing kernels of examples/basic.

#include <torch/csrc/jit/frontend/tracer.h>


namespace torch { namespace TraceType {

namespace {

} // namespace

namespace {
TORCH_LIBRARY_IMPL(aten, Tracer, m) {
;
}
} // namespace

}} // namespace torch::TraceType
