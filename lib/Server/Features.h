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
std::optional<lsp::Location> definition(const Analysis &A, size_t Offset);
std::vector<lsp::DocumentSymbol> documentSymbols(const Analysis &A);

} // namespace gradgen::server

#endif // GRADGEN_LIB_SERVER_FEATURES_H
