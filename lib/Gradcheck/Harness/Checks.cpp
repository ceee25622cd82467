//===- Checks.cpp - Formulas against finite differences -------------------===//
//
// Complex numbers follow PyTorch's conventions: a cotangent v of an output o
// stands for the real function L = Re(sum(conj(v) * o)), and the gradient of
// a complex input z = a + ib is dL/da + i dL/db; a tangent u gives the
// directional derivative d/dt o(z + t u), for holomorphic and other functions
// alike.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include <torch/csrc/autograd/autograd.h>
#include <torch/csrc/autograd/forward_grad.h>

#include <ATen/CPUGeneratorImpl.h>

namespace gradcheck {

namespace {

constexpr double Eps = 1e-6, AbsTolerance = 1e-5, RelTolerance = 1e-3;

using Values = std::vector<at::Tensor>;

bool differentiable(const at::Tensor &T) {
  return T.defined() && (T.is_floating_point() || T.is_complex());
}

void compare(Comparison &C, const at::Tensor &Analytic,
             const at::Tensor &Numeric) {
  if (Numeric.numel() == 0)
    return;
  at::Tensor A = Analytic.defined() ? Analytic : at::zeros_like(Numeric);
  if (!A.sizes().equals(Numeric.sizes())) {
    C.Pass = false;
    return;
  }
  at::Tensor Diff = (A.to(Numeric.scalar_type()) - Numeric).abs();
  at::Tensor Scale = Numeric.abs();
  C.MaxAbs = std::max(C.MaxAbs, Diff.max().item<double>());
  C.MaxRel = std::max(
      C.MaxRel, (Diff / Scale.clamp_min(AbsTolerance)).max().item<double>());
  if ((Diff > Scale * RelTolerance + AbsTolerance).any().item<bool>() ||
      !at::isfinite(Diff).all().item<bool>())
    C.Pass = false;
}

Values detached(const Values &Tensors) {
  Values Result;
  for (const at::Tensor &T : Tensors)
    Result.push_back(T.detach().clone());
  return Result;
}

at::Tensor randomLike(const at::Tensor &T, at::Generator &Gen) {
  at::Tensor R = at::randn(T.sizes(), Gen, T.options().dtype(at::kDouble));
  if (T.is_complex())
    return at::complex(R, at::randn(T.sizes(), Gen, R.options()));
  return R.to(T.scalar_type());
}

/// sum_j Re(sum(conj(V[j]) * O[j])) over the outputs Picked.
double pairing(const std::vector<Output> &Outputs,
               const std::vector<size_t> &Picked, const Values &V) {
  double Total = 0;
  for (size_t I = 0; I < Picked.size(); ++I) {
    const at::Tensor &O = Outputs[Picked[I]].Value;
    Total += at::real(at::sum(at::conj(V[I]) * O)).item<double>();
  }
  return Total;
}

/// The numerical gradient of Function (a real function of the slot values)
/// with respect to slot SlotIndex at Base.
at::Tensor numericalGradient(const Values &Base, size_t SlotIndex,
                             const std::function<double(const Values &)> &F) {
  const at::Tensor &X = Base[SlotIndex];
  at::Tensor Result = at::zeros_like(X).contiguous();
  at::Tensor Flat = Result.view(-1);
  std::vector<c10::Scalar> Parts = {c10::Scalar(Eps)};
  if (X.is_complex())
    Parts.push_back(c10::Scalar(c10::complex<double>(0, Eps)));
  for (int64_t K = 0; K < X.numel(); ++K) {
    for (size_t P = 0; P < Parts.size(); ++P) {
      Values Plus = Base, Minus = Base;
      Plus[SlotIndex] = X.clone().contiguous();
      Minus[SlotIndex] = X.clone().contiguous();
      Plus[SlotIndex].view(-1).select(0, K).add_(Parts[P]);
      Minus[SlotIndex].view(-1).select(0, K).sub_(Parts[P]);
      double Slope = (F(Plus) - F(Minus)) / (2 * Eps);
      if (P == 0)
        Flat.select(0, K).add_(Slope);
      else
        Flat.select(0, K).add_(c10::Scalar(c10::complex<double>(0, Slope)));
    }
  }
  return Result;
}

/// Merges the comparisons of a list's slots into one per argument.
void addBySlotName(std::vector<Comparison> &Results, const Comparison &C) {
  for (Comparison &Existing : Results) {
    if (Existing.Input != C.Input)
      continue;
    Existing.MaxAbs = std::max(Existing.MaxAbs, C.MaxAbs);
    Existing.MaxRel = std::max(Existing.MaxRel, C.MaxRel);
    Existing.Pass &= C.Pass;
    return;
  }
  Results.push_back(C);
}

std::vector<size_t> differentiableOutputs(const std::vector<Output> &Outputs,
                                          bool NeedGrad) {
  std::vector<size_t> Picked;
  for (size_t I = 0; I < Outputs.size(); ++I)
    if (differentiable(Outputs[I].Value) &&
        (!NeedGrad || Outputs[I].Value.requires_grad()))
      Picked.push_back(I);
  return Picked;
}

} // namespace

std::vector<Comparison> checkBackward(const c10::OperatorHandle &Op,
                                      const Sample &S, uint64_t Seed) {
  at::Generator Gen = at::make_generator<at::CPUGeneratorImpl>(Seed);
  Values Base = detached(S.Values), Inputs;
  for (const at::Tensor &T : Base)
    Inputs.push_back(T.clone().requires_grad_(true));
  std::vector<Output> Outputs = callOperator(Op, S, Inputs);
  std::vector<size_t> Picked = differentiableOutputs(Outputs, true);
  if (Picked.empty())
    throw NoSample("no output requires grad");
  Values Outs, V;
  for (size_t I : Picked) {
    Outs.push_back(Outputs[I].Value);
    V.push_back(randomLike(Outputs[I].Value, Gen));
  }
  Values Grads = torch::autograd::grad(Outs, Inputs, V, false, false, true);
  at::NoGradGuard NoGrad;
  std::vector<Comparison> Results;
  for (size_t Slot = 0; Slot < Base.size(); ++Slot) {
    at::Tensor Numeric = numericalGradient(Base, Slot, [&](const Values &At) {
      return pairing(callOperator(Op, S, At), Picked, V);
    });
    Comparison C{"backward", S.Slots[Slot].Name};
    compare(C, Grads[Slot], Numeric);
    addBySlotName(Results, C);
  }
  return Results;
}

std::vector<Comparison> checkForward(const c10::OperatorHandle &Op,
                                     const Sample &S, uint64_t Seed) {
  at::Generator Gen = at::make_generator<at::CPUGeneratorImpl>(Seed + 1);
  Values Base = detached(S.Values), Tangents, Duals, Plus, Minus;
  for (const at::Tensor &T : Base)
    Tangents.push_back(randomLike(T, Gen));
  uint64_t Level = torch::autograd::ForwardADLevel::get_next_idx();
  std::vector<Output> Outputs;
  Values OutputTangents;
  try {
    for (size_t I = 0; I < Base.size(); ++I)
      Duals.push_back(at::_make_dual(Base[I], Tangents[I], Level));
    Outputs = callOperator(Op, S, Duals);
    for (const Output &O : Outputs)
      OutputTangents.push_back(
          differentiable(O.Value)
              ? std::get<1>(at::_unpack_dual(O.Value, Level))
              : at::Tensor());
  } catch (...) {
    torch::autograd::ForwardADLevel::release_idx(Level);
    throw;
  }
  torch::autograd::ForwardADLevel::release_idx(Level);
  at::NoGradGuard NoGrad;
  for (size_t I = 0; I < Base.size(); ++I) {
    Plus.push_back(Base[I] + Tangents[I] * Eps);
    Minus.push_back(Base[I] - Tangents[I] * Eps);
  }
  std::vector<Output> Above = callOperator(Op, S, Plus);
  std::vector<Output> Below = callOperator(Op, S, Minus);
  std::vector<Comparison> Results;
  for (size_t J = 0; J < Outputs.size(); ++J) {
    if (!differentiable(Outputs[J].Value) ||
        (!S.ForwardOutputs.empty() &&
         !S.ForwardOutputs.count(static_cast<long>(Outputs[J].Return))))
      continue;
    at::Tensor Numeric = (Above[J].Value - Below[J].Value) / (2 * Eps);
    Comparison C{"forward", "", static_cast<long>(Outputs[J].Return)};
    compare(C, OutputTangents[J], Numeric);
    Results.push_back(C);
  }
  return Results;
}

std::vector<Comparison> checkSecondOrder(const c10::OperatorHandle &Op,
                                         const Sample &S, uint64_t Seed) {
  at::Generator Gen = at::make_generator<at::CPUGeneratorImpl>(Seed + 2);
  Values Base = detached(S.Values), V, W;
  // The first-order gradient at X, as a differentiable function of X.
  auto FirstOrder = [&](const Values &Inputs, bool CreateGraph) {
    std::vector<Output> Outputs = callOperator(Op, S, Inputs);
    std::vector<size_t> Picked = differentiableOutputs(Outputs, true);
    Values Outs;
    for (size_t I : Picked)
      Outs.push_back(Outputs[I].Value);
    if (V.empty())
      for (const at::Tensor &O : Outs)
        V.push_back(randomLike(O, Gen));
    return torch::autograd::grad(Outs, Inputs, V, true, CreateGraph, true);
  };
  auto Leaves = [](const Values &At) {
    Values Inputs;
    for (const at::Tensor &T : At)
      Inputs.push_back(T.detach().clone().requires_grad_(true));
    return Inputs;
  };
  Values Inputs = Leaves(Base);
  Values Grads = FirstOrder(Inputs, true), Used, UsedW;
  for (const at::Tensor &G : Grads)
    W.push_back(G.defined() ? randomLike(G, Gen) : at::Tensor());
  for (size_t I = 0; I < Grads.size(); ++I)
    if (Grads[I].defined() && Grads[I].requires_grad()) {
      Used.push_back(Grads[I]);
      UsedW.push_back(W[I]);
    }
  Values Second(Inputs.size());
  if (!Used.empty())
    Second = torch::autograd::grad(Used, Inputs, UsedW, false, false, true);
  std::vector<Comparison> Results;
  for (size_t Slot = 0; Slot < Base.size(); ++Slot) {
    at::Tensor Numeric = numericalGradient(Base, Slot, [&](const Values &At) {
      Values G = FirstOrder(Leaves(At), false);
      double Total = 0;
      for (size_t I = 0; I < G.size(); ++I)
        if (G[I].defined() && W[I].defined())
          Total += at::real(at::sum(at::conj(W[I]) * G[I])).item<double>();
      return Total;
    });
    Comparison C{"second-order", S.Slots[Slot].Name};
    compare(C, Second[Slot], Numeric);
    addBySlotName(Results, C);
  }
  return Results;
}

} // namespace gradcheck
