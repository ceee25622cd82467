//===- Checks.cpp - The worker that checks the open documents -------------===//
//
// LanguageServer::Impl's worker thread: it checks the queued documents,
// newest text first, in a Session per file, drops a check whose text
// changed meanwhile, recovers from a crash of an analysis, and publishes
// the diagnostics (ServerImpl.h).
//
//===----------------------------------------------------------------------===//

#include "ServerImpl.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gradgen::server {

using lsp::ErrorCode;
using lsp::makeLSPError;

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
  Invocation Inv =
      makeInvocation(TheWorkspace.configFor(Doc.Path), Doc.Path, Options.Argv0);
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
  lsp::Logger::info(
      formatv("{0} version {1}: checked in {2} ms, published in {3} ms, freed "
              "in {4} ms",
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
    if (Path == File.Doc.Path) {
      Params.Version = File.Doc.Version;
      if (File.NumericVersion == File.LatestVersion)
        append_range(Params.Diagnostics, File.Numeric);
    } else
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

} // namespace gradgen::server
