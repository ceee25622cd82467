//===- Cases.cpp - The operators of the autograd battery ------------------===//
//
// Each case names the operator (overload) it differentiates. Inputs are drawn
// from a generator seeded by the case name, so cases are independent of each
// other and of their order. Shapes are small: the battery checks formulas,
// not kernels.
//
//===----------------------------------------------------------------------===//

#include "Battery.h"

#include <tuple>
#include <utility>

using namespace battery;

namespace {

using Args = const Tensors &;

/// The outputs of a multi-output operator, in order.
template <typename... Ts> Tensors all(const std::tuple<Ts...> &Outputs) {
  return std::apply([](const auto &...Each) { return Tensors{Each...}; },
                    Outputs);
}

at::Tensor indices(std::vector<int64_t> Values) {
  return at::tensor(Values, at::kLong);
}

/// A symmetric matrix with well separated eigenvalues.
at::Tensor symmetric(const at::Tensor &A) { return A + A.transpose(-2, -1); }

struct CaseList {
  std::vector<Case> Cases;

  void add(std::string Name, std::vector<Input> Inputs,
           std::function<Tensors(Args)> Forward, bool DoubleBackward = false) {
    Cases.push_back({std::move(Name), std::move(Inputs), std::move(Forward),
                     DoubleBackward});
  }
  void twice(std::string Name, std::vector<Input> Inputs,
             std::function<Tensors(Args)> Forward) {
    add(std::move(Name), std::move(Inputs), std::move(Forward), true);
  }
};

void addElementwise(CaseList &L) {
  using V = Values;
  L.twice("abs", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::abs(A[0])}; });
  L.add("neg", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::neg(A[0])}; });
  L.twice("exp", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::exp(A[0])}; });
  L.twice("log", {dbl("self", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {at::log(A[0])}; });
  L.add("log1p", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::log1p(A[0])}; });
  L.add("expm1", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::expm1(A[0])}; });
  L.twice("sqrt", {dbl("self", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {at::sqrt(A[0])}; });
  L.add("rsqrt", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::rsqrt(A[0])}; });
  L.twice("sin", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::sin(A[0])}; });
  L.add("cos", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::cos(A[0])}; });
  L.add("tan", {in("self", {3, 4}, V::Unit)},
        [](Args A) -> Tensors { return {at::tan(A[0])}; });
  L.twice("tanh", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::tanh(A[0])}; });
  L.twice("sigmoid", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::sigmoid(A[0])}; });
  L.add("asin", {in("self", {3, 4}, V::Unit)},
        [](Args A) -> Tensors { return {at::asin(A[0])}; });
  L.add("acos", {in("self", {3, 4}, V::Unit)},
        [](Args A) -> Tensors { return {at::acos(A[0])}; });
  L.add("atan", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::atan(A[0])}; });
  L.add("atanh", {in("self", {3, 4}, V::Unit)},
        [](Args A) -> Tensors { return {at::atanh(A[0])}; });
  L.add("sinh", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::sinh(A[0])}; });
  L.add("cosh", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::cosh(A[0])}; });
  L.twice("erf", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::erf(A[0])}; });
  L.add("erfinv", {in("self", {3, 4}, V::Unit)},
        [](Args A) -> Tensors { return {at::erfinv(A[0])}; });
  L.add("lgamma", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::lgamma(A[0])}; });
  L.add("digamma", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::digamma(A[0])}; });
  L.twice("reciprocal", {dbl("self", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {at::reciprocal(A[0])}; });
  L.add("clamp", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::clamp(A[0], -0.5, 0.5)}; });
  L.add("sinc", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::sinc(A[0])}; });
  L.add("logit", {in("self", {3, 4}, V::Probability)},
        [](Args A) -> Tensors { return {at::logit(A[0])}; });
  L.twice("pow.Tensor_Scalar", {dbl("self", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {at::pow(A[0], 2.5)}; });
  L.twice("pow.Tensor_Tensor",
          {dbl("self", {3, 4}, V::Positive), dbl("exponent", {3, 4})},
          [](Args A) -> Tensors { return {at::pow(A[0], A[1])}; });
  L.add("atan2", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::atan2(A[0], A[1])}; });
  L.twice("add.Tensor", {dbl("self", {3, 4}), dbl("other", {4})},
          [](Args A) -> Tensors { return {at::add(A[0], A[1], 2)}; });
  L.add("sub.Tensor", {in("self", {3, 4}), in("other", {3, 1})},
        [](Args A) -> Tensors { return {at::sub(A[0], A[1], 0.5)}; });
  L.twice("mul.Tensor", {dbl("self", {3, 4}), dbl("other", {3, 4})},
          [](Args A) -> Tensors { return {at::mul(A[0], A[1])}; });
  L.add("mul.Tensor_broadcast", {in("self", {3, 4}), in("other", {4})},
        [](Args A) -> Tensors { return {at::mul(A[0], A[1])}; });
  L.add("mul.Tensor_self_only",
        {in("self", {3, 4}), constant(in("other", {3, 4}))},
        [](Args A) -> Tensors { return {at::mul(A[0], A[1])}; });
  L.twice("div.Tensor",
          {dbl("self", {3, 4}), dbl("other", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {at::div(A[0], A[1])}; });
  L.add("div.Tensor_mode",
        {in("self", {3, 4}), in("other", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::div(A[0], A[1], "trunc")}; });
  L.add("maximum", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::maximum(A[0], A[1])}; });
  L.add("minimum", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::minimum(A[0], A[1])}; });
  L.add("hypot", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::hypot(A[0], A[1])}; });
  L.add("xlogy.Tensor", {in("self", {3, 4}), in("other", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::xlogy(A[0], A[1])}; });
  L.add("lerp.Tensor",
        {in("self", {3, 4}), in("end", {3, 4}),
         in("weight", {3, 4}, V::Probability)},
        [](Args A) -> Tensors { return {at::lerp(A[0], A[1], A[2])}; });
  L.twice(
      "addcmul",
      {dbl("self", {3, 4}), dbl("tensor1", {3, 4}), dbl("tensor2", {3, 4})},
      [](Args A) -> Tensors { return {at::addcmul(A[0], A[1], A[2], 0.5)}; });
  L.add("addcdiv",
        {in("self", {3, 4}), in("tensor1", {3, 4}),
         in("tensor2", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::addcdiv(A[0], A[1], A[2], 0.5)}; });
  L.add("where.self", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::where(A[0] > 0, A[0], A[1])}; });
  L.add("masked_fill.Scalar", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {at::masked_fill(A[0], A[0] < 0, 0.25)};
  });
  L.add("fmod.Scalar", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::fmod(A[0], 0.7)}; });
  L.add("remainder.Tensor",
        {in("self", {3, 4}), in("other", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::remainder(A[0], A[1])}; });
  L.add("_to_copy", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].to(at::kDouble)}; });
  L.add("clone", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::clone(A[0])}; });
  L.add("view_as_complex+abs", {in("self", {3, 4, 2})},
        [](Args A) -> Tensors { return {at::abs(at::view_as_complex(A[0]))}; });
  L.add("fft_rfft", {dbl("self", {2, 8})}, [](Args A) -> Tensors {
    return {at::view_as_real(at::fft_rfft(A[0]))};
  });
}

