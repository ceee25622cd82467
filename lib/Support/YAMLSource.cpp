//===- YAMLSource.cpp - yaml-cpp documents with source locations ----------===//

#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace gradgen {

static bool isBlank(char C) { return C == ' ' || C == '\t'; }
static bool isBreak(char C) { return C == '\n' || C == '\r'; }

/// Number of source characters of the escape sequence at S (S[0] == '\\') and
/// the number of value bytes it decodes to.
static std::pair<size_t, size_t> escapeLength(StringRef S) {
  if (S.size() < 2)
    return {S.size(), 0};
  auto CodePointBytes = [](uint32_t CP) -> size_t {
    return CP < 0x80 ? 1 : CP < 0x800 ? 2 : CP < 0x10000 ? 3 : 4;
  };
  auto Hex = [&](size_t Digits) -> std::pair<size_t, size_t> {
    uint32_t CP = 0;
    if (S.size() < 2 + Digits || S.substr(2, Digits).getAsInteger(16, CP))
      return {2, 1};
    return {2 + Digits, CodePointBytes(CP)};
  };
  switch (S[1]) {
  case 'x':
    return Hex(2);
  case 'u':
    return Hex(4);
  case 'U':
    return Hex(8);
  case 'N': // U+0085
  case '_': // U+00A0
    return {2, 2};
  case 'L': // U+2028
  case 'P': // U+2029
    return {2, 3};
  default:
    return {2, 1};
  }
}

ScalarSourceMap::ScalarSourceMap(StringRef Token, StringRef Value) {
  const char *Start = Token.begin();
  size_t I = 0;
  if (!Token.empty() && (Token[0] == '"' || Token[0] == '\'')) {
    Quote = Token[0];
    I = 1;
  }
  ValueToSource.reserve(Value.size() + 1);
  size_t J = 0;
  while (J < Value.size() && I < Token.size()) {
    char C = Token[I];
    // Trailing white space before a line break is not part of the value.
    if (isBlank(C)) {
      size_t K = I;
      while (K < Token.size() && isBlank(Token[K]))
        ++K;
      if (K < Token.size() && isBreak(Token[K]) && Value[J] != C) {
        I = K;
        continue;
      }
    }
    if (isBreak(C)) {
      // A line break folds to one space; each empty line that follows is a
      // newline of its own.
      const char *BreakLoc = Start + I;
      auto SkipBreak = [&] {
        if (Token[I] == '\r' && I + 1 < Token.size() && Token[I + 1] == '\n')
          ++I;
        ++I;
        while (I < Token.size() && isBlank(Token[I]))
          ++I;
      };
      SkipBreak();
      bool SawEmptyLine = false;
      while (I < Token.size() && isBreak(Token[I])) {
        SawEmptyLine = true;
        if (J < Value.size() && Value[J] == '\n') {
          ValueToSource.push_back(BreakLoc);
          ++J;
        }
        BreakLoc = Start + I;
        SkipBreak();
      }
      if (!SawEmptyLine && J < Value.size() && Value[J] == ' ') {
        ValueToSource.push_back(BreakLoc);
        ++J;
      }
      continue;
    }
    if (Quote == '"' && C == '\\') {
      if (I + 1 < Token.size() && isBreak(Token[I + 1])) {
        // An escaped line break joins the lines without a space.
        ++I;
        if (Token[I] == '\r' && I + 1 < Token.size() && Token[I + 1] == '\n')
          ++I;
        ++I;
        while (I < Token.size() && isBlank(Token[I]))
          ++I;
        continue;
      }
      auto [SourceLen, ValueLen] = escapeLength(Token.substr(I));
      for (size_t N = 0; N < ValueLen && J < Value.size(); ++N, ++J)
        ValueToSource.push_back(Start + I);
      I += SourceLen;
      continue;
    }
    if (Quote == '\'' && C == '\'' && I + 1 < Token.size() &&
        Token[I + 1] == '\'') {
      ValueToSource.push_back(Start + I);
      ++J;
      I += 2;
      continue;
    }
    if (Quote && C == Quote)
      break; // Malformed map; stop rather than run past the token.
    ValueToSource.push_back(Start + I);
    ++J;
    ++I;
  }
  // Pad if the value and the source disagreed, so lookups stay in range.
  while (ValueToSource.size() < Value.size())
    ValueToSource.push_back(Start + std::min(I, Token.size()));
  // Skip to the closing quote for quoted scalars.
  if (Quote) {
    while (I < Token.size() && Token[I] != Quote)
      ++I;
  }
  ValueToSource.push_back(Start + std::min(I, Token.size()));
  size_t End = Quote ? std::min(I + 1, Token.size()) : std::min(I, Token.size());
  TokenRange = SMRange(SMLoc::getFromPointer(Start),
                       SMLoc::getFromPointer(Start + End));
}

