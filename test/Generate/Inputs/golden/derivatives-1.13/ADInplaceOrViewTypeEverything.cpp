// @generated from ../tools/autograd/templates/ADInplaceOrViewType.cpp
// The in-place and view kernels of examples/basic.

#include "torch/csrc/autograd/VariableTypeUtils.h"
#include <ATen/ops/reshape_ops.h>
#include <ATen/ops/view_ops.h>

namespace torch { namespace ADInplaceOrView {

namespace {
at::Tensor reshape(c10::DispatchKeySet ks, const at::Tensor & self, c10::SymIntArrayRef shape) {
  auto _tmp = ([&]() {
    at::AutoDispatchBelowADInplaceOrView guard;
    return at::_ops::reshape::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, shape);
  })();
  std::function<at::Tensor(const at::Tensor&)> func=nullptr;
  if (false || !self.unsafeGetTensorImpl()->support_as_strided()) {
    auto shape_vec = shape.vec();
    func = [=](const at::Tensor& input_base) {
      return at::_ops::reshape::call(input_base, shape_vec);
    };
  }
  auto result = as_view(/* base */ self, /* output */ _tmp, /* is_bw_differentiable */ true, /* is_fw_differentiable */ true, /* view_func */ func, /* creation_meta */ InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : (at::GradMode::is_enabled() ? CreationMeta::DEFAULT : CreationMeta::NO_GRAD_MODE));
  return result;
}
at::Tensor view(c10::DispatchKeySet ks, const at::Tensor & self, c10::SymIntArrayRef size) {
  auto _tmp = ([&]() {
    at::AutoDispatchBelowADInplaceOrView guard;
    return at::_ops::view::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, size);
  })();
  std::function<at::Tensor(const at::Tensor&)> func=nullptr;
  if (false || !self.unsafeGetTensorImpl()->support_as_strided()) {
    auto size_vec = size.vec();
    func = [=](const at::Tensor& input_base) {
      return at::_ops::view::call(input_base, size_vec);
    };
  }
  auto result = as_view(/* base */ self, /* output */ _tmp, /* is_bw_differentiable */ true, /* is_fw_differentiable */ true, /* view_func */ func, /* creation_meta */ InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : (at::GradMode::is_enabled() ? CreationMeta::DEFAULT : CreationMeta::NO_GRAD_MODE));
  return result;
}
} // namespace

namespace {
TORCH_LIBRARY_IMPL(aten, ADInplaceOrView, m) {
  m.impl("reshape",
         TORCH_FN(ADInplaceOrView::reshape)
  );
  m.impl("view",
         TORCH_FN(ADInplaceOrView::view)
  );;
}
} // namespace

}} // namespace torch::ADInplaceOrView
