//===- Checks.cpp - In-place, out= and error cases of the kernel battery --===//
//
// In-place operators run on a clone (an in-place operation on a leaf that
// requires grad is an error, checked separately), so that the kernel's
// check_inplace / rebase_history path and, under forward AD, its in-place
// tangent update (`original_self`, `self_t.copy_`) run. out= operators run
// on detached inputs (with inputs that require grad or carry a tangent they
// are errors, checked separately).
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include <tuple>
#include <utility>

using namespace battery;
using namespace vtbattery;

namespace {

using Args = const Tensors &;
using V = Values;

template <typename... Ts> Tensors all(const std::tuple<Ts...> &Outputs) {
  return std::apply([](const auto &...Each) { return Tensors{Each...}; },
                    Outputs);
}

at::Tensor indices(std::vector<int64_t> Values) {
  return at::tensor(Values, at::kLong);
}

/// A float tensor for out= results; the kernels resize it.
at::Tensor empty() { return at::empty({0}); }

struct CheckList {
  std::vector<Check> Checks;

  void add(std::string Name, std::vector<Input> Inputs,
           std::function<Tensors(Args)> Forward, unsigned Modes = BothModes,
           bool DoubleBackward = false) {
    Checks.push_back({Case{std::move(Name), std::move(Inputs),
                           std::move(Forward), DoubleBackward},
                      Modes, false});
  }
  void twice(std::string Name, std::vector<Input> Inputs,
             std::function<Tensors(Args)> Forward) {
    add(std::move(Name), std::move(Inputs), std::move(Forward), BothModes,
        true);
  }
  void raises(std::string Name, std::vector<Input> Inputs,
              std::function<Tensors(Args)> Forward, unsigned Modes) {
    add(std::move(Name), std::move(Inputs), std::move(Forward), Modes);
    Checks.back().ExpectError = true;
  }
};

/// `name_` on a clone of the first input, with the other inputs as
/// arguments: arithmetic and unary operators.
void addInPlaceArithmetic(CheckList &L) {
  L.twice("mul_.Tensor", {dbl("self", {3, 4}), dbl("other", {3, 4})},
          [](Args A) -> Tensors { return {A[0].clone().mul_(A[1])}; });
  L.add("mul_.Scalar", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().mul_(1.5)}; });
  L.twice("add_.Tensor", {dbl("self", {3, 4}), dbl("other", {4})},
          [](Args A) -> Tensors { return {A[0].clone().add_(A[1], 2)}; });
  L.add("sub_.Tensor", {in("self", {3, 4}), in("other", {3, 1})},
        [](Args A) -> Tensors { return {A[0].clone().sub_(A[1], 0.5)}; });
  L.twice("div_.Tensor",
          {dbl("self", {3, 4}), dbl("other", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {A[0].clone().div_(A[1])}; });
  L.add("div_.Scalar", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().div_(3)}; });
  L.add("addcmul_",
        {in("self", {3, 4}), in("tensor1", {3, 4}), in("tensor2", {3, 4})},
        [](Args A) -> Tensors {
          return {A[0].clone().addcmul_(A[1], A[2], 0.5)};
        });
  L.add(
      "addcdiv_",
      {in("self", {3, 4}), in("tensor1", {3, 4}),
       in("tensor2", {3, 4}, V::Positive)},
      [](Args A) -> Tensors { return {A[0].clone().addcdiv_(A[1], A[2], 2)}; });
  L.add("lerp_.Scalar", {in("self", {3, 4}), in("end", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().lerp_(A[1], 0.3)}; });
  L.add("lerp_.Tensor",
        {in("self", {3, 4}), in("end", {3, 4}),
         in("weight", {3, 4}, V::Probability)},
        [](Args A) -> Tensors { return {A[0].clone().lerp_(A[1], A[2])}; });
  L.twice("pow_.Scalar", {dbl("self", {3, 4}, V::Positive)},
          [](Args A) -> Tensors { return {A[0].clone().pow_(1.5)}; });
  L.add("pow_.Tensor",
        {in("self", {3, 4}, V::Positive), in("exponent", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().pow_(A[1])}; });
  L.twice("exp_", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {A[0].clone().exp_()}; });
  L.add("log_", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {A[0].clone().log_()}; });
  L.add("sqrt_", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {A[0].clone().sqrt_()}; });
  L.add("rsqrt_", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {A[0].clone().rsqrt_()}; });
  L.add("sin_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().sin_()}; });
  L.add("cos_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().cos_()}; });
  L.twice("tanh_", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {A[0].clone().tanh_()}; });
  L.twice("sigmoid_", {dbl("self", {3, 4})},
          [](Args A) -> Tensors { return {A[0].clone().sigmoid_()}; });
  L.add("relu_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().relu_()}; });
  L.add("abs_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().abs_()}; });
  L.add("neg_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().neg_()}; });
  L.add("reciprocal_", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {A[0].clone().reciprocal_()}; });
  L.add("clamp_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().clamp_(-0.5, 0.5)}; });
  L.add("clamp_min_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().clamp_min_(0.1)}; });
  L.add("erf_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().erf_()}; });
  L.add("atan_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().atan_()}; });
  L.add("expm1_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().expm1_()}; });
  L.add("log1p_", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {A[0].clone().log1p_()}; });
  L.add("trunc_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().trunc_()}; });
  L.add("frac_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().frac_()}; });
}

/// In-place binary and activation operators.
void addInPlaceBinaryAndActivations(CheckList &L) {
  L.add("atan2_", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().atan2_(A[1])}; });
  L.add("hypot_", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().hypot_(A[1])}; });
  L.add("fmod_.Scalar", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().fmod_(0.7)}; });
  L.add("remainder_.Tensor",
        {in("self", {3, 4}), in("other", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {A[0].clone().remainder_(A[1])}; });
  L.add("logit_", {in("self", {3, 4}, V::Probability)},
        [](Args A) -> Tensors { return {A[0].clone().logit_()}; });
  L.add("xlogy_.Tensor", {in("self", {3, 4}), in("other", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {A[0].clone().xlogy_(A[1])}; });
  L.add("copysign_.Tensor", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().copysign_(A[1])}; });
  L.add("leaky_relu_", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    return {at::leaky_relu_(T, 0.2)};
  });
  L.add("elu_", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    return {at::elu_(T, 0.7)};
  });
  L.add("hardtanh_", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    return {at::hardtanh_(T, -0.5, 0.5)};
  });
  L.add("threshold_", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    return {at::threshold_(T, 0.1, -1)};
  });
}