void addActivations(CaseList &L) {
  L.add("relu", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::relu(A[0])}; });
  L.add("leaky_relu", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::leaky_relu(A[0], 0.1)}; });
  L.twice("elu", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::elu(A[0])}; });
  L.twice("gelu", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::gelu(A[0])}; });
  L.add("gelu.tanh", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::gelu(A[0], "tanh")}; });
  L.add("silu", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::silu(A[0])}; });
  L.twice("softplus", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::softplus(A[0], 1.5, 20)}; });
  L.add("hardtanh", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::hardtanh(A[0], -0.5, 0.5)}; });
  L.add("hardswish", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::hardswish(A[0])}; });
  L.add("mish", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::mish(A[0])}; });
  L.add("glu", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::glu(A[0], -1)}; });
  L.add("prelu", {in("self", {2, 3, 4}), in("weight", {3})},
        [](Args A) -> Tensors { return {at::prelu(A[0], A[1])}; });
  L.add("log_sigmoid", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::log_sigmoid(A[0])}; });
  L.twice("_softmax", {dbl("self", {3, 5})},
          [](Args A) -> Tensors { return {at::softmax(A[0], 1)}; });
  L.twice("_log_softmax", {dbl("self", {3, 5})},
          [](Args A) -> Tensors { return {at::log_softmax(A[0], 1)}; });
}

