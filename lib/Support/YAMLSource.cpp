//===- YAMLSource.cpp - YAML documents with source locations --------------===//

#include "gradgen/Support/YAMLSource.h"

#include "gradgen/Support/InputFiles.h"

#include "YAMLDocumentBuilder.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLParser.h"

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

/// The index past the line break at I ("\n", "\r\n" or "\r").
static size_t skipBreak(StringRef S, size_t I) {
  if (S[I] == '\r' && I + 1 < S.size() && S[I + 1] == '\n')
    return I + 2;
  return I + 1;
}

static size_t skipBlanks(StringRef S, size_t I) {
  while (I < S.size() && isBlank(S[I]))
    ++I;
  return I;
}

ScalarSourceMap::ScalarSourceMap(StringRef Token, StringRef Value) {
  // Node properties come before the scalar: `!!str "x"`, `&anchor x`.
  size_t I = 0;
  while (I < Token.size() && (Token[I] == '!' || Token[I] == '&')) {
    while (I < Token.size() && !isBlank(Token[I]) && !isBreak(Token[I]))
      ++I;
    while (I < Token.size() && (isBlank(Token[I]) || isBreak(Token[I])))
      ++I;
  }
  size_t TokenStart = I;
  // Most scalars are their own text and need no table.
  if (mapVerbatim(Token, Value, I))
    return;
  SourceBegin.reserve(Value.size() + 1);
  SourceEnd.reserve(Value.size() + 1);
  size_t TokenEnd = I < Token.size() && (Token[I] == '|' || Token[I] == '>')
                        ? mapBlockScalar(Token, Value, I)
                        : mapFlowScalar(Token, Value, I);
  // Pad if the value and the source disagreed, so lookups stay in range.
  const char *End = Token.begin() + TokenEnd;
  while (SourceBegin.size() < Value.size())
    map(End, End);
  map(End, End);
  if (Quote && TokenEnd < Token.size() && Token[TokenEnd] == Quote)
    ++End;
  TokenRange = SMRange(SMLoc::getFromPointer(Token.begin() + TokenStart),
                       SMLoc::getFromPointer(End));
}

bool ScalarSourceMap::mapVerbatim(StringRef Token, StringRef Value, size_t I) {
  if (I < Token.size() && (Token[I] == '|' || Token[I] == '>'))
    return false;
  char Q = I < Token.size() && (Token[I] == '"' || Token[I] == '\'')
               ? Token[I]
               : 0;
  size_t Begin = Q ? I + 1 : I;
  if (!Token.substr(Begin).startswith(Value))
    return false;
  // What mapFlowScalar would not map byte for byte: line breaks, escapes,
  // doubled quotes, and blanks that may precede a line break.
  if (!Value.empty() && isBlank(Value.back()))
    return false;
  if (Value.contains('\n') || Value.contains('\r') || (Q && Value.contains(Q)) ||
      (Q == '"' && Value.contains('\\')))
    return false;
  size_t End = Begin + Value.size();
  if (Q && (End >= Token.size() || Token[End] != Q))
    return false;
  Quote = Q;
  Verbatim = Token.data() + Begin;
  VerbatimSize = Value.size();
  TokenRange = SMRange(SMLoc::getFromPointer(Token.data() + I),
                       SMLoc::getFromPointer(Token.data() + End + (Q ? 1 : 0)));
  return true;
}

void ScalarSourceMap::map(const char *Begin, const char *End) {
  SourceBegin.push_back(Begin);
  SourceEnd.push_back(End);
}

