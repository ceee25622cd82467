//===- LanguageServer.cpp - gradgen's language server ---------------------===//

#include "gradgen/Server/LanguageServer.h"

#include "Features.h"
#include "TextShift.h"
#include "Workspace.h"

#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Server/Document.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <thread>

using namespace llvm;

namespace gradgen::server {

using lsp::ErrorCode;
using lsp::makeLSPError;

namespace {
/// A request's answer from a check, at Offset of the text it checked;
/// NewerText is the client's text when that is newer than the check's.
using AnswerFn = std::function<Expected<json::Value>(
    const Analysis &, size_t Offset, std::optional<StringRef> NewerText)>;

/// How a request is answered while the check of the client's text runs.
enum class WhileChecking {
  /// After that check.
  Wait,
  /// From the newest check, if the edits since left the entry at the
  /// position alone (hover, definition); else after the check.
  ShiftPosition,
  /// From the newest check with the client's text (completion: Clang reads
  /// the formula being typed, the check gives the schemas).
  NewerText,
};

/// A request that waits for the check of the version it was sent for.
struct WaitingRequest {
  int64_t Version;
  std::optional<lsp::Position> Pos;
  lsp::Reply Reply;
  AnswerFn Answer;
};

/// An open document and its newest check.
struct OpenFile {
  Document Doc;
  /// Whether the file is checked as a derivatives.yaml.
  bool Checked = false;
  std::shared_ptr<const Analysis> Latest;
  /// The version Latest checked.
  int64_t LatestVersion = -1;
  std::vector<WaitingRequest> Waiting;
};
} // namespace

class LanguageServer::Impl {
public:
  Impl(lsp::JSONTransport &Transport, ServerOptions Options)
      : Transport(Transport), Options(Options), TheWorkspace(Options.Argv0) {
    Worker = std::thread([this] { work(); });
  }
  ~Impl() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
    }
    Wake.notify_all();
    Worker.join();
  }

  void bind(lsp::Dispatcher &D);
  int exitCode() const { return ShutdownReceived ? 0 : 1; }

