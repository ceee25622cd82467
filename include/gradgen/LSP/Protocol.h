//===- Protocol.h - The Language Server Protocol types gradgen uses -*- C++ -*-===//
//
// The subset of LSP 3.17 that gradgen-lsp-server speaks, as plain structs
// with fromJSON/toJSON for llvm::json. Positions are LSP's: 0-based lines and
// UTF-16 code units; converting them to byte offsets is the document's job.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LSP_PROTOCOL_H
#define GRADGEN_LSP_PROTOCOL_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen::lsp {

/// JSON-RPC and LSP error codes.
enum class ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestFailed = -32803,
  ServerCancelled = -32802,
  ContentModified = -32801,
  RequestCancelled = -32800,
};

/// An error that becomes a JSON-RPC error response.
class LSPError : public llvm::ErrorInfo<LSPError> {
public:
  static char ID;
  LSPError(std::string Message, ErrorCode Code)
      : Message(std::move(Message)), Code(Code) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

  std::string Message;
  ErrorCode Code;
};

llvm::Error makeLSPError(ErrorCode Code, const llvm::Twine &Message);

/// A `file://` URI and the path it names.
std::string pathToURI(llvm::StringRef Path);
llvm::Expected<std::string> uriToPath(llvm::StringRef URI);

struct Position {
  int Line = 0;
  int Character = 0;
  friend bool operator==(const Position &L, const Position &R) {
    return L.Line == R.Line && L.Character == R.Character;
  }
};
bool fromJSON(const llvm::json::Value &V, Position &P, llvm::json::Path Path);
llvm::json::Value toJSON(const Position &P);

struct Range {
  Position Start, End;
};
bool fromJSON(const llvm::json::Value &V, Range &R, llvm::json::Path Path);
llvm::json::Value toJSON(const Range &R);

struct Location {
  std::string URI;
  Range TheRange;
};
llvm::json::Value toJSON(const Location &L);

struct TextDocumentIdentifier {
  std::string URI;
};
bool fromJSON(const llvm::json::Value &V, TextDocumentIdentifier &T,
              llvm::json::Path Path);

struct TextDocumentItem {
  std::string URI;
  std::string LanguageID;
  int64_t Version = 0;
  std::string Text;
};
bool fromJSON(const llvm::json::Value &V, TextDocumentItem &T,
              llvm::json::Path Path);

struct DidOpenParams {
  TextDocumentItem Document;
};
bool fromJSON(const llvm::json::Value &V, DidOpenParams &P,
              llvm::json::Path Path);

/// One change of didChange: a replaced range, or the whole text.
struct ContentChange {
  std::optional<Range> TheRange;
  std::string Text;
};
bool fromJSON(const llvm::json::Value &V, ContentChange &C,
              llvm::json::Path Path);

struct DidChangeParams {
  std::string URI;
  int64_t Version = 0;
  std::vector<ContentChange> Changes;
};
bool fromJSON(const llvm::json::Value &V, DidChangeParams &P,
              llvm::json::Path Path);

/// didClose and didSave.
struct DocumentParams {
  TextDocumentIdentifier Document;
};
bool fromJSON(const llvm::json::Value &V, DocumentParams &P,
              llvm::json::Path Path);

struct PositionParams {
  TextDocumentIdentifier Document;
  Position Pos;
};
bool fromJSON(const llvm::json::Value &V, PositionParams &P,
              llvm::json::Path Path);

struct CodeActionParams {
  TextDocumentIdentifier Document;
  Range TheRange;
};
bool fromJSON(const llvm::json::Value &V, CodeActionParams &P,
              llvm::json::Path Path);

struct TextEdit {
  Range TheRange;
  std::string NewText;
};
llvm::json::Value toJSON(const TextEdit &E);

enum class DiagnosticSeverity { Error = 1, Warning = 2, Information = 3, Hint = 4 };

struct RelatedInformation {
  Location TheLocation;
  std::string Message;
};

struct Diagnostic {
  Range TheRange;
  DiagnosticSeverity Severity = DiagnosticSeverity::Error;
  std::string Code;
  std::string Message;
  std::vector<RelatedInformation> Related;
  /// Not sent: the quick fixes codeAction offers for it.
  std::vector<TextEdit> Fixes;
};
llvm::json::Value toJSON(const Diagnostic &D);

struct PublishDiagnosticsParams {
  std::string URI;
  std::optional<int64_t> Version;
  std::vector<Diagnostic> Diagnostics;
};
llvm::json::Value toJSON(const PublishDiagnosticsParams &P);

/// A quickfix that edits one document.
/// A quick fix (Edits of URI), or an action that runs Command instead.
struct CodeAction {
  std::string Title;
  std::string URI;
  std::vector<TextEdit> Edits;
  std::optional<Diagnostic> Fixes;
  bool Preferred = false;
  /// {title, command, arguments}: the action runs it rather than edit.
  std::optional<llvm::json::Value> Command;
};
llvm::json::Value toJSON(const CodeAction &A);

struct Hover {
  std::string Markdown;
  std::optional<Range> TheRange;
};
llvm::json::Value toJSON(const Hover &H);

enum class SymbolKind { Namespace = 3, Class = 5, Method = 6, Field = 8, Function = 12 };

struct DocumentSymbol {
  std::string Name;
  std::string Detail;
  SymbolKind Kind = SymbolKind::Function;
  Range TheRange;
  Range SelectionRange;
  std::vector<DocumentSymbol> Children;
};
llvm::json::Value toJSON(const DocumentSymbol &S);

} // namespace gradgen::lsp

#endif // GRADGEN_LSP_PROTOCOL_H
