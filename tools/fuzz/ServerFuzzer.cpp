//===- ServerFuzzer.cpp - Fuzzes the language server's message loop -------===//
//
// One input: everything a client writes to gradgen-lsp-server in one
// session. An input that starts with a header (`Content-Length: ...`) is
// read with LSP's framing, any other as a lit transcript (messages between
// `// -----` lines), so that the seeds are the lit tests of test/LSP and
// mutations reach the dispatcher and the document model (incremental edits
// of open documents) without first having to keep a frame's length right.
// The server checks each document before reading the next message, as in
// the lit tests; it reads no cache and writes none. Its replies are dropped.
//
//===----------------------------------------------------------------------===//

#include "gradgen/LSP/Dispatcher.h"
#include "gradgen/Server/LanguageServer.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>

using namespace gradgen;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  lsp::StreamStyle Style = Text.startswith_insensitive("content-")
                               ? lsp::StreamStyle::Standard
                               : lsp::StreamStyle::Delimited;
  // fmemopen reads the bytes in place: the transport reads a FILE*.
  std::FILE *In = fmemopen(const_cast<uint8_t *>(Data), Size, "rb");
  if (!In)
    return 0;
  llvm::raw_null_ostream Out;
  {
    lsp::JSONTransport Transport(In, Out, Style);
    server::ServerOptions Options;
    Options.Synchronous = true;
    Options.NoCache = true;
    server::LanguageServer Server(Transport, Options);
    lsp::Dispatcher D(Transport);
    Server.bind(D);
    llvm::consumeError(Transport.run(D));
  }
  std::fclose(In);
  return 0;
}