void addReductions(CaseList &L) {
  using V = Values;
  L.add("sum", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::sum(A[0])}; });
  L.add("sum.dim_IntList", {in("self", {3, 4, 2})},
        [](Args A) -> Tensors { return {at::sum(A[0], {1}, true)}; });
  L.add("mean", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::mean(A[0])}; });
  L.add("mean.dim", {in("self", {3, 4, 2})}, [](Args A) -> Tensors {
    return {at::mean(A[0], at::IntArrayRef{0, 2})};
  });
  L.twice("prod", {dbl("self", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {at::prod(A[0])}; });
  L.add("prod.dim_int", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::prod(A[0], 1)}; });
  L.twice("norm.ScalarOpt_dim", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::norm(A[0], 2, {1})}; });
  L.add("linalg_vector_norm", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::linalg_vector_norm(A[0], 3)}; });
  L.add("var.correction", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::var(A[0], at::IntArrayRef{1})}; });
  L.add("std.correction", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::std(A[0], at::IntArrayRef{0})}; });
  L.add("var_mean.correction", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return all(at::var_mean(A[0], at::IntArrayRef{1}));
  });
  L.add("std_mean.correction", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return all(at::std_mean(A[0], at::IntArrayRef{1}));
  });
  L.twice("logsumexp", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::logsumexp(A[0], {1})}; });
  L.add("amax", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::amax(A[0], {1})}; });
  L.add("amin", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::amin(A[0], {0})}; });
  L.add("max", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::max(A[0])}; });
  L.add("max.dim", {in("self", {3, 4})},
        [](Args A) -> Tensors { return all(at::max(A[0], 1)); });
  L.add("min.dim", {in("self", {3, 4})},
        [](Args A) -> Tensors { return all(at::min(A[0], 0, true)); });
  L.add("median.dim", {in("self", {3, 5})},
        [](Args A) -> Tensors { return all(at::median(A[0], 1)); });
  L.add("kthvalue", {in("self", {3, 5})},
        [](Args A) -> Tensors { return all(at::kthvalue(A[0], 2, 1)); });
  L.add("topk", {in("self", {3, 6})},
        [](Args A) -> Tensors { return all(at::topk(A[0], 3, 1)); });
  L.add("sort", {in("self", {3, 5})},
        [](Args A) -> Tensors { return all(at::sort(A[0], 1, true)); });
  L.twice("cumsum", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {at::cumsum(A[0], 1)}; });
  L.add("cumprod", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::cumprod(A[0], 1)}; });
  L.add("cummax", {in("self", {3, 4})},
        [](Args A) -> Tensors { return all(at::cummax(A[0], 1)); });
  L.add("logcumsumexp", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::logcumsumexp(A[0], 1)}; });
}