size_t ScalarSourceMap::mapFlowScalar(StringRef Token, StringRef Value,
                                      size_t I) {
  const char *Start = Token.begin();
  if (I < Token.size() && (Token[I] == '"' || Token[I] == '\'')) {
    Quote = Token[I];
    ++I;
  }
  auto MapValueBytes = [&](size_t Begin, size_t End, size_t Count) {
    for (size_t N = 0; N < Count && SourceBegin.size() < Value.size(); ++N)
      map(Start + Begin, Start + End);
  };
  auto J = [&] { return SourceBegin.size(); };
  while (J() < Value.size() && I < Token.size()) {
    char C = Token[I];
    // White space before a line break is not part of a flow scalar's value.
    if (isBlank(C)) {
      size_t K = skipBlanks(Token, I);
      if (K < Token.size() && isBreak(Token[K])) {
        I = K;
        continue;
      }
    }
    if (isBreak(C)) {
      // A line break folds to a space; if empty lines follow, each of them is
      // a newline instead. Leading white space of the next line is dropped.
      size_t Break = I;
      I = skipBlanks(Token, skipBreak(Token, I));
      bool SawEmptyLine = false;
      while (I < Token.size() && isBreak(Token[I])) {
        SawEmptyLine = true;
        if (J() < Value.size() && Value[J()] == '\n')
          MapValueBytes(Break, skipBreak(Token, Break), 1);
        Break = I;
        I = skipBlanks(Token, skipBreak(Token, I));
      }
      if (!SawEmptyLine && J() < Value.size() && Value[J()] == ' ')
        MapValueBytes(Break, skipBreak(Token, Break), 1);
      continue;
    }
    if (Quote == '"' && C == '\\') {
      if (I + 1 < Token.size() && isBreak(Token[I + 1])) {
        // An escaped line break joins the lines without a space.
        I = skipBlanks(Token, skipBreak(Token, I + 1));
        continue;
      }
      auto [SourceLen, ValueLen] = escapeLength(Token.substr(I));
      MapValueBytes(I, I + SourceLen, ValueLen);
      I += SourceLen;
      continue;
    }
    if (Quote == '\'' && C == '\'' && I + 1 < Token.size() &&
        Token[I + 1] == '\'') {
      MapValueBytes(I, I + 2, 1);
      I += 2;
      continue;
    }
    if (Quote && C == Quote)
      break; // The value ended early; the padding below keeps lookups valid.
    MapValueBytes(I, I + 1, 1);
    ++I;
  }
  // One past the last character: the closing quote of a quoted scalar.
  if (Quote) {
    while (I < Token.size() && Token[I] != Quote) {
      if (Quote == '"' && Token[I] == '\\')
        ++I;
      ++I;
    }
  }
  return std::min(I, Token.size());
}

size_t ScalarSourceMap::mapBlockScalar(StringRef Token, StringRef Value,
                                       size_t I) {
  const char *Start = Token.begin();
  // The header (indicator, chomping and indentation indicators, comment)
  // ends with the first line break.
  while (I < Token.size() && !isBreak(Token[I]))
    ++I;
  if (I < Token.size())
    I = skipBreak(Token, I);
  // The content's indentation is that of its first non-empty line.
  size_t Indent = 0;
  for (size_t K = I; K < Token.size();) {
    size_t Spaces = K;
    while (Spaces < Token.size() && Token[Spaces] == ' ')
      ++Spaces;
    if (Spaces < Token.size() && isBreak(Token[Spaces])) {
      K = skipBreak(Token, Spaces);
      continue;
    }
    Indent = Spaces - K;
    break;
  }
  size_t J = 0;
  while (J < Value.size() && I < Token.size()) {
    for (size_t N = 0; N < Indent && I < Token.size() && Token[I] == ' '; ++N)
      ++I;
    while (J < Value.size() && I < Token.size() && !isBreak(Token[I])) {
      if (Token[I] == Value[J]) {
        map(Start + I, Start + I + 1);
        ++J;
      }
      ++I;
    }
    if (J == Value.size() || I == Token.size())
      break;
    // A line break is a newline of the value, or a space where `>` folds it;
    // a break that folding drops maps to nothing.
    size_t Break = I;
    I = skipBreak(Token, I);
    if (Value[J] == '\n' || Value[J] == ' ') {
      map(Start + Break, Start + I);
      ++J;
    }
  }
  return I;
}

SMLoc ScalarSourceMap::locForOffset(size_t Offset) const {
  if (Verbatim)
    return SMLoc::getFromPointer(Verbatim + std::min(Offset, VerbatimSize));
  if (SourceBegin.empty())
    return TokenRange.Start;
  Offset = std::min(Offset, SourceBegin.size() - 1);
  return SMLoc::getFromPointer(SourceBegin[Offset]);
}

SMRange ScalarSourceMap::rangeForOffsets(size_t Begin, size_t End) const {
  if (Verbatim && End > Begin)
    return SMRange(locForOffset(Begin),
                   SMLoc::getFromPointer(Verbatim + std::min(End, VerbatimSize)));
  if (!Verbatim && SourceBegin.empty())
    return SMRange(TokenRange.Start, TokenRange.Start);
  if (End <= Begin)
    return SMRange(locForOffset(Begin), locForOffset(Begin));
  size_t Last = std::min(End - 1, SourceEnd.size() - 1);
  return SMRange(locForOffset(Begin), SMLoc::getFromPointer(SourceEnd[Last]));
}

