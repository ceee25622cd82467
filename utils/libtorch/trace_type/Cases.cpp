//===- Cases.cpp - The functions the tracer battery traces ----------------===//
//
// Functional, view, in-place, out= and multi-output operators, factories and
// operators with optional, list, scalar and string arguments: every kind of
// input the generated Tracer kernels record (addInputs overloads) and of
// output they set (addOutput for one tensor, a tuple, a list).
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

using namespace tracebattery;

namespace {

at::Tensor matrix(int64_t Rows, int64_t Cols, int64_t Seed) {
  at::manual_seed(Seed);
  return at::randn({Rows, Cols});
}

std::function<Tensors()> matrices(int Count, int64_t Rows = 3,
                                  int64_t Cols = 4) {
  return [=] {
    Tensors Result;
    for (int I = 0; I < Count; ++I)
      Result.push_back(matrix(Rows, Cols, 17 + I));
    return Result;
  };
}

std::function<Tensors()> withIndex(std::vector<int64_t> Index) {
  return [=] { return Tensors{matrix(3, 4, 5), at::tensor(Index, at::kLong)}; };
}

/// A case traced with one input matrix and one body.
TraceCase unary(std::string Name,
                std::function<Tensors(const at::Tensor &)> Body) {
  return {std::move(Name), matrices(1),
          [Body](const Tensors &In) { return Body(In[0]); }};
}

TraceCase
binary(std::string Name,
       std::function<Tensors(const at::Tensor &, const at::Tensor &)> Body) {
  return {std::move(Name), matrices(2),
          [Body](const Tensors &In) { return Body(In[0], In[1]); }};
}

Tensors tuple2(const std::tuple<at::Tensor, at::Tensor> &T) {
  return {std::get<0>(T), std::get<1>(T)};
}

std::vector<TraceCase> functionalCases() {
  return {
      binary("add", [](auto &A, auto &B) { return Tensors{at::add(A, B, 2)}; }),
      binary("sub", [](auto &A, auto &B) { return Tensors{A - B}; }),
      binary("mul", [](auto &A, auto &B) { return Tensors{A * B}; }),
      binary("div",
             [](auto &A, auto &B) { return Tensors{A / (B.abs() + 1)}; }),
      binary("div_mode",
             [](auto &A, auto &B) { return Tensors{at::div(A, B, "floor")}; }),
      binary("add_scalar_mix",
             [](auto &A, auto &B) { return Tensors{(A + 1.5) * B - 3}; }),
      binary("where",
             [](auto &A, auto &B) { return Tensors{at::where(A > B, A, B)}; }),
      binary("maximum",
             [](auto &A, auto &B) { return Tensors{at::maximum(A, B)}; }),
      binary("atan2",
             [](auto &A, auto &B) { return Tensors{at::atan2(A, B)}; }),
      binary("matmul",
             [](auto &A, auto &B) { return Tensors{at::matmul(A, B.t())}; }),
      binary("mm", [](auto &A, auto &B) { return Tensors{at::mm(A, B.t())}; }),
      {"addmm", matrices(3, 4, 4),
       [](const Tensors &In) {
         return Tensors{at::addmm(In[0], In[1], In[2], 0.5, 2)};
       }},
      {"bmm", matrices(2, 3, 3),
       [](const Tensors &In) {
         return Tensors{at::bmm(In[0].unsqueeze(0), In[1].unsqueeze(0))};
       }},
      {"linear", matrices(3, 4, 4),
       [](const Tensors &In) {
         return Tensors{at::linear(In[0], In[1], In[2][0])};
       }},
      unary("unary_chain",
            [](auto &A) {
              return Tensors{A.sin().cos().exp().tanh().sigmoid()};
            }),
      unary("log_abs", [](auto &A) { return Tensors{(A.abs() + 1).log()}; }),
      unary("relu_neg", [](auto &A) { return Tensors{at::relu(-A)}; }),
      unary("pow",
            [](auto &A) {
              return Tensors{A.pow(2), A.pow(A)};
            }),
      unary("clamp",
            [](auto &A) {
              return Tensors{at::clamp(A, -0.5, 0.5), at::clamp_min(A, 0)};
            }),
      unary("sum",
            [](auto &A) {
              return Tensors{A.sum(), A.sum({1}, true),
                             A.sum(0, false, at::kDouble)};
            }),
      unary("mean_std",
            [](auto &A) {
              return Tensors{A.mean({0}), A.std(1, /*unbiased=*/true, false)};
            }),
      unary("softmax",
            [](auto &A) {
              return Tensors{at::softmax(A, 1), at::log_softmax(A, 0)};
            }),
      unary("cumsum",
            [](auto &A) {
              return Tensors{A.cumsum(1), A.cumprod(0, at::kDouble)};
            }),
      unary("gelu",
            [](auto &A) {
              return Tensors{at::gelu(A, "tanh"), at::leaky_relu(A, 0.2)};
            }),
      unary("layer_norm",
            [](auto &A) {
              return Tensors{at::layer_norm(A, {4}, at::ones({4}), {}, 1e-5)};
            }),
      unary("dropout_eval",
            [](auto &A) { return Tensors{at::dropout(A, 0.5, false)}; }),
      unary("norm",
            [](auto &A) {
              return Tensors{A.norm(), at::linalg_vector_norm(A, 3, {1})};
            }),
      unary("to_dtype",
            [](auto &A) {
              return Tensors{A.to(at::kDouble), A.to(at::kInt).to(at::kFloat)};
            }),
      unary("contiguous_clone",
            [](auto &A) {
              return Tensors{A.t().contiguous(),
                             A.clone(at::MemoryFormat::Preserve)};
            }),
      unary("flip_roll",
            [](auto &A) {
              return Tensors{A.flip({0}), A.roll({1}, {1})};
            }),
      unary("pad_conv",
            [](auto &A) {
              at::Tensor Image = A.reshape({1, 1, 3, 4});
              return Tensors{at::constant_pad_nd(Image, {1, 1}, 0.5),
                             at::conv2d(Image, at::ones({2, 1, 2, 2}),
                                        at::ones({2}), {1, 1}, {1, 0})};
            }),
      unary("max_pool",
            [](auto &A) {
              return Tensors{at::max_pool2d(A.reshape({1, 1, 3, 4}), {2, 2}),
                             at::avg_pool2d(A.reshape({1, 1, 3, 4}), {2, 2})};
            }),
      unary("losses",
            [](auto &A) {
              return Tensors{
                  at::mse_loss(A, A.flip({1})),
                  at::smooth_l1_loss(A, A.sin(), at::Reduction::Sum, 0.5)};
            }),
      {"embedding", withIndex({2, 0, 1}),
       [](const Tensors &In) { return Tensors{at::embedding(In[0], In[1])}; }},
      {"index_select", withIndex({2, 0}),
       [](const Tensors &In) {
         return Tensors{at::index_select(In[0], 0, In[1]),
                        In[0].index({In[1]})};
       }},
      {"gather_scatter", withIndex({0, 1, 2, 0}),
       [](const Tensors &In) {
         at::Tensor Index = In[1].reshape({1, 4});
         return Tensors{
             at::gather(In[0], 0, Index),
             at::scatter_add(In[0], 0, Index, In[0].narrow(0, 0, 1))};
       }},
      unary("masked_fill",
            [](auto &A) {
              return Tensors{A.masked_fill(A > 0, 2.0),
                             at::masked_select(A, A < 0)};
            }),
      {"cat_stack", matrices(3),
       [](const Tensors &In) {
         return Tensors{at::cat(In, 1), at::stack({In[0], In[2]}, 0)};
       }},
      unary("comparisons",
            [](auto &A) {
              return Tensors{A.eq(0), A.ge(A.flip({0})), at::isnan(A),
                             at::logical_and(A > 0, A < 1)};
            }),
  };
}

std::vector<TraceCase> factoryCases() {
  return {
      unary("like_factories",
            [](auto &A) {
              return Tensors{at::zeros_like(A), at::ones_like(A, at::kDouble),
                             at::full_like(A, 3), at::empty_like(A).fill_(1)};
            }),
      unary("factories",
            [](auto &A) {
              return Tensors{
                  A + at::ones({3, 4}), A * at::full({4}, 2.0),
                  at::arange(4, at::kFloat) + A,
                  at::zeros({2}, at::TensorOptions().dtype(at::kLong))};
            }),
      unary("linspace_eye",
            [](auto &A) {
              return Tensors{at::linspace(0, 1, 4) * A, at::eye(3).mm(A)};
            }),
      unary("new_methods",
            [](auto &A) {
              return Tensors{A.new_zeros({2, 2}), A.new_full({3}, 7)};
            }),
  };
}

std::vector<TraceCase> viewCases() {
  return {
      unary("view_reshape",
            [](auto &A) {
              return Tensors{A.view({4, 3}), A.reshape({-1}), A.flatten()};
            }),
      unary("transpose_permute",
            [](auto &A) {
              return Tensors{A.transpose(0, 1), A.t(),
                             A.unsqueeze(0).permute({2, 0, 1})};
            }),
      unary("select_slice",
            [](auto &A) {
              return Tensors{A.select(0, 1), A.slice(1, 1, 3),
                             A.narrow(1, 0, 2), A[2]};
            }),
      unary("squeeze_expand",
            [](auto &A) {
              at::Tensor Column = A.narrow(1, 0, 1);
              return Tensors{Column.squeeze(1), Column.expand({3, 5}),
                             A.unsqueeze(-1).squeeze()};
            }),
      unary("diagonal_as_strided",
            [](auto &A) {
              return Tensors{A.diagonal(), A.as_strided({2, 2}, {1, 2}, 1)};
            }),
      unary("view_as_alias",
            [](auto &A) {
              return Tensors{A.view_as(A.t()), A.alias(), A.expand_as(A)};
            }),
      unary("split_chunk",
            [](auto &A) {
              Tensors Result = at::split(A, 1, 0);
              for (const at::Tensor &T : A.chunk(2, 1))
                Result.push_back(T);
              return Result;
            }),
      unary("unbind", [](auto &A) { return at::unbind(A, 1); }),
      unary("view_then_inplace",
            [](auto &A) {
              at::Tensor B = A.clone();
              B.select(0, 0).mul_(2);
              B.narrow(1, 1, 2).add_(1);
              return Tensors{B};
            }),
  };
}

std::vector<TraceCase> inplaceCases() {
  return {
      binary("add_",
             [](auto &A, auto &B) {
               at::Tensor C = A.clone();
               C.add_(B, 0.5);
               return Tensors{C};
             }),
      unary("unary_inplace",
            [](auto &A) {
              at::Tensor C = A.clone();
              C.mul_(3).relu_().sqrt_().neg_();
              return Tensors{C};
            }),
      unary("fill_zero_",
            [](auto &A) {
              at::Tensor C = A.clone(), D = A.clone();
              C.fill_(2.5);
              D.zero_();
              return Tensors{C, D};
            }),
      unary("clamp_",
            [](auto &A) {
              at::Tensor C = A.clone();
              C.clamp_(-0.2, 0.3).sub_(1);
              return Tensors{C};
            }),
      unary("masked_fill_",
            [](auto &A) {
              at::Tensor C = A.clone();
              C.masked_fill_(A > 0, -1.0);
              return Tensors{C};
            }),
      {"index_put_", withIndex({0, 2}),
       [](const Tensors &In) {
         at::Tensor C = In[0].clone();
         C.index_put_({In[1]}, at::zeros({4}));
         C.index_fill_(1, In[1], 9);
         return Tensors{C};
       }},
      binary("copy_",
             [](auto &A, auto &B) {
               at::Tensor C = A.clone();
               C.copy_(B);
               return Tensors{C};
             }),
      unary("uniform_seeded",
            [](auto &A) {
              at::Tensor C = A.clone();
              C.normal_(0, 1);
              return Tensors{C, at::bernoulli(at::sigmoid(A))};
            }),
  };
}

std::vector<TraceCase> outCases() {
  return {
      binary("add_out",
             [](auto &A, auto &B) {
               at::Tensor Out = at::empty({3, 4});
               at::add_out(Out, A, B);
               return Tensors{Out};
             }),
      binary("mul_out_sin_out",
             [](auto &A, auto &B) {
               at::Tensor Out = at::empty({3, 4}), Out2 = at::empty({3, 4});
               at::mul_out(Out, A, B);
               at::sin_out(Out2, Out);
               return Tensors{Out, Out2};
             }),
      binary("mm_out",
             [](auto &A, auto &B) {
               at::Tensor Out = at::empty({3, 3});
               at::mm_out(Out, A, B.t());
               return Tensors{Out};
             }),
      {"cat_out", matrices(2),
       [](const Tensors &In) {
         at::Tensor Out = at::empty({6, 4});
         at::cat_out(Out, In, 0);
         return Tensors{Out};
       }},
      unary("max_out",
            [](auto &A) {
              at::Tensor Values = at::empty({3}),
                         Indices = at::empty({3}, at::kLong);
              at::max_out(Values, Indices, A, 1);
              return Tensors{Values, Indices};
            }),
      unary("sort_out",
            [](auto &A) {
              at::Tensor Values = at::empty({3, 4}),
                         Indices = at::empty({3, 4}, at::kLong);
              at::sort_out(Values, Indices, A, 0, true);
              return Tensors{Values, Indices};
            }),
      unary("arange_out",
            [](auto &A) {
              at::Tensor Out = at::empty({4});
              at::arange_out(Out, 0, 4, 1);
              return Tensors{A + Out};
            }),
  };
}

std::vector<TraceCase> multiOutputCases() {
  return {
      unary("max_dim", [](auto &A) { return tuple2(A.max(1, true)); }),
      unary("sort", [](auto &A) { return tuple2(A.sort(0, true)); }),
      unary("topk", [](auto &A) { return tuple2(A.topk(2, 1)); }),
      unary("aminmax", [](auto &A) { return tuple2(at::aminmax(A, 0)); }),
      unary("var_mean",
            [](auto &A) {
              return tuple2(at::var_mean(A, {1}, /*unbiased=*/false, true));
            }),
      unary("std_mean_min",
            [](auto &A) {
              Tensors Result = tuple2(at::std_mean(A));
              Result.push_back(std::get<1>(A.min(0)));
              return Result;
            }),
      unary("qr", [](auto &A) { return tuple2(at::linalg_qr(A.t())); }),
      unary("native_layer_norm",
            [](auto &A) {
              auto [Out, Mean, Rstd] = at::native_layer_norm(
                  A, {4}, at::ones({4}), at::zeros({4}), 1e-5);
              return Tensors{Out, Mean, Rstd};
            }),
  };
}

} // namespace

const std::vector<TraceCase> &tracebattery::allCases() {
  static const std::vector<TraceCase> Cases = [] {
    std::vector<TraceCase> All;
    for (auto Group : {functionalCases, factoryCases, viewCases, inplaceCases,
                       outCases, multiOutputCases})
      for (TraceCase &C : Group())
        All.push_back(std::move(C));
    return All;
  }();
  return Cases;
}
