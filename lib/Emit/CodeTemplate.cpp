//===- CodeTemplate.cpp - torchgen's CodeTemplate in C++ ------------------===//
//
// torchgen matches placeholders with the regular expression
//
//   (^[^\n\S]*)?\$([^\d\W]\w*|\{,?[^\d\W]\w*\,?})      (re.MULTILINE)
//
// compile() recognises the same language by hand: the optional group is the
// indentation of a block placeholder, which is present exactly when the
// characters from the last "\n" up to the `$` are all white space.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Emit/CodeTemplate.h"

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/PythonString.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>
#include <tuple>

using namespace llvm;

namespace gradgen {

//===----------------------------------------------------------------------===//
// TemplateEnv
//===----------------------------------------------------------------------===//

TemplateValue &TemplateEnv::slot(StringRef Key) {
  for (auto &[Name, Value] : Values)
    if (Name == Key)
      return Value;
  // Built in place: kernels set a hundred thousand variables a run.
  return Values
      .emplace_back(std::piecewise_construct,
                    std::forward_as_tuple(Key),
                    std::forward_as_tuple())
      .second;
}

TemplateEnv &TemplateEnv::set(StringRef Key, const Twine &Value) {
  // Value may refer to a variable of this environment that slot() moves.
  // Twine::str() copies most single strings twice, through a buffer.
  std::string String = Value.isSingleStringRef()
                           ? Value.getSingleStringRef().str()
                           : Value.str();
  slot(Key).emplace<std::string>(std::move(String));
  return *this;
}

TemplateEnv &TemplateEnv::set(StringRef Key, std::string &&Value) {
  slot(Key) = std::move(Value);
  return *this;
}

TemplateEnv &TemplateEnv::setRef(StringRef Key, StringRef Value) {
  slot(Key) = Value;
  return *this;
}

TemplateEnv &TemplateEnv::setList(StringRef Key,
                                  std::vector<std::string> Items) {
  slot(Key) = std::move(Items);
  return *this;
}

TemplateEnv &TemplateEnv::setListOfRefs(StringRef Key,
                                        std::vector<StringRef> Items) {
  slot(Key) = std::move(Items);
  return *this;
}

TemplateEnv &TemplateEnv::setListOfRefs(StringRef Key,
                                        ArrayRef<std::string> Items) {
  return setListOfRefs(Key, std::vector<StringRef>(Items.begin(), Items.end()));
}

std::vector<std::string> &TemplateEnv::list(StringRef Key) {
  size_t Size = Values.size();
  TemplateValue &Slot = slot(Key);
  if (Values.size() != Size)
    Slot = std::vector<std::string>();
  auto *Items = std::get_if<std::vector<std::string>>(&Slot);
  assert(Items && "appending to a string variable");
  return *Items;
}

TemplateEnv &TemplateEnv::append(StringRef Key, const Twine &Item) {
  list(Key).push_back(Item.str());
  return *this;
}

TemplateEnv &TemplateEnv::appendString(StringRef Key, std::string Item) {
  list(Key).push_back(std::move(Item));
  return *this;
}

const TemplateValue *TemplateEnv::lookup(StringRef Key) const {
  for (const auto &[Name, Value] : Values)
    if (Name == Key)
      return &Value;
  return nullptr;
}

Expected<TemplateEnv> TemplateEnv::fromJSON(const json::Value &JSON) {
  const json::Object *Object = JSON.getAsObject();
  if (!Object)
    return createStringError(inconvertibleErrorCode(),
                             "a template environment must be a JSON object");
  TemplateEnv Env;
  for (const auto &[Key, Value] : *Object) {
    if (std::optional<StringRef> String = Value.getAsString()) {
      Env.set(Key, *String);
      continue;
    }
    const json::Array *Array = Value.getAsArray();
    std::vector<std::string> Items;
    for (const json::Value &Item : Array ? *Array : json::Array()) {
      std::optional<StringRef> String = Item.getAsString();
      if (!String) {
        Array = nullptr;
        break;
      }
      Items.push_back(String->str());
    }
    if (!Array)
      return createStringError(inconvertibleErrorCode(),
                               "the value of '%s' must be a string or an "
                               "array of strings",
                               Key.str().c_str());
    Env.setList(Key, std::move(Items));
  }
  return Env;
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

static bool isIdentifierStart(char C) { return isAlpha(C) || C == '_'; }
static bool isIdentifierChar(char C) { return isAlnum(C) || C == '_'; }
static bool isNonASCII(char C) { return static_cast<unsigned char>(C) >= 0x80; }

namespace {
/// The placeholder that starts at a `$`, if one does.
struct ParsedPlaceholder {
  size_t End = 0; // 0: the `$` is literal text
  StringRef Key;
  bool CommaBefore = false;
  bool CommaAfter = false;
  /// Python's \w also matches non-ASCII letters; gradgen does not classify
  /// them, so a name that touches one is rejected rather than misread.
  bool TouchesNonASCII = false;
};
} // namespace

static ParsedPlaceholder parsePlaceholder(StringRef Text, size_t Dollar) {
  ParsedPlaceholder Result;
  auto At = [&](size_t Pos) { return Pos < Text.size() ? Text[Pos] : '\0'; };
  // Scans a name at Pos; returns its end, or Pos if there is none.
  auto ScanName = [&](size_t Pos) {
    if (isNonASCII(At(Pos))) {
      Result.TouchesNonASCII = true;
      return Pos;
    }
    if (!isIdentifierStart(At(Pos)))
      return Pos;
    size_t End = Pos + 1;
    while (isIdentifierChar(At(End)))
      ++End;
    if (isNonASCII(At(End)))
      Result.TouchesNonASCII = true;
    return End;
  };

  size_t Pos = Dollar + 1;
  if (At(Pos) != '{') {
    size_t End = ScanName(Pos);
    if (End != Pos && !Result.TouchesNonASCII) {
      Result.End = End;
      Result.Key = Text.slice(Pos, End);
    }
    return Result;
  }
  ++Pos;
  if (At(Pos) == ',') {
    Result.CommaBefore = true;
    ++Pos;
  }
  size_t NameEnd = ScanName(Pos);
  if (NameEnd == Pos || Result.TouchesNonASCII)
    return Result;
  size_t End = NameEnd;
  if (At(End) == ',') {
    Result.CommaAfter = true;
    ++End;
  }
  if (At(End) != '}')
    return Result;
  Result.End = End + 1;
  Result.Key = Text.slice(Pos, NameEnd);
  return Result;
}

Expected<CodeTemplate> CodeTemplate::compile(StringRef Text, StringRef Name,
                                             BlockIndentStyle Style,
                                             const SourceMgr *SM) {
  bool HasLocs = SM && SM->FindBufferContainingLoc(SMLoc::getFromPointer(
                           Text.data()));
  CodeTemplate Result(Name.str(), Style);
  Result.Literals.reserve(Text.size());
  auto AddText = [&](StringRef Literal) {
    size_t Begin = Result.Literals.size();
    Result.Literals += Literal;
    Result.Texts.push_back({Begin, Result.Literals.size()});
  };

  size_t TextStart = 0;
  size_t LineStart = 0;
  unsigned Line = 1;
  for (size_t Pos = 0; Pos < Text.size();) {
    if (Text[Pos] == '\n') {
      ++Line;
      LineStart = ++Pos;
      continue;
    }
    if (Text[Pos] != '$') {
      ++Pos;
      continue;
    }
    ParsedPlaceholder Parsed = parsePlaceholder(Text, Pos);
    SMLoc Loc = HasLocs ? SMLoc::getFromPointer(Text.data() + Pos) : SMLoc();
    unsigned Column = Pos - LineStart + 1;
    if (Parsed.TouchesNonASCII)
      return make_error<TemplateError>(
          diag::template_non_ascii_name, Name, Line, Column, Loc, 1,
          "a placeholder name must be ASCII: letters, digits and '_'");
    if (!Parsed.End) {
      ++Pos;
      continue;
    }

    Placeholder P;
    P.Key = Parsed.Key.str();
    StringRef BeforeOnLine = Text.slice(LineStart, Pos);
    P.IsBlock = python::isAllSpace(BeforeOnLine);
    if (P.IsBlock)
      P.Indent = BeforeOnLine.str();
    P.CommaBefore = Parsed.CommaBefore;
    P.CommaAfter = Parsed.CommaAfter;
    P.Line = Line;
    P.Column = Column;
    P.Loc = Loc;
    P.Length = Parsed.End - Pos;
    AddText(Text.slice(TextStart, P.IsBlock ? LineStart : Pos));
    Result.Placeholders.push_back(std::move(P));
    Pos = TextStart = Parsed.End;
  }
  AddText(Text.substr(TextStart));
  return Result;
}

//===----------------------------------------------------------------------===//
// Substitution
//===----------------------------------------------------------------------===//

static void appendJoined(ArrayRef<StringRef> Lines, StringRef Separator,
                         std::string &Out) {
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (I)
      Out += Separator;
    Out += Lines[I];
  }
}

/// True if Text contains a character str.splitlines() breaks at.
static bool hasLineBreak(StringRef Text) {
  for (size_t Pos = 0; Pos < Text.size(); ++Pos)
    if (python::lineBreakLengthAt(Text, Pos))
      return true;
  return false;
}

/// The value of a string variable, owned or not; nullopt for a list.
static std::optional<StringRef> stringValue(const TemplateValue &Value) {
  if (const auto *String = std::get_if<std::string>(&Value))
    return StringRef(*String);
  if (const auto *Ref = std::get_if<StringRef>(&Value))
    return *Ref;
  return std::nullopt;
}

/// Calls F with each string of a list value.
template <typename Fn> static void forEachItem(const TemplateValue &Value, Fn F) {
  if (const auto *Items = std::get_if<std::vector<std::string>>(&Value))
    for (const std::string &Item : *Items)
      F(StringRef(Item));
  else
    for (StringRef Item : std::get<std::vector<StringRef>>(Value))
      F(Item);
}

namespace {
/// Appends the lines of a block to Out, "\n" between two lines, each as
/// torchgen writes it: the indentation and the line, or with
/// PrefixNonBlankAndTrim the line without its trailing white space and
/// without the indentation if that leaves it empty. A block of several
/// values is one sequence of lines.
class BlockLines {
public:
  BlockLines(StringRef Indent, BlockIndentStyle Style, std::string &Out,
             BlockScanCache *Scans)
      : Indent(Indent), Trim(Style == BlockIndentStyle::PrefixNonBlankAndTrim),
        Out(Out), Scans(Scans) {}

