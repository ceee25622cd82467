//===- Cases.cpp - Views, in-place and out= operators of the battery ------===//
//
// Composite operators (reshape, narrow, chunk, movedim, ...) are here for the
// view and in-place kernels they reach; the Runner reports which operators
// each case dispatched and where their ADInplaceOrView kernels come from.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

using namespace battery;
using namespace ivbattery;

namespace {

using Args = const Tensors &;
using V = Values;

Input lng(std::string Name, std::vector<int64_t> Sizes) {
  return in(std::move(Name), std::move(Sizes), V::Normal, at::kLong);
}
Input boolean(std::string Name, std::vector<int64_t> Sizes) {
  return in(std::move(Name), std::move(Sizes), V::Normal, at::kBool);
}
Input cplx(std::string Name, std::vector<int64_t> Sizes) {
  return in(std::move(Name), std::move(Sizes), V::Normal, at::kComplexFloat);
}
at::Tensor indices(std::vector<int64_t> Values) {
  return at::tensor(Values, at::kLong);
}

} // namespace

at::Tensor ivbattery::drawInput(const Input &I) {
  if (I.Type == at::kBool)
    return at::randint(0, 2, I.Sizes, at::kLong).to(at::kBool);
  if (at::isIntegralType(I.Type, /*includeBool=*/false))
    return at::randint(-4, 5, I.Sizes, at::TensorOptions().dtype(I.Type));
  return draw(I);
}