void addLinearAlgebra(CaseList &L) {
  using V = Values;
  L.twice("mm", {dbl("self", {3, 4}), dbl("mat2", {4, 2})},
          [](Args A) -> Tensors { return {at::mm(A[0], A[1])}; });
  L.add("bmm", {in("self", {2, 3, 4}), in("mat2", {2, 4, 2})},
        [](Args A) -> Tensors { return {at::bmm(A[0], A[1])}; });
  L.add("matmul", {in("self", {2, 3, 4}), in("other", {4, 2})},
        [](Args A) -> Tensors { return {at::matmul(A[0], A[1])}; });
  L.twice(
      "addmm", {dbl("self", {3, 2}), dbl("mat1", {3, 4}), dbl("mat2", {4, 2})},
      [](Args A) -> Tensors { return {at::addmm(A[0], A[1], A[2], 0.5, 2)}; });
  L.add("mv", {in("self", {3, 4}), in("vec", {4})},
        [](Args A) -> Tensors { return {at::mv(A[0], A[1])}; });
  L.add("dot", {in("self", {5}), in("tensor", {5})},
        [](Args A) -> Tensors { return {at::dot(A[0], A[1])}; });
  L.add("outer", {in("self", {3}), in("vec2", {4})},
        [](Args A) -> Tensors { return {at::outer(A[0], A[1])}; });
  L.add(
      "baddbmm",
      {in("self", {2, 3, 2}), in("batch1", {2, 3, 4}), in("batch2", {2, 4, 2})},
      [](Args A) -> Tensors { return {at::baddbmm(A[0], A[1], A[2])}; });
  L.add("einsum", {in("a", {3, 4}), in("b", {4, 5})}, [](Args A) -> Tensors {
    return {at::einsum("ij,jk->ik", {A[0], A[1]})};
  });
  L.add("tensordot", {in("self", {2, 3, 4}), in("other", {4, 3, 2})},
        [](Args A) -> Tensors {
          return {at::tensordot(A[0], A[1], {1, 2}, {1, 0})};
        });
  L.add("trace", {in("self", {4, 4})},
        [](Args A) -> Tensors { return {at::trace(A[0])}; });
  L.add("linalg_cross", {in("self", {4, 3}), in("other", {4, 3})},
        [](Args A) -> Tensors { return {at::linalg_cross(A[0], A[1])}; });
  L.add("cdist", {in("x1", {3, 4}), in("x2", {5, 4})},
        [](Args A) -> Tensors { return {at::cdist(A[0], A[1])}; });
  L.twice("linalg_inv_ex", {dbl("A", {4, 4}, V::SPD)},
          [](Args A) -> Tensors { return {at::linalg_inv(A[0])}; });
  L.add("linalg_det", {dbl("A", {4, 4})},
        [](Args A) -> Tensors { return {at::linalg_det(A[0])}; });
  L.add("linalg_slogdet", {dbl("A", {4, 4})},
        [](Args A) -> Tensors { return all(at::linalg_slogdet(A[0])); });
  L.add("linalg_cholesky_ex", {dbl("A", {4, 4}, V::SPD)},
        [](Args A) -> Tensors { return {at::linalg_cholesky(A[0])}; });
  L.add("linalg_qr", {dbl("A", {5, 3})},
        [](Args A) -> Tensors { return all(at::linalg_qr(A[0])); });
  L.add("_linalg_svd", {dbl("A", {5, 3})},
        [](Args A) -> Tensors { return all(at::linalg_svd(A[0], false)); });
  L.add("linalg_svdvals", {dbl("A", {5, 3})},
        [](Args A) -> Tensors { return {at::linalg_svdvals(A[0])}; });
  L.add("linalg_eigh", {dbl("A", {4, 4})}, [](Args A) -> Tensors {
    return all(at::linalg_eigh(symmetric(A[0])));
  });
  L.add("linalg_solve", {dbl("A", {4, 4}, V::SPD), dbl("B", {4, 2})},
        [](Args A) -> Tensors { return {at::linalg_solve(A[0], A[1])}; });
  L.add("linalg_lu", {dbl("A", {4, 4})},
        [](Args A) -> Tensors { return all(at::linalg_lu(A[0])); });
  L.add("linalg_lu_factor_ex", {dbl("A", {4, 4})},
        [](Args A) -> Tensors { return all(at::linalg_lu_factor_ex(A[0])); });
  L.add("lu_unpack", {dbl("A", {4, 4})}, [](Args A) -> Tensors {
    auto Factors = at::linalg_lu_factor_ex(A[0]);
    return all(at::lu_unpack(std::get<0>(Factors), std::get<1>(Factors)));
  });
  L.add(
      "triangular_solve", {dbl("self", {4, 2}), dbl("A", {4, 4}, V::SPD)},
      [](Args A) -> Tensors { return all(at::triangular_solve(A[0], A[1])); });
  L.add("linalg_solve_triangular",
        {dbl("self", {4, 4}, V::SPD), dbl("B", {4, 2})}, [](Args A) -> Tensors {
          return {at::linalg_solve_triangular(A[0], A[1], false)};
        });
  L.add("linalg_matrix_exp", {dbl("self", {3, 3})},
        [](Args A) -> Tensors { return {at::linalg_matrix_exp(A[0])}; });
  L.add("diagonal", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::diagonal(A[0], 1)}; });
  L.add("diag_embed", {in("self", {2, 3})},
        [](Args A) -> Tensors { return {at::diag_embed(A[0])}; });
  L.add("tril", {in("self", {4, 4})},
        [](Args A) -> Tensors { return {at::tril(A[0], -1)}; });
  L.add("triu", {in("self", {4, 4})},
        [](Args A) -> Tensors { return {at::triu(A[0])}; });
}

