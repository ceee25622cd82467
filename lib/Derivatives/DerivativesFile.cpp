//===- DerivativesFile.cpp - derivatives.yaml as located records ----------===//

#include "gradgen/Derivatives/DerivativesFile.h"
#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Derivatives/FormulaFraming.h"

#include "gradgen/Support/Profile.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

/// PyTorch 2.x's YamlLoader rejects duplicate keys in every mapping.
static bool checkDuplicateKeysBelow(const YAMLNode &Node,
                                    DiagnosticEngine &Diags) {
  bool OK = true;
  for (const YAMLNode &Element : Node.items())
    OK &= checkDuplicateKeysBelow(Element, Diags);
  if (!Node.isMap())
    return OK;
  OK &= checkDuplicateKeys(Node, Diags);
  for (const YAMLMapEntry &Entry : Node.entries())
    OK &= checkDuplicateKeysBelow(Entry.Value, Diags);
  return OK;
}

namespace {

class EntryReader {
public:
  explicit EntryReader(DiagnosticEngine &Diags) : Diags(Diags) {}

  std::optional<DerivativesEntry> read(const YAMLNode &Node) {
    if (!Node.isMap()) {
      Diags
          .report(diag::derivatives_syntax, Node.loc(),
                  "expected an entry: a mapping with 'name:' and formulas")
          .range(Node.range());
      return std::nullopt;
    }
    DerivativesEntry Entry;
    Entry.Loc = Node.loc();
    bool OK = true;
    bool HasDispatch = false;
    const YAMLNode *NameKey = nullptr;
    std::vector<const YAMLMapEntry *> TopLevelFormulas;
    for (const YAMLMapEntry &KV : Node.entries()) {
      if (!KV.Key.isScalar()) {
        Diags.report(diag::derivatives_syntax, KV.Key.loc(),
                     "expected a scalar key");
        OK = false;
        continue;
      }
      StringRef Key = KV.Key.scalar();
      if (Key == "name") {
        NameKey = &KV.Key;
        if (!KV.Value.isScalar() || KV.Value.scalar().empty()) {
          Diags
              .report(diag::derivatives_syntax, KV.Value.loc(),
                      "'name' must be an operator schema such as "
                      "'mul.Tensor(Tensor self, Tensor other) -> Tensor'")
              .range(KV.Value.range());
          OK = false;
          continue;
        }
        Entry.Name = KV.Value.located();
      } else if (Key == "output_differentiability") {
        OK &= readOutputDifferentiability(KV.Value, Entry);
      } else if (Key == "dispatch") {
        HasDispatch = true;
        OK &= readDispatch(KV.Value, Entry);
      } else {
        TopLevelFormulas.push_back(&KV);
      }
    }
    if (!NameKey) {
      Diags.report(diag::derivatives_missing_name, Entry.Loc,
                   "derivatives.yaml entry has no 'name:'");
      return std::nullopt;
    }
    if (HasDispatch) {
      for (const YAMLMapEntry *Formula : TopLevelFormulas) {
        Diags
            .report(diag::derivatives_formula_outside_dispatch,
                    Formula->Key.loc(),
                    "formula for '" + Formula->Key.scalar() +
                        "' is outside the 'dispatch:' block and would be "
                        "ignored")
            .range(Formula->Key.range())
            .note(Entry.Loc, "move it under a dispatch key such as 'Default:'");
        OK = false;
      }
    } else {
      DispatchBlock Default;
      Default.Key = Located<std::string>("Default", NameKey->range());
      for (const YAMLMapEntry *KV : TopLevelFormulas)
        if (std::optional<FormulaEntry> Formula =
                readFormula(KV->Key, KV->Value))
          addFormula(Default, std::move(*Formula));
        else
          OK = false;
      Entry.Dispatch.push_back(std::move(Default));
    }
    if (!OK)
      return std::nullopt;
    return Entry;
  }

private:
  bool readOutputDifferentiability(const YAMLNode &Value,
                                   DerivativesEntry &Entry) {
    Entry.OutputDifferentiabilityRange = Value.range();
    if (Value.isNull())
      return true; // `None`: every output is differentiable.
    if (!Value.isSequence()) {
      Diags
          .report(diag::derivatives_output_differentiability, Value.loc(),
                  "'output_differentiability' must be a list of booleans "
                  "such as [True, False], or of one condition string")
          .range(Value.range());
      return false;
    }
    std::vector<OutputDifferentiabilityItem> Items;
    bool OK = true;
    for (const YAMLNode &Element : Value.items()) {
      OutputDifferentiabilityItem Item;
      Item.Range = Element.range();
      if (!Element.isScalar()) {
        Diags
            .report(diag::derivatives_output_differentiability, Element.loc(),
                    "expected True, False or a condition string")
            .range(Item.Range);
        OK = false;
        continue;
      }
      Item.Differentiable = getYAMLBool(Element);
      if (!Item.Differentiable) {
        Item.Condition = Element.scalar().str();
        if (!checkFormulaFraming(Item.Condition, ScalarSourceMap(Element),
                                 Element.loc(), Diags)) {
          OK = false;
          continue;
        }
      }
      Items.push_back(std::move(Item));
    }
    // An empty list means "not given", as Python's truthiness has it.
    if (!Items.empty())
      Entry.OutputDifferentiability = std::move(Items);
    return OK;
  }

