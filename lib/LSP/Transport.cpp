//===- Transport.cpp - JSON-RPC over a byte stream ------------------------===//

#include "gradgen/LSP/Transport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/FormatVariadic.h"

#include <atomic>

using namespace llvm;

namespace gradgen::lsp {

// The log is stderr, which is the process's anyway (as clangd's log::Logger):
// the server's main sets the level once, and the mutex keeps the lines of the
// worker and the main thread whole. No run's state lives here.
static std::atomic<LogLevel> CurrentLevel = LogLevel::Error;
static std::mutex LogMutex;

void Logger::setLevel(LogLevel Level) { CurrentLevel = Level; }

static void log(LogLevel Level, char Tag, const Twine &Message) {
  if (Level > CurrentLevel)
    return;
  std::lock_guard<std::mutex> Lock(LogMutex);
  errs() << Tag << ": " << Message << "\n";
  errs().flush();
}

void Logger::error(const Twine &Message) { log(LogLevel::Error, 'E', Message); }
void Logger::info(const Twine &Message) { log(LogLevel::Info, 'I', Message); }
void Logger::verbose(const Twine &Message) {
  log(LogLevel::Verbose, 'V', Message);
}

MessageHandler::~MessageHandler() = default;

void JSONTransport::notify(StringRef Method, json::Value Params) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

void JSONTransport::call(StringRef Method, json::Value Params,
                         json::Value ID) {
  send(json::Object{{"jsonrpc", "2.0"},
                    {"id", std::move(ID)},
                    {"method", Method},
                    {"params", std::move(Params)}});
}

void JSONTransport::reply(json::Value ID, Expected<json::Value> Result) {
  if (Result) {
    send(json::Object{
        {"jsonrpc", "2.0"}, {"id", std::move(ID)}, {"result", *Result}});
    return;
  }
  std::string Message;
  ErrorCode Code = ErrorCode::InternalError;
  handleAllErrors(
      Result.takeError(),
      [&](const LSPError &E) {
        Message = E.Message;
        Code = E.Code;
      },
      [&](const ErrorInfoBase &E) { Message = E.message(); });
  send(json::Object{
      {"jsonrpc", "2.0"},
      {"id", std::move(ID)},
      {"error", json::Object{{"code", static_cast<int>(Code)},
                             {"message", Message}}}});
}

void JSONTransport::send(json::Value Message) {
  std::string Text;
  raw_string_ostream OS(Text);
  if (Style == StreamStyle::Delimited)
    OS << formatv("{0:2}", Message);
  else
    OS << Message;
  OS.flush();
  std::lock_guard<std::mutex> Lock(OutMutex);
  Logger::verbose(">>> " + Text);
  Out << "Content-Length: " << Text.size() << "\r\n\r\n" << Text;
  if (Style == StreamStyle::Delimited)
    Out << "\n";
  Out.flush();
}

/// A line of In without its line break; std::nullopt at the end of the
/// input. Past MaxLength bytes the rest of the line is read and dropped, so
/// that a line without an end holds no more memory than that.
static std::optional<std::string>
readLine(std::FILE *In, size_t MaxLength = std::string::npos) {
  std::string Line;
  bool Dropped = false;
  for (;;) {
    int C = sys::RetryAfterSignal(EOF, std::fgetc, In);
    if (C == EOF || C == '\n') {
      if (Dropped)
        Logger::error(
            formatv("dropped a header line of more than {0} bytes", MaxLength));
      if (C == EOF && Line.empty())
        return std::nullopt;
      return Line;
    }
    if (Line.size() < MaxLength)
      Line += static_cast<char>(C);
    else
      Dropped = true;
  }
}

/// Reads and drops Length bytes of In; false at the end of the input.
static bool skipBytes(std::FILE *In, size_t Length) {
  char Buffer[1 << 16];
  while (Length > 0) {
    size_t N = std::fread(Buffer, 1, std::min(Length, sizeof(Buffer)), In);
    if (N == 0) {
      if (std::ferror(In) && errno == EINTR) {
        std::clearerr(In);
        continue;
      }
      return false;
    }
    Length -= N;
  }
  return true;
}

std::optional<std::string> JSONTransport::readStandardMessage() {
  // Headers end with an empty line; only Content-Length matters. A frame
  // too big to hold is read and dropped: it carries no id to answer.
  std::optional<size_t> Length;
  for (;;) {
    std::optional<std::string> Line = readLine(In, MaxHeaderBytes);
    if (!Line)
      return std::nullopt;
    StringRef Header = StringRef(*Line).rtrim("\r");
    if (Header.empty()) {
      if (!Length) {
        Logger::error("ignoring a header without Content-Length");
        continue;
      }
      if (*Length <= MaxMessageBytes)
        break;
      Logger::error(formatv("dropped a message of {0} bytes: more than {1}",
                            *Length, MaxMessageBytes));
      if (!skipBytes(In, *Length))
        return std::nullopt;
      Length.reset();
      continue;
    }
    size_t Value;
    if (Header.consume_front_insensitive("Content-Length:") &&
        !Header.trim().getAsInteger(10, Value))
      Length = Value;
    else if (!Header.contains(':'))
      Logger::error("ignoring a malformed header line: " +
                    Header.take_front(80) + (Header.size() > 80 ? "..." : ""));
  }
  std::string Text(*Length, '\0');
  size_t Read = 0;
  while (Read < *Length) {
    size_t N = std::fread(&Text[Read], 1, *Length - Read, In);
    if (N == 0) {
      if (std::ferror(In) && errno == EINTR) {
        std::clearerr(In);
        continue;
      }
      return std::nullopt;
    }
    Read += N;
  }
  return Text;
}

std::optional<std::string> JSONTransport::readDelimitedMessage() {
  std::string Text;
  for (;;) {
    std::optional<std::string> Line = readLine(In);
    if (!Line)
      return StringRef(Text).trim().empty() ? std::nullopt
                                            : std::optional(Text);
    StringRef Trimmed = StringRef(*Line).trim();
    if (Trimmed.startswith("//")) {
      if (Trimmed.rtrim() == "// -----") {
        if (!StringRef(Text).trim().empty())
          return Text;
        Text.clear();
      }
      continue;
    }
    Text += *Line;
    Text += '\n';
  }
}

std::optional<std::string> JSONTransport::readMessage() {
  return Style == StreamStyle::Standard ? readStandardMessage()
                                        : readDelimitedMessage();
}

Error JSONTransport::run(MessageHandler &Handler) {
  while (std::optional<std::string> Text = readMessage()) {
    Logger::verbose("<<< " + *Text);
    if (!dispatch(*Text, Handler))
      return Error::success();
  }
  return makeLSPError(ErrorCode::InternalError,
                      "the input ended before the exit notification");
}

/// Whether Text's arrays and objects nest deeper than MaxDepth (outside its
/// strings): llvm::json parses and frees values recursively, so a deep one
/// would end the process with a stack overflow.
static bool nestsDeeperThan(StringRef Text, unsigned MaxDepth) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxDepth)
        return true;
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return false;
}

