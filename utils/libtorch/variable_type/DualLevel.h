//===- DualLevel.h - A forward-AD level for one case -----------*- C++ -*-===//
//
// Shared by the batteries that run cases under forward AD (VariableType,
// ADInplaceOrView).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_VARIABLE_TYPE_DUAL_LEVEL_H
#define GRADGEN_VARIABLE_TYPE_DUAL_LEVEL_H

#include <torch/csrc/autograd/forward_grad.h>

#include <cstdint>

namespace vtbattery {

/// A forward-AD level for one case; released even when the case throws.
/// The generated kernels set tangents at level 0, the first level.
class DualLevel {
public:
  DualLevel() : Index(torch::autograd::ForwardADLevel::get_next_idx()) {}
  ~DualLevel() { torch::autograd::ForwardADLevel::release_idx(Index); }
  DualLevel(const DualLevel &) = delete;
  DualLevel &operator=(const DualLevel &) = delete;
  uint64_t index() const { return Index; }

private:
  uint64_t Index;
};

} // namespace vtbattery

#endif // GRADGEN_VARIABLE_TYPE_DUAL_LEVEL_H