std::vector<ViewCase> ivbattery::viewCases() {
  std::vector<ViewCase> L;
  auto add = [&L](std::string Name, std::vector<Input> Inputs,
                  std::function<Tensors(Args)> View) {
    L.push_back({std::move(Name), std::move(Inputs), std::move(View)});
  };
  auto x34 = [] { return std::vector<Input>{in("self", {3, 4})}; };
  add("view", x34(), [](Args A) -> Tensors { return {A[0].view({4, 3})}; });
  add("view.dtype", x34(),
      [](Args A) -> Tensors { return {A[0].view(at::kInt)}; });
  add("reshape", x34(),
      [](Args A) -> Tensors { return {A[0].reshape({2, 6})}; });
  add("_reshape_alias", x34(), [](Args A) -> Tensors {
    return {at::_reshape_alias(A[0], {6, 2}, {2, 1})};
  });
  add("flatten", {in("self", {2, 3, 2})},
      [](Args A) -> Tensors { return {A[0].flatten(1)}; });
  add("unflatten", x34(),
      [](Args A) -> Tensors { return {A[0].unflatten(1, {2, 2})}; });
  add("select.int", x34(),
      [](Args A) -> Tensors { return {A[0].select(1, 2)}; });
  add("slice.Tensor", x34(),
      [](Args A) -> Tensors { return {A[0].slice(1, 1, 4, 2)}; });
  add("narrow", x34(),
      [](Args A) -> Tensors { return {A[0].narrow(0, 1, 2)}; });
  add("transpose.int", {in("self", {2, 3, 4})},
      [](Args A) -> Tensors { return {A[0].transpose(0, 2)}; });
  add("swapaxes", x34(),
      [](Args A) -> Tensors { return {A[0].swapaxes(0, 1)}; });
  add("t", x34(), [](Args A) -> Tensors { return {A[0].t()}; });
  add("mT", {in("self", {2, 3, 4})},
      [](Args A) -> Tensors { return {A[0].mT()}; });
  add("permute", {in("self", {2, 3, 4})},
      [](Args A) -> Tensors { return {A[0].permute({2, 0, 1})}; });
  add("movedim", {in("self", {2, 3, 4})},
      [](Args A) -> Tensors { return {A[0].movedim(0, 2)}; });
  add("unsqueeze", x34(),
      [](Args A) -> Tensors { return {A[0].unsqueeze(1)}; });
  add("squeeze", {in("self", {3, 1, 4})},
      [](Args A) -> Tensors { return {A[0].squeeze()}; });
  add("squeeze.dim", {in("self", {3, 1, 4})},
      [](Args A) -> Tensors { return {A[0].squeeze(1)}; });
  add("expand", {in("self", {3, 1})},
      [](Args A) -> Tensors { return {A[0].expand({2, 3, 4})}; });
  add("expand_as", {in("self", {1, 4}), constant(in("other", {3, 4}))},
      [](Args A) -> Tensors { return {A[0].expand_as(A[1])}; });
  add("view_as", {in("self", {3, 4}), constant(in("other", {2, 6}))},
      [](Args A) -> Tensors { return {A[0].view_as(A[1])}; });
  add("diagonal", {in("self", {3, 4, 4})},
      [](Args A) -> Tensors { return {A[0].diagonal(1, 1, 2)}; });
  add("as_strided", x34(), [](Args A) -> Tensors {
    return {A[0].as_strided({2, 2}, {4, 1}, 1)};
  });
  add("unfold", {in("self", {3, 8})},
      [](Args A) -> Tensors { return {A[0].unfold(1, 3, 2)}; });
  add("alias", x34(), [](Args A) -> Tensors { return {at::alias(A[0])}; });
  add("detach", x34(), [](Args A) -> Tensors { return {A[0].detach()}; });
  add("unbind.int", x34(), [](Args A) -> Tensors { return A[0].unbind(0); });
  add("split.Tensor", {in("self", {5, 4})},
      [](Args A) -> Tensors { return A[0].split(2, 0); });
  add("split_with_sizes", {in("self", {5, 4})},
      [](Args A) -> Tensors { return A[0].split_with_sizes({1, 3}, 1); });
  add("chunk", {in("self", {6, 4})},
      [](Args A) -> Tensors { return A[0].chunk(3, 0); });
  add("tensor_split", {in("self", {5, 4})},
      [](Args A) -> Tensors { return A[0].tensor_split({1, 3}, 0); });
  add("view_as_real", {cplx("self", {3, 2})},
      [](Args A) -> Tensors { return {at::view_as_real(A[0])}; });
  add("view_as_complex", {in("self", {3, 2})},
      [](Args A) -> Tensors { return {at::view_as_complex(A[0])}; });
  add("real", {cplx("self", {3, 2})},
      [](Args A) -> Tensors { return {at::real(A[0])}; });
  add("imag", {cplx("self", {3, 2})},
      [](Args A) -> Tensors { return {at::imag(A[0])}; });
  add("_conj", {cplx("self", {3, 2})},
      [](Args A) -> Tensors { return {at::_conj(A[0])}; });
  add("_neg_view", x34(),
      [](Args A) -> Tensors { return {at::_neg_view(A[0])}; });
  return L;
}

