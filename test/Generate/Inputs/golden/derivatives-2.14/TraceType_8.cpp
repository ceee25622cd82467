// @generated from ../tools/autograd/templates/TraceType.cpp
// The tracing kernels of examples/basic.

#include <torch/csrc/jit/frontend/tracer.h>
#include <ATen/ops/reshape_ops.h>

namespace torch { namespace TraceType {

namespace {
at::Tensor reshape(c10::DispatchKeySet ks, const at::Tensor & self, c10::SymIntArrayRef shape) {
  torch::jit::Node* node = nullptr;
  std::shared_ptr<jit::tracer::TracingState> tracer_state;
  if (jit::tracer::isTracing()) {
    tracer_state = jit::tracer::getTracingState();
    at::Symbol op_name;
    op_name = c10::Symbol::fromQualString("aten::reshape");
    node = tracer_state->createNode(op_name, /*num_outputs=*/0);
    jit::tracer::recordSourceLocation(node);
    jit::tracer::addInputs(node, "self", self);
    jit::tracer::addInputs(node, "shape", shape);
    tracer_state->insertNode(node);

    jit::tracer::setTracingState(nullptr);
  }
  auto result =at::_ops::reshape::redispatch(ks & c10::DispatchKeySet(c10::DispatchKeySet::FULL_AFTER, c10::DispatchKey::Tracer), self, shape);
  if (tracer_state) {
    jit::tracer::setTracingState(std::move(tracer_state));
    jit::tracer::addOutput(node, result);
  }
  return result;
}
} // namespace

namespace {
TORCH_LIBRARY_IMPL(aten, Tracer, m) {
  m.impl("reshape",
         TORCH_FN(TraceType::reshape)
  );;
}
} // namespace

}} // namespace torch::TraceType
