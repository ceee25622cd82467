//===- Completion.cpp - Clang's completions in a formula ------------------===//

#include "Features.h"

#include "gradgen/Formula/FormulaAnalysis.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen::server {

static bool holds(SMRange Range, SMLoc Loc) {
  return Range.isValid() && Range.Start.getPointer() <= Loc.getPointer() &&
         Loc.getPointer() <= Range.End.getPointer();
}

/// The schema of the entry Offset is in, read from the text.
static std::optional<StringRef> enclosingSchema(StringRef Text, size_t Offset) {
  size_t LineStart = Text.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  for (;;) {
    StringRef Line = Text.substr(LineStart).split('\n').first;
    if (Line.consume_front("- name:"))
      return Line.trim().trim("'\"");
    if (LineStart == 0)
      return std::nullopt;
    size_t Previous = Text.rfind('\n', LineStart - 2);
    LineStart = Previous == StringRef::npos ? 0 : Previous + 1;
  }
}

/// The `names: formula` line Offset is in, read from the text: a formula
/// being typed is often not one C++ expression yet (an unclosed bracket),
/// and the Derivatives stage leaves its entry out. Plain one-line values
/// only.
static std::optional<FormulaEntry> formulaOnLine(StringRef Text,
                                                 size_t Offset) {
  size_t LineStart = Text.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  StringRef Line = Text.substr(LineStart).split('\n').first;
  StringRef Key = Line.ltrim(' ');
  if (Key.size() == Line.size())
    return std::nullopt;
  size_t KeyBegin = LineStart + Line.size() - Key.size();
  size_t Colon = Key.find(": ");
  if (Colon == StringRef::npos)
    return std::nullopt;
  Key = Key.take_front(Colon);
  if (Key.empty() || !all_of(Key, [](char C) {
        return isAlnum(C) || C == '_' || C == ',' || C == ' ';
      }))
    return std::nullopt;
  size_t ValueBegin = KeyBegin + Colon + 2;
  while (ValueBegin < LineStart + Line.size() && Text[ValueBegin] == ' ')
    ++ValueBegin;
  StringRef Value = Text.slice(ValueBegin, LineStart + Line.size()).rtrim();
  if (Offset < ValueBegin || Value.startswith("'") || Value.startswith("\"") ||
      Value.startswith("#"))
    return std::nullopt;
  auto At = [&](size_t I) { return SMLoc::getFromPointer(Text.data() + I); };
  FormulaEntry Formula;
  Formula.RawNames = {Key.str(), SMRange(At(KeyBegin), At(KeyBegin + Key.size()))};
  SmallVector<StringRef, 4> Names;
  Key.split(Names, ',');
  for (StringRef Name : Names)
    if (!Name.trim().empty())
      Formula.Names.emplace_back(Name.trim().str());
  Formula.Formula.Text = Value.str();
  Formula.Formula.Source = ScalarSourceMap(Text.drop_front(ValueBegin), Value);
  return Formula;
}

/// At with the formula's input as the check frames it, and Loc as an offset
/// of its text.
static std::optional<FormulaAtPoint> frame(const Analysis &A,
                                           const DerivativesEntry *Entry,
                                           FormulaAtPoint At, SMLoc Loc) {
  // Written moved with At: At.Formula, which pointed at it, did not.
  const FormulaEntry &Formula = At.Written ? *At.Written : *At.Formula;
  std::optional<FormulaInput> In =
      formulaInputOf(*At.Func, Entry, Formula, A.compilation().getCppOptions());
  if (!In)
    return std::nullopt;
  // The last character of the value at or before Loc: the offset of Loc in
  // the decoded text (escapes and folded lines map back).
  for (size_t I = 0; I <= In->Text.size(); ++I)
    if (In->Source.locForOffset(I).getPointer() <= Loc.getPointer())
      At.TextOffset = I;
  At.Input = std::move(*In);
  // Written moves with At again on the way out.
  if (At.Written)
    At.Formula = nullptr;
  return At;
}

std::optional<FormulaAtPoint> formulaAt(const Analysis &A, size_t Offset) {
  if (!A.schemaIndex() || !A.derivativesBuffer())
    return std::nullopt;
  SMLoc Loc = A.locOf(Offset);
  FormulaAtPoint At;
  const DerivativesEntry *Entry = A.entryAt(Loc);
  At.Func = Entry ? A.schemaIndex()->lookupSchema(*Entry->Name) : nullptr;
  if (At.Func)
    for (const DispatchBlock &Block : Entry->Dispatch)
      for (const FormulaEntry &Formula : Block.Formulas)
        if (holds(Formula.Formula.range(), Loc))
          At.Formula = &Formula;
  if (!At.Formula)
    // An entry with errors is not among the entries: read the text.
    return formulaInText(A, A.derivativesText(), Offset);
  return frame(A, Entry, std::move(At), Loc);
}

std::optional<FormulaAtPoint> formulaInText(const Analysis &A, StringRef Text,
                                            size_t Offset) {
  if (!A.schemaIndex())
    return std::nullopt;
  Offset = std::min(Offset, Text.size());
  FormulaAtPoint At;
  std::optional<StringRef> Schema = enclosingSchema(Text, Offset);
  At.Func = Schema ? A.schemaIndex()->lookupSchema(*Schema) : nullptr;
  At.Written = formulaOnLine(Text, Offset);
  if (!At.Func || !At.Written)
    return std::nullopt;
  At.Formula = &*At.Written;
  return frame(A, nullptr, std::move(At),
               SMLoc::getFromPointer(Text.data() + Offset));
}

/// LSP's CompletionItemKind of a symbol.
static int completionKind(FormulaSymbolKind Kind) {
  switch (Kind) {
  case FormulaSymbolKind::Variable:
    return 6;
  case FormulaSymbolKind::Function:
    return 3;
  case FormulaSymbolKind::Method:
    return 2;
  case FormulaSymbolKind::Field:
    return 5;
  case FormulaSymbolKind::Type:
    return 7;
  case FormulaSymbolKind::Namespace:
    return 9;
  case FormulaSymbolKind::EnumConstant:
    return 20;
  }
  return 1;
}

json::Value completions(const Analysis &A, size_t Offset,
                        FormulaAssistant *Assistant,
                        std::optional<StringRef> NewerText) {
  // A client asks again as the name grows when the list is cut.
  constexpr size_t MaxItems = 200;
  json::Object Result{{"isIncomplete", false}, {"items", json::Array()}};
  std::optional<FormulaAtPoint> At;
  if (!Assistant || !(At = NewerText ? formulaInText(A, *NewerText, Offset)
                                     : formulaAt(A, Offset)))
    return Result;
  std::vector<FormulaCompletion> Found =
      Assistant->complete(At->Input, At->TextOffset);
  json::Array Items;
  for (const FormulaCompletion &C : Found) {
    if (Items.size() == MaxItems) {
      Result["isIncomplete"] = true;
      break;
    }
    Items.push_back(json::Object{{"label", C.Label},
                                 {"kind", completionKind(C.Kind)},
                                 {"detail", C.Detail}});
  }
  Result["items"] = std::move(Items);
  return Result;
}

} // namespace gradgen::server