SMLoc ScalarSourceMap::locForOffset(size_t Offset) const {
  if (ValueToSource.empty())
    return TokenRange.Start;
  Offset = std::min(Offset, ValueToSource.size() - 1);
  return SMLoc::getFromPointer(ValueToSource[Offset]);
}

SMRange ScalarSourceMap::rangeForOffsets(size_t Begin, size_t End) const {
  if (End <= Begin)
    return SMRange(locForOffset(Begin), locForOffset(Begin));
  // End is exclusive: one past the source of the last value character.
  SMLoc Last = locForOffset(End - 1);
  return SMRange(locForOffset(Begin),
                 SMLoc::getFromPointer(Last.getPointer() + 1));
}

YAMLSource::YAMLSource(const SourceMgr &SM, unsigned BufferID, YAML::Node Root)
    : SM(&SM), BufferID(BufferID),
      Text(SM.getMemoryBuffer(BufferID)->getBuffer()), Root(std::move(Root)) {}

StringRef YAMLSource::filename() const {
  return SM->getMemoryBuffer(BufferID)->getBufferIdentifier();
}

std::optional<YAMLSource> YAMLSource::load(StringRef Path, SourceMgr &SM,
                                           DiagnosticEngine &Diags) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (std::error_code EC = Buffer.getError()) {
    Diags.error("driver.io", SMLoc(),
                "cannot read '" + Path + "': " + EC.message());
    return std::nullopt;
  }
  unsigned BufferID = SM.AddNewSourceBuffer(std::move(*Buffer), SMLoc());
  return parseBuffer(BufferID, SM, Diags);
}

std::optional<YAMLSource> YAMLSource::parseBuffer(unsigned BufferID,
                                                  SourceMgr &SM,
                                                  DiagnosticEngine &Diags) {
  StringRef Text = SM.getMemoryBuffer(BufferID)->getBuffer();
  try {
    YAML::Node Root = YAML::Load(Text.str());
    return YAMLSource(SM, BufferID, std::move(Root));
  } catch (const YAML::Exception &E) {
    SMLoc Loc;
    if (!E.mark.is_null() && E.mark.pos >= 0 &&
        static_cast<size_t>(E.mark.pos) <= Text.size())
      Loc = SMLoc::getFromPointer(Text.data() + E.mark.pos);
    else
      Loc = SMLoc::getFromPointer(Text.data());
    Diags.error("yaml.syntax", Loc, "invalid YAML: " + E.msg);
    return std::nullopt;
  }
}

SMLoc YAMLSource::locOf(const YAML::Node &Node) const {
  YAML::Mark M = Node.Mark();
  if (M.is_null() || M.pos < 0 || static_cast<size_t>(M.pos) > Text.size())
    return SMLoc();
  return SMLoc::getFromPointer(Text.data() + M.pos);
}

ScalarSourceMap YAMLSource::scalarMap(const YAML::Node &Node) const {
  SMLoc Start = locOf(Node);
  if (!Start.isValid() || !Node.IsScalar())
    return ScalarSourceMap(StringRef(Start.getPointer(), 0), "");
  StringRef Token(Start.getPointer(), Text.end() - Start.getPointer());
  return ScalarSourceMap(Token, Node.Scalar());
}

SMRange YAMLSource::rangeOf(const YAML::Node &Node) const {
  if (Node.IsScalar())
    return scalarMap(Node).tokenRange();
  SMLoc Start = locOf(Node);
  return SMRange(Start, Start);
}

Located<std::string> YAMLSource::located(const YAML::Node &Node) const {
  return Located<std::string>(Node.IsScalar() ? Node.Scalar() : std::string(),
                              rangeOf(Node));
}

} // namespace gradgen