bool JSONTransport::dispatch(StringRef Text, MessageHandler &Handler) {
  if (nestsDeeperThan(Text, MaxJSONDepth)) {
    std::string Message =
        formatv("malformed JSON: nested deeper than {0} levels", MaxJSONDepth);
    Logger::error(Message);
    reply(nullptr, makeLSPError(ErrorCode::ParseError, Message));
    return true;
  }
  Expected<json::Value> Parsed = json::parse(Text);
  if (!Parsed) {
    std::string Message = toString(Parsed.takeError());
    Logger::error("malformed JSON: " + Message);
    reply(nullptr, makeLSPError(ErrorCode::ParseError,
                                "malformed JSON: " + Message));
    return true;
  }
  json::Object *Object = Parsed->getAsObject();
  if (!Object || Object->getString("jsonrpc") != StringRef("2.0")) {
    reply(nullptr, makeLSPError(ErrorCode::InvalidRequest,
                                "not a JSON-RPC 2.0 message"));
    return true;
  }
  std::optional<json::Value> ID;
  if (json::Value *I = Object->get("id"))
    ID = std::move(*I);
  std::optional<StringRef> Method = Object->getString("method");
  if (!Method) {
    if (!ID) {
      reply(nullptr, makeLSPError(ErrorCode::InvalidRequest,
                                  "a message with neither id nor method"));
      return true;
    }
    if (json::Value *Error = Object->get("error"))
      return Handler.onReply(
          std::move(*ID),
          makeLSPError(ErrorCode::RequestFailed, formatv("{0}", *Error)));
    json::Value Result = nullptr;
    if (json::Value *R = Object->get("result"))
      Result = std::move(*R);
    return Handler.onReply(std::move(*ID), std::move(Result));
  }
  json::Value Params = nullptr;
  if (json::Value *P = Object->get("params"))
    Params = std::move(*P);
  if (ID)
    return Handler.onCall(*Method, std::move(Params), std::move(*ID));
  return Handler.onNotify(*Method, std::move(Params));
}

} // namespace gradgen::lsp
