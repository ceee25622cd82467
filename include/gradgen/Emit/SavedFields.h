//===- SavedFields.h - The code of a Node's saved fields --------*- C++ -*-===//
//
// torchgen's save_var, the text half: for each SavedField of a NodeModel,
// the member that holds it (`SavedVariable self_;`), how it is released,
// unpacked and checked before use, and how compiled autograd visits it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_SAVEDFIELDS_H
#define GRADGEN_EMIT_SAVEDFIELDS_H

#include "gradgen/Autograd/NodeModel.h"

#include <string>
#include <vector>

namespace gradgen {

/// The code a Node's saved fields contribute, in field order.
struct SavedFieldCode {
  /// Member declarations.
  std::vector<std::string> SavedVariables;
  std::vector<std::string> ReleaseVariables;
  std::vector<std::string> Unpacks;
  std::vector<std::string> Asserts;
  /// Compiled autograd: CompiledNodeArgs::collect and SwapSavedVariables.
  std::vector<std::string> CompiledArgs;
  std::vector<std::string> ApplyWithSavedBefore;
  std::vector<std::string> ApplyWithSavedAfter;
};

/// The code of every saved field of Node.
SavedFieldCode renderSavedFields(const NodeModel &Node,
                                 const Profile &TheProfile);

} // namespace gradgen

#endif // GRADGEN_EMIT_SAVEDFIELDS_H
