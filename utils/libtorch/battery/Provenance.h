//===- Provenance.h - Which binary a node's code comes from -----*- C++ -*-===//
//
// A generated node class (torch::autograd::generated::X) is defined twice when
// the battery links generated node code: in libtorch_cpu.so and in the
// executable. libtorch builds nodes through its GOT, so the dynamic linker's
// choice of vtable decides whose `apply` the engine calls. This inspects, for
// a live node, where its vtable and its `apply` slot point.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIBTORCH_PROVENANCE_H
#define GRADGEN_LIBTORCH_PROVENANCE_H

#include <torch/csrc/autograd/function.h>

#include <string>

namespace battery {

/// The binary that holds some code or data.
enum class Origin { Executable, Libtorch, Elsewhere };

/// The token naming \p O in the battery's `node` lines.
const char *originName(Origin O);
/// How messages name \p O: "the executable", "libtorch_cpu.so", ...
const char *binaryName(Origin O);

struct NodeProvenance {
  std::string ClassName;  ///< e.g. MulBackward0 (no namespace)
  bool Generated = false; ///< in torch::autograd::generated
  Origin VTable = Origin::Elsewhere;
  Origin Apply = Origin::Elsewhere;
  /// For generated nodes: the vtable is the one the dynamic linker resolves
  /// the class's vtable symbol to (what libtorch's constructors store).
  bool VTableIsGlobalDefinition = true;
};

class ProvenanceInspector {
public:
  /// Locates the executable and libtorch_cpu.so in the process.
  ProvenanceInspector();

  /// False (with a reason) when libtorch_cpu.so is not mapped.
  bool valid(std::string &Reason) const;

  NodeProvenance inspect(const torch::autograd::Node &N) const;

private:
  Origin originOf(const void *Address) const;

  const void *ExecutableBase = nullptr;
  const void *LibtorchBase = nullptr;
  std::string LibtorchPath;
  size_t ApplySlot = 0;
};

} // namespace battery

#endif // GRADGEN_LIBTORCH_PROVENANCE_H