/// In-place indexing, filling, linear algebra and shape operators.
void addInPlaceIndexingAndShapes(CheckList &L) {
  L.add("masked_fill_.Scalar", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    return {T.masked_fill_(A[0].detach() < 0, 0.25)};
  });
  L.add("masked_fill_.Tensor", {in("self", {3, 4}), in("value", {})},
        [](Args A) -> Tensors {
          auto T = A[0].clone();
          return {T.masked_fill_(A[0].detach() < 0, A[1])};
        });
  L.add("index_put_", {in("self", {4, 3}), in("values", {3, 3})},
        [](Args A) -> Tensors {
          c10::List<c10::optional<at::Tensor>> Where;
          Where.push_back(indices({0, 2, 0}));
          return {A[0].clone().index_put_(Where, A[1], true)};
        });
  L.add("index_add_", {in("self", {4, 3}), in("source", {2, 3})},
        [](Args A) -> Tensors {
          return {A[0].clone().index_add_(0, indices({3, 1}), A[1], 2)};
        });
  L.add("index_copy_", {in("self", {4, 3}), in("source", {2, 3})},
        [](Args A) -> Tensors {
          return {A[0].clone().index_copy_(0, indices({3, 1}), A[1])};
        });
  L.add("index_fill_.int_Scalar", {in("self", {4, 3})}, [](Args A) -> Tensors {
    return {A[0].clone().index_fill_(1, indices({0, 2}), -1.5)};
  });
  L.add("scatter_.src", {in("self", {3, 4}), in("src", {3, 2})},
        [](Args A) -> Tensors {
          return {A[0].clone().scatter_(
              1, indices({0, 3, 1, 2, 2, 0}).view({3, 2}), A[1])};
        });
  L.add("scatter_add_", {in("self", {3, 4}), in("src", {3, 2})},
        [](Args A) -> Tensors {
          return {A[0].clone().scatter_add_(
              1, indices({0, 0, 1, 2, 3, 3}).view({3, 2}), A[1])};
        });
  L.add("masked_scatter_", {in("self", {3, 4}), in("source", {12})},
        [](Args A) -> Tensors {
          auto T = A[0].clone();
          return {T.masked_scatter_(A[0].detach() > 0, A[1])};
        });
  L.add("fill_.Scalar", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors {
          auto T = A[0] * 1; // mul.Scalar: a non-leaf to fill
          return {T.fill_(0.5) + A[1]};
        });
  L.add("zero_", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors {
          auto T = A[0].clone();
          T.slice(0, 0, 2).zero_();
          return {T + A[1]};
        });
  L.add("addmm_", {in("self", {3, 2}), in("mat1", {3, 4}), in("mat2", {4, 2})},
        [](Args A) -> Tensors {
          return {A[0].clone().addmm_(A[1], A[2], 0.5, 2)};
        });
  L.add("addmv_", {in("self", {3}), in("mat", {3, 4}), in("vec", {4})},
        [](Args A) -> Tensors { return {A[0].clone().addmv_(A[1], A[2])}; });
  L.add("addr_", {in("self", {3, 4}), in("vec1", {3}), in("vec2", {4})},
        [](Args A) -> Tensors { return {A[0].clone().addr_(A[1], A[2])}; });
  L.add(
      "baddbmm_",
      {in("self", {2, 3, 2}), in("batch1", {2, 3, 4}), in("batch2", {2, 4, 2})},
      [](Args A) -> Tensors {
        return {A[0].clone().baddbmm_(A[1], A[2], 0.5, 1.5)};
      });
  L.add("tril_", {in("self", {4, 4})},
        [](Args A) -> Tensors { return {A[0].clone().tril_(1)}; });
  L.add("triu_", {in("self", {4, 4})},
        [](Args A) -> Tensors { return {A[0].clone().triu_(-1)}; });
  L.add("cumsum_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().cumsum_(1)}; });
  L.add("squeeze_.dim", {in("self", {3, 1, 4})},
        [](Args A) -> Tensors { return {A[0].clone().squeeze_(1)}; });
  L.add("unsqueeze_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().unsqueeze_(0)}; });
  L.add("t_", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().t_()}; });
  L.add("transpose_", {in("self", {2, 3, 4})},
        [](Args A) -> Tensors { return {A[0].clone().transpose_(0, 2)}; });
}

