// Two kernels in the shape of a generated shard (mutate-variable-type.test).
at::Tensor mul_Tensor(c10::DispatchKeySet ks, const at::Tensor & self, const at::Tensor & other) {
  if (_any_requires_grad) {
    if (grad_fn->should_compute_output(1)) {
      grad_fn->self_ = SavedVariable(self, false);
    }
    if (grad_fn->should_compute_output(0)) {
      grad_fn->other_ = SavedVariable(other, false);
    }
  }
  if (_any_has_forward_grad_result && (result.defined())) {
      result_new_fw_grad_opt = other_t * self_p + self_t * other_p;
  }
  return result;
}
at::Tensor sin(c10::DispatchKeySet ks, const at::Tensor & self) {
  if (_any_has_forward_grad_result && (result.defined())) {
      result_new_fw_grad_opt = self_t * self_p.cos();
  }
  return result;
}
