//===- Document.h - An editor's text of one file ----------------*- C++ -*-===//
//
// The text and version an editor sent for an open file, and the conversions
// between LSP positions (0-based lines, UTF-16 code units) and byte offsets.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SERVER_DOCUMENT_H
#define GRADGEN_SERVER_DOCUMENT_H

#include "gradgen/LSP/Protocol.h"

#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

namespace gradgen::server {

/// The byte offset of Pos in Text, clamped to the end of its line (and of the
/// text), as editors expect for a position past a line's end.
size_t offsetOf(llvm::StringRef Text, lsp::Position Pos);
/// offsetOf, for a position a client sent: a negative line or character, or
/// a line past the end of Text, is an InvalidParams error (a character past
/// the end of its line means the end of the line, as LSP says).
llvm::Expected<size_t> checkedOffsetOf(llvm::StringRef Text, lsp::Position Pos);
/// The LSP position of byte Offset of Text.
lsp::Position positionOf(llvm::StringRef Text, size_t Offset);

/// The LSP position of Loc in the buffer of SM holding it.
lsp::Position positionOf(const llvm::SourceMgr &SM, llvm::SMLoc Loc);
lsp::Range rangeOf(const llvm::SourceMgr &SM, llvm::SMRange Range);

struct Document {
  std::string Path;
  std::string URI;
  int64_t Version = 0;
  std::string Text;

  /// Applies one didChange change; an error for a range outside the text.
  llvm::Error apply(const lsp::ContentChange &Change);
};

} // namespace gradgen::server

#endif // GRADGEN_SERVER_DOCUMENT_H
