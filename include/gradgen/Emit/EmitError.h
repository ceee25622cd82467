//===- EmitError.h - Errors found while emitting a Node ---------*- C++ -*-===//
//
// Nodes are emitted on several threads, and the DiagnosticEngine is not
// thread-safe: emitters return their errors (NodeErrors, TemplateErrors) as
// llvm::Error values, which the caller reports in node order so that the
// output is the same for any number of threads.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_EMITERROR_H
#define GRADGEN_EMIT_EMITERROR_H

#include "gradgen/Autograd/NodeError.h"

#include "llvm/Support/Error.h"

namespace gradgen {

class DiagnosticEngine;

/// Reports every error of E through Diags: NodeErrors at their location,
/// template errors and anything else under `emit.error`.
void reportEmitError(llvm::Error E, DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_EMIT_EMITERROR_H
