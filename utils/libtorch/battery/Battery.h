//===- Battery.h - Operators whose gradients the battery prints -*- C++ -*-===//
//
// The autograd battery runs forward and backward passes through libtorch's
// autograd engine and prints every gradient bit-exactly. It is linked three
// ways (libtorch's own nodes, generated nodes, mutated generated nodes) and the
// outputs are compared; see docs/libtorch-checks.md.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIBTORCH_BATTERY_H
#define GRADGEN_LIBTORCH_BATTERY_H

#include <ATen/ATen.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace battery {

/// How an input's values are drawn. Domains keep every formula finite.
enum class Values {
  Normal,      ///< randn
  Positive,    ///< uniform in [0.5, 2)
  Unit,        ///< uniform in (-0.9, 0.9): asin, atanh, erfinv
  Probability, ///< uniform in [0.1, 0.9)
  SPD,         ///< symmetric positive definite (square in the last two dims)
};

struct Input {
  std::string Name;
  std::vector<int64_t> Sizes;
  Values Kind = Values::Normal;
  at::ScalarType Type = at::kFloat;
  /// False for inputs whose gradient is not asked for; the nodes then see a
  /// partial grad_input_mask / needs_input_grad.
  bool RequiresGrad = true;
};

using Tensors = std::vector<at::Tensor>;

/// One operator under test: its inputs and a forward pass returning the
/// outputs whose gradients flow back (non-floating outputs are ignored).
struct Case {
  std::string Name;
  std::vector<Input> Inputs;
  std::function<Tensors(const Tensors &)> Forward;
  /// Also differentiate the first-order gradients (create_graph).
  bool DoubleBackward = false;
};

/// Every operator of the battery, in a fixed order.
std::vector<Case> allCases();

/// The seed of a case's inputs: a hash of its name, so that cases are
/// independent of each other and of their order.
uint64_t seedOf(const std::string &Name);
/// Draws an input's values from the current generator.
at::Tensor draw(const Input &I);
/// `DTYPE [SIZES] HEX...` with every bit of every element (`%a`),
/// `undefined`, or `DTYPE [SIZES] zerotensor`.
std::string describeTensor(const at::Tensor &T);
/// A weighted sum of the floating outputs that require grad, so every output
/// element gets a distinct upstream gradient (undefined when there is none).
/// dot/add avoid mul, which the mutants change. With \p Differentiable the
/// weights require grad, so that a second backward pass differentiates the
/// backward formulas with respect to their incoming gradient too, as
/// gradgradcheck does; the weights are appended to \p Weights.
at::Tensor weightedSum(const Tensors &Outputs, bool Differentiable,
                       Tensors &Weights);

// Spelling helpers for the case table.
inline Input in(std::string Name, std::vector<int64_t> Sizes,
                Values Kind = Values::Normal,
                at::ScalarType Type = at::kFloat) {
  return Input{std::move(Name), std::move(Sizes), Kind, Type, true};
}
inline Input dbl(std::string Name, std::vector<int64_t> Sizes,
                 Values Kind = Values::Normal) {
  return in(std::move(Name), std::move(Sizes), Kind, at::kDouble);
}
/// An input that takes part in the forward pass without requiring grad.
inline Input constant(Input I) {
  I.RequiresGrad = false;
  return I;
}

} // namespace battery

#endif // GRADGEN_LIBTORCH_BATTERY_H
