//===- Dispatcher.h - Methods of a language server by name ------*- C++ -*-===//
//
// Routes the messages a JSONTransport reads to the handlers registered for
// their method, parsing the params with fromJSON first. Unknown methods,
// params that do not parse and handlers that fail are answered with a
// JSON-RPC error; unknown notifications are logged and dropped, as LSP asks.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LSP_DISPATCHER_H
#define GRADGEN_LSP_DISPATCHER_H

#include "gradgen/LSP/Transport.h"

#include "llvm/ADT/StringMap.h"

#include <functional>
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

class Dispatcher : public MessageHandler {
public:
  using CallHandler =
      std::function<llvm::Expected<llvm::json::Value>(const llvm::json::Value &)>;
  using NotifyHandler = std::function<llvm::Error(const llvm::json::Value &)>;

  explicit Dispatcher(JSONTransport &Transport) : Transport(Transport) {}

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
  JSONTransport &Transport;
  llvm::StringMap<CallHandler> Calls;
  llvm::StringMap<NotifyHandler> Notifications;
  bool Stopped = false;
  bool ShutDown = false;
};

} // namespace gradgen::lsp

#endif // GRADGEN_LSP_DISPATCHER_H
