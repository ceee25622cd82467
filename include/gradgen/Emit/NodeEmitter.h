//===- NodeEmitter.h - One autograd Node class ------------------*- C++ -*-===//
//
// torchgen's process_function: from a DifferentiabilityInfo, the Node's
// declaration (Functions.h), its definition (Functions.cpp) and its Python
// bindings (python_functions_<i>.cpp). The definition computes the index
// range of each differentiable input, asks which inputs need a gradient, and
// runs one block per derivative formula: single-input formulas (element-wise
// for _foreach_ functions) and multi-input formulas returning a tuple, with
// `grad_input_mask` where the formula wants to know which gradients are
// needed.
//
// Emitting a Node reads nothing but its info and the preloaded templates, so
// nodes may be emitted concurrently.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_NODEEMITTER_H
#define GRADGEN_EMIT_NODEEMITTER_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Emit/NodeTemplates.h"

#include "llvm/Support/Error.h"

#include <string>

namespace gradgen {

/// The text of one Node in each file it appears in.
struct NodeText {
  /// The struct in Functions.h.
  std::string Declaration;
  /// The member and helper function definitions in Functions.cpp.
  std::string Definition;
  /// The Python getters and property table; empty unless requested.
  std::string PyPropsAndGetters;
  /// The lines that register the Python type; empty unless requested.
  std::string PyInitializer;
};

class NodeEmitter {
public:
  explicit NodeEmitter(const NodeTemplates &Templates)
      : Templates(Templates), TheProfile(*Templates.TheProfile) {}

  /// Emits the Node of Info, which must have an op. The Python bindings are
  /// emitted only WithPython. Errors are NodeErrors or TemplateErrors.
  llvm::Expected<NodeText> emit(const DifferentiabilityInfo &Info,
                                bool WithPython) const;

private:
  const NodeTemplates &Templates;
  const Profile &TheProfile;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_NODEEMITTER_H
