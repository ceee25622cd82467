//===- Features.h - What the server answers from one Analysis ---*- C++ -*-===//
//
// Private to the Server library: diagnostics, quick fixes, hover,
// definitions and symbols, each computed from an Analysis of a document.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SERVER_FEATURES_H
#define GRADGEN_LIB_SERVER_FEATURES_H

#include "gradgen/Formula/FormulaAssistant.h"
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

/// On an entry's name: its schema, Node classes and overloads. On a name in
/// a formula: its declaration and type as Clang sees them (from Assistant,
/// which may be null), with what the name is to the entry (an argument, a
/// gradient, a value the Node saves).
std::optional<lsp::Hover> hover(const Analysis &A, size_t Offset,
                                FormulaAssistant *Assistant);
/// An entry's `name:` to its `func:`, an argument or gradient key to the
/// schema argument, a helper call to its declarations in the helper headers.
std::vector<lsp::Location> definition(const Analysis &A, size_t Offset);
std::vector<lsp::DocumentSymbol> documentSymbols(const Analysis &A);

/// The formula written in derivatives.yaml at a point, as the check frames
/// it, and the point as an offset of its text.
struct FormulaAtPoint {
  const NativeFunction *Func = nullptr;
  /// One of the entries'; null for Written.
  const FormulaEntry *Formula = nullptr;
  /// A formula read from the text, whose entry has errors.
  std::optional<FormulaEntry> Written;
  FormulaInput Input;
  unsigned TextOffset = 0;
};
std::optional<FormulaAtPoint> formulaAt(const Analysis &A, size_t Offset);
/// The formula at Offset of Text, read from the text alone with A's schemas
/// (an entry with errors, or a text newer than A's).
std::optional<FormulaAtPoint>
formulaInText(const Analysis &A, llvm::StringRef Text, size_t Offset);

/// Clang's completions at Offset of a formula (Assistant's), as an LSP
/// CompletionList; empty outside formulas or without an assistant. With
/// NewerText, Offset is in that text, which A did not check yet.
llvm::json::Value completions(const Analysis &A, size_t Offset,
                              FormulaAssistant *Assistant,
                              std::optional<llvm::StringRef> NewerText);

/// The command of the code lens that shows an entry's generated code; its
/// arguments are the document's URI and the entry's position.
inline const std::string ShowGeneratedCodeCommand = "gradgen.showGeneratedCode";

/// One "generated code" lens on the name of every entry that has a Node.
llvm::json::Value codeLenses(const Analysis &A, llvm::StringRef URI);

/// gradgen/generatedCode: {"nodes": [{name, dispatchKey, declaration,
/// definition}]} of the entry at Offset, or null if it has no Node.
llvm::Expected<llvm::json::Value> generatedCode(const Analysis &A,
                                                size_t Offset);

/// The command of the code action that checks an entry's formulas
/// numerically; its arguments are the document's URI and the operator
/// (`mul.Tensor`).
inline const std::string GradcheckCommand = "gradgen.gradcheck";

/// "Check this derivative numerically" on the name of the entry at Range's
/// start; none elsewhere.
std::optional<lsp::CodeAction>
gradcheckAction(const Analysis &A, llvm::StringRef URI, lsp::Range Range);

/// The outcome of `gradgen gradcheck --op`: its diagnostics of the document
/// (rules gradcheck.*) and {ran, operatorsChecked, formulasChecked,
/// disagreements, skipped: [{reason, operators}]}, with `problem`, the first
/// error, when it could not run.
struct NumericCheck {
  std::vector<lsp::Diagnostic> Diagnostics;
  llvm::json::Value Summary = nullptr;
};
/// Checks Operator's formulas in Text, the editor's derivatives.yaml at
/// Path, numerically against the libtorch of Config (docs/gradcheck.md).
NumericCheck checkNumerically(const CheckConfig &Config, llvm::StringRef Path,
                              llvm::StringRef Text, llvm::StringRef Operator,
                              const char *Argv0);

} // namespace gradgen::server

#endif // GRADGEN_LIB_SERVER_FEATURES_H