std::vector<InplaceCase> ivbattery::inplaceCases() {
  std::vector<InplaceCase> L;
  using Fn = std::function<void(at::Tensor &, Args)>;
  auto add = [&L](std::string Name, std::vector<Input> Inputs, Fn Apply) {
    L.push_back({std::move(Name), std::move(Inputs), std::move(Apply)});
  };
  auto x34 = [] { return std::vector<Input>{in("self", {3, 4})}; };
  auto xy34 = [] {
    return std::vector<Input>{in("self", {3, 4}), in("other", {3, 4})};
  };
  add("add_.Tensor", xy34(), [](at::Tensor &S, Args O) { S.add_(O[0], 2); });
  add("add_.Scalar", x34(), [](at::Tensor &S, Args) { S.add_(1.5); });
  add("sub_.Tensor", {in("self", {3, 4}), in("other", {4})},
      [](at::Tensor &S, Args O) { S.sub_(O[0]); });
  add("mul_.Tensor", xy34(), [](at::Tensor &S, Args O) { S.mul_(O[0]); });
  add("mul_.Scalar", x34(), [](at::Tensor &S, Args) { S.mul_(3); });
  add("div_.Tensor", {in("self", {3, 4}), in("other", {3, 4}, V::Positive)},
      [](at::Tensor &S, Args O) { S.div_(O[0]); });
  add("addcmul_", {in("self", {3, 4}), in("t1", {3, 4}), in("t2", {3, 4})},
      [](at::Tensor &S, Args O) { S.addcmul_(O[0], O[1], 0.5); });
  add("addcdiv_",
      {in("self", {3, 4}), in("t1", {3, 4}), in("t2", {3, 4}, V::Positive)},
      [](at::Tensor &S, Args O) { S.addcdiv_(O[0], O[1], 2); });
  add("clamp_", x34(), [](at::Tensor &S, Args) { S.clamp_(-0.5, 0.5); });
  add("clamp_min_", x34(), [](at::Tensor &S, Args) { S.clamp_min_(0); });
  add("abs_", x34(), [](at::Tensor &S, Args) { S.abs_(); });
  add("neg_", x34(), [](at::Tensor &S, Args) { S.neg_(); });
  add("exp_", x34(), [](at::Tensor &S, Args) { S.exp_(); });
  add("sin_", x34(), [](at::Tensor &S, Args) { S.sin_(); });
  add("sqrt_", {in("self", {3, 4}, V::Positive)},
      [](at::Tensor &S, Args) { S.sqrt_(); });
  add("pow_.Scalar", x34(), [](at::Tensor &S, Args) { S.pow_(2); });
  add("relu_", x34(), [](at::Tensor &S, Args) { S.relu_(); });
  add("sigmoid_", x34(), [](at::Tensor &S, Args) { S.sigmoid_(); });
  add("tanh_", x34(), [](at::Tensor &S, Args) { S.tanh_(); });
  add("floor_", x34(), [](at::Tensor &S, Args) { S.floor_(); });
  add("sign_", x34(), [](at::Tensor &S, Args) { S.sign_(); });
  add("atan2_", xy34(), [](at::Tensor &S, Args O) { S.atan2_(O[0]); });
  add("lerp_.Scalar", xy34(),
      [](at::Tensor &S, Args O) { S.lerp_(O[0], 0.25); });
  add("fmod_.Scalar", x34(), [](at::Tensor &S, Args) { S.fmod_(0.7); });
  add("leaky_relu_", x34(),
      [](at::Tensor &S, Args) { at::leaky_relu_(S, 0.1); });
  add("hardtanh_", x34(), [](at::Tensor &S, Args) { at::hardtanh_(S); });
  add("threshold_", x34(),
      [](at::Tensor &S, Args) { at::threshold_(S, 0.1, 20); });
  add("fill_.Scalar", x34(), [](at::Tensor &S, Args) { S.fill_(2.5); });
  add("fill_.Tensor", {in("self", {3, 4}), in("value", {})},
      [](at::Tensor &S, Args O) { S.fill_(O[0]); });
  add("zero_", x34(), [](at::Tensor &S, Args) { S.zero_(); });
  add("copy_", xy34(), [](at::Tensor &S, Args O) { S.copy_(O[0]); });
  add("masked_fill_.Scalar", {in("self", {3, 4}), boolean("mask", {3, 4})},
      [](at::Tensor &S, Args O) { S.masked_fill_(O[0], -1); });
  add("index_add_", {in("self", {4, 3}), in("source", {2, 3})},
      [](at::Tensor &S, Args O) { S.index_add_(0, indices({3, 1}), O[0]); });
  add("index_fill_.int_Scalar", {in("self", {4, 3})},
      [](at::Tensor &S, Args) { S.index_fill_(1, indices({0, 2}), 7); });
  add("index_copy_", {in("self", {4, 3}), in("source", {2, 3})},
      [](at::Tensor &S, Args O) { S.index_copy_(0, indices({2, 0}), O[0]); });
  add("index_put_", {in("self", {4, 3}), in("values", {2, 3})},
      [](at::Tensor &S, Args O) {
        S.index_put_({indices({1, 3})}, O[0]);
      });
  add("scatter_.src", {in("self", {3, 4}), in("src", {2, 4})},
      [](at::Tensor &S, Args O) {
        S.scatter_(0, at::tensor({0, 1, 2, 0, 1, 2, 0, 1}, at::kLong)
                          .view({2, 4}),
                   O[0]);
      });
  add("scatter_add_", {in("self", {3, 4}), in("src", {2, 4})},
      [](at::Tensor &S, Args O) {
        S.scatter_add_(
            0, at::tensor({0, 0, 2, 1, 1, 2, 0, 2}, at::kLong).view({2, 4}),
            O[0]);
      });
  add("put_", {in("self", {3, 4}), in("source", {3})},
      [](at::Tensor &S, Args O) { S.put_(indices({0, 5, 11}), O[0]); });
  add("addmm_", {in("self", {3, 4}), in("m1", {3, 2}), in("m2", {2, 4})},
      [](at::Tensor &S, Args O) { S.addmm_(O[0], O[1]); });
  add("cumsum_", x34(), [](at::Tensor &S, Args) { S.cumsum_(1); });
  add("uniform_", x34(), [](at::Tensor &S, Args) { S.uniform_(-1, 1); });
  add("normal_", x34(), [](at::Tensor &S, Args) { S.normal_(0, 2); });
  add("bernoulli_.float", x34(),
      [](at::Tensor &S, Args) { S.bernoulli_(0.3); });
  add("logical_not_", {boolean("self", {3, 4})},
      [](at::Tensor &S, Args) { S.logical_not_(); });
  add("bitwise_and_.Tensor", {lng("self", {3, 4}), lng("other", {3, 4})},
      [](at::Tensor &S, Args O) { S.bitwise_and_(O[0]); });
  // In-place operators that change the geometry, not the values.
  add("t_", x34(), [](at::Tensor &S, Args) { S.t_(); });
  add("transpose_", {in("self", {2, 3, 4})},
      [](at::Tensor &S, Args) { S.transpose_(0, 2); });
  add("unsqueeze_", x34(), [](at::Tensor &S, Args) { S.unsqueeze_(0); });
  add("squeeze_.dim", {in("self", {3, 1, 4})},
      [](at::Tensor &S, Args) { S.squeeze_(1); });
  add("as_strided_", x34(),
      [](at::Tensor &S, Args) { S.as_strided_({2, 3}, {1, 2}, 1); });
  return L;
}