ScalarSourceMap::ScalarSourceMap(const YAMLNode &Node)
    : ScalarSourceMap(StringRef(Node.range().Start.getPointer(),
                                Node.range().End.getPointer() -
                                    Node.range().Start.getPointer()),
                      Node.scalar()) {}

YAMLSource::YAMLSource(const SourceMgr &SM, unsigned BufferID)
    : SM(&SM), BufferID(BufferID),
      Text(SM.getMemoryBuffer(BufferID)->getBuffer()) {}

StringRef YAMLSource::filename() const {
  return SM->getMemoryBuffer(BufferID)->getBufferIdentifier();
}

std::optional<unsigned> YAMLSource::read(StringRef Path, InputFiles &Files,
                                        DiagnosticEngine &Diags) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = Files.readFile(Path);
  if (std::error_code EC = Buffer.getError()) {
    Diags.report(diag::driver_io, SMLoc(),
                 "cannot read '" + Path + "': " + EC.message());
    return std::nullopt;
  }
  // LLVM's parser reads a `key:` or `-` at the very end of its input as a
  // scalar or an error; a final line break makes it read them as YAML does.
  StringRef Text = (*Buffer)->getBuffer();
  if (!Text.empty() && !Text.endswith("\n")) {
    std::unique_ptr<WritableMemoryBuffer> Copy =
        WritableMemoryBuffer::getNewUninitMemBuffer(
            Text.size() + 1, (*Buffer)->getBufferIdentifier());
    std::copy(Text.begin(), Text.end(), Copy->getBufferStart());
    Copy->getBufferStart()[Text.size()] = '\n';
    *Buffer = std::move(Copy);
  }
  return Files.getSourceMgr().AddNewSourceBuffer(std::move(*Buffer), SMLoc());
}

std::optional<YAMLSource> YAMLSource::load(StringRef Path, InputFiles &Files,
                                           DiagnosticEngine &Diags) {
  std::optional<unsigned> BufferID = read(Path, Files, Diags);
  if (!BufferID)
    return std::nullopt;
  return parseBuffer(*BufferID, Files.getSourceMgr(), Diags);
}

/// LLVM's parser reports syntax errors through the SourceMgr it is given.
static void reportSyntaxError(const SMDiagnostic &Error, void *Diags) {
  static_cast<DiagnosticEngine *>(Diags)->report(
      diag::yaml_syntax, Error.getLoc(), "invalid YAML: " + Error.getMessage());
}

std::optional<YAMLSource> YAMLSource::parseBuffer(unsigned BufferID,
                                                  SourceMgr &SM,
                                                  DiagnosticEngine &Diags) {
  YAMLSource Source(SM, BufferID);
  // The parser adds its input to the SourceMgr it is given: one of its own
  // keeps SM's buffers as they are, and its errors point into SM's buffer all
  // the same.
  SourceMgr ParserSM;
  ParserSM.setDiagHandler(reportSyntaxError, &Diags);
  yaml::Stream Stream(SM.getMemoryBuffer(BufferID)->getMemBufferRef(), ParserSM,
                      /*ShowColors=*/false);
  YAMLDocumentBuilder Builder(Source.Text, Source.Allocator, Diags);
  unsigned ErrorsBefore = Diags.getNumErrors();
  yaml::document_iterator Document = Stream.begin();
  yaml::Node *Root = Document->getRoot();
  Source.Root = Root ? Builder.build(*Root) : nullptr;
  bool Incomplete = !Source.Root || Builder.incomplete();
  if (!Incomplete && !Stream.failed() && ++Document != Stream.end()) {
    // A second document has a root; after a mistake the scanner kept quiet
    // about there is none.
    yaml::Node *Second = Document->getRoot();
    if (Second && Second->getSourceRange().Start.isValid()) {
      // PyYAML's yaml.load rejects a stream of several documents, too.
      Diags.report(diag::yaml_syntax, Second->getSourceRange().Start,
                   "invalid YAML: expected a single document, found another");
      return std::nullopt;
    }
    Incomplete = true;
  }
  if (!Incomplete && !Stream.failed() && !Builder.failed())
    return Source;
  // The scanner does not report every mistake it stops at.
  if (Diags.getNumErrors() == ErrorsBefore)
    Diags.report(diag::yaml_syntax, Builder.resumeLoc(),
                 "invalid YAML: cannot read the document from here on");
  return std::nullopt;
}

} // namespace gradgen
