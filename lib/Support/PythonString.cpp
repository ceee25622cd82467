//===- PythonString.cpp - Python's str whitespace and line rules ----------===//

#include "gradgen/Support/PythonString.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Endian.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

using namespace llvm;

namespace gradgen::python {

namespace {
struct CodePoint {
  uint32_t Value = 0;
  size_t Length = 0; // 0: not a well-formed UTF-8 sequence
};
} // namespace

/// Decodes the UTF-8 sequence at Text[Pos].
static CodePoint decodeAt(StringRef Text, size_t Pos) {
  if (Pos >= Text.size())
    return {};
  const UTF8 *Begin = reinterpret_cast<const UTF8 *>(Text.data() + Pos);
  const UTF8 *End = reinterpret_cast<const UTF8 *>(Text.end());
  const UTF8 *Cursor = Begin;
  UTF32 Value;
  if (convertUTF8Sequence(&Cursor, End, &Value, strictConversion) !=
      conversionOK)
    return {};
  return {Value, size_t(Cursor - Begin)};
}

static bool isSpace(uint32_t C) {
  return (C >= 0x09 && C <= 0x0D) || (C >= 0x1C && C <= 0x20) || C == 0x85 ||
         C == 0xA0 || C == 0x1680 || (C >= 0x2000 && C <= 0x200A) ||
         C == 0x2028 || C == 0x2029 || C == 0x202F || C == 0x205F ||
         C == 0x3000;
}

static bool isLineBreak(uint32_t C) {
  return (C >= 0x0A && C <= 0x0D) || (C >= 0x1C && C <= 0x1E) || C == 0x85 ||
         C == 0x2028 || C == 0x2029;
}

size_t spaceLengthAt(StringRef Text, size_t Pos) {
  if (Pos < Text.size() && uint8_t(Text[Pos]) < 0x80)
    return isSpace(uint8_t(Text[Pos])) ? 1 : 0;
  CodePoint C = decodeAt(Text, Pos);
  return C.Length && isSpace(C.Value) ? C.Length : 0;
}

size_t lineBreakLengthAt(StringRef Text, size_t Pos) {
  if (Pos < Text.size() && uint8_t(Text[Pos]) >= 0x20 &&
      uint8_t(Text[Pos]) < 0x80)
    return 0;
  CodePoint C = decodeAt(Text, Pos);
  if (!C.Length || !isLineBreak(C.Value))
    return 0;
  if (C.Value == '\r' && Pos + 1 < Text.size() && Text[Pos + 1] == '\n')
    return 2;
  return C.Length;
}

bool isAllSpace(StringRef Text) {
  for (size_t Pos = 0; Pos < Text.size();) {
    uint8_t Byte = Text[Pos];
    if (Byte < 0x80) {
      if (!isSpace(Byte))
        return false;
      ++Pos;
      continue;
    }
    size_t Length = spaceLengthAt(Text, Pos);
    if (!Length)
      return false;
    Pos += Length;
  }
  return true;
}

/// The length of the whitespace character that ends Text, or 0.
static size_t trailingSpaceLength(StringRef Text) {
  size_t End = Text.size();
  // Walk back over at most two continuation bytes to the lead byte.
  for (size_t Length = 1; Length <= 3 && Length <= End; ++Length) {
    uint8_t Byte = Text[End - Length];
    if ((Byte & 0xC0) == 0x80)
      continue;
    return spaceLengthAt(Text, End - Length) == Length ? Length : 0;
  }
  return 0;
}

StringRef rstrip(StringRef Text) {
  while (!Text.empty()) {
    uint8_t Last = Text.back();
    size_t Length = Last < 0x80 ? isSpace(Last) : trailingSpaceLength(Text);
    if (!Length)
      break;
    Text = Text.drop_back(Length);
  }
  return Text;
}

std::string replace(StringRef Text, StringRef From, StringRef To) {
  if (From.empty())
    return Text.str();
  std::string Result;
  while (true) {
    size_t Pos = Text.find(From);
    if (Pos == StringRef::npos)
      break;
    Result += Text.take_front(Pos);
    Result += To;
    Text = Text.drop_front(Pos + From.size());
  }
  Result += Text;
  return Result;
}

StringRef strip(StringRef Text) {
  while (size_t Length = spaceLengthAt(Text, 0))
    Text = Text.drop_front(Length);
  return rstrip(Text);
}

/// True for the bytes a line break can start with: the ASCII breaks and the
/// lead bytes of U+0085 (C2 85) and U+2028/U+2029 (E2 80 A8/A9).
static bool mayStartLineBreak(uint8_t Byte) {
  return (Byte >= 0x0A && Byte <= 0x0D) || (Byte >= 0x1C && Byte <= 0x1E) ||
         Byte == 0xC2 || Byte == 0xE2;
}

/// The top bit of each of the eight bytes of Word that is an ASCII control
/// character or not ASCII (every line break starts with such a byte), and
/// possibly of bytes after the first: subtracting 0x20 from each byte
/// borrows into the top bit of one below 0x20, and a borrow only travels
/// upwards, so the lowest flag is exact.
static uint64_t controlOrNonASCIIBytes(uint64_t Word) {
  constexpr uint64_t Ones = 0x0101010101010101ULL;
  constexpr uint64_t TopBits = 0x8080808080808080ULL;
  return ((Word - Ones * 0x20) | Word) & TopBits;
}

/// The position of the first byte at or after Pos that is an ASCII control
/// character or not ASCII, or Size. Generated files are megabytes of ASCII:
/// sixteen or eight bytes at a time are skipped without looking at each.
static size_t skipPlainASCII(const char *Data, size_t Pos, size_t Size) {
#ifdef __SSE2__
  // Sixteen at a time where every x86-64 can: as signed bytes, those not
  // ASCII are negative, so one comparison with the space finds both kinds.
  const __m128i Space = _mm_set1_epi8(0x20);
  for (; Pos + sizeof(__m128i) <= Size; Pos += sizeof(__m128i)) {
    __m128i Bytes =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(Data + Pos));
    if (unsigned Flags = _mm_movemask_epi8(_mm_cmplt_epi8(Bytes, Space)))
      return Pos + countr_zero(Flags);
  }
#endif
  for (; Pos + sizeof(uint64_t) <= Size; Pos += sizeof(uint64_t))
    if (uint64_t Flags =
            controlOrNonASCIIBytes(support::endian::read64le(Data + Pos)))
      return Pos + countr_zero(Flags) / 8;
  while (Pos < Size && uint8_t(Data[Pos]) >= 0x20 && uint8_t(Data[Pos]) < 0x80)
    ++Pos;
  return Pos;
}

