//===- SavedAttributeRules.cpp - The profile's saved-attribute table ------===//

#include "gradgen/Formula/SavedAttributeRules.h"
#include "gradgen/Support/YAMLDictReader.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/StringSaver.h"

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

namespace {

/// Reads saved-attributes.yaml: every mapping in it is read by a
/// YAMLDictReader, so that a misspelt key is an error, not a rule that
/// silently does something else.
class RulesReader {
public:
  explicit RulesReader(DiagnosticEngine &Diags) : Diags(Diags) {}

  std::optional<SavedAttributeRules> read(const YAMLNode &Root) {
    if (!Root.isMap()) {
      bad(Root, "a saved-attribute table is a mapping with a 'rules' list");
      return std::nullopt;
    }
    YAMLDictReader Table = reader("a saved-attribute table");
    Table.handle("rules", [&](const YAMLNode &Value) {
      for (const YAMLNode &Entry : list(Value, "rules"))
        readRule(Entry);
    });
    Table.handle(
        "save-textual-mentions",
        boolean(Table, "save-textual-mentions", Result.SaveTextualMentions));
    Table.handle("optional-string", [&](const YAMLNode &Value) {
      YAMLDictReader Optional = reader("'optional-string'");
      Optional.handle("type",
                      string(Optional, "type", Result.OptionalStringType));
      Optional.handle("replacement", string(Optional, "replacement",
                                            Result.OptionalStringReplacement));
      if (!Value.isMap())
        bad(Value, "'optional-string' is a mapping with 'type' and "
                   "'replacement'");
      else if (!Optional.parse(Value))
        OK = false;
    });
    if (!Table.parse(Root) || !OK)
      return std::nullopt;
    return std::move(Result);
  }

private:
  void bad(const YAMLNode &Node, const Twine &Message) {
    Diags.report(diag::rules_syntax, Node.loc(), Message).range(Node.range());
    OK = false;
  }

  YAMLDictReader reader(StringRef What) {
    return YAMLDictReader(Diags, {diag::rules_syntax, diag::rules_unknown_key,
                                  Saver.save("unknown key '%0' in " + What)});
  }

  static YAMLDictReader::Handler string(YAMLDictReader &Reader, StringRef Key,
                                        std::string &Into) {
    return [&Reader, Key, &Into](const YAMLNode &Value) {
      if (std::optional<Located<std::string>> Text = Reader.string(Value, Key))
        Into = std::move(Text->Value);
    };
  }
  static YAMLDictReader::Handler boolean(YAMLDictReader &Reader, StringRef Key,
                                         bool &Into) {
    return [&Reader, Key, &Into](const YAMLNode &Value) {
      if (std::optional<Located<bool>> Flag = Reader.boolean(Value, Key))
        Into = **Flag;
    };
  }

  ArrayRef<YAMLNode> list(const YAMLNode &Value, StringRef Key) {
    if (!Value.isSequence() && !Value.isNull())
      bad(Value, "'" + Key + "' must be a list");
    return Value.items();
  }

  void readRule(const YAMLNode &Entry) {
    if (!Entry.isMap()) {
      bad(Entry, "a rule is a mapping with 'pattern', 'suffix' and 'type'");
      return;
    }
    SavedAttributeRule Rule;
    Rule.Loc = Entry.loc();
    std::optional<std::string> Pattern, Argument, Suffix, Type;
    YAMLDictReader Reader = reader("a saved-attribute rule");
    auto Optional = [&](StringRef Key, std::optional<std::string> &Into) {
      Reader.handle(Key, [&Reader, Key, &Into](const YAMLNode &Value) {
        if (std::optional<Located<std::string>> Text =
                Reader.string(Value, Key))
          Into = std::move(Text->Value);
      });
    };
    Optional("pattern", Pattern);
    Optional("argument", Argument);
    Optional("suffix", Suffix);
    Optional("type", Type);
    Reader.handle("save", string(Reader, "save", Rule.SaveExpr));
    Reader.handle("replacement",
                  string(Reader, "replacement", Rule.Replacement));
    Reader.handle("negative-prefix",
                  string(Reader, "negative-prefix", Rule.NegativePrefix));
    Reader.handle("own-derivative-only", boolean(Reader, "own-derivative-only",
                                                 Rule.OnlyForOwnDerivative));
    if (!Reader.parse(Entry)) {
      OK = false;
      return;
    }
    Rule.ArgumentRegex = Argument;
    if (!Pattern || !parsePattern(*Pattern, Rule)) {
      const YAMLNode *PatternNode = Entry.lookup("pattern");
      bad(PatternNode ? *PatternNode : Entry,
          "a pattern is '{name}.member()', '{name}->member()', "
          "'{name}.member({arg})' or 'function({name})'");
      return;
    }
    Rule.Pattern = *Pattern;
    if (Rule.ArgumentRegex && !Regex(*Rule.ArgumentRegex).isValid())
      bad(*Entry.lookup("argument"), "invalid regular expression");
    if (!Suffix)
      bad(Entry, "a rule needs a 'suffix'");
    if (!Type)
      bad(Entry, "a rule needs a 'type'");
    Rule.Suffix = Suffix.value_or("");
    Rule.CppType = Type.value_or("");
    Result.Rules.push_back(std::move(Rule));
  }

  DiagnosticEngine &Diags;
  BumpPtrAllocator Allocator;
  StringSaver Saver{Allocator};
  SavedAttributeRules Result;
  bool OK = true;
};

} // namespace

/// Reads the table of Source.
static std::optional<SavedAttributeRules> readRules(const YAMLSource &Source,
                                                    DiagnosticEngine &Diags) {
  return RulesReader(Diags).read(Source.root());
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
