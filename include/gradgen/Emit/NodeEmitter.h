//===- NodeEmitter.h - One autograd Node class ------------------*- C++ -*-===//
//
// torchgen's process_function, the text half: renders a NodeModel into its
// declaration (Functions.h) and definition (Functions.cpp) with the profile's
// node templates. The definition computes the index range of each
// differentiable input, asks which inputs need a gradient, and runs one
// block per derivative formula.
//
// Rendering reads nothing but the model and the preloaded templates, so
// Nodes may be rendered concurrently.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_NODEEMITTER_H
#define GRADGEN_EMIT_NODEEMITTER_H

#include "gradgen/Autograd/NodeModel.h"
#include "gradgen/Emit/TemplateSet.h"

#include "llvm/Support/Error.h"

#include <string>

namespace gradgen {

/// The node templates the Functions family reads (templates/<profile>/node/).
struct NodeTemplates {
  const CodeTemplate *Declaration = nullptr;
  const CodeTemplate *Definition = nullptr;
  const CodeTemplate *WillReleaseVariables = nullptr;
  const CodeTemplate *GradInputMask = nullptr;
  const CodeTemplate *DerivativeSingle = nullptr;
  const CodeTemplate *DerivativeMulti = nullptr;
  const CodeTemplate *DerivativeMultiCopyRange = nullptr;
  /// Only for profiles with foreach-nodes.
  const CodeTemplate *DerivativeSingleForeach = nullptr;
  /// Only for profiles with compiled-autograd-nodes.
  const CodeTemplate *ComputeNeedsInputGrad = nullptr;
  const CodeTemplate *IValueSchema = nullptr;
  const CodeTemplate *IValuePackedType = nullptr;

  /// Loads the templates TheProfile uses; Loader reports failures.
  void load(const Profile &TheProfile, TemplateLoader &Loader);
};

/// The text of one Node in Functions.h and Functions.cpp.
struct NodeText {
  /// The struct in Functions.h.
  std::string Declaration;
  /// The member and helper function definitions in Functions.cpp.
  std::string Definition;
};

/// Renders Node. Errors are TemplateErrors.
llvm::Expected<NodeText> renderNode(const NodeModel &Node,
                                    const NodeTemplates &Templates,
                                    const Profile &TheProfile);

} // namespace gradgen

#endif // GRADGEN_EMIT_NODEEMITTER_H