/// In-place operators on views: the base's history is rebased
/// (CopySlices), or a view's own.
void addInPlaceOnViews(CheckList &L) {
  L.twice("select+mul_", {dbl("self", {3, 4}), dbl("other", {4})},
          [](Args A) -> Tensors {
            auto T = A[0].clone();
            T.select(0, 1).mul_(A[1]);
            return {T};
          });
  L.add("slice+add_", {in("self", {5, 4}), in("other", {2, 4})},
        [](Args A) -> Tensors {
          auto T = A[0].clone();
          T.slice(0, 1, 5, 2).add_(A[1]);
          return {T};
        });
  L.add("diagonal+sin_", {in("self", {4, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    T.diagonal().sin_();
    return {T};
  });
  L.add("t+exp_", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    auto View = T.t();
    View.exp_();
    return {T, View};
  });
  L.add("view+div_", {in("self", {3, 4}), in("other", {4, 3}, V::Positive)},
        [](Args A) -> Tensors {
          auto T = A[0].clone();
          T.view({4, 3}).div_(A[1]);
          return {T};
        });
  L.add("narrow+copy_", {in("self", {3, 4}), in("src", {3, 2})},
        [](Args A) -> Tensors {
          auto T = A[0].clone();
          T.narrow(1, 1, 2).copy_(A[1]);
          return {T};
        });
  L.add("as_strided+mul_", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    T.as_strided({2, 2}, {4, 1}, 1).mul_(3);
    return {T};
  });
  L.add("unsqueeze+clamp_", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto T = A[0].clone();
    T.unsqueeze(0).clamp_(-0.3, 0.3);
    return {T};
  });
}