private:
  /// initialize, shutdown, exit and the notifications that need no answer.
  void bindLifecycle(lsp::Dispatcher &D);
  /// The document synchronization notifications: they start checks.
  void bindDocumentSync(lsp::Dispatcher &D);
  /// The requests answered from a document's check.
  void bindFeatures(lsp::Dispatcher &D);
  Expected<json::Value> initialize(const json::Value &Params);
  /// Registers Method, a request about a position in a checked document.
  void atPosition(lsp::Dispatcher &D, StringRef Method, WhileChecking Mode,
                  AnswerFn Answer);
  /// Answers a request about URI (at Pos, if given) from its check, now or
  /// once the check of the client's version is made; Empty is the answer
  /// for a file that is not checked.
  void request(StringRef URI, std::optional<lsp::Position> Pos,
               WhileChecking Mode, json::Value Empty, lsp::Reply R,
               AnswerFn Answer);
  /// Answers W from A, which checked the version W was sent for.
  void answer(const Analysis &A, WaitingRequest W);
  /// Replies to each of Requests with an error of Code.
  static void fail(std::vector<WaitingRequest> Requests, lsp::ErrorCode Code,
                   const Twine &Message);
  /// The assistant for the formulas A checked, made again when A's
  /// schemas or formula options differ from the last one's; null without
  /// formula checks.
  FormulaAssistant *assistantFor(const Analysis &A);
  void executeCommand(const json::Value &Params, lsp::Reply R);
  Error didOpen(const lsp::DidOpenParams &Params);
  Error didChange(const lsp::DidChangeParams &Params);
  Error didClose(const lsp::DocumentParams &Params);
  /// didSave and didChangeWatchedFiles: inputs on disk may have changed.
  Error recheckAll();

  void schedule(StringRef URI);
  /// Queues a check of URI, with Mutex held: in the same critical section
  /// as the edit, so that the worker cannot check the edited text before
  /// the check is queued, and then check it a second time.
  void enqueueLocked(StringRef URI);
  /// enqueueLocked() of every checked file, whose check an input read
  /// from an open document (Workspace::isEditedInput) changed.
  void enqueueCheckedLocked();
  /// Wakes the worker for the checks queued (and, synchronous, waits).
  void startChecks();
  /// Stops the worker's check of URI, if it runs one: the text changed.
  /// With Mutex held.
  void markStale(StringRef URI);
  void waitIdle();
  void work();
  void check(const std::string &URI);
  /// Analyses Doc into Result; false if the analysis crashed, which ends
  /// that analysis (and its session), not the server.
  bool analyseSafely(const Document &Doc,
                     std::shared_ptr<const Analysis> &Result);
  /// Tells the editor that analysing URI's version Version crashed.
  void publishCrash(const std::string &URI, const Document &Doc);
  /// Drops the sessions of the files not in OpenPaths.
  void dropSessionsOfClosedFiles(const std::set<std::string> &OpenPaths);
  /// The Session that checks Doc, with its text overlaid on the disk.
  Session &sessionFor(const Document &Doc);
  void publish(const OpenFile &File);

  lsp::JSONTransport &Transport;
  ServerOptions Options;
  Workspace TheWorkspace;
  /// The Session of each derivatives.yaml checked, by path; the editor's
  /// text is its unsaved file. Used by the worker thread only.
  StringMap<std::unique_ptr<Session>> Sessions;
  /// The texts of the open inputs a check reads as the editor has them
  /// (deprecated.yaml), by path; taken by the worker when it starts a check.
  StringMap<std::string> EditedInputs;
  bool ShutdownReceived = false;

  /// Held while a request is answered, on the main thread or, for one that
  /// waited for a check, on the worker: the assistant is not thread-safe.
  std::mutex AnswerMutex;
  /// The assistant of the last request, the check it was made for (which
  /// keeps the schemas it points into) and what it was made from.
  std::unique_ptr<FormulaAssistant> Assistant;
  std::shared_ptr<const Analysis> AssistantOwner;
  std::string AssistantKey;

  std::mutex Mutex;
  std::condition_variable Wake, Idle;
  StringMap<OpenFile> Files;
  std::deque<std::string> Queue;
  bool Busy = false;
  /// The document the worker checks, and whether an edit made that check
  /// stale: it stops at its next step.
  std::string CheckingURI;
  std::atomic<bool> CheckIsStale{false};
  bool Stopping = false;
  /// Files other than the checked ones that were sent diagnostics, to clear.
  std::set<std::string> PublishedOthers;
  std::thread Worker;
};

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
                  return json::Value(codeActions(A, URI, Range));
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

