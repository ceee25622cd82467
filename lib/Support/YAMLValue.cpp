//===- YAMLValue.cpp - YAML values as PyYAML reads them -------------------===//

#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace gradgen {

// PyYAML's implicit resolvers (resolver.py), for plain scalars only.
static bool isYAMLBool(StringRef S) {
  return StringSwitch<bool>(S)
      .Cases("yes", "Yes", "YES", "no", "No", "NO", true)
      .Cases("true", "True", "TRUE", "false", "False", "FALSE", true)
      .Cases("on", "On", "ON", "off", "Off", "OFF", true)
      .Default(false);
}

static bool isYAMLNull(StringRef S) {
  return S.empty() || S == "~" || S == "null" || S == "Null" || S == "NULL";
}

static bool isYAMLInt(StringRef S) {
  static const Regex Int(
      "^([-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)"
      "|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+)$");
  return Int.match(S);
}

static bool isYAMLFloat(StringRef S) {
  static const Regex Float("^([-+]?([0-9][0-9_]*)\\.[0-9_]*([eE][-+][0-9]+)?"
                           "|\\.[0-9][0-9_]*([eE][-+][0-9]+)?"
                           "|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*"
                           "|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))$");
  return Float.match(S);
}

YAMLValueKind classifyYAMLValue(const YAMLNode &Node) {
  switch (Node.kind()) {
  case YAMLNode::Kind::Sequence:
    return YAMLValueKind::Sequence;
  case YAMLNode::Kind::Map:
    return YAMLValueKind::Map;
  case YAMLNode::Kind::Null:
    return YAMLValueKind::Null;
  case YAMLNode::Kind::Scalar:
    break;
  }
  StringRef Tag = Node.tag();
  // Quoted and block scalars are strings unless a tag says otherwise.
  if (Tag.empty() && Node.style() != YAMLNode::Style::Plain)
    return YAMLValueKind::String;
  if (Tag == "!" || Tag == "tag:yaml.org,2002:str")
    return YAMLValueKind::String;
  if (Tag == "tag:yaml.org,2002:bool")
    return YAMLValueKind::Bool;
  if (Tag == "tag:yaml.org,2002:int")
    return YAMLValueKind::Int;
  if (Tag == "tag:yaml.org,2002:float")
    return YAMLValueKind::Float;
  if (Tag == "tag:yaml.org,2002:null")
    return YAMLValueKind::Null;
  StringRef S = Node.scalar();
  // Numbers start with a digit, a sign or a dot; most scalars are words and
  // need not go through the (slow) regular expressions.
  StringRef Unsigned = S.ltrim("+-");
  bool MaybeNumber = !Unsigned.empty() &&
                     (isdigit(static_cast<unsigned char>(Unsigned.front())) ||
                      Unsigned.front() == '.');
  if (isYAMLBool(S))
    return YAMLValueKind::Bool;
  if (isYAMLNull(S))
    return YAMLValueKind::Null;
  if (MaybeNumber && isYAMLInt(S))
    return YAMLValueKind::Int;
  if (MaybeNumber && isYAMLFloat(S))
    return YAMLValueKind::Float;
  return YAMLValueKind::String;
}

const char *describeYAMLValueKind(YAMLValueKind Kind) {
  switch (Kind) {
  case YAMLValueKind::Null:
    return "null";
  case YAMLValueKind::Bool:
    return "a boolean";
  case YAMLValueKind::Int:
    return "an integer";
  case YAMLValueKind::Float:
    return "a float";
  case YAMLValueKind::String:
    return "a string";
  case YAMLValueKind::Sequence:
    return "a list";
  case YAMLValueKind::Map:
    return "a mapping";
  }
  return "a value";
}

std::optional<bool> getYAMLBool(const YAMLNode &Node) {
  if (classifyYAMLValue(Node) != YAMLValueKind::Bool)
    return std::nullopt;
  StringRef S = Node.scalar();
  return StringSwitch<bool>(S)
      .Cases("yes", "Yes", "YES", "true", "True", "TRUE", true)
      .Cases("on", "On", "ON", true)
      .Default(false);
}

bool checkDuplicateKeys(const YAMLNode &Map, DiagnosticEngine &Diags) {
  ArrayRef<YAMLMapEntry> Entries = Map.entries();
  // Most mappings have a handful of keys: comparing each with those before
  // it is cheaper than hashing them.
  constexpr size_t MaxScanned = 16;
  StringMap<const YAMLNode *> Seen;
  auto FirstWithKey = [&](size_t I) -> const YAMLNode * {
    StringRef Key = Entries[I].Key.scalar();
    if (Entries.size() > MaxScanned)
      return Seen.try_emplace(Key, &Entries[I].Key).first->second;
    for (size_t J = 0; J != I; ++J)
      if (Entries[J].Key.isScalar() && Entries[J].Key.scalar() == Key)
        return &Entries[J].Key;
    return &Entries[I].Key;
  };
  bool OK = true;
  for (size_t I = 0; I != Entries.size(); ++I) {
    const YAMLNode &Key = Entries[I].Key;
    if (!Key.isScalar())
      continue;
    const YAMLNode *First = FirstWithKey(I);
    if (First == &Key)
      continue;
    OK = false;
    Diags
        .report(diag::yaml_duplicate_key, Key.loc(),
                "duplicate key '" + Key.scalar() + "'")
        .range(Key.range())
        .note(First->loc(), "previous '" + Key.scalar() + "' is here");
  }
  return OK;
}

} // namespace gradgen
