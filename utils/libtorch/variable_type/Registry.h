//===- Registry.h - Registering the deferred kernel blocks -----*- C++ -*-===//
//
// The runtime half of Deferred.h. Linked only into the candidate build of the
// battery; the plain build (libtorch's own kernels) leaves it out, and the
// weak declaration below is then null.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_VARIABLE_TYPE_REGISTRY_H
#define GRADGEN_VARIABLE_TYPE_REGISTRY_H

#include <string>
#include <vector>

namespace vtbattery {

/// Registers every recorded TORCH_LIBRARY_IMPL block, in the order of static
/// initialisation, each `m.impl` under try/catch. Prints, one per line,
///   registered FILE KEY COUNT            per block
///   registration-error FILE OPERATOR MESSAGE
/// and returns the distinct FILE names (the shards' `__FILE__`).
__attribute__((weak)) std::vector<std::string> registerDeferredBlocks();

/// \p Text on one line: newlines become `\n`, backslashes `\\`.
inline std::string oneLine(const std::string &Text) {
  std::string Result;
  for (char C : Text) {
    if (C == '\n')
      Result += "\\n";
    else if (C == '\\')
      Result += "\\\\";
    else
      Result += C;
  }
  return Result;
}

} // namespace vtbattery

#endif // GRADGEN_VARIABLE_TYPE_REGISTRY_H