void LanguageServer::Impl::executeCommand(const json::Value &Params,
                                          lsp::Reply R) {
  // gradgen.showGeneratedCode(uri, position), the command of the code lens.
  const json::Object *O = Params.getAsObject();
  const json::Array *Arguments = O ? O->getArray("arguments") : nullptr;
  std::optional<StringRef> Command = O ? O->getString("command") : std::nullopt;
  if (!Command || *Command != ShowGeneratedCodeCommand)
    return R(makeLSPError(ErrorCode::InvalidParams,
                          "unknown command: " + Command.value_or("")));
  lsp::PositionParams P;
  json::Path::Root Root;
  if (!Arguments || Arguments->size() != 2 ||
      !fromJSON((*Arguments)[0], P.Document.URI, json::Path(Root)) ||
      !fromJSON((*Arguments)[1], P.Pos, json::Path(Root)))
    return R(makeLSPError(ErrorCode::InvalidParams,
                          ShowGeneratedCodeCommand +
                              " takes a document URI and a position"));
  request(P.Document.URI, P.Pos, WhileChecking::ShiftPosition, nullptr,
          std::move(R),
          [](const Analysis &A, size_t Offset, std::optional<StringRef>) {
            return generatedCode(A, Offset);
          });
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
       json::Object{{"textDocumentSync", std::move(Sync)},
                    {"codeActionProvider",
                     json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
                    {"hoverProvider", true},
                    {"completionProvider",
                     json::Object{{"triggerCharacters", json::Array{".", ":"}},
                                  {"resolveProvider", false}}},
                    {"codeLensProvider", json::Object{{"resolveProvider", false}}},
                    {"executeCommandProvider",
                     json::Object{{"commands",
                                   json::Array{ShowGeneratedCodeCommand}}}},
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

void LanguageServer::Impl::work() {
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    Wake.wait(Lock, [this] { return Stopping || !Queue.empty(); });
    if (Stopping)
      return;
    std::string URI = std::move(Queue.front());
    Queue.pop_front();
    Busy = true;
    Lock.unlock();
    check(URI);
    Lock.lock();
    Busy = false;
    if (Queue.empty())
      Idle.notify_all();
  }
}

Session &LanguageServer::Impl::sessionFor(const Document &Doc) {
  std::unique_ptr<Session> &S = Sessions[Doc.Path];
  // The inputs are looked up again each time: files appear and disappear.
  Invocation Inv = makeInvocation(TheWorkspace.configFor(Doc.Path), Doc.Path,
                                  Options.Argv0);
  if (Options.NoCache)
    Inv.Formulas.CacheDir = "";
  if (!S) {
    S = std::make_unique<Session>(std::move(Inv));
    S->setReuseSchemas(true);
  } else {
    S->getInvocation() = std::move(Inv);
  }
  S->setUnsavedFile(Doc.Path, Doc.Text);
  const std::string &Deprecated = S->getInvocation().DeprecatedPath;
  if (!Deprecated.empty()) {
    auto Edited = EditedInputs.find(Deprecated);
    if (Edited != EditedInputs.end())
      S->setUnsavedFile(Deprecated, Edited->second);
    else
      S->clearUnsavedFile(Deprecated);
  }
  return *S;
}

void LanguageServer::Impl::dropSessionsOfClosedFiles(
    const std::set<std::string> &OpenPaths) {
  // The sessions of closed files hold their schemas.
  for (auto It = Sessions.begin(); It != Sessions.end();) {
    auto Next = std::next(It);
    if (!OpenPaths.count(It->first().str()))
      Sessions.erase(It);
    It = Next;
  }
}

void LanguageServer::Impl::check(const std::string &URI) {
  Document Doc;
  std::set<std::string> OpenPaths;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    EditedInputs.clear();
    for (const auto &Open : Files) {
      OpenPaths.insert(Open.second.Doc.Path);
      if (Workspace::isEditedInput(Open.second.Doc.Path))
        EditedInputs[Open.second.Doc.Path] = Open.second.Doc.Text;
    }
    auto It = Files.find(URI);
    if (It == Files.end())
      return;
    Doc = It->second.Doc;
    CheckingURI = URI;
    CheckIsStale = false;
  }
  auto NotChecking = make_scope_exit([&] {
    std::lock_guard<std::mutex> Lock(Mutex);
    CheckingURI.clear();
  });
  dropSessionsOfClosedFiles(OpenPaths);
  lsp::Logger::info(formatv("checking {0} version {1}", URI, Doc.Version));
  if (Options.DebugCheckDelay.count())
    std::this_thread::sleep_for(Options.DebugCheckDelay);
  auto Start = std::chrono::steady_clock::now();
  std::shared_ptr<const Analysis> Result;
  std::vector<WaitingRequest> Waiting;
  if (!analyseSafely(Doc, Result)) {
    publishCrash(URI, Doc);
    std::lock_guard<std::mutex> Lock(Mutex);
    if (auto It = Files.find(URI); It != Files.end())
      Waiting = std::move(It->second.Waiting);
    fail(std::move(Waiting), ErrorCode::RequestFailed,
         "gradgen crashed while analysing this version of the file");
    return;
  }
  auto Checked = std::chrono::steady_clock::now();
  std::shared_ptr<const Analysis> Published;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Files.find(URI);
    if (It == Files.end() || It->second.Doc.Version != Doc.Version ||
        Result->compilation().wasStopped()) {
      // A newer edit is queued; its check publishes.
      lsp::Logger::info(
          formatv("{0} the check of {1} version {2}: the text "
                  "changed",
                  Result->compilation().wasStopped() ? "stopped" : "dropped",
                  URI, Doc.Version));
      return;
    } else {
      // The previous check is freed below, after publishing and outside
      // the lock: freeing Clang's AST takes a while.
      std::swap(It->second.Latest, Result);
      It->second.LatestVersion = Doc.Version;
      publish(It->second);
      Published = It->second.Latest;
      Waiting = std::move(It->second.Waiting);
      It->second.Waiting.clear();
    }
  }
  for (WaitingRequest &W : Waiting)
    answer(*Published, std::move(W));
  auto PublishedAt = std::chrono::steady_clock::now();
  Result.reset();
  using std::chrono::milliseconds;
  auto Ms = [](auto D) {
    return std::chrono::duration_cast<milliseconds>(D).count();
  };
  lsp::Logger::info(formatv(
      "{0} version {1}: checked in {2} ms, published in {3} ms, freed in {4} ms",
      URI, Doc.Version, Ms(Checked - Start), Ms(PublishedAt - Checked),
      Ms(std::chrono::steady_clock::now() - PublishedAt)));
}

