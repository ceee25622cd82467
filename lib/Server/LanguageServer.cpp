//===- LanguageServer.cpp - gradgen's language server ---------------------===//
//
// The methods a client calls, the requests answered from the checks and the
// document synchronization that schedules them (ServerImpl.h).
//
//===----------------------------------------------------------------------===//

#include "ServerImpl.h"
#include "TextShift.h"

#include "gradgen/Formula/FormulaAnalysis.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gradgen::server {

using lsp::ErrorCode;
using lsp::makeLSPError;

void LanguageServer::Impl::bind(lsp::Dispatcher &D) {
  bindLifecycle(D);
  bindDocumentSync(D);
  bindFeatures(D);
}

void LanguageServer::Impl::bindLifecycle(lsp::Dispatcher &D) {
  D.method<json::Value>("initialize", [this](const json::Value &P) {
    return initialize(P);
  });
  D.notification<json::Value>("initialized",
                              [](const json::Value &) { return Error::success(); });
  D.method<json::Value>("shutdown", [this, &D](const json::Value &) {
    ShutdownReceived = true;
    D.shutDown();
    return json::Value(nullptr);
  });
  D.notification<json::Value>("exit", [&D](const json::Value &) {
    D.stop();
    return Error::success();
  });
}

void LanguageServer::Impl::bindDocumentSync(lsp::Dispatcher &D) {
  D.notification<lsp::DidOpenParams>(
      "textDocument/didOpen",
      [this](const lsp::DidOpenParams &P) { return didOpen(P); });
  D.notification<lsp::DidChangeParams>(
      "textDocument/didChange",
      [this](const lsp::DidChangeParams &P) { return didChange(P); });
  D.notification<lsp::DocumentParams>(
      "textDocument/didClose",
      [this](const lsp::DocumentParams &P) { return didClose(P); });
  D.notification<json::Value>("textDocument/didSave",
                              [this](const json::Value &) { return recheckAll(); });
  D.notification<json::Value>(
      "workspace/didChangeWatchedFiles",
      [this](const json::Value &) { return recheckAll(); });
}

void LanguageServer::Impl::bindFeatures(lsp::Dispatcher &D) {
  // Edits apply to the text the client has now: code actions and lenses
  // wait for its check.
  D.asyncMethod<lsp::CodeActionParams>(
      "textDocument/codeAction",
      [this](const lsp::CodeActionParams &P, lsp::Reply R) {
        request(P.Document.URI, std::nullopt, WhileChecking::Wait,
                json::Array(), std::move(R),
                [URI = P.Document.URI, Range = P.TheRange](
                    const Analysis &A, size_t,
                    std::optional<StringRef>) -> Expected<json::Value> {
                  std::vector<lsp::CodeAction> Actions =
                      codeActions(A, URI, Range);
                  if (std::optional<lsp::CodeAction> Check =
                          gradcheckAction(A, URI, Range))
                    Actions.push_back(std::move(*Check));
                  return json::Value(std::move(Actions));
                });
      });
  atPosition(D, "textDocument/hover", WhileChecking::ShiftPosition,
             [this](const Analysis &A, size_t Offset,
                    std::optional<StringRef>) -> Expected<json::Value> {
               if (std::optional<lsp::Hover> H =
                       hover(A, Offset, assistantFor(A)))
                 return toJSON(*H);
               return nullptr;
             });
  atPosition(D, "textDocument/definition", WhileChecking::ShiftPosition,
             [](const Analysis &A, size_t Offset,
                std::optional<StringRef>) -> Expected<json::Value> {
               return json::Value(definition(A, Offset));
             });
  atPosition(D, "gradgen/generatedCode", WhileChecking::ShiftPosition,
             [](const Analysis &A, size_t Offset, std::optional<StringRef>) {
               return generatedCode(A, Offset);
             });
  atPosition(
      D, "textDocument/completion", WhileChecking::NewerText,
      [this](const Analysis &A, size_t Offset,
             std::optional<StringRef> NewerText) -> Expected<json::Value> {
        return completions(A, Offset, assistantFor(A), NewerText);
      });
  D.asyncMethod<lsp::DocumentParams>(
      "textDocument/codeLens",
      [this](const lsp::DocumentParams &P, lsp::Reply R) {
        request(P.Document.URI, std::nullopt, WhileChecking::Wait,
                json::Array(), std::move(R),
                [URI = P.Document.URI](const Analysis &A, size_t,
                                       std::optional<StringRef>)
                    -> Expected<json::Value> { return codeLenses(A, URI); });
      });
  D.asyncMethod<json::Value>("workspace/executeCommand",
                             [this](const json::Value &P, lsp::Reply R) {
                               executeCommand(P, std::move(R));
                             });
  D.asyncMethod<lsp::DocumentParams>(
      "textDocument/documentSymbol",
      [this](const lsp::DocumentParams &P, lsp::Reply R) {
        request(P.Document.URI, std::nullopt, WhileChecking::Wait,
                json::Array(), std::move(R),
                [](const Analysis &A, size_t,
                   std::optional<StringRef>) -> Expected<json::Value> {
                  return json::Value(documentSymbols(A));
                });
      });
}

