// @generated from ../tools/autograd/templates/ADInplaceOrViewType.cpp
// The in-place and view kernels of examples/basic.

#include "torch/csrc/autograd/VariableTypeUtils.h"
#include <ATen/ops/reshape_ops.h>

namespace torch { namespace ADInplaceOrView {

namespace {
at::Tensor reshape(c10::DispatchKeySet ks, const at::Tensor & self, c10::SymIntArrayRef shape) {
  auto _tmp = ([&]() {
    at::AutoDispatchBelowADInplaceOrView guard;
    return at::_ops::reshape::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, shape);
  })();
  std::unique_ptr<torch::autograd::ViewFunc> func(nullptr);
  std::function<at::Tensor(const at::Tensor&)> rev_func=nullptr;
  if (false ||
      !self.unsafeGetTensorImpl()->support_as_strided() ||
      self.unsafeGetTensorImpl()->is_python_dispatch() ||
      c10::AutogradState::get_tls_state().get_view_replay_enabled()) {
    auto shape_vec = shape.vec();
    func = std::make_unique<torch::autograd::generated::ReshapeViewFunc>(shape);
    rev_func = [=](const at::Tensor& input_view) {
      return at::functionalization::FunctionalInverses::reshape_inverse(self, input_view, at::functionalization::InverseReturnMode::AlwaysView, shape_vec);
    };
  }
  auto result = as_view(/* base */ self, /* output */ _tmp, /* is_bw_differentiable */ true, /* is_fw_differentiable */ true, /* view_func */ std::move(func), /* rev_view_func */ rev_func, /* creation_meta */ InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : (at::GradMode::is_enabled() ? CreationMeta::DEFAULT : CreationMeta::NO_GRAD_MODE));
  return result;
}
} // namespace

namespace {
TORCH_LIBRARY_IMPL(aten, ADInplaceOrView, m) {
  m.impl("reshape",
         TORCH_FN(ADInplaceOrView::reshape)
  );;
}
} // namespace

}} // namespace torch::ADInplaceOrView