  bool readDispatch(const YAMLNode &Value, DerivativesEntry &Entry) {
    if (!Value.isMap()) {
      Diags
          .report(diag::derivatives_syntax, Value.loc(),
                  "'dispatch' must map dispatch keys (Default, "
                  "AutogradNestedTensor, ...) to formulas")
          .range(Value.range());
      return false;
    }
    bool OK = true;
    for (const YAMLMapEntry &KV : Value.entries()) {
      DispatchBlock Block;
      Block.Key = KV.Key.located();
      if (!KV.Value.isMap()) {
        Diags
            .report(diag::derivatives_syntax, KV.Value.loc(),
                    "dispatch key '" + Block.Key.Value +
                        "' must map argument names to formulas")
            .range(KV.Value.range());
        OK = false;
        continue;
      }
      for (const YAMLMapEntry &Formula : KV.Value.entries())
        if (std::optional<FormulaEntry> Read =
                readFormula(Formula.Key, Formula.Value))
          addFormula(Block, std::move(*Read));
        else
          OK = false;
      Entry.Dispatch.push_back(std::move(Block));
    }
    return OK;
  }

  /// A repeated key replaces the earlier one, as PyYAML reads it; the
  /// duplicate itself is reported by checkDuplicateKeys where the profile
  /// rejects it.
  static void addFormula(DispatchBlock &Block, FormulaEntry Formula) {
    for (FormulaEntry &Existing : Block.Formulas)
      if (Existing.RawNames.Value == Formula.RawNames.Value) {
        Existing = std::move(Formula);
        return;
      }
    Block.Formulas.push_back(std::move(Formula));
  }

  std::optional<FormulaEntry> readFormula(const YAMLNode &Key,
                                          const YAMLNode &Value) {
    FormulaEntry Result;
    Result.RawNames = Key.located();
    if (!Key.isScalar()) {
      Diags.report(diag::derivatives_syntax, Key.loc(),
                   "expected argument or output names");
      return std::nullopt;
    }
    // Split "self, other" at commas; each name keeps its own range.
    ScalarSourceMap KeyMap(Key);
    StringRef Raw = Result.RawNames.Value;
    size_t Start = 0;
    while (true) {
      size_t Comma = Raw.find(',', Start);
      StringRef Piece = Raw.slice(Start, Comma);
      size_t Leading = Piece.size() - Piece.ltrim().size();
      StringRef Name = Piece.trim();
      size_t Begin = Start + Leading;
      if (Name.empty()) {
        Diags
            .report(diag::derivatives_empty_name, KeyMap.locForOffset(Begin),
                    "empty name in '" + Raw +
                        "'; expected names separated by "
                        "', '")
            .range(Result.RawNames.Range);
        return std::nullopt;
      }
      Result.Names.emplace_back(Name.str(),
                                KeyMap.rangeForOffsets(Begin, Begin + Name.size()));
      if (Comma == StringRef::npos)
        break;
      Start = Comma + 1;
    }
    if (!Value.isScalar()) {
      Diags
          .report(
              diag::derivatives_missing_formula, Key.loc(),
              "'" + Raw +
                  "' has no formula; write a C++ expression, "
                  "'non_differentiable', 'auto_element_wise' or 'auto_linear'")
          .range(Result.RawNames.Range);
      return std::nullopt;
    }
    Result.Formula.Text = Value.scalar().str();
    Result.Formula.Source = ScalarSourceMap(Value);
    if (!checkFormulaFraming(Result.Formula.Text, Result.Formula.Source,
                             Value.loc(), Diags))
      return std::nullopt;
    return Result;
  }

  DiagnosticEngine &Diags;
};

} // namespace

std::vector<DerivativesEntry> readDerivativesFile(const YAMLSource &Source,
                                                  const Profile &Profile,
                                                  DiagnosticEngine &Diags) {
  std::vector<DerivativesEntry> Entries;
  const YAMLNode &Root = Source.root();
  if (Root.isNull())
    return Entries;
  if (!Root.isSequence()) {
    Diags.report(diag::derivatives_syntax, Root.loc(),
                 "derivatives.yaml must be a list of entries ('- name: ...')");
    return Entries;
  }
  if (DerivativesOptions::of(Profile).RejectDuplicateKeys)
    checkDuplicateKeysBelow(Root, Diags);
  EntryReader Reader(Diags);
  Entries.reserve(Root.size());
  for (const YAMLNode &Node : Root.items())
    if (std::optional<DerivativesEntry> Entry = Reader.read(Node))
      Entries.push_back(std::move(*Entry));
  return Entries;
}

} // namespace gradgen
