//===- Dispatcher.cpp - Methods of a language server by name --------------===//

#include "gradgen/LSP/Dispatcher.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gradgen::lsp {

bool Dispatcher::onNotify(StringRef Method, json::Value Params) {
  auto It = Notifications.find(Method);
  if (It == Notifications.end()) {
    // `$/` notifications may be ignored; so may any other a server does not
    // know, since there is no reply to send.
    Logger::info("ignoring the notification " + Method);
    return !Stopped;
  }
  if (Error E = It->second(Params))
    Logger::error(Method + ": " + toString(std::move(E)));
  return !Stopped;
}

bool Dispatcher::onCall(StringRef Method, json::Value Params, json::Value ID) {
  if (ShutDown) {
    Transport.reply(std::move(ID),
                    makeLSPError(ErrorCode::InvalidRequest,
                                 "the server is shut down: " + Method));
    return !Stopped;
  }
  auto It = Calls.find(Method);
  if (It == Calls.end()) {
    Transport.reply(std::move(ID),
                    makeLSPError(ErrorCode::MethodNotFound,
                                 "method not found: " + Method));
    return !Stopped;
  }
  Transport.reply(std::move(ID), It->second(Params));
  return !Stopped;
}

bool Dispatcher::onReply(json::Value ID, Expected<json::Value> Result) {
  // The server's only requests are fire-and-forget (window/showMessage is a
  // notification); a reply is logged.
  if (!Result)
    Logger::info(formatv("reply {0}: error {1}", ID,
                         toString(Result.takeError())));
  else
    Logger::verbose(formatv("reply {0}", ID));
  return !Stopped;
}

} // namespace gradgen::lsp
