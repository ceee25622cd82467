//===- YAMLDictReader.cpp - One YAML mapping of known keys ----------------===//

#include "gradgen/Support/YAMLDictReader.h"

#include "gradgen/Support/ClosestMatch.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen {

void YAMLDictReader::handle(StringRef Key, Handler Parse) {
  Handlers.emplace_back(Key.str(), std::move(Parse));
}

void YAMLDictReader::reportUnknownKey(const YAMLNode &Key) {
  OK = false;
  StringRef Name = Key.scalar();
  auto [Before, After] = Kinds.UnknownKeyMessage.split("%0");
  DiagnosticBuilder Diag =
      Diags.report(Kinds.UnknownKey, Key.loc(), Before + Name + After);
  Diag.range(Key.range());
  ClosestMatch Match(Name, /*MaxDistance=*/3);
  for (const auto &Known : Handlers)
    Match.consider(Known.first);
  if (std::optional<StringRef> Best = Match.get()) {
    if (Kinds.FixIt)
      Diag.fixIt(Key.range(), *Best);
    Diag.note(Key.loc(), "did you mean '" + *Best + "'?");
  }
}

bool YAMLDictReader::checkKeys(const YAMLNode &Map) {
  bool AllKnown = true;
  for (const YAMLMapEntry &Entry : Map.entries())
    if (none_of(Handlers, [&](const auto &Known) {
          return Known.first == Entry.Key.scalar();
        })) {
      reportUnknownKey(Entry.Key);
      AllKnown = false;
    }
  return AllKnown;
}

bool YAMLDictReader::parse(const YAMLNode &Map) {
  for (const YAMLMapEntry &Entry : Map.entries()) {
    auto Known = find_if(Handlers, [&](const auto &Known) {
      return Known.first == Entry.Key.scalar();
    });
    if (Known == Handlers.end())
      reportUnknownKey(Entry.Key);
    else if (Known->second)
      Known->second(Entry.Value);
  }
  return OK;
}

bool YAMLDictReader::expect(const YAMLNode &Value, YAMLValueKind Kind,
                            StringRef Key) {
  YAMLValueKind Actual = classifyYAMLValue(Value);
  if (Actual == Kind)
    return true;
  OK = false;
  Diags
      .report(Kinds.Syntax, Value.loc(),
              "'" + Key + "' must be " + describeYAMLValueKind(Kind) +
                  ", not " + describeYAMLValueKind(Actual))
      .range(Value.range());
  return false;
}

std::optional<Located<std::string>>
YAMLDictReader::string(const YAMLNode &Value, StringRef Key) {
  if (!expect(Value, YAMLValueKind::String, Key))
    return std::nullopt;
  return Located<std::string>(Value.scalar().str(), Value.range());
}

std::optional<Located<bool>> YAMLDictReader::boolean(const YAMLNode &Value,
                                                     StringRef Key) {
  if (!expect(Value, YAMLValueKind::Bool, Key))
    return std::nullopt;
  return Located<bool>(*getYAMLBool(Value), Value.range());
}

void YAMLDictReader::error(const YAMLNode &Value, const Twine &Message) {
  OK = false;
  Diags.report(Kinds.Syntax, Value.loc(), Message).range(Value.range());
}

void YAMLDictReader::reportChoices(const YAMLNode &Value,
                                   ArrayRef<StringRef> Spellings) {
  OK = false;
  std::string Expected;
  for (size_t I = 0; I != Spellings.size(); ++I) {
    if (I)
      Expected += I + 1 == Spellings.size() ? " or " : ", ";
    Expected += Spellings[I];
  }
  Diags.report(Kinds.Syntax, Value.loc(), "expected " + Expected)
      .range(Value.range());
}

} // namespace gradgen
