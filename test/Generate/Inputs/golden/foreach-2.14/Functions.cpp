// @generated from ../tools/autograd/templates/Functions.cpp
// What each Node of examples/basic computes in backward.

#include "torch/csrc/autograd/generated/Functions.h"
#include "helpers.h"

namespace torch { namespace autograd { namespace generated {

static variable_list SinBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, Tensor& self)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (grad * self.cos()) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list SinBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto self = packed_args.unpack<Tensor>();
  return SinBackward0_apply_functional(variable_list(grads), needs_input_grad, self);
#endif
}

variable_list SinBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);

  auto self = self_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return SinBackward0_apply_functional(std::move(grads), needs_input_grad, self);
}

void SinBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(self_, false);
}
variable_list SinBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(self_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), SinBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;

  auto self = self_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(self);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(self_);
  return output_result;
#endif
}

static variable_list ForeachMulBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,2> needs_input_grad, size_t self_size_, size_t other_size_, std::vector<Tensor>& other, std::vector<Tensor>& self, std::vector<Tensor>& result)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto other_ix = gen.range(other_size_);
  variable_list grad_inputs(gen.size());
  if (needs_input_grad[/*other*/1]) {  // other
    std::vector<Tensor> grad_result;
    grad_result.reserve(grads.size());
    for (const auto & i : c10::irange(grads.size())) {
      if (grads[i].defined()) {
        grad_result.emplace_back(mul_tensor_backward(grads[i], self[i], other[i].scalar_type()) * result[i]);
      } else {
        grad_result.emplace_back(Tensor());
      }
    }
    copy_range(grad_inputs, other_ix, grad_result);
  }
  if (needs_input_grad[/*self*/0]) {  // self
    std::vector<Tensor> grad_result;
    grad_result.reserve(grads.size());
    for (const auto & i : c10::irange(grads.size())) {
      if (grads[i].defined()) {
        grad_result.emplace_back(mul_tensor_backward(grads[i], other[i], self[i].scalar_type()));
      } else {
        grad_result.emplace_back(Tensor());
      }
    }
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list ForeachMulBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 2>>();
  auto self_size_ = packed_args.unpack<size_t>();
  auto other_size_ = packed_args.unpack<size_t>();
  auto other = packed_args.unpack<std::vector<Tensor>>();
  auto self = packed_args.unpack<std::vector<Tensor>>();
  auto result = packed_args.unpack<std::vector<Tensor>>();
  return ForeachMulBackward0_apply_functional(variable_list(grads), needs_input_grad, self_size_, other_size_, other, self, result);
#endif
}

variable_list ForeachMulBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);
  TORCH_CHECK(!other_released_, ERR_BACKWARD_TWICE);
  TORCH_CHECK(!self_released_, ERR_BACKWARD_TWICE);
  TORCH_CHECK(!result_released_, ERR_BACKWARD_TWICE);
  auto other = unpack_list(other_, nullptr);
  auto self = unpack_list(self_, nullptr);
  auto result = unpack_list(result_, getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto other_ix = gen.range(other_size_);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  return ForeachMulBackward0_apply_functional(std::move(grads), needs_input_grad, self_size_, other_size_, other, self, result);
}

void ForeachMulBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(other_, false);
    args.collect(self_, false);
    args.collect(result_, true);
}
variable_list ForeachMulBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(other_);
  saved.before(self_);
  saved.before(result_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 2>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<size_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<size_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), ForeachMulBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  TORCH_CHECK(!other_released_, ERR_BACKWARD_TWICE);
  TORCH_CHECK(!self_released_, ERR_BACKWARD_TWICE);
  TORCH_CHECK(!result_released_, ERR_BACKWARD_TWICE);
  auto other = unpack_list(other_, nullptr);
  auto self = unpack_list(self_, nullptr);
  auto result = unpack_list(result_, getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto other_ix = gen.range(other_size_);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(self_size_);
  packed_args.pack(other_size_);
  packed_args.pack(other);
  packed_args.pack(self);
  packed_args.pack(result);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(other_);
  saved.after(self_);
  saved.after(result_);
  return output_result;
#endif
}

static variable_list ForeachPowBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, size_t self_size_, std::vector<at::Scalar>& exponent, std::vector<Tensor>& self)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  variable_list grad_inputs(gen.size());
  if (needs_input_grad[/*self*/0]) {  // self
    std::vector<Tensor> grad_result;
    grad_result.reserve(grads.size());
    for (const auto & i : c10::irange(grads.size())) {
      if (grads[i].defined()) {
        grad_result.emplace_back(pow_backward(grads[i], self[i], exponent[i]));
      } else {
        grad_result.emplace_back(Tensor());
      }
    }
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list ForeachPowBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto self_size_ = packed_args.unpack<size_t>();
  auto exponent = packed_args.unpack<std::vector<at::Scalar>>();
  auto self = packed_args.unpack<std::vector<Tensor>>();
  return ForeachPowBackward0_apply_functional(variable_list(grads), needs_input_grad, self_size_, exponent, self);
#endif
}

variable_list ForeachPowBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);
  TORCH_CHECK(!self_released_, ERR_BACKWARD_TWICE);
  auto self = unpack_list(self_, nullptr);
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return ForeachPowBackward0_apply_functional(std::move(grads), needs_input_grad, self_size_, exponent, self);
}

void ForeachPowBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(exponent);
    args.collect(self_, false);
}
variable_list ForeachPowBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(exponent);
  saved.before(self_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<size_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<at::Scalar>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), ForeachPowBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  TORCH_CHECK(!self_released_, ERR_BACKWARD_TWICE);
  auto self = unpack_list(self_, nullptr);
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(self_size_);
  packed_args.pack(exponent);
  packed_args.pack(self);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(exponent);
  saved.after(self_);
  return output_result;
#endif
}

static variable_list ForeachSinBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, size_t self_size_, std::vector<Tensor>& self)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  variable_list grad_inputs(gen.size());
  if (needs_input_grad[/*self*/0]) {  // self
    std::vector<Tensor> grad_result;
    grad_result.reserve(grads.size());
    for (const auto & i : c10::irange(grads.size())) {
      if (grads[i].defined()) {
        grad_result.emplace_back(grads[i] * self[i].cos());
      } else {
        grad_result.emplace_back(Tensor());
      }
    }
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list ForeachSinBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto self_size_ = packed_args.unpack<size_t>();
  auto self = packed_args.unpack<std::vector<Tensor>>();
  return ForeachSinBackward0_apply_functional(variable_list(grads), needs_input_grad, self_size_, self);
#endif
}

variable_list ForeachSinBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);
  TORCH_CHECK(!self_released_, ERR_BACKWARD_TWICE);
  auto self = unpack_list(self_, nullptr);
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return ForeachSinBackward0_apply_functional(std::move(grads), needs_input_grad, self_size_, self);
}

void ForeachSinBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(self_, false);
}
variable_list ForeachSinBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(self_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<size_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), ForeachSinBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  TORCH_CHECK(!self_released_, ERR_BACKWARD_TWICE);
  auto self = unpack_list(self_, nullptr);
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(self_size_);
  packed_args.pack(self);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(self_);
  return output_result;
#endif
}

}}} // namespace torch::autograd::generated