std::vector<OutCase> ivbattery::outCases() {
  std::vector<OutCase> L;
  using Fn = std::function<void(Args, Tensors &)>;
  auto add = [&L](std::string Name, std::vector<Input> Inputs,
                  std::vector<at::ScalarType> Outs, Fn Apply) {
    L.push_back(
        {std::move(Name), std::move(Inputs), std::move(Outs), std::move(Apply)});
  };
  const std::vector<at::ScalarType> F = {at::kFloat};
  const std::vector<at::ScalarType> FL = {at::kFloat, at::kLong};
  auto x34 = [] { return std::vector<Input>{in("self", {3, 4})}; };
  auto xy34 = [] {
    return std::vector<Input>{in("self", {3, 4}), in("other", {3, 4})};
  };
  add("add.out", xy34(), F,
      [](Args A, Tensors &O) { at::add_out(O[0], A[0], A[1], 2); });
  add("mul.out", xy34(), F,
      [](Args A, Tensors &O) { at::mul_out(O[0], A[0], A[1]); });
  add("sin.out", x34(), F, [](Args A, Tensors &O) { at::sin_out(O[0], A[0]); });
  add("exp.out", x34(), F, [](Args A, Tensors &O) { at::exp_out(O[0], A[0]); });
  add("abs.out", x34(), F, [](Args A, Tensors &O) { at::abs_out(O[0], A[0]); });
  add("clamp.out", x34(), F,
      [](Args A, Tensors &O) { at::clamp_out(O[0], A[0], -0.5, 0.5); });
  add("pow.Tensor_Scalar_out", x34(), F,
      [](Args A, Tensors &O) { at::pow_out(O[0], A[0], 3); });
  add("sum.IntList_out", x34(), F,
      [](Args A, Tensors &O) { at::sum_out(O[0], A[0], {1}); });
  add("mean.out", x34(), F,
      [](Args A, Tensors &O) { at::mean_out(O[0], A[0], {0}, true); });
  add("cumsum.out", x34(), F,
      [](Args A, Tensors &O) { at::cumsum_out(O[0], A[0], 0); });
  add("mm.out", {in("self", {3, 2}), in("mat2", {2, 4})}, F,
      [](Args A, Tensors &O) { at::mm_out(O[0], A[0], A[1]); });
  add("bmm.out", {in("self", {2, 3, 2}), in("mat2", {2, 2, 4})}, F,
      [](Args A, Tensors &O) { at::bmm_out(O[0], A[0], A[1]); });
  add("addmm.out", {in("self", {3, 4}), in("m1", {3, 2}), in("m2", {2, 4})},
      F, [](Args A, Tensors &O) { at::addmm_out(O[0], A[0], A[1], A[2]); });
  add("matmul.out", {in("self", {2, 3, 2}), in("other", {2, 4})}, F,
      [](Args A, Tensors &O) { at::matmul_out(O[0], A[0], A[1]); });
  add("cat.out", xy34(), F,
      [](Args A, Tensors &O) { at::cat_out(O[0], {A[0], A[1]}, 1); });
  add("stack.out", xy34(), F,
      [](Args A, Tensors &O) { at::stack_out(O[0], {A[0], A[1]}, 0); });
  add("index_select.out", x34(), F, [](Args A, Tensors &O) {
    at::index_select_out(O[0], A[0], 1, indices({3, 0, 3}));
  });
  add("gather.out", x34(), F, [](Args A, Tensors &O) {
    at::gather_out(O[0], A[0], 1, indices({0, 3, 1, 1, 2, 0}).view({3, 2}));
  });
  add("where.self_out",
      {boolean("condition", {3, 4}), in("self", {3, 4}), in("other", {3, 4})},
      F, [](Args A, Tensors &O) { at::where_out(O[0], A[0], A[1], A[2]); });
  add("linalg_vector_norm.out", x34(), F, [](Args A, Tensors &O) {
    at::linalg_vector_norm_out(O[0], A[0], 3, at::IntArrayRef{1});
  });
  add("std.correction_out", x34(), F, [](Args A, Tensors &O) {
    at::std_out(O[0], A[0], at::IntArrayRef{1}, /*correction=*/1, false);
  });
  add("max.dim_max", x34(), FL,
      [](Args A, Tensors &O) { at::max_out(O[0], O[1], A[0], 1); });
  add("min.dim_min", x34(), FL,
      [](Args A, Tensors &O) { at::min_out(O[0], O[1], A[0], 0, true); });
  add("sort.values", x34(), FL,
      [](Args A, Tensors &O) { at::sort_out(O[0], O[1], A[0], 1); });
  add("topk.values", x34(), FL,
      [](Args A, Tensors &O) { at::topk_out(O[0], O[1], A[0], 2); });
  add("kthvalue.values", x34(), FL,
      [](Args A, Tensors &O) { at::kthvalue_out(O[0], O[1], A[0], 2, 1); });
  add("cummax.out", x34(), FL,
      [](Args A, Tensors &O) { at::cummax_out(O[0], O[1], A[0], 1); });
  add("aminmax.out", x34(), {at::kFloat, at::kFloat},
      [](Args A, Tensors &O) { at::aminmax_out(O[0], O[1], A[0], 1); });
  add("frexp.Tensor_out", x34(), {at::kFloat, at::kInt},
      [](Args A, Tensors &O) { at::frexp_out(O[0], O[1], A[0]); });
  add("zeros.out", {}, F,
      [](Args, Tensors &O) { at::zeros_out(O[0], {2, 3}); });
  add("arange.out", {}, F, [](Args, Tensors &O) { at::arange_out(O[0], 5); });
  return L;
}
