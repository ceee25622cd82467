//===- YAMLValue.cpp - YAML values as PyYAML reads them -------------------===//

#include "gradgen/Support/YAMLValue.h"
#include "gradgen/Support/YAMLSource.h"

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

YAMLValueKind classifyYAMLValue(const YAML::Node &Node) {
  switch (Node.Type()) {
  case YAML::NodeType::Sequence:
    return YAMLValueKind::Sequence;
  case YAML::NodeType::Map:
    return YAMLValueKind::Map;
  case YAML::NodeType::Null:
  case YAML::NodeType::Undefined:
    return YAMLValueKind::Null;
  case YAML::NodeType::Scalar:
    break;
  }
  const std::string &Tag = Node.Tag();
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
  StringRef S = Node.Scalar();
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

std::optional<bool> getYAMLBool(const YAML::Node &Node) {
  if (classifyYAMLValue(Node) != YAMLValueKind::Bool)
    return std::nullopt;
  StringRef S = Node.Scalar();
  return StringSwitch<bool>(S)
      .Cases("yes", "Yes", "YES", "true", "True", "TRUE", true)
      .Cases("on", "On", "ON", true)
      .Default(false);
}

bool checkDuplicateKeys(const YAMLSource &Source, const YAML::Node &Map,
                        DiagnosticEngine &Diags) {
  if (!Map.IsMap())
    return true;
  StringMap<YAML::Node> Seen;
  bool OK = true;
  for (const auto &Entry : Map) {
    const YAML::Node &Key = Entry.first;
    if (!Key.IsScalar())
      continue;
    auto [It, Inserted] = Seen.try_emplace(Key.Scalar(), Key);
    if (Inserted)
      continue;
    OK = false;
    Diags
        .error("yaml.duplicate-key", Source.locOf(Key),
               "duplicate key '" + Key.Scalar() + "'")
        .range(Source.rangeOf(Key))
        .note(Source.locOf(It->second),
              "previous '" + Key.Scalar() + "' is here");
  }
  return OK;
}

} // namespace gradgen