void addIndexingAndViews(CaseList &L) {
  L.twice("index_select", {dbl("self", {4, 3})}, [](Args A) -> Tensors {
    return {at::index_select(A[0], 0, indices({2, 0, 2}))};
  });
  L.twice("gather", {dbl("self", {3, 4})}, [](Args A) -> Tensors {
    return {at::gather(A[0], 1, indices({0, 3, 1, 1, 2, 0}).view({3, 2}))};
  });
  L.add("scatter.src", {in("self", {3, 4}), in("src", {3, 2})},
        [](Args A) -> Tensors {
          return {at::scatter(A[0], 1, indices({0, 3, 1, 2, 2, 0}).view({3, 2}),
                              A[1])};
        });
  L.add("scatter_add", {in("self", {3, 4}), in("src", {3, 2})},
        [](Args A) -> Tensors {
          return {at::scatter_add(
              A[0], 1, indices({0, 0, 1, 2, 3, 3}).view({3, 2}), A[1])};
        });
  L.add("index.Tensor", {in("self", {4, 3})}, [](Args A) -> Tensors {
    return {at::index(A[0], {indices({3, 1, 1})})};
  });
  L.add("index_put", {in("self", {4, 3}), in("values", {3, 3})},
        [](Args A) -> Tensors {
          c10::List<c10::optional<at::Tensor>> Where;
          Where.push_back(indices({0, 2, 0}));
          return {at::index_put(A[0], Where, A[1], true)};
        });
  L.add("index_add", {in("self", {4, 3}), in("source", {2, 3})},
        [](Args A) -> Tensors {
          return {at::index_add(A[0], 0, indices({3, 1}), A[1], 2)};
        });
  L.add("masked_select", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::masked_select(A[0], A[0] > 0)}; });
  L.add("take", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {at::take(A[0], indices({0, 11, 5}))};
  });
  L.add("embedding", {in("weight", {6, 3})}, [](Args A) -> Tensors {
    return {at::embedding(A[0], indices({1, 5, 1, 0}))};
  });
  L.add("slice.Tensor", {in("self", {5, 4})},
        [](Args A) -> Tensors { return {A[0].slice(0, 1, 5, 2)}; });
  L.add("select.int", {in("self", {5, 4})},
        [](Args A) -> Tensors { return {A[0].select(1, 2)}; });
  L.add("narrow", {in("self", {5, 4})},
        [](Args A) -> Tensors { return {at::narrow(A[0], 1, 1, 2)}; });
  L.add("permute", {in("self", {2, 3, 4})}, [](Args A) -> Tensors {
    return {A[0].permute({2, 0, 1})};
  });
  L.add("t", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].t()}; });
  L.add("reshape", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {A[0].transpose(0, 1).reshape({2, 6})};
  });
  L.add("view", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {A[0].view({4, 3})};
  });
  L.add("expand", {in("self", {3, 1})}, [](Args A) -> Tensors {
    return {A[0].expand({2, 3, 4})};
  });
  L.add("squeeze.dim", {in("self", {3, 1, 4})},
        [](Args A) -> Tensors { return {A[0].squeeze(1)}; });
  L.add("unsqueeze", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].unsqueeze(1)}; });
  L.add("flip", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {at::flip(A[0], {0, 1})};
  });
  L.add("roll", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::roll(A[0], {1}, {1})}; });
  L.add("repeat", {in("self", {2, 3})}, [](Args A) -> Tensors {
    return {A[0].repeat({2, 1, 2})};
  });
  L.add("cat", {in("a", {2, 3}), in("b", {1, 3})}, [](Args A) -> Tensors {
    return {at::cat({A[0], A[1]}, 0)};
  });
  L.add("stack", {in("a", {2, 3}), in("b", {2, 3})}, [](Args A) -> Tensors {
    return {at::stack({A[0], A[1]}, 1)};
  });
  L.add("split.Tensor", {in("self", {5, 3})},
        [](Args A) -> Tensors { return at::split(A[0], 2, 0); });
  L.add("split_with_sizes", {in("self", {5, 3})}, [](Args A) -> Tensors {
    return at::split_with_sizes(A[0], {1, 4}, 0);
  });
  L.add("unbind.int", {in("self", {3, 4})},
        [](Args A) -> Tensors { return at::unbind(A[0], 1); });
  L.add("unfold", {in("self", {3, 6})},
        [](Args A) -> Tensors { return {A[0].unfold(1, 3, 2)}; });
  L.add("as_strided", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {A[0].as_strided({2, 2}, {1, 4}, 1)};
  });
  L.add("constant_pad_nd", {in("self", {2, 3})}, [](Args A) -> Tensors {
    return {at::constant_pad_nd(A[0], {1, 2}, 0.5)};
  });
  L.add("reflection_pad1d", {in("self", {1, 2, 5})}, [](Args A) -> Tensors {
    return {at::reflection_pad1d(A[0], {2, 1})};
  });
  L.add("copy_", {in("self", {3, 4}), in("src", {4})}, [](Args A) -> Tensors {
    auto Target = A[0].clone();
    Target.slice(0, 1, 3).copy_(A[1]);
    return {Target};
  });
}