/// More views and multi-output operators than ../battery has.
void addViewsAndMultiOutput(CheckList &L) {
  L.add("alias", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::alias(A[0]) * 2}; });
  L.add("transpose.int", {in("self", {2, 3, 4})},
        [](Args A) -> Tensors { return {A[0].transpose(0, 2)}; });
  L.add("movedim", {in("self", {2, 3, 4})},
        [](Args A) -> Tensors { return {A[0].movedim(0, 2)}; });
  L.add("chunk", {in("self", {6, 2})},
        [](Args A) -> Tensors { return A[0].chunk(3, 0); });
  L.add("unflatten", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {A[0].unflatten(1, {2, 2})};
  });
  L.add("flatten", {in("self", {2, 3, 2})},
        [](Args A) -> Tensors { return {A[0].flatten()}; });
  L.add("view_as_real", {in("self", {3, 4, 2})}, [](Args A) -> Tensors {
    auto Complex = at::view_as_complex(A[0]);
    return {at::view_as_real(Complex * Complex)};
  });
  L.add("real+imag", {in("self", {3, 2})}, [](Args A) -> Tensors {
    auto Complex = at::view_as_complex(A[0].clone()).exp();
    return {at::real(Complex), at::imag(Complex)};
  });
  L.add("expand_as", {in("self", {3, 1}), constant(in("other", {3, 4}))},
        [](Args A) -> Tensors { return {A[0].expand_as(A[1])}; });
  L.add("diag", {in("self", {4})},
        [](Args A) -> Tensors { return {at::diag(A[0], 1)}; });
  L.add("aminmax", {in("self", {3, 5})},
        [](Args A) -> Tensors { return all(at::aminmax(A[0], 1)); });
  L.add("mode", {in("self", {3, 5})},
        [](Args A) -> Tensors { return all(at::mode(A[0], 1)); });
  L.add("nanmedian.dim", {in("self", {3, 5})},
        [](Args A) -> Tensors { return all(at::nanmedian(A[0], 1)); });
  L.add("cummin", {in("self", {3, 4})},
        [](Args A) -> Tensors { return all(at::cummin(A[0], 0)); });
  L.add("native_dropout.eval", {in("input", {3, 4})}, [](Args A) -> Tensors {
    return all(at::native_dropout(A[0], 0.5, false));
  });
  L.add("linalg_inv_ex.multi", {dbl("A", {3, 3}, V::SPD)},
        [](Args A) -> Tensors { return all(at::linalg_inv_ex(A[0])); });
  L.add("slogdet", {dbl("A", {3, 3})},
        [](Args A) -> Tensors { return all(at::slogdet(A[0])); });
  L.add("linalg_eigh.lower", {dbl("A", {3, 3})}, [](Args A) -> Tensors {
    return all(at::linalg_eigh(A[0] + A[0].t(), "U"));
  });
}

/// Elementwise operators ../battery leaves out.
void addFunctionalElementwise(CheckList &L) {
  L.add("exp2", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::exp2(A[0])}; });
  L.add("log2", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::log2(A[0])}; });
  L.add("log10", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::log10(A[0])}; });
  L.add("sgn", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::sgn(A[0])}; });
  L.add("floor", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::floor(A[0]) + A[0]}; });
  L.add("round", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::round(A[0]) + A[0]}; });
  L.add("deg2rad", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::deg2rad(A[0])}; });
  L.add("i0", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::i0(A[0])}; });
  L.add("special_erfcx", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::special_erfcx(A[0])}; });
  L.add("special_ndtri", {in("self", {3, 4}, V::Probability)},
        [](Args A) -> Tensors { return {at::special_ndtri(A[0])}; });
  L.add("special_log_ndtr", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::special_log_ndtr(A[0])}; });
  L.add("polygamma", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::polygamma(1, A[0])}; });
  L.add("mvlgamma", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors { return {at::mvlgamma(A[0] + 1, 2)}; });
  L.add("logaddexp", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::logaddexp(A[0], A[1])}; });
  L.add("logaddexp2", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::logaddexp2(A[0], A[1])}; });
  L.add("copysign.Tensor", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::copysign(A[0], A[1])}; });
  L.add("fmin", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::fmin(A[0], A[1])}; });
  L.add("fmax", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::fmax(A[0], A[1])}; });
  L.add("clamp.Tensor",
        {in("self", {3, 4}), in("min", {4}), constant(in("max", {3, 4}))},
        [](Args A) -> Tensors {
          return {at::clamp(A[0], A[1], A[1] + A[2].abs())};
        });
}