LineBreak findLineBreak(StringRef Text, size_t From) {
  const char *Data = Text.data();
  size_t Size = Text.size();
  for (size_t Pos = skipPlainASCII(Data, From, Size); Pos < Size;
       Pos = skipPlainASCII(Data, Pos + 1, Size)) {
    uint8_t Byte = Data[Pos];
    // "\n" needs no decoding.
    if (Byte == '\n')
      return {Pos, 1};
    if (mayStartLineBreak(Byte))
      if (size_t Length = lineBreakLengthAt(Text, Pos))
        return {Pos, Length};
  }
  return {Size, 0};
}

/// tidyLinesPrefix(), calling OnBreak with the position of each "\n" of the
/// prefix.
template <typename BreakFn>
static size_t scanTidyLines(StringRef Text, BreakFn OnBreak) {
  const char *Data = Text.data();
  size_t Size = Text.size();
  size_t LineStart = 0;
  auto Result = [](size_t Prefix) { return Prefix; };
  // The byte at Pos is a control character or not ASCII: true if the tidy
  // lines go on past it.
  auto Visit = [&](size_t Pos) {
    uint8_t Byte = Data[Pos];
    if (Byte == '\t')
      return true;
    // Anything but "\n" after a line that does not end in white space (an
    // ASCII character above the space, as no control character reaches
    // here) ends the tidy lines.
    if (Byte != '\n' || (Pos != LineStart && uint8_t(Data[Pos - 1]) <= 0x20))
      return false;
    LineStart = Pos + 1;
    OnBreak(Pos);
    return true;
  };
  size_t Pos = 0;
#ifdef __SSE2__
  // Sixteen bytes at a time, each flagged byte of them in turn, so that a
  // line break does not start the scan again; the last (partial) sixteen
  // are the last sixteen bytes of Text, of which those already seen are
  // dropped. (The unit tests compare it with a line-at-a-time definition.)
  if (Size >= sizeof(__m128i)) {
    const __m128i Space = _mm_set1_epi8(0x20);
    auto FlagsAt = [&](size_t At) -> unsigned {
      __m128i Bytes =
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(Data + At));
      return _mm_movemask_epi8(_mm_cmplt_epi8(Bytes, Space));
    };
    auto VisitAll = [&](size_t Base, unsigned Flags) {
      for (; Flags; Flags &= Flags - 1)
        if (!Visit(Base + countr_zero(Flags)))
          return false;
      return true;
    };
    // Two sixteens a step: most steps hold a line break.
    for (; Pos + 2 * sizeof(__m128i) <= Size; Pos += 2 * sizeof(__m128i))
      if (unsigned Flags = FlagsAt(Pos) | FlagsAt(Pos + sizeof(__m128i)) << 16;
          Flags && !VisitAll(Pos, Flags))
        return Result(LineStart);
    if (Pos + sizeof(__m128i) <= Size) {
      if (!VisitAll(Pos, FlagsAt(Pos)))
        return Result(LineStart);
      Pos += sizeof(__m128i);
    }
    if (Pos < Size) {
      size_t Last = Size - sizeof(__m128i);
      if (!VisitAll(Pos, FlagsAt(Last) >> (Pos - Last)))
        return Result(LineStart);
    }
    Pos = Size;
  }
#endif
  for (Pos = skipPlainASCII(Data, Pos, Size); Pos < Size;
       Pos = skipPlainASCII(Data, Pos + 1, Size))
    if (!Visit(Pos))
      return Result(LineStart);
  // A last line without a line break must not end in white space either.
  if (LineStart < Size && uint8_t(Data[Size - 1]) <= 0x20)
    return Result(LineStart);
  return Result(Size);
}

size_t tidyLinesPrefix(StringRef Text, size_t *NumBreaks) {
  size_t Breaks = 0;
  size_t Prefix = scanTidyLines(Text, [&](size_t) { ++Breaks; });
  if (NumBreaks)
    *NumBreaks = Breaks;
  return Prefix;
}

size_t tidyLinesPrefix(StringRef Text, SmallVectorImpl<size_t> &Breaks) {
  return scanTidyLines(Text, [&](size_t Pos) { Breaks.push_back(Pos); });
}

void splitLines(StringRef Text, SmallVectorImpl<StringRef> &Lines,
                bool KeepEnds) {
  for (size_t Start = 0; Start < Text.size();) {
    LineBreak Break = findLineBreak(Text, Start);
    Lines.push_back(
        Text.slice(Start, KeepEnds ? Break.Pos + Break.Length : Break.Pos));
    Start = Break.Pos + Break.Length;
  }
}

} // namespace gradgen::python