void addConvolutionAndNormalization(CaseList &L) {
  L.twice(
      "convolution",
      {dbl("input", {2, 3, 5, 5}), dbl("weight", {4, 3, 3, 3}),
       dbl("bias", {4})},
      [](Args A) -> Tensors { return {at::conv2d(A[0], A[1], A[2], 1, 1)}; });
  L.add("convolution.weight_only",
        {constant(in("input", {2, 3, 5, 5})), in("weight", {4, 3, 3, 3})},
        [](Args A) -> Tensors { return {at::conv2d(A[0], A[1], {}, 2)}; });
  L.add("convolution.input_only",
        {in("input", {2, 3, 5, 5}), constant(in("weight", {4, 3, 3, 3}))},
        [](Args A) -> Tensors { return {at::conv2d(A[0], A[1])}; });
  L.add("convolution.1d_groups",
        {in("input", {2, 4, 7}), in("weight", {6, 2, 3}), in("bias", {6})},
        [](Args A) -> Tensors {
          return {at::conv1d(A[0], A[1], A[2], 2, 1, 1, 2)};
        });
  L.add(
      "convolution.transposed",
      {in("input", {1, 3, 4, 4}), in("weight", {3, 2, 3, 3}), in("bias", {2})},
      [](Args A) -> Tensors {
        return {at::conv_transpose2d(A[0], A[1], A[2], 2, 1)};
      });
  L.add("linear", {in("input", {3, 4}), in("weight", {2, 4}), in("bias", {2})},
        [](Args A) -> Tensors { return {at::linear(A[0], A[1], A[2])}; });
  L.twice("native_batch_norm",
          {dbl("input", {4, 3, 2}), dbl("weight", {3}), dbl("bias", {3})},
          [](Args A) -> Tensors {
            auto Mean = at::zeros({3}, A[0].options().requires_grad(false));
            auto Var = at::ones({3}, A[0].options().requires_grad(false));
            return {at::batch_norm(A[0], A[1], A[2], Mean, Var, true, 0.1, 1e-5,
                                   false)};
          });
  L.add("native_batch_norm.eval",
        {in("input", {4, 3}), constant(in("weight", {3})), in("bias", {3})},
        [](Args A) -> Tensors {
          auto Mean = at::full({3}, 0.25, A[0].options().requires_grad(false));
          auto Var = at::full({3}, 2.0, A[0].options().requires_grad(false));
          return {at::batch_norm(A[0], A[1], A[2], Mean, Var, false, 0.1, 1e-5,
                                 false)};
        });
  L.twice("native_layer_norm",
          {dbl("input", {3, 2, 4}), dbl("weight", {4}), dbl("bias", {4})},
          [](Args A) -> Tensors {
            return {at::layer_norm(A[0], {4}, A[1], A[2])};
          });
  L.add("native_layer_norm.input_only",
        {in("input", {3, 4}), constant(in("weight", {4}))},
        [](Args A) -> Tensors { return {at::layer_norm(A[0], {4}, A[1])}; });
  L.add(
      "native_group_norm",
      {in("input", {2, 4, 3}), in("weight", {4}), in("bias", {4})},
      [](Args A) -> Tensors { return {at::group_norm(A[0], 2, A[1], A[2])}; });
  L.twice("max_pool2d_with_indices", {dbl("self", {1, 2, 4, 4})},
          [](Args A) -> Tensors {
            return all(at::max_pool2d_with_indices(A[0], {2, 2}));
          });
  L.add("avg_pool2d", {in("self", {1, 2, 5, 5})}, [](Args A) -> Tensors {
    return {at::avg_pool2d(A[0], {3, 3}, {2, 2}, {1, 1})};
  });
  L.add("_adaptive_avg_pool2d", {in("self", {1, 2, 5, 5})},
        [](Args A) -> Tensors {
          return {at::adaptive_avg_pool2d(A[0], {2, 3})};
        });
  L.add("adaptive_max_pool2d", {in("self", {1, 2, 5, 5})},
        [](Args A) -> Tensors {
          return all(at::adaptive_max_pool2d(A[0], {2, 2}));
        });
  L.add("upsample_bilinear2d.vec", {in("input", {1, 2, 3, 3})},
        [](Args A) -> Tensors {
          return {at::upsample_bilinear2d(A[0], at::IntArrayRef{5, 4}, false,
                                          c10::nullopt)};
        });
  L.add("upsample_nearest2d.vec", {in("input", {1, 2, 3, 3})},
        [](Args A) -> Tensors {
          return {at::upsample_nearest2d(A[0], at::IntArrayRef{6, 5},
                                         c10::nullopt)};
        });
  L.add("grid_sampler_2d",
        {in("input", {1, 2, 4, 4}), in("grid", {1, 3, 3, 2}, Values::Unit)},
        [](Args A) -> Tensors {
          return {at::grid_sampler(A[0], A[1], 0, 0, false)};
        });
}

