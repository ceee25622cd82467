//===- DerivativesFile.cpp - derivatives.yaml as located records ----------===//

#include "gradgen/Derivatives/DerivativesFile.h"

#include "gradgen/Support/Profile.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

/// PyTorch 2.x's YamlLoader rejects duplicate keys in every mapping.
static bool checkDuplicateKeysBelow(const YAMLSource &Source,
                                    const YAML::Node &Node,
                                    DiagnosticEngine &Diags) {
  bool OK = true;
  if (Node.IsSequence()) {
    for (const YAML::Node &Element : Node)
      OK &= checkDuplicateKeysBelow(Source, Element, Diags);
    return OK;
  }
  if (!Node.IsMap())
    return true;
  OK &= checkDuplicateKeys(Source, Node, Diags);
  for (const auto &Entry : Node)
    OK &= checkDuplicateKeysBelow(Source, Entry.second, Diags);
  return OK;
}

namespace {

class EntryReader {
public:
  EntryReader(const YAMLSource &Source, DiagnosticEngine &Diags)
      : Source(Source), Diags(Diags) {}

  std::optional<DerivativesEntry> read(const YAML::Node &Node) {
    if (!Node.IsMap()) {
      Diags
          .error("derivatives.syntax", Source.locOf(Node),
                 "expected an entry: a mapping with 'name:' and formulas")
          .range(Source.rangeOf(Node));
      return std::nullopt;
    }
    DerivativesEntry Entry;
    Entry.Loc = Source.locOf(Node);
    bool OK = true;
    bool HasDispatch = false;
    YAML::Node NameKey;
    bool HasName = false;
    std::vector<std::pair<YAML::Node, YAML::Node>> TopLevelFormulas;
    for (const auto &KV : Node) {
      if (!KV.first.IsScalar()) {
        Diags.error("derivatives.syntax", Source.locOf(KV.first),
                    "expected a scalar key");
        OK = false;
        continue;
      }
      StringRef Key = KV.first.Scalar();
      if (Key == "name") {
        NameKey = KV.first;
        HasName = true;
        if (!KV.second.IsScalar() || KV.second.Scalar().empty()) {
          Diags
              .error("derivatives.syntax", Source.locOf(KV.second),
                     "'name' must be an operator schema such as "
                     "'mul.Tensor(Tensor self, Tensor other) -> Tensor'")
              .range(Source.rangeOf(KV.second));
          OK = false;
          continue;
        }
        Entry.Name = Source.located(KV.second);
      } else if (Key == "output_differentiability") {
        OK &= readOutputDifferentiability(KV.second, Entry);
      } else if (Key == "dispatch") {
        HasDispatch = true;
        OK &= readDispatch(KV.second, Entry);
      } else {
        TopLevelFormulas.emplace_back(KV.first, KV.second);
      }
    }
    if (!HasName) {
      Diags.error("derivatives.missing-name", Entry.Loc,
                  "derivatives.yaml entry has no 'name:'");
      return std::nullopt;
    }
    if (HasDispatch) {
      for (const auto &[Key, Value] : TopLevelFormulas) {
        Diags
            .error("derivatives.formula-outside-dispatch", Source.locOf(Key),
                   "formula for '" + Key.Scalar() +
                       "' is outside the 'dispatch:' block and would be "
                       "ignored")
            .range(Source.rangeOf(Key))
            .note(Entry.Loc, "move it under a dispatch key such as 'Default:'");
        OK = false;
      }
    } else {
      DispatchBlock Default;
      Default.Key = Located<std::string>("Default", Source.rangeOf(NameKey));
      for (const auto &[Key, Value] : TopLevelFormulas)
        if (std::optional<FormulaEntry> Formula = readFormula(Key, Value))
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
  bool readOutputDifferentiability(const YAML::Node &Value,
                                   DerivativesEntry &Entry) {
    Entry.OutputDifferentiabilityRange = Source.rangeOf(Value);
    if (Value.IsNull())
      return true; // `None`: every output is differentiable.
    if (!Value.IsSequence()) {
      Diags
          .error("derivatives.output-differentiability", Source.locOf(Value),
                 "'output_differentiability' must be a list of booleans "
                 "such as [True, False], or of one condition string")
          .range(Source.rangeOf(Value));
      return false;
    }
    std::vector<OutputDifferentiabilityItem> Items;
    bool OK = true;
    for (const YAML::Node &Element : Value) {
      OutputDifferentiabilityItem Item;
      Item.Range = Source.rangeOf(Element);
      if (!Element.IsScalar()) {
        Diags
            .error("derivatives.output-differentiability",
                   Source.locOf(Element),
                   "expected True, False or a condition string")
            .range(Item.Range);
        OK = false;
        continue;
      }
      Item.Differentiable = getYAMLBool(Element);
      if (!Item.Differentiable)
        Item.Condition = Element.Scalar();
      Items.push_back(std::move(Item));
    }
    // An empty list means "not given", as Python's truthiness has it.
    if (!Items.empty())
      Entry.OutputDifferentiability = std::move(Items);
    return OK;
  }

  bool readDispatch(const YAML::Node &Value, DerivativesEntry &Entry) {
    if (!Value.IsMap()) {
      Diags
          .error("derivatives.syntax", Source.locOf(Value),
                 "'dispatch' must map dispatch keys (Default, "
                 "AutogradNestedTensor, ...) to formulas")
          .range(Source.rangeOf(Value));
      return false;
    }
    bool OK = true;
    for (const auto &KV : Value) {
      DispatchBlock Block;
      Block.Key = Source.located(KV.first);
      if (!KV.second.IsMap()) {
        Diags
            .error("derivatives.syntax", Source.locOf(KV.second),
                   "dispatch key '" + Block.Key.Value +
                       "' must map argument names to formulas")
            .range(Source.rangeOf(KV.second));
        OK = false;
        continue;
      }
      for (const auto &Formula : KV.second)
        if (std::optional<FormulaEntry> Read =
                readFormula(Formula.first, Formula.second))
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

  std::optional<FormulaEntry> readFormula(const YAML::Node &Key,
                                          const YAML::Node &Value) {
    FormulaEntry Result;
    Result.RawNames = Source.located(Key);
    if (!Key.IsScalar()) {
      Diags.error("derivatives.syntax", Source.locOf(Key),
                  "expected argument or output names");
      return std::nullopt;
    }
    // Split "self, other" at commas; each name keeps its own range.
    ScalarSourceMap KeyMap = Source.scalarMap(Key);
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
            .error("derivatives.empty-name", KeyMap.locForOffset(Begin),
                   "empty name in '" + Raw + "'; expected names separated by "
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
    if (Value.IsNull() || !Value.IsScalar()) {
      Diags
          .error("derivatives.missing-formula", Source.locOf(Key),
                 "'" + Raw + "' has no formula; write a C++ expression, "
                 "'non_differentiable', 'auto_element_wise' or 'auto_linear'")
          .range(Result.RawNames.Range);
      return std::nullopt;
    }
    Result.Formula.Text = Value.Scalar();
    Result.Formula.Source = Source.scalarMap(Value);
    return Result;
  }

  const YAMLSource &Source;
  DiagnosticEngine &Diags;
};

} // namespace

std::vector<DerivativesEntry> readDerivativesFile(const YAMLSource &Source,
                                                  const Profile &Profile,
                                                  DiagnosticEngine &Diags) {
  std::vector<DerivativesEntry> Entries;
  const YAML::Node &Root = Source.root();
  if (Root.IsNull())
    return Entries;
  if (!Root.IsSequence()) {
    Diags.error("derivatives.syntax", Source.locOf(Root),
                "derivatives.yaml must be a list of entries ('- name: ...')");
    return Entries;
  }
  if (Profile.RejectDuplicateKeys)
    checkDuplicateKeysBelow(Source, Root, Diags);
  EntryReader Reader(Source, Diags);
  for (const YAML::Node &Node : Root)
    if (std::optional<DerivativesEntry> Entry = Reader.read(Node))
      Entries.push_back(std::move(*Entry));
  return Entries;
}

} // namespace gradgen
