//===- FileEmitter.h - The generated autograd files -------------*- C++ -*-===//
//
// What PyTorch's build writes from derivatives.yaml through
// gen_autograd_functions.py, in the order of the build: first the Python
// bindings, from the infos derivatives.yaml defines (python_functions.h and
// the shards python_functions_<i>.cpp, plus python_functionsEverything.cpp),
// then Functions.h and Functions.cpp from every info, the generated
// _foreach_ ones included.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_FILEEMITTER_H
#define GRADGEN_EMIT_FILEEMITTER_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Emit/NodeTemplates.h"

#include <string>
#include <vector>

namespace gradgen {

struct GeneratedFile {
  /// The file name, relative to the output directory.
  std::string Name;
  std::string Contents;
};

/// Emits the Node classes of Database and their Python bindings. Nodes are
/// emitted on Threads threads (0: one per hardware thread); the output does
/// not depend on it. Returns the files in a fixed order, or nothing after
/// reporting errors to Diags.
std::vector<GeneratedFile>
emitAutogradFunctions(const DerivativesDatabase &Database,
                      const NodeTemplates &Templates, unsigned Threads,
                      DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_EMIT_FILEEMITTER_H
