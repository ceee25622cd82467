//===- EmitError.h - Errors found while emitting a Node ---------*- C++ -*-===//
//
// Nodes are emitted on several threads, and the DiagnosticEngine is not
// thread-safe: emitters return their errors as llvm::Error values, which the
// caller reports in node order so that the output is the same for any number
// of threads.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_EMITERROR_H
#define GRADGEN_EMIT_EMITERROR_H

#include "gradgen/Support/DiagnosticKinds.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"

#include <string>

namespace gradgen {

class DiagnosticEngine;

/// A mistake in the input that makes a Node impossible to emit, located in
/// derivatives.yaml where possible.
class NodeError : public llvm::ErrorInfo<NodeError> {
public:
  static char ID;

  NodeError(diag::Kind Kind, llvm::SMRange Range, const llvm::Twine &Message)
      : Kind(Kind), Range(Range), Message(Message.str()) {}
  NodeError(diag::Kind Kind, llvm::SMLoc Loc, const llvm::Twine &Message)
      : NodeError(Kind, llvm::SMRange(Loc, Loc), Message) {}

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

  diag::Kind Kind;
  /// Where the mistake is; a range whose ends are equal marks a position.
  llvm::SMRange Range;
  std::string Message;
};

/// Reports every error of E through Diags: NodeErrors at their location,
/// template errors and anything else under `emit.error`.
void reportEmitError(llvm::Error E, DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_EMIT_EMITERROR_H
