//===- ServerImpl.h - The language server's state and methods ---*- C++ -*-===//
//
// Private to the Server library: LanguageServer::Impl, whose methods are
// defined by job in LanguageServer.cpp (the methods, requests and document
// synchronization), Checks.cpp (the worker that checks documents and
// publishes their diagnostics) and Commands.cpp (workspace/executeCommand).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SERVER_SERVERIMPL_H
#define GRADGEN_LIB_SERVER_SERVERIMPL_H

#include "gradgen/Server/LanguageServer.h"

#include "Features.h"
#include "Workspace.h"

#include "gradgen/Server/Document.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <thread>

namespace gradgen::server {

/// A request's answer from a check, at Offset of the text it checked;
/// NewerText is the client's text when that is newer than the check's.
using AnswerFn = std::function<llvm::Expected<llvm::json::Value>(
    const Analysis &, size_t Offset, std::optional<llvm::StringRef> NewerText)>;

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
  /// The disagreements of the last numeric check, published with the
  /// check of the version it ran on.
  std::vector<lsp::Diagnostic> Numeric;
  int64_t NumericVersion = -1;
};

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
  llvm::Expected<llvm::json::Value> initialize(const llvm::json::Value &Params);
  /// Registers Method, a request about a position in a checked document.
  void atPosition(lsp::Dispatcher &D, llvm::StringRef Method,
                  WhileChecking Mode, AnswerFn Answer);
  /// Answers a request about URI (at Pos, if given) from its check, now or
  /// once the check of the client's version is made; Empty is the answer
  /// for a file that is not checked.
  void request(llvm::StringRef URI, std::optional<lsp::Position> Pos,
               WhileChecking Mode, llvm::json::Value Empty, lsp::Reply R,
               AnswerFn Answer);
  /// Answers W from A, which checked the version W was sent for.
  void answer(const Analysis &A, WaitingRequest W);
  /// Replies to each of Requests with an error of Code.
  static void fail(std::vector<WaitingRequest> Requests, lsp::ErrorCode Code,
                   const llvm::Twine &Message);
  /// The assistant for the formulas A checked, made again when A's
  /// schemas or formula options differ from the last one's; null without
  /// formula checks.
  FormulaAssistant *assistantFor(const Analysis &A);
  void executeCommand(const llvm::json::Value &Params, lsp::Reply R);
  /// gradgen.gradcheck(uri, operator): checks Operator's formulas in the
  /// open document numerically, off the main thread, and publishes the
  /// disagreements with its diagnostics.
  void gradcheck(const llvm::json::Array &Arguments, lsp::Reply R);
  llvm::Error didOpen(const lsp::DidOpenParams &Params);
  llvm::Error didChange(const lsp::DidChangeParams &Params);
  llvm::Error didClose(const lsp::DocumentParams &Params);
  /// didSave and didChangeWatchedFiles: inputs on disk may have changed.
  llvm::Error recheckAll();

  void schedule(llvm::StringRef URI);
  /// Queues a check of URI, with Mutex held: in the same critical section
  /// as the edit, so that the worker cannot check the edited text before
  /// the check is queued, and then check it a second time.
  void enqueueLocked(llvm::StringRef URI);
  /// enqueueLocked() of every checked file, whose check an input read
  /// from an open document (Workspace::isEditedInput) changed.
  void enqueueCheckedLocked();
  /// Wakes the worker for the checks queued (and, synchronous, waits).
  void startChecks();
  /// Stops the worker's check of URI, if it runs one: the text changed.
  /// With Mutex held.
  void markStale(llvm::StringRef URI);
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
  llvm::StringMap<std::unique_ptr<Session>> Sessions;
  /// The texts of the open inputs a check reads as the editor has them
  /// (deprecated.yaml), by path; taken by the worker when it starts a check.
  llvm::StringMap<std::string> EditedInputs;
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
  llvm::StringMap<OpenFile> Files;
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
  /// Numeric checks run one at a time; destroyed first, it waits for them.
  llvm::ThreadPool NumericChecks{llvm::hardware_concurrency(1)};
};

} // namespace gradgen::server

#endif // GRADGEN_LIB_SERVER_SERVERIMPL_H
