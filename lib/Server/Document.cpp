//===- Document.cpp - An editor's text of one file ------------------------===//

#include "gradgen/Server/Document.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gradgen::server {

/// UTF-16 code units of the UTF-8 sequence starting with Lead: two for the
/// four-byte ones (a surrogate pair), one for the rest. Continuation bytes
/// count none.
static int utf16Units(unsigned char Lead) {
  if ((Lead & 0xC0) == 0x80)
    return 0;
  return Lead >= 0xF0 ? 2 : 1;
}

size_t offsetOf(StringRef Text, lsp::Position Pos) {
  size_t LineStart = 0;
  for (int Line = 0; Line < Pos.Line; ++Line) {
    size_t Break = Text.find('\n', LineStart);
    if (Break == StringRef::npos)
      return Text.size();
    LineStart = Break + 1;
  }
  size_t LineEnd = std::min(Text.find('\n', LineStart), Text.size());
  size_t Offset = LineStart;
  int Units = 0;
  while (Offset < LineEnd && Units < Pos.Character) {
    Units += utf16Units(Text[Offset]);
    ++Offset;
    // Stay on a character boundary.
    while (Offset < LineEnd && utf16Units(Text[Offset]) == 0)
      ++Offset;
  }
  return Offset;
}

Expected<size_t> checkedOffsetOf(StringRef Text, lsp::Position Pos) {
  if (Pos.Line < 0 || Pos.Character < 0)
    return lsp::makeLSPError(
        lsp::ErrorCode::InvalidParams,
        formatv("position {0}:{1} has a negative line or character", Pos.Line,
                Pos.Character));
  size_t Lines = Text.count('\n') + 1;
  if (static_cast<size_t>(Pos.Line) >= Lines)
    return lsp::makeLSPError(
        lsp::ErrorCode::InvalidParams,
        formatv("line {0} is past the end of the document ({1} lines)",
                Pos.Line, Lines));
  return offsetOf(Text, Pos);
}

lsp::Position positionOf(StringRef Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  StringRef Before = Text.take_front(Offset);
  lsp::Position Pos;
  Pos.Line = Before.count('\n');
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  for (char C : Before.drop_front(LineStart))
    Pos.Character += utf16Units(C);
  return Pos;
}

lsp::Position positionOf(const SourceMgr &SM, SMLoc Loc) {
  unsigned ID = Loc.isValid() ? SM.FindBufferContainingLoc(Loc) : 0;
  if (!ID)
    return lsp::Position();
  // The SourceMgr's cache of line offsets finds the line; only the line is
  // scanned for its UTF-16 column.
  auto [Line, Column] = SM.getLineAndColumn(Loc, ID);
  lsp::Position Pos;
  Pos.Line = Line - 1;
  for (const char *C = Loc.getPointer() - (Column - 1); C < Loc.getPointer();
       ++C)
    Pos.Character += utf16Units(*C);
  return Pos;
}

lsp::Range rangeOf(const SourceMgr &SM, SMRange Range) {
  lsp::Range Result{positionOf(SM, Range.Start), positionOf(SM, Range.Start)};
  if (Range.End.isValid() && Range.End.getPointer() > Range.Start.getPointer())
    Result.End = positionOf(SM, Range.End);
  return Result;
}

Error Document::apply(const lsp::ContentChange &Change) {
  if (!Change.TheRange) {
    Text = Change.Text;
    return Error::success();
  }
  Expected<size_t> Begin = checkedOffsetOf(Text, Change.TheRange->Start);
  if (!Begin)
    return Begin.takeError();
  Expected<size_t> End = checkedOffsetOf(Text, Change.TheRange->End);
  if (!End)
    return End.takeError();
  if (*End < *Begin)
    return lsp::makeLSPError(lsp::ErrorCode::InvalidParams,
                             "a change whose range ends before it starts");
  Text.replace(*Begin, *End - *Begin, Change.Text);
  return Error::success();
}

} // namespace gradgen::server
