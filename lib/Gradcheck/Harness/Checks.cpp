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

#include <functional>
#include <map>
#include <set>

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

/// sum_j Re(sum(conj(V[j]) * D[j])) over the defined tensors D[j].
double pairing(const Values &D, const Values &V) {
  double Total = 0;
  for (size_t I = 0; I < D.size(); ++I)
    if (D[I].defined() && V[I].defined())
      Total += at::real(at::sum(at::conj(V[I]) * D[I])).item<double>();
  return Total;
}

/// For each set of cotangents V[J], the numerical gradient with respect to
/// slot SlotIndex at Base of the real function x -> pairing(F(x), V[J]).
/// Each pairing is taken of the difference of F's outputs: the difference
/// of two pairings would lose the small terms to the large ones (the
/// largest double nan_to_num makes of an infinity).
std::vector<at::Tensor>
numericalGradients(const Values &Base, size_t SlotIndex,
                   const std::vector<Values> &V,
                   const std::function<Values(const Values &)> &F) {
  const at::Tensor &X = Base[SlotIndex];
  Values Results, Flats;
  for (size_t J = 0; J < V.size(); ++J) {
    Results.push_back(at::zeros_like(X).contiguous());
    Flats.push_back(Results.back().view(-1));
  }
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
      Values Above = F(Plus), Below = F(Minus), Difference;
      for (size_t I = 0; I < Above.size(); ++I)
        Difference.push_back(Above[I].defined() && Below[I].defined()
                                 ? Above[I] - Below[I]
                                 : at::Tensor());
      for (size_t J = 0; J < V.size(); ++J) {
        double Slope = pairing(Difference, V[J]) / (2 * Eps);
        if (P == 0)
          Flats[J].select(0, K).add_(Slope);
        else
          Flats[J].select(0, K).add_(
              c10::Scalar(c10::complex<double>(0, Slope)));
      }
    }
  }
  return Results;
}

/// The outputs Picked of a call at the slot values At.
Values pickedOutputs(const c10::OperatorHandle &Op, const Sample &S,
                     const std::vector<size_t> &Picked, const Values &At) {
  std::vector<Output> Outputs = callOperator(Op, S, At);
  Values Result;
  for (size_t I : Picked)
    Result.push_back(Outputs[I].Value);
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

/// The gradients of Outs with respect to Inputs for the cotangents V. When
/// the backward pass raises, each input is asked for alone, so that only its
/// formula runs: an input whose formula raised gets no gradient and its
/// message in Raised.
Values gradients(const Values &Outs, const Values &Inputs, const Values &V,
                 bool CreateGraph, std::map<size_t, std::string> &Raised) {
  try {
    return torch::autograd::grad(Outs, Inputs, V, /*retain_graph=*/true,
                                 CreateGraph, /*allow_unused=*/true);
  } catch (const std::exception &) {
    Values Result(Inputs.size());
    for (size_t I = 0; I < Inputs.size(); ++I) {
      try {
        Result[I] = torch::autograd::grad(Outs, {Inputs[I]}, V, true,
                                          CreateGraph, true)[0];
      } catch (const std::exception &Error) {
        Raised.emplace(I, messageOf(Error));
      }
    }
    if (Raised.empty())
      throw;
    return Result;
  }
}

} // namespace

bool unsupported(const std::string &Message) {
  for (const char *Text :
       {"is not implemented", "does not support automatic differentiation",
        "is not differentiable", "not implemented for"})
    if (Message.find(Text) != std::string::npos)
      return true;
  return false;
}

std::string messageOf(const std::exception &Error) {
  const auto *C10Error = dynamic_cast<const c10::Error *>(&Error);
  std::string Message =
      C10Error ? C10Error->what_without_backtrace() : Error.what();
  size_t End = Message.find('\n');
  return End == std::string::npos ? Message : Message.substr(0, End);
}

/// Each formula is checked with two random cotangents (one could make a wrong
/// formula agree by chance, as a scalar loss equal to its cotangent does) and
/// in both branches of formulas that test GradMode::is_enabled(): without
/// and with create_graph.
std::vector<Comparison> checkBackward(const c10::OperatorHandle &Op,
                                      const Sample &S, uint64_t Seed) {
  constexpr size_t Cotangents = 2;
  at::Generator Gen = at::make_generator<at::CPUGeneratorImpl>(Seed);
  Values Base = detached(S.Values), Inputs;
  for (const at::Tensor &T : Base)
    Inputs.push_back(T.clone().requires_grad_(true));
  std::vector<Output> Outputs = callOperator(Op, S, Inputs);
  std::vector<size_t> Picked = differentiableOutputs(Outputs, true);
  if (Picked.empty())
    throw NoSample("no output requires grad");
  Values Outs;
  std::vector<Values> V(Cotangents);
  for (size_t I : Picked)
    Outs.push_back(Outputs[I].Value);
  for (Values &Cotangent : V)
    for (const at::Tensor &O : Outs)
      Cotangent.push_back(randomLike(O, Gen));
  // Analytic[2 * J + CreateGraph]: the gradients for cotangent J. Recording
  // the backward pass for a double backward may be refused (a formula's
  // function not differentiable in a saved output); that formula is then
  // compared without create_graph only (Unrecorded).
  std::vector<Values> Analytic;
  std::vector<std::set<size_t>> Unrecorded;
  std::map<size_t, std::string> Raised;
  for (const Values &Cotangent : V)
    for (bool CreateGraph : {false, true}) {
      std::map<size_t, std::string> RaisedHere;
      Unrecorded.emplace_back();
      try {
        Analytic.push_back(
            gradients(Outs, Inputs, Cotangent, CreateGraph, RaisedHere));
      } catch (const std::exception &Error) {
        if (!CreateGraph || !unsupported(messageOf(Error)))
          throw;
        Analytic.emplace_back(Inputs.size());
        for (size_t Slot = 0; Slot < Inputs.size(); ++Slot)
          Unrecorded.back().insert(Slot);
      }
      for (const auto &[Slot, Message] : RaisedHere) {
        if (CreateGraph && unsupported(Message))
          Unrecorded.back().insert(Slot);
        else
          Raised.emplace(Slot, Message);
      }
    }
  at::NoGradGuard NoGrad;
  std::vector<Comparison> Results;
  for (size_t Slot = 0; Slot < Base.size(); ++Slot) {
    Comparison C{"backward", S.Slots[Slot].Name};
    auto It = Raised.find(Slot);
    if (It != Raised.end()) {
      C.Pass = false;
      C.Raised = It->second;
      addBySlotName(Results, C);
      continue;
    }
    Values Numeric = numericalGradients(Base, Slot, V, [&](const Values &At) {
      return pickedOutputs(Op, S, Picked, At);
    });
    for (size_t J = 0; J < Analytic.size(); ++J)
      if (!Unrecorded[J].count(Slot))
        compare(C, Analytic[J][Slot], Numeric[J / 2]);
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
    at::Tensor Numeric =
        numericalGradients(Base, Slot, {W}, [&](const Values &At) {
          return FirstOrder(Leaves(At), false);
        })[0];
    Comparison C{"second-order", S.Slots[Slot].Name};
    compare(C, Second[Slot], Numeric);
    addBySlotName(Results, C);
  }
  return Results;
}

} // namespace gradcheck