/// Linear algebra and reductions ../battery leaves out.
void addFunctionalLinearAlgebra(CheckList &L) {
  L.add("addmv", {in("self", {3}), in("mat", {3, 4}), in("vec", {4})},
        [](Args A) -> Tensors { return {at::addmv(A[0], A[1], A[2], 2, 3)}; });
  L.add("addr", {in("self", {3, 4}), in("vec1", {3}), in("vec2", {4})},
        [](Args A) -> Tensors { return {at::addr(A[0], A[1], A[2])}; });
  L.add("addbmm",
        {in("self", {3, 2}), in("batch1", {2, 3, 4}), in("batch2", {2, 4, 2})},
        [](Args A) -> Tensors { return {at::addbmm(A[0], A[1], A[2])}; });
  L.add("renorm", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::renorm(A[0], 2, 0, 1.0)}; });
  L.add("dist", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors { return {at::dist(A[0], A[1], 3)}; });
  L.add("nansum", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::nansum(A[0], {1})}; });
  L.add("logdet", {dbl("self", {3, 3}, V::SPD)},
        [](Args A) -> Tensors { return {at::logdet(A[0])}; });
  L.add("cholesky_solve", {dbl("self", {3, 2}), dbl("A", {3, 3}, V::SPD)},
        [](Args A) -> Tensors {
          return {at::cholesky_solve(A[0], at::linalg_cholesky(A[1]))};
        });
  L.add("cholesky_inverse", {dbl("A", {3, 3}, V::SPD)}, [](Args A) -> Tensors {
    return {at::cholesky_inverse(at::linalg_cholesky(A[0]))};
  });
  L.add("linalg_householder_product", {dbl("A", {4, 3}), dbl("tau", {3})},
        [](Args A) -> Tensors {
          return {at::linalg_householder_product(A[0], A[1])};
        });
  L.add("polar", {in("abs", {3}, V::Positive), in("angle", {3})},
        [](Args A) -> Tensors {
          return {at::view_as_real(at::polar(A[0], A[1]))};
        });
  L.add("angle", {in("self", {3, 2})}, [](Args A) -> Tensors {
    return {at::angle(at::view_as_complex(A[0]))};
  });
  L.add("rot90", {in("self", {3, 4})}, [](Args A) -> Tensors {
    return {at::rot90(A[0], 1, {0, 1})};
  });
  L.add("_pdist_forward", {dbl("self", {4, 3})},
        [](Args A) -> Tensors { return {at::pdist(A[0])}; });
  L.add("embedding_bag", {in("weight", {6, 3})}, [](Args A) -> Tensors {
    return all(at::embedding_bag(A[0], indices({1, 5, 1, 0, 2}),
                                 indices({0, 2}), false, 1));
  });
}

/// Neural-network operators ../battery leaves out.
void addFunctionalNN(CheckList &L) {
  L.add("pixel_shuffle", {in("self", {1, 4, 2, 3})},
        [](Args A) -> Tensors { return {at::pixel_shuffle(A[0], 2)}; });
  L.add("im2col", {in("self", {1, 2, 4, 4})}, [](Args A) -> Tensors {
    return {at::im2col(A[0], {2, 2}, {1, 1}, {0, 0}, {1, 1})};
  });
  L.add("col2im", {in("self", {1, 8, 9})}, [](Args A) -> Tensors {
    return {at::col2im(A[0], {4, 4}, {2, 2}, {1, 1}, {0, 0}, {1, 1})};
  });
  L.add("avg_pool3d", {in("self", {1, 1, 4, 4, 4})}, [](Args A) -> Tensors {
    return {at::avg_pool3d(A[0], {2, 2, 2})};
  });
  L.add("max_pool3d_with_indices", {in("self", {1, 1, 4, 4, 4})},
        [](Args A) -> Tensors {
          return all(at::max_pool3d_with_indices(A[0], {2, 2, 2}));
        });
  L.add("upsample_linear1d.vec", {in("input", {1, 2, 4})},
        [](Args A) -> Tensors {
          return {at::upsample_linear1d(A[0], at::IntArrayRef{7}, true,
                                        c10::nullopt)};
        });
  L.add("upsample_bicubic2d.vec", {dbl("input", {1, 1, 3, 3})},
        [](Args A) -> Tensors {
          return {at::upsample_bicubic2d(A[0], at::IntArrayRef{5, 4}, false,
                                         c10::nullopt)};
        });
  L.add("reflection_pad2d", {in("self", {1, 1, 3, 4})}, [](Args A) -> Tensors {
    return {at::reflection_pad2d(A[0], {1, 2, 1, 0})};
  });
  L.add("replication_pad2d", {in("self", {1, 1, 3, 4})}, [](Args A) -> Tensors {
    return {at::replication_pad2d(A[0], {1, 2, 1, 0})};
  });
  L.add("hardsigmoid", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::hardsigmoid(A[0] * 4)}; });
  L.add("hardshrink", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::hardshrink(A[0], 0.3)}; });
  L.add("softshrink", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::softshrink(A[0], 0.3)}; });
  L.add("threshold", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::threshold(A[0], 0.1, -2)}; });
  L.add("celu", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::celu(A[0], 0.8)}; });
  L.add("selu", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::selu(A[0])}; });
  L.add("rrelu_with_noise.eval", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto Noise = at::zeros({3, 4});
    return {at::rrelu_with_noise(A[0], Noise, 0.125, 0.25, false)};
  });
  L.add("_weight_norm", {in("v", {3, 4}), in("g", {3, 1}, V::Positive)},
        [](Args A) -> Tensors { return {at::_weight_norm(A[0], A[1], 0)}; });
  L.add("pairwise_distance", {in("x1", {3, 4}), in("x2", {3, 4})},
        [](Args A) -> Tensors { return {at::pairwise_distance(A[0], A[1])}; });
  L.add("trapezoid", {in("y", {3, 5})},
        [](Args A) -> Tensors { return {at::trapezoid(A[0])}; });
  L.add("std.unbiased", {in("self", {3, 4})},
        [](Args A) -> Tensors { return {at::std(A[0], true)}; });
  L.add("_cdist_forward.p1", {in("x1", {3, 4}), in("x2", {2, 4})},
        [](Args A) -> Tensors { return {at::cdist(A[0], A[1], 1.0)}; });
  L.add("fft_fft2", {dbl("self", {4, 4})}, [](Args A) -> Tensors {
    return {at::view_as_real(at::fft_fft2(A[0]))};
  });
  L.add("fft_irfft", {dbl("self", {2, 5, 2})}, [](Args A) -> Tensors {
    return {at::fft_irfft(at::view_as_complex(A[0]))};
  });
}

