//===- Transport.h - JSON-RPC over a byte stream ----------------*- C++ -*-===//
//
// Reads JSON-RPC messages framed by `Content-Length` headers (or, for lit
// tests, separated by `// -----` lines), hands each to a MessageHandler, and
// writes replies and notifications with the same framing. Nothing a client
// sends ends the loop but EOF and the `exit` notification: malformed
// messages are answered with a JSON-RPC error.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LSP_TRANSPORT_H
#define GRADGEN_LSP_TRANSPORT_H

#include "gradgen/LSP/Protocol.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <mutex>

namespace gradgen::lsp {

/// How much the server says on stderr.
enum class LogLevel { Error, Info, Verbose };

class Logger {
public:
  static void setLevel(LogLevel Level);
  static void error(const llvm::Twine &Message);
  static void info(const llvm::Twine &Message);
  static void verbose(const llvm::Twine &Message);
};

enum class StreamStyle {
  /// `Content-Length: N\r\n\r\n` and N bytes of JSON.
  Standard,
  /// Lit tests: the JSON between lines `// -----`; other `//` lines are
  /// comments. Output is pretty-printed.
  Delimited,
};

/// Receives the messages the transport reads. A handler returns false to end
/// the loop (the `exit` notification).
class MessageHandler {
public:
  virtual ~MessageHandler();
  virtual bool onNotify(llvm::StringRef Method, llvm::json::Value Params) = 0;
  virtual bool onCall(llvm::StringRef Method, llvm::json::Value Params,
                      llvm::json::Value ID) = 0;
  virtual bool onReply(llvm::json::Value ID,
                       llvm::Expected<llvm::json::Value> Result) = 0;
};

class JSONTransport {
public:
  /// What a client may send: a message's bytes (the largest PyTorch input,
  /// native_functions.yaml, is under 1 MB), a header line's, and the depth of
  /// its JSON. Past them a frame is dropped or refused, never held.
  static constexpr size_t MaxMessageBytes = 64 << 20;
  static constexpr size_t MaxHeaderBytes = 64 << 10;
  static constexpr unsigned MaxJSONDepth = 256;

  JSONTransport(std::FILE *In, llvm::raw_ostream &Out, StreamStyle Style)
      : In(In), Out(Out), Style(Style) {}

  /// Thread-safe: a worker thread publishes while the main thread replies.
  void notify(llvm::StringRef Method, llvm::json::Value Params);
  void call(llvm::StringRef Method, llvm::json::Value Params,
            llvm::json::Value ID);
  void reply(llvm::json::Value ID, llvm::Expected<llvm::json::Value> Result);

  /// Reads and dispatches messages until a handler returns false or the
  /// input ends. Returns an error for the end of the input.
  llvm::Error run(MessageHandler &Handler);

private:
  /// One message's text, or std::nullopt at the end of the input.
  std::optional<std::string> readMessage();
  std::optional<std::string> readStandardMessage();
  std::optional<std::string> readDelimitedMessage();
  bool dispatch(llvm::StringRef Text, MessageHandler &Handler);
  void send(llvm::json::Value Message);

  std::FILE *In;
  llvm::raw_ostream &Out;
  StreamStyle Style;
  std::mutex OutMutex;
};

} // namespace gradgen::lsp

#endif // GRADGEN_LSP_TRANSPORT_H