void LanguageServer::Impl::atPosition(lsp::Dispatcher &D, StringRef Method,
                                      WhileChecking Mode, AnswerFn Answer) {
  D.asyncMethod<lsp::PositionParams>(
      Method, [this, Mode, Answer](const lsp::PositionParams &P, lsp::Reply R) {
        request(P.Document.URI, P.Pos, Mode, nullptr, std::move(R), Answer);
      });
}

void LanguageServer::Impl::request(StringRef URI,
                                   std::optional<lsp::Position> Pos,
                                   WhileChecking Mode, json::Value Empty,
                                   lsp::Reply R, AnswerFn Answer) {
  if (Options.Synchronous)
    waitIdle();
  std::shared_ptr<const Analysis> Latest;
  size_t Offset = 0;
  std::optional<std::string> NewerText;
  std::optional<TextShift> Shift;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Files.find(URI);
    if (It == Files.end())
      return R(makeLSPError(ErrorCode::InvalidParams,
                            "the file is not open: " + URI));
    OpenFile &File = It->second;
    if (Pos) {
      Expected<size_t> InText = checkedOffsetOf(File.Doc.Text, *Pos);
      if (!InText)
        return R(InText.takeError());
      Offset = *InText;
    }
    if (!File.Checked)
      return R(std::move(Empty));
    Latest = File.Latest;
    bool Current = Latest && File.LatestVersion == File.Doc.Version;
    if (Latest && !Current && Latest->derivativesBuffer()) {
      if (Mode == WhileChecking::NewerText)
        NewerText = File.Doc.Text;
      else if (Mode == WhileChecking::ShiftPosition)
        Shift =
            shiftIntoOlder(Latest->derivativesText(), File.Doc.Text, Offset);
    }
    if (!Current && !NewerText && !Shift) {
      File.Waiting.push_back(
          {File.Doc.Version, Pos, std::move(R), std::move(Answer)});
      return;
    }
  }
  if (Pos && !Latest->derivativesBuffer())
    return R(makeLSPError(ErrorCode::RequestFailed, "the file did not load"));
  std::lock_guard<std::mutex> Answering(AnswerMutex);
  if (!Shift)
    return R(Answer(*Latest, Offset, NewerText));
  Expected<json::Value> Result =
      Answer(*Latest, Shift->OlderOffset, std::nullopt);
  if (Result)
    shiftRanges(*Result, *Shift, URI);
  R(std::move(Result));
}

void LanguageServer::Impl::answer(const Analysis &A, WaitingRequest W) {
  if (W.Reply.done())
    return;
  size_t Offset = 0;
  if (W.Pos) {
    if (!A.derivativesBuffer())
      return W.Reply(
          makeLSPError(ErrorCode::RequestFailed, "the file did not load"));
    Expected<size_t> InText = checkedOffsetOf(A.derivativesText(), *W.Pos);
    if (!InText)
      return W.Reply(InText.takeError());
    Offset = *InText;
  }
  std::lock_guard<std::mutex> Answering(AnswerMutex);
  W.Reply(W.Answer(A, Offset, std::nullopt));
}

void LanguageServer::Impl::fail(std::vector<WaitingRequest> Requests,
                                ErrorCode Code, const Twine &Message) {
  for (WaitingRequest &W : Requests)
    W.Reply(makeLSPError(Code, Message.str()));
}