/// out= kernels on detached inputs, so they run without an error.
void addOut(CheckList &L) {
  L.add("mul.out", {in("self", {3, 4}), in("other", {3, 4})},
        [](Args A) -> Tensors {
          auto Out = empty();
          at::mul_out(Out, A[0].detach(), A[1].detach());
          return {Out};
        });
  L.add("add.out", {in("self", {3, 4}), in("other", {4})},
        [](Args A) -> Tensors {
          auto Out = empty();
          return {at::add_out(Out, A[0].detach(), A[1].detach(), 3)};
        });
  L.add("sin.out", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto Out = empty();
    return {at::sin_out(Out, A[0].detach())};
  });
  L.add("mm.out", {in("self", {3, 4}), in("mat2", {4, 2})},
        [](Args A) -> Tensors {
          auto Out = empty();
          return {at::mm_out(Out, A[0].detach(), A[1].detach())};
        });
  L.add("sum.IntList_out", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto Out = empty();
    return {at::sum_out(Out, A[0].detach(), {1})};
  });
  L.add("cat.out", {in("a", {2, 3}), in("b", {1, 3})}, [](Args A) -> Tensors {
    auto Out = empty();
    return {at::cat_out(Out, {A[0].detach(), A[1].detach()}, 0)};
  });
  L.add("max.dim_max", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto Values = empty();
    auto Indices = at::empty({0}, at::kLong);
    return all(at::max_out(Values, Indices, A[0].detach(), 1));
  });
  L.add("topk.values", {in("self", {3, 6})}, [](Args A) -> Tensors {
    auto Values = empty();
    auto Indices = at::empty({0}, at::kLong);
    return all(at::topk_out(Values, Indices, A[0].detach(), 2, 1));
  });
  L.add("addmm.out",
        {in("self", {3, 2}), in("mat1", {3, 4}), in("mat2", {4, 2})},
        [](Args A) -> Tensors {
          auto Out = empty();
          return {
              at::addmm_out(Out, A[0].detach(), A[1].detach(), A[2].detach())};
        });
  L.add("clamp.out", {in("self", {3, 4})}, [](Args A) -> Tensors {
    auto Out = empty();
    return {at::clamp_out(Out, A[0].detach(), -0.5, 0.5)};
  });
  L.add("pow.Tensor_Scalar_out", {in("self", {3, 4}, V::Positive)},
        [](Args A) -> Tensors {
          auto Out = empty();
          return {at::pow_out(Out, A[0].detach(), 1.5)};
        });
  L.add("index_select.out", {in("self", {4, 3})}, [](Args A) -> Tensors {
    auto Out = empty();
    return {at::index_select_out(Out, A[0].detach(), 0, indices({2, 0}))};
  });
}

