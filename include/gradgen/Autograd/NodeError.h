//===- NodeError.h - A Node that cannot be generated ------------*- C++ -*-===//
//
// Nodes are built and emitted on several threads, and the DiagnosticEngine is
// not thread-safe: a mistake that makes a Node impossible is returned as an
// llvm::Error value, which the caller reports in node order so that the
// output is the same for any number of threads (reportEmitError, EmitError.h).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_AUTOGRAD_NODEERROR_H
#define GRADGEN_AUTOGRAD_NODEERROR_H

#include "gradgen/Support/DiagnosticKinds.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"

#include <string>

namespace gradgen {

/// A mistake in the input that makes a Node impossible to generate, located
/// in derivatives.yaml where possible.
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

} // namespace gradgen

#endif // GRADGEN_AUTOGRAD_NODEERROR_H