Expected<json::Value> LanguageServer::Impl::initialize(const json::Value &Params) {
  if (const json::Object *O = Params.getAsObject()) {
    if (const json::Value *Init = O->get("initializationOptions"))
      if (Error E = TheWorkspace.setOptions(*Init))
        return E;
    if (std::optional<StringRef> Root = O->getString("rootUri")) {
      if (Expected<std::string> Path = lsp::uriToPath(*Root))
        TheWorkspace.setRoot(*Path);
      else
        consumeError(Path.takeError());
    }
  }
  json::Object Sync{{"openClose", true},
                    {"change", 2}, // incremental
                    {"save", json::Object{{"includeText", false}}}};
  return json::Object{
      {"serverInfo", json::Object{{"name", "gradgen-lsp-server"}}},
      {"capabilities",
       json::Object{
           {"textDocumentSync", std::move(Sync)},
           {"codeActionProvider",
            json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
           {"hoverProvider", true},
           {"completionProvider",
            json::Object{{"triggerCharacters", json::Array{".", ":"}},
                         {"resolveProvider", false}}},
           {"codeLensProvider", json::Object{{"resolveProvider", false}}},
           {"executeCommandProvider",
            json::Object{{"commands", json::Array{ShowGeneratedCodeCommand,
                                                  GradcheckCommand}}}},
           {"definitionProvider", true},
           {"documentSymbolProvider", true}}}};
}

Error LanguageServer::Impl::didOpen(const lsp::DidOpenParams &Params) {
  Expected<std::string> Path = lsp::uriToPath(Params.Document.URI);
  if (!Path)
    return Path.takeError();
  std::vector<WaitingRequest> Outdated;
  auto FailOutdated = make_scope_exit([&] {
    fail(std::move(Outdated), ErrorCode::ContentModified,
         "the document was opened again");
  });
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    OpenFile &File = Files[Params.Document.URI];
    Outdated = std::move(File.Waiting);
    File.Waiting.clear();
    markStale(Params.Document.URI);
    File.Doc = {*Path, Params.Document.URI, Params.Document.Version,
                Params.Document.Text};
    File.Checked = Workspace::isDerivativesFile(*Path);
    File.Latest.reset();
    File.LatestVersion = -1;
    if (!File.Checked) {
      if (Workspace::isEditedInput(*Path))
        enqueueCheckedLocked();
      else
        return Error::success();
    }
  }
  if (!Workspace::isDerivativesFile(*Path)) {
    startChecks();
    return Error::success();
  }
  if (std::optional<std::string> Problem = TheWorkspace.missingInputs(*Path))
    Transport.notify("window/showMessage",
                     json::Object{{"type", 2}, {"message", *Problem}});
  schedule(Params.Document.URI);
  return Error::success();
}

Error LanguageServer::Impl::didChange(const lsp::DidChangeParams &Params) {
  // Requests about the text before the edit are answered ContentModified,
  // as LSP asks, rather than about a text the client no longer has.
  std::vector<WaitingRequest> Outdated;
  auto FailOutdated = make_scope_exit([&] {
    fail(std::move(Outdated), ErrorCode::ContentModified,
         "the document changed before its check");
  });
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Files.find(Params.URI);
    if (It == Files.end())
      return makeLSPError(ErrorCode::InvalidParams,
                          "didChange of a file that is not open: " + Params.URI);
    Document &Doc = It->second.Doc;
    for (const lsp::ContentChange &Change : Params.Changes)
      if (Error E = Doc.apply(Change))
        return E;
    Doc.Version = Params.Version;
    Outdated = std::move(It->second.Waiting);
    It->second.Waiting.clear();
    markStale(Params.URI);
    if (It->second.Checked)
      enqueueLocked(Params.URI);
    else if (Workspace::isEditedInput(Doc.Path))
      enqueueCheckedLocked();
    else
      return Error::success();
  }
  startChecks();
  return Error::success();
}

