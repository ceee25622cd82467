//===- Protocol.cpp - The Language Server Protocol types gradgen uses -----===//

#include "gradgen/LSP/Protocol.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::lsp {

char LSPError::ID;

void LSPError::log(raw_ostream &OS) const {
  OS << Message << " (" << static_cast<int>(Code) << ")";
}

std::error_code LSPError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

Error makeLSPError(ErrorCode Code, const Twine &Message) {
  return make_error<LSPError>(Message.str(), Code);
}

/// RFC 3986's unreserved characters and the path separator stay as they are.
static bool isUnescaped(char C) {
  return isAlnum(C) || StringRef("-._~/").contains(C);
}

std::string pathToURI(StringRef Path) {
  std::string URI = "file://";
  for (char C : Path) {
    if (isUnescaped(C)) {
      URI += C;
      continue;
    }
    URI += '%';
    URI += hexdigit((C >> 4) & 0xF);
    URI += hexdigit(C & 0xF);
  }
  return URI;
}

Expected<std::string> uriToPath(StringRef URI) {
  if (!URI.consume_front("file://"))
    return makeLSPError(ErrorCode::InvalidParams,
                        "not a file:// URI: '" + URI + "'");
  // `file://host/path` names no local file.
  if (!URI.startswith("/"))
    return makeLSPError(ErrorCode::InvalidParams,
                        "not a local file URI: 'file://" + URI + "'");
  std::string Path;
  for (size_t I = 0; I < URI.size(); ++I) {
    if (URI[I] == '%' && I + 2 < URI.size() && isHexDigit(URI[I + 1]) &&
        isHexDigit(URI[I + 2])) {
      Path += static_cast<char>(hexFromNibbles(URI[I + 1], URI[I + 2]));
      I += 2;
      continue;
    }
    Path += URI[I];
  }
  return Path;
}

bool fromJSON(const json::Value &V, Position &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("line", P.Line) && O.map("character", P.Character);
}

json::Value toJSON(const Position &P) {
  return json::Object{{"line", P.Line}, {"character", P.Character}};
}

bool fromJSON(const json::Value &V, Range &R, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("start", R.Start) && O.map("end", R.End);
}

json::Value toJSON(const Range &R) {
  return json::Object{{"start", R.Start}, {"end", R.End}};
}

json::Value toJSON(const Location &L) {
  return json::Object{{"uri", L.URI}, {"range", L.TheRange}};
}

bool fromJSON(const json::Value &V, TextDocumentIdentifier &T,
              json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("uri", T.URI);
}

bool fromJSON(const json::Value &V, TextDocumentItem &T, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("uri", T.URI) && O.mapOptional("languageId", T.LanguageID) &&
         O.map("version", T.Version) && O.map("text", T.Text);
}

bool fromJSON(const json::Value &V, DidOpenParams &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.Document);
}

bool fromJSON(const json::Value &V, ContentChange &C, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.mapOptional("range", C.TheRange) && O.map("text", C.Text);
}

bool fromJSON(const json::Value &V, DidChangeParams &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  if (!O)
    return false;
  const json::Object *Document = V.getAsObject()->getObject("textDocument");
  if (!Document) {
    Path.field("textDocument").report("expected an object");
    return false;
  }
  json::ObjectMapper D(*V.getAsObject()->get("textDocument"),
                       Path.field("textDocument"));
  return D.map("uri", P.URI) && D.map("version", P.Version) &&
         O.map("contentChanges", P.Changes);
}

bool fromJSON(const json::Value &V, DocumentParams &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.Document);
}

bool fromJSON(const json::Value &V, PositionParams &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.Document) && O.map("position", P.Pos);
}

bool fromJSON(const json::Value &V, CodeActionParams &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.Document) && O.map("range", P.TheRange);
}

json::Value toJSON(const TextEdit &E) {
  return json::Object{{"range", E.TheRange}, {"newText", E.NewText}};
}

json::Value toJSON(const Diagnostic &D) {
  json::Object Result{{"range", D.TheRange},
                      {"severity", static_cast<int>(D.Severity)},
                      {"source", "gradgen"},
                      {"message", D.Message}};
  if (!D.Code.empty())
    Result["code"] = D.Code;
  if (!D.Related.empty()) {
    json::Array Related;
    for (const RelatedInformation &R : D.Related)
      Related.push_back(
          json::Object{{"location", R.TheLocation}, {"message", R.Message}});
    Result["relatedInformation"] = std::move(Related);
  }
  return Result;
}

json::Value toJSON(const PublishDiagnosticsParams &P) {
  json::Object Result{{"uri", P.URI}, {"diagnostics", P.Diagnostics}};
  if (P.Version)
    Result["version"] = *P.Version;
  return Result;
}

json::Value toJSON(const CodeAction &A) {
  if (A.Command)
    return json::Object{{"title", A.Title}, {"command", *A.Command}};
  json::Object Result{
      {"title", A.Title},
      {"kind", "quickfix"},
      {"edit", json::Object{{"changes", json::Object{{A.URI, A.Edits}}}}}};
  if (A.Fixes)
    Result["diagnostics"] = json::Array{*A.Fixes};
  if (A.Preferred)
    Result["isPreferred"] = true;
  return Result;
}

json::Value toJSON(const Hover &H) {
  json::Object Result{
      {"contents",
       json::Object{{"kind", "markdown"}, {"value", H.Markdown}}}};
  if (H.TheRange)
    Result["range"] = *H.TheRange;
  return Result;
}

json::Value toJSON(const DocumentSymbol &S) {
  json::Object Result{{"name", S.Name},
                      {"kind", static_cast<int>(S.Kind)},
                      {"range", S.TheRange},
                      {"selectionRange", S.SelectionRange}};
  if (!S.Detail.empty())
    Result["detail"] = S.Detail;
  if (!S.Children.empty())
    Result["children"] = S.Children;
  return Result;
}

} // namespace gradgen::lsp
