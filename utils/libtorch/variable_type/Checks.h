//===- Checks.h - The operators the kernel battery runs ---------*- C++ -*-===//
//
// The battery of VariableType kernels runs every case of the node battery
// (../battery/Cases.cpp: functional operators, multi-output operators, views,
// double backward) and the kernel shapes that battery leaves out: in-place
// operators (on temporaries and on views), out= operators, and the errors
// the kernels raise. Each case runs in two modes: backward (reverse mode, the
// inputs require grad) and forward AD (the inputs are dual tensors).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_VARIABLE_TYPE_CHECKS_H
#define GRADGEN_VARIABLE_TYPE_CHECKS_H

#include "../battery/Battery.h"

#include <vector>

namespace vtbattery {

enum Mode : unsigned {
  Backward = 1,  ///< inputs require grad; gradients (and double backward)
  ForwardAD = 2, ///< inputs are dual tensors; tangents of the outputs
  BothModes = Backward | ForwardAD,
};

struct Check {
  battery::Case Case;
  unsigned Modes = BothModes;
  /// The case exists to compare the error libtorch raises (in every mode it
  /// runs): a missing error is a failure.
  bool ExpectError = false;
};

/// The kernel shapes of ../battery's cases are mostly functional; these add
/// in-place, out= and error cases.
std::vector<Check> kernelShapeChecks();

/// Every check, in a fixed order: the node battery's cases, then
/// kernelShapeChecks().
std::vector<Check> allChecks();

} // namespace vtbattery

#endif // GRADGEN_VARIABLE_TYPE_CHECKS_H