bool LanguageServer::Impl::analyseSafely(
    const Document &Doc, std::shared_ptr<const Analysis> &Result) {
  auto Analyse = [&] {
    if (!Options.DebugCrashMarker.empty() &&
        StringRef(Doc.Text).contains(Options.DebugCrashMarker))
      LLVM_BUILTIN_TRAP;
    Result =
        Analysis::run(sessionFor(Doc), [this] { return CheckIsStale.load(); });
  };
#ifdef GRADGEN_NO_CRASH_RECOVERY
  // Sanitized and fuzz builds: the crash must reach the sanitizer.
  Analyse();
  return true;
#else
  // A crash anywhere in an analysis (Clang's own crashes are caught closer,
  // as formula.crash) costs that analysis, not the editor's session: LLVM's
  // CrashRecoveryContext, as Clang's and the formula checker's, rather than
  // a worker process, which would copy the schemas and Clang's state for
  // every document. The crashed session may be half-updated: it goes.
  CrashRecoveryContext Recovery;
  if (Recovery.RunSafely(Analyse))
    return true;
  Sessions.erase(Doc.Path);
  Result.reset();
  return false;
#endif
}

void LanguageServer::Impl::publishCrash(const std::string &URI,
                                        const Document &Doc) {
  lsp::Logger::error(
      formatv("analysing {0} version {1} crashed", URI, Doc.Version));
  lsp::Diagnostic D;
  D.Message = "gradgen crashed while analysing this file; the other "
              "features go on. Please report a bug with this file.";
  D.Code = "server.crash";
  lsp::PublishDiagnosticsParams Params;
  Params.URI = URI;
  Params.Version = Doc.Version;
  Params.Diagnostics.push_back(std::move(D));
  Transport.notify("textDocument/publishDiagnostics", toJSON(Params));
}

void LanguageServer::Impl::publish(const OpenFile &File) {
  std::map<std::string, std::vector<lsp::Diagnostic>> ByFile =
      toLSPDiagnostics(*File.Latest);
  std::set<std::string> Others;
  for (auto &[Path, Diagnostics] : ByFile) {
    lsp::PublishDiagnosticsParams Params;
    Params.URI = lsp::pathToURI(Path);
    Params.Diagnostics = std::move(Diagnostics);
    if (Path == File.Doc.Path)
      Params.Version = File.Doc.Version;
    else
      Others.insert(Path);
    Transport.notify("textDocument/publishDiagnostics", toJSON(Params));
  }
  for (const std::string &Path : PublishedOthers)
    if (!Others.count(Path))
      Transport.notify("textDocument/publishDiagnostics",
                       json::Object{{"uri", lsp::pathToURI(Path)},
                                    {"diagnostics", json::Array()}});
  PublishedOthers = std::move(Others);
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
