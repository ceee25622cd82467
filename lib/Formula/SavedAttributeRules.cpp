//===- SavedAttributeRules.cpp - The profile's saved-attribute table ------===//

#include "gradgen/Formula/SavedAttributeRules.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace gradgen {

std::string
substitutePlaceholders(StringRef Template,
                       ArrayRef<std::pair<StringRef, StringRef>> Values) {
  std::string Out;
  while (!Template.empty()) {
    size_t Open = Template.find('{');
    Out += Template.take_front(Open).str();
    if (Open == StringRef::npos)
      break;
    Template = Template.drop_front(Open);
    size_t Close = Template.find('}');
    bool Replaced = false;
    if (Close != StringRef::npos)
      for (auto &[Key, Value] : Values)
        if (Template.slice(1, Close) == Key) {
          Out += Value.str();
          Template = Template.drop_front(Close + 1);
          Replaced = true;
          break;
        }
    if (!Replaced) {
      Out += '{';
      Template = Template.drop_front();
    }
  }
  return Out;
}

/// Splits `{name}.member()`, `{name}->member({arg})`, `callee({name})`.
static bool parsePattern(StringRef Pattern, SavedAttributeRule &Rule) {
  StringRef P = Pattern;
  auto IsIdent = [](StringRef S) {
    return !S.empty() &&
           all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
  };
  if (P.consume_front("{name}")) {
    if (P.consume_front("."))
      Rule.Kind = SavedPatternKind::Member;
    else if (P.consume_front("->"))
      Rule.Kind = SavedPatternKind::ArrowMember;
    else
      return false;
    size_t Open = P.find('(');
    if (Open == StringRef::npos || !IsIdent(P.take_front(Open)))
      return false;
    Rule.Callee = P.take_front(Open).str();
    StringRef Args = P.drop_front(Open);
    if (Args == "()")
      return true;
    if (Args == "({arg})") {
      if (!Rule.ArgumentRegex)
        Rule.ArgumentRegex = "-?[A-Za-z0-9_]+";
      return true;
    }
    return false;
  }
  size_t Open = P.find('(');
  if (Open == StringRef::npos || !IsIdent(P.take_front(Open)) ||
      P.drop_front(Open) != "({name})")
    return false;
  Rule.Kind = SavedPatternKind::Call;
  Rule.Callee = P.take_front(Open).str();
  return true;
}

/// Reads the table of Source.
static std::optional<SavedAttributeRules> readRules(const YAMLSource &Source,
                                                    DiagnosticEngine &Diags) {
  const YAMLNode &Root = Source.root();
  SavedAttributeRules Table;
  bool Ok = true;
  auto Bad = [&](const YAMLNode &Node, const Twine &Message) {
    Diags.error("rules.syntax", Node.loc(), Message);
    Ok = false;
  };
  if (!Root.isMap()) {
    Bad(Root, "a saved-attribute table is a mapping with a 'rules' list");
    return std::nullopt;
  }
  auto Scalar = [&](const YAMLNode &Map, const char *Key,
                    std::string &Into) -> bool {
    const YAMLNode *Value = Map.lookup(Key);
    if (!Value)
      return false;
    if (!Value->isScalar()) {
      Bad(*Value, Twine("'") + Key + "' must be a string");
      return false;
    }
    Into = Value->scalar().str();
    return true;
  };
  auto List = [&](const char *Key) -> ArrayRef<YAMLNode> {
    const YAMLNode *Value = Root.lookup(Key);
    if (!Value)
      return {};
    if (!Value->isSequence() && !Value->isNull())
      Bad(*Value, Twine("'") + Key + "' must be a list");
    return Value->items();
  };
  for (const YAMLNode &Entry : List("rules")) {
    if (!Entry.isMap()) {
      Bad(Entry, "a rule is a mapping with 'pattern', 'suffix' and 'type'");
      continue;
    }
    SavedAttributeRule Rule;
    Rule.Loc = Entry.loc();
    std::string Pattern, Argument, OwnOnly;
    if (Scalar(Entry, "argument", Argument))
      Rule.ArgumentRegex = Argument;
    if (!Scalar(Entry, "pattern", Pattern) || !parsePattern(Pattern, Rule)) {
      const YAMLNode *PatternNode = Entry.lookup("pattern");
      Bad(PatternNode ? *PatternNode : Entry,
          "a pattern is '{name}.member()', '{name}->member()', "
          "'{name}.member({arg})' or 'function({name})'");
      continue;
    }
    Rule.Pattern = Pattern;
    if (Rule.ArgumentRegex && !Regex(*Rule.ArgumentRegex).isValid())
      Bad(*Entry.lookup("argument"), "invalid regular expression");
    if (!Scalar(Entry, "suffix", Rule.Suffix))
      Bad(Entry, "a rule needs a 'suffix'");
    if (!Scalar(Entry, "type", Rule.CppType))
      Bad(Entry, "a rule needs a 'type'");
    Scalar(Entry, "save", Rule.SaveExpr);
    Scalar(Entry, "replacement", Rule.Replacement);
    Scalar(Entry, "negative-prefix", Rule.NegativePrefix);
    if (Scalar(Entry, "own-derivative-only", OwnOnly))
      Rule.OnlyForOwnDerivative = OwnOnly == "true";
    Table.Rules.push_back(std::move(Rule));
  }
  for (const YAMLNode &Entry : List("forbidden")) {
    ForbiddenMember F;
    std::string Literal;
    if (!Scalar(Entry, "member", F.Member) ||
        !Scalar(Entry, "message", F.Message)) {
      Bad(Entry, "a forbidden entry needs 'member' and 'message'");
      continue;
    }
    Scalar(Entry, "replacement", F.Replacement);
    if (Scalar(Entry, "literal-argument", Literal))
      F.LiteralArgument = Literal == "true";
    Table.Forbidden.push_back(std::move(F));
  }
  if (const YAMLNode *Textual = Root.lookup("save-textual-mentions"))
    Table.SaveTextualMentions =
        Textual->scalar() == "true" || Textual->scalar() == "True";
  if (const YAMLNode *Opt = Root.lookup("optional-string")) {
    Scalar(*Opt, "type", Table.OptionalStringType);
    Scalar(*Opt, "replacement", Table.OptionalStringReplacement);
  }
  if (!Ok)
    return std::nullopt;
  return Table;
}

std::optional<SavedAttributeRules>
SavedAttributeRules::load(StringRef Path, InputFiles &Files,
                          DiagnosticEngine &Diags) {
  std::optional<YAMLSource> Source = YAMLSource::load(Path, Files, Diags);
  if (!Source)
    return std::nullopt;
  return readRules(*Source, Diags);
}

std::optional<SavedAttributeRules>
SavedAttributeRules::parse(unsigned BufferID, SourceMgr &SM,
                           DiagnosticEngine &Diags) {
  std::optional<YAMLSource> Source =
      YAMLSource::parseBuffer(BufferID, SM, Diags);
  if (!Source)
    return std::nullopt;
  return readRules(*Source, Diags);
}

} // namespace gradgen