void addLosses(CaseList &L) {
  using V = Values;
  const int64_t Mean = at::Reduction::Mean, Sum = at::Reduction::Sum;
  L.twice("mse_loss", {dbl("self", {3, 4}), dbl("target", {3, 4})},
          [=](Args A) -> Tensors { return {at::mse_loss(A[0], A[1], Mean)}; });
  L.add("l1_loss", {in("self", {3, 4}), in("target", {3, 4})},
        [=](Args A) -> Tensors { return {at::l1_loss(A[0], A[1], Sum)}; });
  L.add("smooth_l1_loss", {in("self", {3, 4}), in("target", {3, 4})},
        [=](Args A) -> Tensors {
          return {at::smooth_l1_loss(A[0], A[1], Mean, 0.5)};
        });
  L.add("huber_loss", {in("self", {3, 4}), in("target", {3, 4})},
        [=](Args A) -> Tensors {
          return {at::huber_loss(A[0], A[1], Mean, 0.7)};
        });
  L.twice("binary_cross_entropy",
          {dbl("self", {3, 4}, V::Probability),
           dbl("target", {3, 4}, V::Probability)},
          [=](Args A) -> Tensors {
            return {at::binary_cross_entropy(A[0], A[1], {}, Mean)};
          });
  L.add("binary_cross_entropy_with_logits",
        {in("self", {3, 4}), in("target", {3, 4}, V::Probability),
         constant(in("weight", {4}, V::Positive)),
         constant(in("pos_weight", {4}, V::Positive))},
        [=](Args A) -> Tensors {
          return {at::binary_cross_entropy_with_logits(A[0], A[1], A[2], A[3],
                                                       Mean)};
        });
  L.twice("nll_loss", {dbl("self", {4, 5})}, [=](Args A) -> Tensors {
    return {at::nll_loss(at::log_softmax(A[0], 1), indices({1, 0, 4, 1}), {},
                         Mean)};
  });
  L.add("nll_loss2d", {in("self", {2, 3, 2, 2})}, [=](Args A) -> Tensors {
    return {at::nll_loss2d(at::log_softmax(A[0], 1),
                           indices({0, 1, 2, 1, 2, 2, 0, 0}).view({2, 2, 2}))};
  });
  L.add("cross_entropy_loss",
        {in("self", {4, 5}), constant(in("weight", {5}, V::Positive))},
        [=](Args A) -> Tensors {
          return {at::cross_entropy_loss(A[0], indices({3, 0, 4, 4}), A[1],
                                         Mean, -100, 0.1)};
        });
  L.add("kl_div", {in("self", {3, 4}), in("target", {3, 4}, V::Probability)},
        [=](Args A) -> Tensors { return {at::kl_div(A[0], A[1], Sum)}; });
  L.add("soft_margin_loss",
        {in("self", {3, 4}), constant(in("target", {3, 4}))},
        [=](Args A) -> Tensors {
          return {at::soft_margin_loss(A[0], at::sign(A[1]), Mean)};
        });
  L.add("multi_margin_loss", {in("self", {3, 4})}, [=](Args A) -> Tensors {
    return {at::multi_margin_loss(A[0], indices({1, 3, 0}))};
  });
  L.add("multilabel_margin_loss", {in("self", {2, 4})}, [=](Args A) -> Tensors {
    return {at::multilabel_margin_loss(
        A[0], indices({3, 0, -1, 1, 1, 2, -1, 0}).view({2, 4}))};
  });
  L.add("cosine_embedding_loss", {in("input1", {3, 4}), in("input2", {3, 4})},
        [=](Args A) -> Tensors {
          return {at::cosine_embedding_loss(A[0], A[1],
                                            at::tensor({1.0f, -1.0f, 1.0f}))};
        });
}

} // namespace

std::vector<Case> battery::allCases() {
  CaseList L;
  addElementwise(L);
  addActivations(L);
  addReductions(L);
  addLinearAlgebra(L);
  addIndexingAndViews(L);
  addConvolutionAndNormalization(L);
  addLosses(L);
  return std::move(L.Cases);
}
