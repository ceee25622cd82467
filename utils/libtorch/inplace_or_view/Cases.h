//===- Cases.h - The operators the ADInplaceOrView battery runs -*- C++ -*-===//
//
// The battery of ADInplaceOrView kernels (docs/libtorch-checks.md) runs three
// kinds of operators, each in several settings, and prints what the kernels
// decide: for views, the view metadata (is_view, _base, creation meta, view
// replay); for in-place and out= operators, the version counters, and
// whether autograd still detects a saved tensor modified in place.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_INPLACE_OR_VIEW_CASES_H
#define GRADGEN_INPLACE_OR_VIEW_CASES_H

#include "../battery/Battery.h"

#include <functional>
#include <string>
#include <vector>

namespace ivbattery {

using battery::Input;
using battery::Tensors;

/// An operator returning views of its first input (the base).
struct ViewCase {
  std::string Name;
  std::vector<Input> Inputs;
  std::function<Tensors(const Tensors &)> View;
};

/// An operator that modifies its first input in place (and returns it).
struct InplaceCase {
  std::string Name;
  std::vector<Input> Inputs;
  std::function<void(at::Tensor &Self, const Tensors &Others)> Apply;
};

/// An operator writing its results into the tensors it is given.
struct OutCase {
  std::string Name;
  std::vector<Input> Inputs;
  /// The dtype of each out= tensor.
  std::vector<at::ScalarType> Outs;
  std::function<void(const Tensors &Inputs, Tensors &Outs)> Apply;
};

std::vector<ViewCase> viewCases();
std::vector<InplaceCase> inplaceCases();
std::vector<OutCase> outCases();

/// Draws an input: battery::draw for floating types, small integers for
/// integral ones, coin flips for bool.
at::Tensor drawInput(const Input &I);

} // namespace ivbattery

#endif // GRADGEN_INPLACE_OR_VIEW_CASES_H