/// The errors the kernels raise, compared message for message.
void addErrors(CheckList &L) {
  // In-place on a leaf that requires grad (check_inplace).
  L.raises(
      "error.leaf.mul_", {in("self", {3, 4})},
      [](Args A) -> Tensors { return {A[0].mul_(2)}; }, Backward);
  L.raises(
      "error.leaf.add_", {in("self", {3, 4}), in("other", {3, 4})},
      [](Args A) -> Tensors { return {A[0].add_(A[1])}; }, Backward);
  L.raises(
      "error.leaf.sin_", {in("self", {3, 4})},
      [](Args A) -> Tensors { return {A[0].sin_()}; }, Backward);
  L.raises(
      "error.leaf-view.mul_", {in("self", {3, 4})},
      [](Args A) -> Tensors { return {A[0].select(0, 1).mul_(2)}; }, Backward);
  // A view of a multi-output view operator modified in place.
  L.raises(
      "error.unbind-view.mul_", {in("self", {3, 4})},
      [](Args A) -> Tensors {
        auto Parts = A[0].clone().unbind(0);
        return {Parts[0].mul_(2)};
      },
      Backward);
  // out= with an argument that requires grad, or carries a tangent.
  L.raises(
      "error.out.mul", {in("self", {3, 4}), in("other", {3, 4})},
      [](Args A) -> Tensors {
        auto Out = empty();
        return {at::mul_out(Out, A[0], A[1])};
      },
      BothModes);
  L.raises(
      "error.out.sin", {in("self", {3, 4})},
      [](Args A) -> Tensors {
        auto Out = empty();
        return {at::sin_out(Out, A[0])};
      },
      BothModes);
  L.raises(
      "error.out.mm", {in("self", {3, 4}), in("mat2", {4, 2})},
      [](Args A) -> Tensors {
        auto Out = empty();
        return {at::mm_out(Out, A[0], A[1])};
      },
      BothModes);
  L.raises(
      "error.out.max.dim_max", {in("self", {3, 4})},
      [](Args A) -> Tensors {
        auto Values = empty();
        auto Indices = at::empty({0}, at::kLong);
        return all(at::max_out(Values, Indices, A[0], 1));
      },
      BothModes);
  // Forward AD that is not implemented: explicit in the kernel, or through
  // the decomposition that needs TorchScript.
  L.raises(
      "error.forward.atanh_", {in("self", {3, 4}, V::Unit)},
      [](Args A) -> Tensors { return {A[0].clone().atanh_()}; }, ForwardAD);
  L.raises(
      "error.forward.renorm_", {in("self", {3, 4})},
      [](Args A) -> Tensors { return {A[0].clone().renorm_(2, 0, 1)}; },
      ForwardAD);
  L.raises(
      "error.forward.acosh_", {in("self", {3, 4}, V::Positive)},
      [](Args A) -> Tensors { return {(A[0] + 1).acosh_()}; }, ForwardAD);
  L.raises(
      "error.forward._cdist_forward", {in("x1", {3, 4}), in("x2", {2, 4})},
      [](Args A) -> Tensors {
        return {at::_cdist_forward(A[0], A[1], 2.0, c10::nullopt)};
      },
      ForwardAD);
}

} // namespace

std::vector<Check> vtbattery::kernelShapeChecks() {
  CheckList L;
  addInPlaceArithmetic(L);
  addInPlaceBinaryAndActivations(L);
  addInPlaceIndexingAndShapes(L);
  addInPlaceOnViews(L);
  addViewsAndMultiOutput(L);
  addFunctionalElementwise(L);
  addFunctionalLinearAlgebra(L);
  addFunctionalNN(L);
  addOut(L);
  addErrors(L);
  return std::move(L.Checks);
}

std::vector<Check> vtbattery::allChecks() {
  std::vector<Check> Checks;
  for (Case &C : battery::allCases())
    Checks.push_back({std::move(C), BothModes, false});
  for (Check &C : kernelShapeChecks())
    Checks.push_back(std::move(C));
  return Checks;
}
