//===- LanguageServer.h - gradgen's language server -------------*- C++ -*-===//
//
// The LSP methods of gradgen-lsp-server: the open documents, the checks a
// worker thread runs on them (newest text first, results for a version that
// is no longer current dropped), and the requests answered from the newest
// check of a document.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SERVER_LANGUAGESERVER_H
#define GRADGEN_SERVER_LANGUAGESERVER_H

#include "gradgen/LSP/Dispatcher.h"
#include "gradgen/Server/Analysis.h"

#include <chrono>
#include <memory>

namespace gradgen::server {

struct ServerOptions {
  /// Wait for each check before reading the next message, so that a lit
  /// test sees its outputs in a fixed order.
  bool Synchronous = false;
  /// For findTemplatesRoot().
  const char *Argv0 = "";
  /// Crash while analysing a document whose text contains this (for the
  /// tests of crash recovery, as clangd's -crash-pragmas); empty: never.
  std::string DebugCrashMarker;
  /// No check reads or writes a cache folder, whatever the client's
  /// initializationOptions say, and no numeric check runs: a fuzzed client
  /// must not make the server write where it names, or compile.
  bool NoCache = false;
  /// Wait so long before each check (for the tests of requests that arrive
  /// while a check runs).
  std::chrono::milliseconds DebugCheckDelay{0};
};

class LanguageServer {
public:
  LanguageServer(lsp::JSONTransport &Transport, ServerOptions Options);
  ~LanguageServer();

  /// Registers every method with D.
  void bind(lsp::Dispatcher &D);
  /// The exit code `exit` asked for: 0 after `shutdown`, 1 without.
  int exitCode() const;

private:
  class Impl;
  std::unique_ptr<Impl> TheImpl;
};

} // namespace gradgen::server

#endif // GRADGEN_SERVER_LANGUAGESERVER_H
