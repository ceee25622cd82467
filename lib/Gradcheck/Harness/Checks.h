//===- Checks.h - Formulas against finite differences -----------*- C++ -*-===//
//
// Part of the gradcheck harness. Each check compares what the autograd
// kernels and nodes under test compute with central finite differences of
// the forward pass, in double precision, as PyTorch's gradcheck does: the
// vector-Jacobian product of a random cotangent (backward formulas), the
// Jacobian-vector product of a random tangent (forward formulas), and the
// vector-Jacobian product of the first-order gradient (double backward).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_GRADCHECK_HARNESS_CHECKS_H
#define GRADGEN_GRADCHECK_HARNESS_CHECKS_H

#include "Samples.h"

#include <string>
#include <vector>

namespace gradcheck {

/// The comparison of one formula's values with the numerical ones.
struct Comparison {
  std::string Mode;  // "backward", "forward", "second-order"
  std::string Input; // the differentiated input (backward)
  long Output = -1;  // the schema's return (forward), else -1
  double MaxAbs = 0, MaxRel = 0;
  bool Pass = true;
  /// What the formula raised, if it raised (the comparison then fails).
  std::string Raised;
};

/// The backward formula of every differentiated input of S.
/// The first line of an exception's message, without c10's backtrace.
std::string messageOf(const std::exception &Error);

/// Whether a message says that a formula or a dtype is not supported
/// (not_implemented, no complex autograd, not differentiable), which is not
/// a disagreement.
bool unsupported(const std::string &Message);

std::vector<Comparison> checkBackward(const c10::OperatorHandle &Op,
                                      const Sample &S, uint64_t Seed);
/// The forward formula of every floating-point output of S.
std::vector<Comparison> checkForward(const c10::OperatorHandle &Op,
                                     const Sample &S, uint64_t Seed);
/// The derivative of the backward pass with respect to the inputs.
std::vector<Comparison> checkSecondOrder(const c10::OperatorHandle &Op,
                                         const Sample &S, uint64_t Seed);

} // namespace gradcheck

#endif // GRADGEN_GRADCHECK_HARNESS_CHECKS_H
