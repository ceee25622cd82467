//===- Dispatcher.h - Methods of a language server by name ------*- C++ -*-===//
//
// Routes the messages a JSONTransport reads to the handlers registered for
// their method, parsing the params with fromJSON first. Unknown methods,
// params that do not parse and handlers that fail are answered with a
// JSON-RPC error; unknown notifications are logged and dropped, as LSP asks.
// A request may be answered later, from any thread (asyncMethod): until then
// `$/cancelRequest` answers it with RequestCancelled, and its own reply is
// dropped, so that each request gets exactly one reply.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LSP_DISPATCHER_H
#define GRADGEN_LSP_DISPATCHER_H

#include "gradgen/LSP/Transport.h"

#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <type_traits>

namespace gradgen::lsp {

/// Params of type T out of a message of Method.
template <typename T>
llvm::Expected<T> parseParams(const llvm::json::Value &Raw,
                              llvm::StringRef Method) {
  if constexpr (std::is_same_v<T, llvm::json::Value>) {
    return Raw;
  } else {
    T Result;
    llvm::json::Path::Root Root;
    if (fromJSON(Raw, Result, Root))
      return Result;
    return makeLSPError(ErrorCode::InvalidParams,
                        "invalid params of " + Method + ": " +
                            llvm::toString(Root.getError()));
  }
}

/// The requests answered later that are not answered yet, by ID; shared by
/// the Dispatcher and the Replies, which may outlive it.
class PendingReplies;

/// The one reply to a request, sent from any thread by the first call; the
/// calls after it, or after the client cancelled the request, do nothing.
class Reply {
public:
  void operator()(llvm::Expected<llvm::json::Value> Result) const;
  /// The client cancelled the request (or it was answered): work on it can
  /// stop.
  bool done() const { return State->Sent; }

private:
  friend class Dispatcher;
  friend class PendingReplies;
  struct ReplyState {
    JSONTransport &Transport;
    llvm::json::Value ID;
    std::shared_ptr<PendingReplies> Pending;
    std::atomic<bool> Sent{false};
  };
  explicit Reply(std::shared_ptr<ReplyState> State) : State(std::move(State)) {}
  std::shared_ptr<ReplyState> State;
};

class Dispatcher : public MessageHandler {
public:
  using CallHandler =
      std::function<llvm::Expected<llvm::json::Value>(const llvm::json::Value &)>;
  using NotifyHandler = std::function<llvm::Error(const llvm::json::Value &)>;

  explicit Dispatcher(JSONTransport &Transport);
  ~Dispatcher();

  /// A request: Handler's result, or its error, is the reply.
  template <typename Param, typename Fn>
  void method(llvm::StringRef Method, Fn Handler) {
    Calls[Method] = [Method = Method.str(), Handler](const llvm::json::Value &Raw)
        -> llvm::Expected<llvm::json::Value> {
      llvm::Expected<Param> Params = parseParams<Param>(Raw, Method);
      if (!Params)
        return Params.takeError();
      return Handler(*Params);
    };
  }

  /// A request answered through the Reply Handler takes, now or later,
  /// from any thread: Handler(const Param &, Reply).
  template <typename Param, typename Fn>
  void asyncMethod(llvm::StringRef Method, Fn Handler) {
    AsyncCalls[Method] = [Method = Method.str(),
                          Handler](const llvm::json::Value &Raw, Reply R) {
      llvm::Expected<Param> Params = parseParams<Param>(Raw, Method);
      if (!Params)
        return R(Params.takeError());
      Handler(*Params, std::move(R));
    };
  }

  /// A notification: errors are logged, as there is no one to reply to.
  template <typename Param, typename Fn>
  void notification(llvm::StringRef Method, Fn Handler) {
    Notifications[Method] = [Method = Method.str(),
                             Handler](const llvm::json::Value &Raw)
        -> llvm::Error {
      llvm::Expected<Param> Params = parseParams<Param>(Raw, Method);
      if (!Params)
        return Params.takeError();
      return Handler(*Params);
    };
  }

  /// Ends the transport's loop after the current message.
  void stop() { Stopped = true; }
  /// After the shutdown request, every request is an InvalidRequest error
  /// (LSP: "clients should not send any other request than exit").
  void shutDown() { ShutDown = true; }

  bool onNotify(llvm::StringRef Method, llvm::json::Value Params) override;
  bool onCall(llvm::StringRef Method, llvm::json::Value Params,
              llvm::json::Value ID) override;
  bool onReply(llvm::json::Value ID,
               llvm::Expected<llvm::json::Value> Result) override;

private:
  using AsyncCallHandler =
      std::function<void(const llvm::json::Value &, Reply)>;
  /// `$/cancelRequest`: a request not answered yet is answered
  /// RequestCancelled.
  void cancel(const llvm::json::Value &Params);

  JSONTransport &Transport;
  std::shared_ptr<PendingReplies> Pending;
  llvm::StringMap<CallHandler> Calls;
  llvm::StringMap<AsyncCallHandler> AsyncCalls;
  llvm::StringMap<NotifyHandler> Notifications;
  bool Stopped = false;
  bool ShutDown = false;
};

} // namespace gradgen::lsp

#endif // GRADGEN_LSP_DISPATCHER_H
