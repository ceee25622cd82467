//===- Dispatcher.cpp - Methods of a language server by name --------------===//

#include "gradgen/LSP/Dispatcher.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gradgen::lsp {

class PendingReplies {
public:
  void add(const std::shared_ptr<Reply::ReplyState> &State) {
    std::lock_guard<std::mutex> Lock(Mutex);
    ByID[key(State->ID)] = State;
  }
  void remove(const json::Value &ID) {
    std::lock_guard<std::mutex> Lock(Mutex);
    ByID.erase(key(ID));
  }
  std::shared_ptr<Reply::ReplyState> find(const json::Value &ID) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = ByID.find(key(ID));
    return It == ByID.end() ? nullptr : It->second.lock();
  }

private:
  /// IDs are numbers or strings: their JSON text tells 1 from "1".
  static std::string key(const json::Value &ID) {
    return formatv("{0}", ID).str();
  }
  std::mutex Mutex;
  std::map<std::string, std::weak_ptr<Reply::ReplyState>> ByID;
};

void Reply::operator()(Expected<json::Value> Result) const {
  if (State->Sent.exchange(true)) {
    if (!Result)
      Logger::verbose(formatv("dropped the reply to {0} (cancelled): {1}",
                              State->ID, toString(Result.takeError())));
    return;
  }
  State->Pending->remove(State->ID);
  State->Transport.reply(State->ID, std::move(Result));
}

Dispatcher::Dispatcher(JSONTransport &Transport)
    : Transport(Transport), Pending(std::make_shared<PendingReplies>()) {}
Dispatcher::~Dispatcher() = default;

void Dispatcher::cancel(const json::Value &Params) {
  const json::Object *O = Params.getAsObject();
  const json::Value *ID = O ? O->get("id") : nullptr;
  if (!ID || (ID->kind() != json::Value::Number &&
              ID->kind() != json::Value::String)) {
    Logger::error("$/cancelRequest without a request id");
    return;
  }
  std::shared_ptr<Reply::ReplyState> State = Pending->find(*ID);
  // A request answered already, or never sent: nothing to cancel.
  if (!State || State->Sent.exchange(true))
    return;
  Pending->remove(*ID);
  Transport.reply(*ID, makeLSPError(ErrorCode::RequestCancelled,
                                    "the request was cancelled"));
}

bool Dispatcher::onNotify(StringRef Method, json::Value Params) {
  if (Method == "$/cancelRequest") {
    cancel(Params);
    return !Stopped;
  }
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
  if (auto Async = AsyncCalls.find(Method); Async != AsyncCalls.end()) {
    auto State = std::shared_ptr<Reply::ReplyState>(
        new Reply::ReplyState{Transport, ID, Pending});
    Pending->add(State);
    Async->second(Params, Reply(std::move(State)));
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
