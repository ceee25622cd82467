//===- gradgen-lsp-server.cpp - The language server for derivatives.yaml --===//
//
// Speaks the Language Server Protocol over stdin and stdout; the protocol
// lives in lib/LSP, the server in lib/Server.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Config.h"
#include "gradgen/LSP/Dispatcher.h"
#include "gradgen/Server/LanguageServer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gradgen;

static cl::OptionCategory ServerCategory("gradgen-lsp-server options");

static cl::opt<lsp::LogLevel> LogLevelOpt(
    "log", cl::desc("What to log on stderr"),
    cl::values(clEnumValN(lsp::LogLevel::Error, "error", "errors only"),
               clEnumValN(lsp::LogLevel::Info, "info",
                          "also each check and what it dropped"),
               clEnumValN(lsp::LogLevel::Verbose, "verbose",
                          "also every message in and out")),
    cl::init(lsp::LogLevel::Error), cl::cat(ServerCategory));

static cl::opt<bool> LitTest(
    "lit-test",
    cl::desc("For lit tests: read messages separated by '// -----' lines "
             "instead of Content-Length headers, pretty-print the output, "
             "and finish each check before reading the next message"),
    cl::cat(ServerCategory));

static cl::opt<std::string> DebugCrashMarker(
    "debug-crash-marker",
    cl::desc("Crash while analysing a document that contains this text "
             "(tests of crash recovery)"),
    cl::Hidden, cl::cat(ServerCategory));

static cl::opt<unsigned> DebugCheckDelay(
    "debug-check-delay",
    cl::desc("Wait this many milliseconds before each check (tests of "
             "requests sent while a check runs)"),
    cl::Hidden, cl::cat(ServerCategory));

static cl::opt<bool> Sync("sync",
                          cl::desc("Finish each check before reading the "
                                   "next message"),
                          cl::cat(ServerCategory));

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::HideUnrelatedOptions(ServerCategory);
  cl::ParseCommandLineOptions(
      Argc, Argv,
      "gradgen-lsp-server: the Language Server Protocol (3.17) over stdio "
      "for derivatives.yaml\n\n"
      "Diagnostics, quick fixes, hover, go-to-definition and document "
      "symbols. The inputs beside derivatives.yaml are found in its folder "
      "or its PyTorch checkout, or named by the client's "
      "initializationOptions (docs/editors.md).\n");
  lsp::Logger::setLevel(LogLevelOpt);
  sys::ChangeStdinToBinary();
  sys::ChangeStdoutToBinary();

  lsp::JSONTransport Transport(stdin, outs(),
                               LitTest ? lsp::StreamStyle::Delimited
                                       : lsp::StreamStyle::Standard);
  server::ServerOptions Options;
  Options.Synchronous = LitTest || Sync;
  Options.Argv0 = Argv[0];
  Options.DebugCrashMarker = DebugCrashMarker;
  Options.DebugCheckDelay = std::chrono::milliseconds(DebugCheckDelay);
  server::LanguageServer Server(Transport, Options);
  lsp::Dispatcher D(Transport);
  Server.bind(D);
  if (Error E = Transport.run(D)) {
    lsp::Logger::error(toString(std::move(E)));
    return 1;
  }
  return Server.exitCode();
}
