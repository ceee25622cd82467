//===- YAMLDocumentBuilder.cpp - llvm::yaml nodes to YAMLNodes ------------===//

#include "YAMLDocumentBuilder.h"

#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/YAMLParser.h"

#include <memory>

using namespace llvm;

namespace gradgen {

using Style = YAMLNode::Style;

static bool isBlank(char C) { return C == ' ' || C == '\t'; }
static bool isBreak(char C) { return C == '\n' || C == '\r'; }

static size_t skipBlanks(StringRef S, size_t I) {
  while (I < S.size() && isBlank(S[I]))
    ++I;
  return I;
}

/// The index past the line break at I ("\n", "\r\n" or "\r").
static size_t skipBreak(StringRef S, size_t I) {
  if (S[I] == '\r' && I + 1 < S.size() && S[I + 1] == '\n')
    return I + 2;
  return I + 1;
}

/// PyYAML's null scalars, when written plain.
static bool isNullScalar(StringRef S) {
  return S == "~" || S == "null" || S == "Null" || S == "NULL";
}

/// The empty range at P: where a node that is no scalar is.
static SMRange emptyRangeAt(const char *P) {
  return SMRange(SMLoc::getFromPointer(P), SMLoc::getFromPointer(P));
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

/// Folds the line break at Body[I], and the empty lines after it, as flow
/// scalars do: a single line break is a space, each empty line after it a
/// newline. White space at the start of the next lines is no content.
/// Returns the index of what follows.
static size_t foldLineBreaks(StringRef Body, size_t I,
                             SmallVectorImpl<char> &Out) {
  I = skipBlanks(Body, skipBreak(Body, I));
  unsigned EmptyLines = 0;
  while (I < Body.size() && isBreak(Body[I])) {
    ++EmptyLines;
    I = skipBlanks(Body, skipBreak(Body, I));
  }
  if (EmptyLines == 0)
    Out.push_back(' ');
  else
    Out.append(EmptyLines, '\n');
  return I;
}

std::optional<StringRef>
YAMLDocumentBuilder::decodeFlowScalar(StringRef Token, Style ScalarStyle) {
  StringRef Body =
      ScalarStyle == Style::Plain ? Token : Token.drop_front().drop_back();
  // Most scalars are one line without quotes or escapes inside: their value
  // is their text. (find() is memchr; find_first_of() is much slower.)
  if (!Body.contains('\n') && !Body.contains('\r') &&
      (ScalarStyle == Style::Plain ||
       (ScalarStyle == Style::SingleQuoted && !Body.contains('\'')) ||
       (ScalarStyle == Style::DoubleQuoted && !Body.contains('\\'))))
    return Body;

  Scratch.clear();
  // White space is content unless a line break follows it, so it waits here
  // (as the index of its first character) until something else comes.
  size_t Blanks = StringRef::npos;
  auto FlushBlanks = [&](size_t End) {
    if (Blanks != StringRef::npos)
      Scratch.append(Body.begin() + Blanks, Body.begin() + End);
    Blanks = StringRef::npos;
  };
  for (size_t I = 0; I < Body.size();) {
    char C = Body[I];
    if (isBlank(C)) {
      if (Blanks == StringRef::npos)
        Blanks = I;
      ++I;
      continue;
    }
    if (isBreak(C)) {
      Blanks = StringRef::npos;
      I = foldLineBreaks(Body, I, Scratch);
      continue;
    }
    FlushBlanks(I);
    if (ScalarStyle == Style::SingleQuoted && C == '\'') {
      // The scanner ends the token at a single quote, so this one is doubled.
      Scratch.push_back('\'');
      I += 2;
      continue;
    }
    if (ScalarStyle == Style::DoubleQuoted && C == '\\') {
      if (!decodeEscape(Body, I))
        return std::nullopt;
      continue;
    }
    Scratch.push_back(C);
    ++I;
  }
  // The white space at the end of a quoted scalar is content.
  FlushBlanks(Body.size());
  return StringRef(Scratch);
}

/// What the one-character escape `\Escape` stands for.
static std::optional<uint32_t> decodeSimpleEscape(char Escape) {
  switch (Escape) {
  case '0':
    return 0;
  case 'a':
    return '\a';
  case 'b':
    return '\b';
  case 't':
  case '\t':
    return '\t';
  case 'n':
    return '\n';
  case 'v':
    return '\v';
  case 'f':
    return '\f';
  case 'r':
    return '\r';
  case 'e':
    return 0x1b;
  case ' ':
  case '"':
  case '/':
  case '\\':
    return Escape;
  case 'N':
    return 0x85;
  case '_':
    return 0xa0;
  case 'L':
    return 0x2028;
  case 'P':
    return 0x2029;
  default:
    return std::nullopt;
  }
}

bool YAMLDocumentBuilder::decodeEscape(StringRef Body, size_t &I) {
  StringRef Escape = Body.substr(I, 2);
  if (Escape.size() == 2 && isBreak(Escape[1])) {
    // An escaped line break joins the lines without a space; empty lines
    // after it are newlines.
    I = skipBlanks(Body, skipBreak(Body, I + 1));
    while (I < Body.size() && isBreak(Body[I])) {
      Scratch.push_back('\n');
      I = skipBlanks(Body, skipBreak(Body, I));
    }
    return true;
  }
  std::optional<uint32_t> CodePoint;
  if (Escape == "\\x" || Escape == "\\u" || Escape == "\\U") {
    size_t Digits = Escape[1] == 'x' ? 2 : Escape[1] == 'u' ? 4 : 8;
    Escape = Body.substr(I, 2 + Digits);
    uint32_t Value;
    if (Escape.size() == 2 + Digits &&
        !Escape.drop_front(2).getAsInteger(16, Value))
      CodePoint = Value;
  } else if (Escape.size() == 2) {
    CodePoint = decodeSimpleEscape(Escape[1]);
  }
  char UTF8[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
  char *End = UTF8;
  if (!CodePoint || !ConvertCodePointToUTF8(*CodePoint, End)) {
    error(Escape.begin(), "invalid escape sequence '" + Escape + "'");
    return false;
  }
  Scratch.append(UTF8, End);
  I += Escape.size();
  return true;
}

YAMLNode YAMLDocumentBuilder::buildScalar(yaml::ScalarNode &Node,
                                          StringRef Tag) {
  StringRef Token = Node.getRawValue();
  YAMLNode Result;
  Result.NodeKind = YAMLNode::Kind::Scalar;
  Result.ScalarStyle = Token.startswith("'")    ? Style::SingleQuoted
                       : Token.startswith("\"") ? Style::DoubleQuoted
                                                : Style::Plain;
  // A plain token ends with the white space before a comment or a `:`.
  if (Result.ScalarStyle == Style::Plain)
    while (!Token.empty() && (isBlank(Token.back()) || isBreak(Token.back())))
      Token = Token.drop_back();
  Result.Range = SMRange(SMLoc::getFromPointer(Token.begin()),
                         SMLoc::getFromPointer(Token.end()));
  std::optional<StringRef> Value = decodeFlowScalar(Token, Result.ScalarStyle);
  if (!Value)
    return Result;
  if (Result.ScalarStyle == Style::Plain && Tag.empty() &&
      isNullScalar(*Value)) {
    Result.NodeKind = YAMLNode::Kind::Null;
    Result.Range = emptyRangeAt(Token.begin());
    return Result;
  }
  Result.Value = Value->data() == Scratch.data() ? copy(*Value) : *Value;
  return Result;
}

/// The `|` or `>` of the block scalar whose lines LLVM's parser reports from
/// Lines on: the header is the line before, or, if the input ends with the
/// header, just before Lines.
static const char *findBlockScalarHeader(StringRef Text, const char *Lines) {
  size_t End = Lines - Text.begin();
  if (End == 0)
    return Lines;
  if (!isBreak(Text[End - 1]))
    return Text[End - 1] == '|' || Text[End - 1] == '>' ? Lines - 1 : Lines;
  size_t LineEnd = End - 1;
  if (Text[LineEnd] == '\n' && LineEnd > 0 && Text[LineEnd - 1] == '\r')
    --LineEnd;
  size_t LineStart = Text.substr(0, LineEnd).find_last_of("\r\n") + 1;
  StringRef Line = Text.slice(LineStart, LineEnd);
  // The indicator is the first `|` or `>` after white space that only
  // chomping and indentation indicators, white space and a comment follow.
  for (size_t I = 0; I < Line.size(); ++I) {
    if ((Line[I] != '|' && Line[I] != '>') || (I && !isBlank(Line[I - 1])))
      continue;
    size_t J = I + 1;
    while (J < Line.size() && J < I + 3 &&
           (Line[J] == '+' || Line[J] == '-' || isDigit(Line[J])))
      ++J;
    StringRef Rest = Line.substr(J);
    StringRef Trimmed = Rest.ltrim(" \t");
    if (Trimmed.empty() ||
        (Trimmed.front() == '#' && Trimmed.size() < Rest.size()))
      return Line.begin() + I;
  }
  return Lines;
}

/// Decodes a block scalar from its header (`|` or `>` with its indicators)
/// and its lines, as YAML's literal and folded styles have it. Returns false
/// for an explicit indentation indicator, which depends on the parent's
/// indentation that only LLVM's parser knows.
static bool decodeBlockScalar(StringRef Header, StringRef Lines,
                              SmallVectorImpl<char> &Out) {
  bool Folded = Header.front() == '>';
  char Chomping = ' ';
  for (char C : Header.drop_front().take_while(
           [](char C) { return C == '+' || C == '-' || isDigit(C); })) {
    if (isDigit(C))
      return false;
    Chomping = C;
  }
  // The indentation is that of the first line with more than spaces.
  size_t Indent = 0;
  for (size_t I = 0; I < Lines.size();) {
    size_t Spaces = Lines.find_first_not_of(' ', I);
    if (Spaces == StringRef::npos || !isBreak(Lines[Spaces])) {
      Indent = std::min(Spaces, Lines.size()) - I;
      break;
    }
    I = skipBreak(Lines, Spaces);
  }
  Out.clear();
  // Line breaks since the last content line (or the start); a content line
  // turns them into newlines, or a space where `>` folds a single one.
  unsigned Breaks = 0;
  bool SeenContent = false;
  bool PreviousMoreIndented = false;
  for (size_t I = 0; I < Lines.size();) {
    size_t LineEnd = Lines.find_first_of("\r\n", I);
    if (LineEnd == StringRef::npos)
      LineEnd = Lines.size();
    StringRef Line = Lines.slice(I, LineEnd);
    bool Empty =
        Line.size() <= Indent && Line.find_first_not_of(' ') == StringRef::npos;
    if (!Empty) {
      Line = Line.drop_front(std::min(Indent, Line.size()));
      bool MoreIndented = !Line.empty() && isBlank(Line.front());
      if (SeenContent && Folded && !PreviousMoreIndented && !MoreIndented) {
        if (Breaks == 1)
          Out.push_back(' ');
        else
          Out.append(Breaks - 1, '\n');
      } else {
        Out.append(Breaks, '\n');
      }
      Out.append(Line.begin(), Line.end());
      SeenContent = true;
      PreviousMoreIndented = MoreIndented;
      Breaks = 0;
    }
    if (LineEnd == Lines.size())
      break;
    ++Breaks;
    I = skipBreak(Lines, LineEnd);
  }
  if (Chomping == '+')
    Out.append(Breaks, '\n');
  else if (Chomping == ' ' && SeenContent && Breaks)
    Out.push_back('\n');
  return true;
}

YAMLNode YAMLDocumentBuilder::buildBlockScalar(yaml::BlockScalarNode &Node) {
  SMRange LLVMRange = Node.getSourceRange();
  const char *Lines = LLVMRange.Start.getPointer();
  const char *Header = findBlockScalarHeader(Text, Lines);
  YAMLNode Result;
  Result.NodeKind = YAMLNode::Kind::Scalar;
  Result.ScalarStyle =
      Header != Lines && *Header == '>' ? Style::Folded : Style::Literal;
  StringRef LinesText(Lines, LLVMRange.End.getPointer() - Lines);
  if (Header != Lines &&
      decodeBlockScalar(StringRef(Header, Lines - Header), LinesText, Scratch))
    Result.Value = copy(Scratch);
  else
    Result.Value = copy(Node.getValue());
  // The range ends where the value's last character comes from, as
  // ScalarSourceMap finds it.
  StringRef Token(Header, LLVMRange.End.getPointer() - Header);
  Result.Range = ScalarSourceMap(Token, Result.Value).tokenRange();
  return Result;
}

//===----------------------------------------------------------------------===//
// Collections
//===----------------------------------------------------------------------===//

/// True if P is the `-` of a block sequence entry.
static bool isBlockEntry(StringRef Text, const char *P) {
  return P < Text.end() && *P == '-' &&
         (P + 1 == Text.end() || isBlank(P[1]) || isBreak(P[1]));
}

const char *YAMLDocumentBuilder::findOpeningBracket(const char *First,
                                                    char Open) const {
  const char *P = First;
  while (P > Text.begin() && (isBlank(P[-1]) || isBreak(P[-1])))
    --P;
  if (P == Text.begin() || P[-1] != Open)
    return nullptr;
  const char *Bracket = P - 1;
  // A bracket in a comment is none.
  const char *LineStart = Bracket;
  while (LineStart > Text.begin() && !isBreak(LineStart[-1]))
    --LineStart;
  for (const char *C = LineStart; C < Bracket; ++C)
    if (*C == '#' && (C == LineStart || isBlank(C[-1])))
      return nullptr;
  return Bracket;
}

bool YAMLDocumentBuilder::startsLine(const char *P) const {
  while (P > Text.begin() && isBlank(P[-1]))
    --P;
  return P == Text.begin() || isBreak(P[-1]) ||
         (P == Text.begin() + 3 && Text.startswith("\xef\xbb\xbf"));
}

size_t YAMLDocumentBuilder::columnOf(const char *P) const {
  const char *LineStart = P;
  while (LineStart > Text.begin() && !isBreak(LineStart[-1]))
    --LineStart;
  // A byte-order mark starts the first line but is no column of it.
  if (LineStart == Text.begin() && Text.startswith("\xef\xbb\xbf") &&
      P >= LineStart + 3)
    LineStart += 3;
  return P - LineStart;
}

YAMLNode YAMLDocumentBuilder::buildSequence(yaml::SequenceNode &Node) {
  // LLVM's parser locates a sequence at its first token after the `[`.
  const char *Start = Node.getSourceRange().Start.getPointer();
  bool Block = isBlockEntry(Text, Start);
  if (!Block)
    if (const char *Bracket = findOpeningBracket(Start, '['))
      Start = Bracket;
  size_t Column = Block ? columnOf(Start) : 0;
  SmallVector<YAMLNode, 8> Items;
  for (yaml::Node &Item : Node) {
    YAMLNode Built = buildNode(Item);
    if (Abandoned)
      break;
    // An item that starts no further right than the sequence's `-` is the
    // next thing after an empty item, which LLVM's parser reads as the item.
    if (!Block || Built.isNull() ||
        columnOf(Built.loc().getPointer()) > Column) {
      Items.push_back(Built);
      continue;
    }
    // Before the next `-` it makes a nested sequence of the rest: flatten.
    if (Built.isSequence() && isBlockEntry(Text, Built.loc().getPointer())) {
      YAMLNode Empty;
      Empty.Range = emptyRangeAt(Built.loc().getPointer());
      Items.push_back(Empty);
      Items.append(Built.items().begin(), Built.items().end());
      continue;
    }
    error(Built.loc().getPointer(),
          "an empty sequence item before a less indented line is not "
          "supported; write '~' for null");
  }
  YAMLNode Result;
  Result.NodeKind = YAMLNode::Kind::Sequence;
  Result.Range = emptyRangeAt(Start);
  Result.Children.Items = copy(ArrayRef(Items));
  Result.NumChildren = Items.size();
  return Result;
}

YAMLNode YAMLDocumentBuilder::buildMap(yaml::MappingNode &Node) {
  // LLVM's parser locates a flow mapping at its first token after the `{`.
  const char *Start = Node.getSourceRange().Start.getPointer();
  const char *Bracket = findOpeningBracket(Start, '{');
  size_t Column = Bracket ? 0 : columnOf(Start);
  if (Bracket)
    Start = Bracket;
  SmallVector<YAMLMapEntry, 8> Entries;
  for (yaml::KeyValueNode &Entry : Node) {
    yaml::Node *Key = Entry.getKey();
    if (!Key) {
      Incomplete = true;
      break;
    }
    YAMLMapEntry Built;
    Built.Key = buildNode(*Key);
    if (Abandoned)
      break;
    // LLVM's parser takes a line indented deeper than the keys, after a
    // comment ends a value, for a key of its own; PyYAML rejects it.
    const char *KeyStart = Built.Key.loc().getPointer();
    if (!Bracket && !Built.Key.isNull() && startsLine(KeyStart) &&
        columnOf(KeyStart) != Column)
      error(KeyStart, "this key is not aligned with the keys before it");
    yaml::Node *Value = Entry.getValue();
    if (!Value) {
      Incomplete = true;
      break;
    }
    Built.Value = buildNode(*Value);
    if (Abandoned)
      break;
    const char *ValueStart = Built.Value.loc().getPointer();
    // An alias stands for a node written elsewhere (before the key), an
    // empty node has no place: neither was written after this key.
    bool ValueAfterKey = KeyStart && ValueStart && ValueStart > KeyStart;
    // After a tag or anchor with no value, LLVM's parser takes the next key
    // for the first of a mapping under this one.
    if (!Bracket && ValueAfterKey && Built.Value.isMap() &&
        *ValueStart != '{' && columnOf(ValueStart) <= Column)
      error(ValueStart,
            "a tag or anchor needs a value here; write '' or ~ after it");
    // PyYAML rejects a block sequence that starts on the line of its key.
    if (ValueAfterKey && Built.Value.isSequence() &&
        isBlockEntry(Text, ValueStart) &&
        StringRef(KeyStart, ValueStart - KeyStart).find_first_of("\r\n") ==
            StringRef::npos)
      error(ValueStart, "a block sequence cannot start on the line of its key");
    Entries.push_back(Built);
  }
  YAMLNode Result;
  Result.NodeKind = YAMLNode::Kind::Map;
  Result.Range = emptyRangeAt(Start);
  Result.Children.Entries = copy(ArrayRef(Entries));
  Result.NumChildren = Entries.size();
  return Result;
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

StringRef YAMLDocumentBuilder::resolveTag(yaml::Node &Node) {
  StringRef Raw = Node.getRawTag();
  if (Raw.empty() || Raw == "!")
    return Raw;
  if (Raw.startswith("!<") && Raw.endswith(">"))
    return Raw.drop_front(2).drop_back();
  return copy(Node.getVerbatimTag());
}

YAMLNode YAMLDocumentBuilder::buildNode(yaml::Node &Node) {
  // After a syntax error, nodes may have no location; the document is
  // dropped anyway.
  if (Node.failed() || Abandoned)
    return YAMLNode();
  // LLVM's scanner stops at some mistakes without saying so; the nodes after
  // it have no location.
  if (!Node.getSourceRange().Start.isValid()) {
    Incomplete = true;
    return YAMLNode();
  }
  uint64_t ExpandedBefore = Expanded++;
  StringRef Tag = resolveTag(Node);
  YAMLNode Result;
  bool Collection = Node.getType() == yaml::Node::NK_Sequence ||
                    Node.getType() == yaml::Node::NK_Mapping;
  if (Collection && Depth >= MaxDepth) {
    Diags.report(diag::yaml_too_deep, Node.getSourceRange().Start,
                "YAML collections nested more than " + Twine(MaxDepth) +
                    " deep are not supported");
    Failed = Incomplete = Abandoned = true;
    return YAMLNode();
  }
  Depth += Collection;
  switch (Node.getType()) {
  case yaml::Node::NK_Scalar:
    Result = buildScalar(cast<yaml::ScalarNode>(Node), Tag);
    break;
  case yaml::Node::NK_BlockScalar:
    Result = buildBlockScalar(cast<yaml::BlockScalarNode>(Node));
    break;
  case yaml::Node::NK_Sequence:
    Result = buildSequence(cast<yaml::SequenceNode>(Node));
    break;
  case yaml::Node::NK_Mapping:
    Result = buildMap(cast<yaml::MappingNode>(Node));
    break;
  case yaml::Node::NK_Alias: {
    StringRef Name = cast<yaml::AliasNode>(Node).getName();
    auto It = Anchors.find(Name);
    if (It == Anchors.end()) {
      error(Name.begin() - 1,
            "alias '*" + Name + "' names no anchor before it");
      break;
    }
    Expanded += It->second.Expanded - 1;
    AliasExpanded += It->second.Expanded;
    if (AliasExpanded > MaxAliasExpansion) {
      Diags.report(diag::yaml_alias_expansion, Node.getSourceRange().Start,
                  "aliases make this document stand for more than " +
                      Twine(MaxAliasExpansion) + " nodes");
      Failed = Incomplete = Abandoned = true;
      return YAMLNode();
    }
    return It->second.Node;
  }
  default: // An empty value.
    Result.Range = emptyRangeAt(Node.getSourceRange().Start.getPointer());
    break;
  }
  Depth -= Collection;
  Result.Tag = Tag;
  if (Result.isScalar())
    ReadUpTo = std::max(ReadUpTo, Result.Range.End.getPointer());
  if (!Node.getAnchor().empty())
    Anchors[Node.getAnchor()] = {Result, Expanded - ExpandedBefore};
  return Result;
}

SMLoc YAMLDocumentBuilder::resumeLoc() const {
  const char *P = std::max(ReadUpTo, Text.begin());
  while (P < Text.end()) {
    if (*P == '#')
      while (P < Text.end() && !isBreak(*P))
        ++P;
    else if (isBlank(*P) || isBreak(*P))
      ++P;
    else
      break;
  }
  return SMLoc::getFromPointer(P);
}

const YAMLNode *YAMLDocumentBuilder::build(yaml::Node &Root) {
  YAMLNode Built = buildNode(Root);
  return copy(ArrayRef(Built));
}

StringRef YAMLDocumentBuilder::copy(StringRef S) {
  return S.empty() ? StringRef() : S.copy(Allocator);
}

template <typename T> const T *YAMLDocumentBuilder::copy(ArrayRef<T> Elements) {
  if (Elements.empty())
    return nullptr;
  T *Copy = Allocator.Allocate<T>(Elements.size());
  std::uninitialized_copy(Elements.begin(), Elements.end(), Copy);
  return Copy;
}

void YAMLDocumentBuilder::error(const char *Where, const Twine &Message) {
  Diags.report(diag::yaml_syntax, SMLoc::getFromPointer(Where),
               "invalid YAML: " + Message);
  Failed = true;
}

} // namespace gradgen