Error LanguageServer::Impl::didClose(const lsp::DocumentParams &Params) {
  std::vector<WaitingRequest> Outdated;
  auto FailOutdated = make_scope_exit([&] {
    fail(std::move(Outdated), ErrorCode::ContentModified,
         "the document was closed before its check");
  });
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Files.find(Params.Document.URI);
    if (It == Files.end())
      return makeLSPError(ErrorCode::InvalidParams,
                          "didClose of a file that is not open: " +
                              Params.Document.URI);
    bool Checked = It->second.Checked;
    bool Input = Workspace::isEditedInput(It->second.Doc.Path);
    Outdated = std::move(It->second.Waiting);
    markStale(Params.Document.URI);
    Files.erase(It);
    if (Checked)
      Transport.notify("textDocument/publishDiagnostics",
                       json::Object{{"uri", Params.Document.URI},
                                    {"diagnostics", json::Array()}});
    if (!Input)
      return Error::success();
    // The checks read the file from the disk again.
    enqueueCheckedLocked();
  }
  startChecks();
  return Error::success();
}

Error LanguageServer::Impl::recheckAll() {
  std::vector<std::string> URIs;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto &Entry : Files)
      if (Entry.second.Checked)
        URIs.push_back(Entry.first().str());
  }
  for (const std::string &URI : URIs)
    schedule(URI);
  return Error::success();
}

FormulaAssistant *LanguageServer::Impl::assistantFor(const Analysis &A) {
  const Invocation &Inv = A.compilation().getInvocation();
  if (!A.functions() || !A.profile() || !Inv.CheckFormulas)
    return nullptr;
  // The helper headers on disk may change between checks.
  std::string Key;
  raw_string_ostream OS(Key);
  OS << A.functions() << '\0' << A.profile()->Name << '\0'
     << Inv.Formulas.Flags.Standard << '\0'
     << Inv.Formulas.CacheDir.value_or("(default)") << '\0';
  for (const std::vector<std::string> *List :
       {&Inv.Formulas.Flags.HelperFiles, &Inv.Formulas.Flags.IncludeDirs,
        &Inv.Formulas.Flags.Defines})
    for (const std::string &Item : *List) {
      OS << Item << '\0';
      sys::fs::file_status Status;
      if (!sys::fs::status(Item, Status))
        OS << Status.getSize() << ' '
           << Status.getLastModificationTime().time_since_epoch().count();
      OS << '\0';
    }
  OS.flush();
  if (!Assistant || Key != AssistantKey) {
    Assistant = createFormulaAssistant(Inv.Formulas, *A.profile(),
                                       *A.functions(),
                                       A.compilation().getCppOptions(),
                                       Inv.FileSystem);
    AssistantKey = std::move(Key);
    // Keeps the schemas, which the assistant's locations point into.
    AssistantOwner = A.shared_from_this();
  }
  return Assistant.get();
}

void LanguageServer::Impl::schedule(StringRef URI) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    enqueueLocked(URI);
  }
  startChecks();
}

void LanguageServer::Impl::enqueueLocked(StringRef URI) {
  if (std::find(Queue.begin(), Queue.end(), URI) == Queue.end())
    Queue.push_back(URI.str());
}

void LanguageServer::Impl::enqueueCheckedLocked() {
  for (auto &Entry : Files)
    if (Entry.second.Checked) {
      markStale(Entry.first());
      enqueueLocked(Entry.first());
    }
}

void LanguageServer::Impl::startChecks() {
  Wake.notify_all();
  if (Options.Synchronous)
    waitIdle();
}

void LanguageServer::Impl::markStale(StringRef URI) {
  if (CheckingURI == URI)
    CheckIsStale = true;
}

void LanguageServer::Impl::waitIdle() {
  std::unique_lock<std::mutex> Lock(Mutex);
  Idle.wait(Lock, [this] { return Queue.empty() && !Busy; });
}

LanguageServer::LanguageServer(lsp::JSONTransport &Transport,
                               ServerOptions Options)
    : TheImpl(std::make_unique<Impl>(Transport, Options)) {
#ifndef GRADGEN_NO_CRASH_RECOVERY
  CrashRecoveryContext::Enable();
#endif
}
LanguageServer::~LanguageServer() = default;
void LanguageServer::bind(lsp::Dispatcher &D) { TheImpl->bind(D); }
int LanguageServer::exitCode() const { return TheImpl->exitCode(); }

} // namespace gradgen::server
