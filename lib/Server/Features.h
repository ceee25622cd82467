//===- Features.h - What the server answers from one Analysis ---*- C++ -*-===//
//
// Private to the Server library: diagnostics, quick fixes, hover,
// definitions and symbols, each computed from an Analysis of a document.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SERVER_FEATURES_H
#define GRADGEN_LIB_SERVER_FEATURES_H

#include "gradgen/LSP/Protocol.h"
#include "gradgen/Server/Analysis.h"

#include <map>

namespace gradgen::server {

/// The diagnostics of A by the path of the file they point into; the file
/// A checked is always present, with none if it is clean.
std::map<std::string, std::vector<lsp::Diagnostic>>
toLSPDiagnostics(const Analysis &A);

/// The quick fixes of the diagnostics of A that overlap Range of the
/// document URI.
std::vector<lsp::CodeAction> codeActions(const Analysis &A,
                                         llvm::StringRef URI,
                                         lsp::Range Range);

std::optional<lsp::Hover> hover(const Analysis &A, size_t Offset);
/// An entry's `name:` to its `func:`, an argument or gradient key to the
/// schema argument, a helper call to its declarations in the helper headers.
std::vector<lsp::Location> definition(const Analysis &A, size_t Offset);
std::vector<lsp::DocumentSymbol> documentSymbols(const Analysis &A);

/// Names to complete at Offset of a formula: after `at::` the operators of
/// native_functions.yaml, elsewhere the entry's arguments, gradients,
/// outputs and forward-mode names. Members after `.` are not offered: that
/// needs Clang's code completion on the formula unit.
llvm::json::Value completions(const Analysis &A, size_t Offset);

/// The command of the code lens that shows an entry's generated code; its
/// arguments are the document's URI and the entry's position.
inline const std::string ShowGeneratedCodeCommand = "gradgen.showGeneratedCode";

/// One "generated code" lens on the name of every entry that has a Node.
llvm::json::Value codeLenses(const Analysis &A, llvm::StringRef URI);

/// gradgen/generatedCode: {"nodes": [{name, dispatchKey, declaration,
/// definition}]} of the entry at Offset, or null if it has no Node.
llvm::Expected<llvm::json::Value> generatedCode(const Analysis &A,
                                                size_t Offset);

} // namespace gradgen::server

#endif // GRADGEN_LIB_SERVER_FEATURES_H