  void append(StringRef Text);

private:
  /// Appends Tidy, a tidyLinesPrefix() without indentation.
  void appendUnindented(StringRef Tidy);
  /// Appends Tidy, a tidyLinesPrefix() whose "\n" are at Breaks, each line
  /// indented.
  void appendIndented(StringRef Tidy, ArrayRef<size_t> Breaks);
  /// Appends the line of Text that starts at Pos; returns where the next
  /// one starts.
  size_t appendLine(StringRef Text, size_t Pos);

  StringRef Indent;
  bool Trim;
  std::string &Out;
  BlockScanCache *Scans;
  bool First = true;
  /// Where the scan found the "\n" of the tidy lines, for appendIndented.
  SmallVector<size_t, 64> Breaks;
};
} // namespace

void BlockLines::appendUnindented(StringRef Tidy) {
  // Without indentation, a tidy prefix is its own block text: it is copied
  // in one piece, which is most of a generated file.
  if (!First)
    Out += '\n';
  Out.append(Tidy.data(), Tidy.size() - (Tidy.back() == '\n'));
  First = false;
}

void BlockLines::appendIndented(StringRef Tidy, ArrayRef<size_t> Breaks) {
  // Every line gets the indentation (PrefixNonBlankAndTrim: every line but
  // an empty one), written straight into Out's buffer, which grows once.
  size_t NumLines = Breaks.size() + (Tidy.back() != '\n');
  size_t Old = Out.size();
  Out.resize(Old + 1 + Tidy.size() + NumLines * Indent.size());
  char *Dest = Out.data() + Old;
  size_t LineStart = 0;
  auto AddLine = [&](size_t LineEnd) {
    if (!First)
      *Dest++ = '\n';
    First = false;
    if (LineEnd != LineStart || !Trim) {
      std::memcpy(Dest, Indent.data(), Indent.size());
      Dest += Indent.size();
    }
    std::memcpy(Dest, Tidy.data() + LineStart, LineEnd - LineStart);
    Dest += LineEnd - LineStart;
  };
  for (size_t Break : Breaks) {
    AddLine(Break);
    LineStart = Break + 1;
  }
  if (LineStart < Tidy.size())
    AddLine(Tidy.size());
  Out.resize(Dest - Out.data());
}

void BlockLines::append(StringRef Text) {
  for (size_t Pos = 0; Pos < Text.size();) {
    // Most text is tidy: one scan finds how much, and it is written without
    // looking at its lines one by one (the scan gives where the lines of an
    // indented block break). After a line that is not, the scan starts
    // again: such lines are few and far between (trailing white space in a
    // template, a non-ASCII comment).
    StringRef Rest = Text.drop_front(Pos);
    size_t Tidy;
    if (!Indent.empty()) {
      Breaks.clear();
      Tidy = python::tidyLinesPrefix(Rest, Breaks);
      if (Tidy)
        appendIndented(Rest.take_front(Tidy), Breaks);
    } else {
      Tidy = Pos == 0 && Scans && Text.size() >= BlockScanCache::MinSize
                 ? Scans->tidyLinesPrefix(Text)
                 : python::tidyLinesPrefix(Rest);
      if (Tidy)
        appendUnindented(Rest.take_front(Tidy));
    }
    Pos += Tidy;
    if (Pos == Text.size())
      return;
    Pos = appendLine(Text, Pos);
  }
}

size_t BlockLines::appendLine(StringRef Text, size_t Pos) {
  python::LineBreak Break = python::findLineBreak(Text, Pos);
  StringRef Line = Text.slice(Pos, Break.Pos);
  StringRef Shown = Trim ? python::rstrip(Line) : Line;
  if (!First)
    Out += '\n';
  First = false;
  if (!Trim || !Shown.empty()) {
    Out += Indent;
    Out += Shown;
  }
  return Break.Pos + Break.Length;
}

size_t BlockScanCache::tidyLinesPrefix(StringRef Text) {
  auto [It, New] = Scans.try_emplace(Text.data());
  Scan &Known = It->second;
  if (New || Known.Size != Text.size()) {
    Known.Size = Text.size();
    Known.TidyPrefix = python::tidyLinesPrefix(Text);
  }
  return Known.TidyPrefix;
}

void CodeTemplate::substituteBlock(const Placeholder &P,
                                   const TemplateValue &Value, std::string &Out,
                                   BlockScanCache *Scans) const {
  // Only the block is trimmed, never text before it.
  size_t BlockStart = Out.size();
  auto TrimBlock = [&] {
    StringRef Block = StringRef(Out).substr(BlockStart);
    Out.resize(BlockStart + python::rstrip(Block).size());
  };

  // PrefixEveryLine: "".join(indent + l + "\n" for l in lines).rstrip();
  // the last "\n" goes with the trimming, so "\n" joins the lines.
  // PrefixNonBlankAndTrim: "\n".join(map(str.rstrip,
  // textwrap.indent("\n".join(lines), indent).splitlines())).rstrip(), the
  // same as long as the indentation holds no line break.
  if (Style == BlockIndentStyle::PrefixEveryLine || !hasLineBreak(P.Indent)) {
    BlockLines Lines(P.Indent, Style, Out, Scans);
    if (std::optional<StringRef> String = stringValue(Value))
      Lines.append(*String);
    else
      forEachItem(Value, [&](StringRef Item) { Lines.append(Item); });
    TrimBlock();
    return;
  }

  // An indentation such as "\f" is itself a line break to splitlines(), so
  // the steps are taken literally.
  SmallVector<StringRef, 32> Lines;
  if (std::optional<StringRef> String = stringValue(Value))
    python::splitLines(*String, Lines);
  else
    forEachItem(Value, [&](StringRef Item) { python::splitLines(Item, Lines); });
  std::string Content;
  appendJoined(Lines, "\n", Content);
  Lines.clear();
  python::splitLines(Content, Lines, /*KeepEnds=*/true);
  std::string Indented;
  for (StringRef L : Lines) {
    if (!python::isAllSpace(L))
      Indented += P.Indent;
    Indented += L;
  }
  Lines.clear();
  python::splitLines(Indented, Lines);
  for (StringRef &L : Lines)
    L = python::rstrip(L);
  appendJoined(Lines, "\n", Out);
  TrimBlock();
}

size_t CodeTemplate::sizeBound(ArrayRef<const TemplateValue *> Values) const {
  size_t Size = Literals.size();
  for (auto [P, Value] : llvm::zip_equal(Placeholders, Values)) {
    if (!Value)
      continue;
    size_t ValueSize = 0, Items = 0;
    if (std::optional<StringRef> String = stringValue(*Value)) {
      ValueSize = String->size();
    } else {
      forEachItem(*Value, [&](StringRef Item) {
        ValueSize += Item.size();
        ++Items;
      });
    }
    // ", " around and between items; an indentation per line of a block,
    // lines being rarely shorter than 16 bytes (a bound that is too small
    // only costs a second allocation).
    Size += ValueSize + 2 * Items + 4;
    if (P.IsBlock && !P.Indent.empty())
      Size += P.Indent.size() * (ValueSize / 16 + Items + 1);
  }
  return Size;
}

Error CodeTemplate::substitute(const TemplateEnv &Env, std::string &Out,
                               BlockScanCache *Scans) const {
  SmallVector<const TemplateValue *, 32> Values;
  Values.reserve(Placeholders.size());
  for (const Placeholder &P : Placeholders)
    Values.push_back(Env.lookup(P.Key));
  Out.reserve(Out.size() + sizeBound(Values));

  Error Missing = Error::success();
  for (size_t I = 0; I < Placeholders.size(); ++I) {
    Out.append(Literals, Texts[I].TextBegin,
               Texts[I].TextEnd - Texts[I].TextBegin);
    const Placeholder &P = Placeholders[I];
    const TemplateValue *Value = Values[I];
    if (!Value) {
      Missing = joinErrors(
          std::move(Missing),
          make_error<TemplateError>(
              diag::template_missing_key, Name, P.Line, P.Column, P.Loc,
              P.Length, "no value for template placeholder '" + P.Key + "'"));
      continue;
    }
    if (P.IsBlock) {
      substituteBlock(P, *Value, Out, Scans);
      continue;
    }
    if (std::optional<StringRef> String = stringValue(*Value)) {
      Out += *String;
      continue;
    }
    bool First = true;
    forEachItem(*Value, [&](StringRef Item) {
      Out += First ? (P.CommaBefore ? ", " : "") : ", ";
      First = false;
      Out += Item;
    });
    if (!First && P.CommaAfter)
      Out += ", ";
  }
  Out.append(Literals, Texts.back().TextBegin,
             Texts.back().TextEnd - Texts.back().TextBegin);
  return Missing;
}

Expected<std::string> CodeTemplate::substitute(const TemplateEnv &Env) const {
  std::string Out;
  if (Error E = substitute(Env, Out))
    return E;
  return Out;
}

Expected<const std::string &>
SubstitutionMemo::substitute(const CodeTemplate &Template, StringRef Key,
                             function_ref<void(TemplateEnv &)> Fill) {
  StringMap<std::string> &ByKey = Texts[&Template];
  auto Known = ByKey.find(Key);
  if (Known != ByKey.end())
    return Known->second;
  TemplateEnv Env;
  Fill(Env);
  std::string Text;
  if (Error E = Template.substitute(Env, Text))
    return E;
  return ByKey.try_emplace(Key, std::move(Text)).first->second;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

char TemplateError::ID;

void TemplateError::log(raw_ostream &OS) const {
  OS << File << ':' << Line << ':' << Column << ": " << Message;
}

std::error_code TemplateError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

void reportTemplateError(Error E, DiagnosticEngine &Diags, diag::Kind Kind) {
  handleAllErrors(
      std::move(E),
      [&](const TemplateError &TE) {
        if (TE.Loc.isValid() &&
            Diags.getSourceMgr().FindBufferContainingLoc(TE.Loc)) {
          SMLoc End = SMLoc::getFromPointer(TE.Loc.getPointer() + TE.Length);
          Diags.report(TE.Kind, TE.Loc, TE.Message).range({TE.Loc, End});
          return;
        }
        Diags.report(TE.Kind, SMLoc(), TE.message());
      },
      [&](const ErrorInfoBase &EI) {
        Diags.report(Kind, SMLoc(), EI.message());
      });
}

} // namespace gradgen
