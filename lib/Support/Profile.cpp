//===- Profile.cpp - What differs between PyTorch versions ----------------===//

#include "gradgen/Support/Profile.h"

#include "gradgen/Support/InstallLayout.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <functional>

using namespace llvm;

namespace gradgen {

std::string Profile::path(StringRef RelativePath) const {
  SmallString<256> Result(Directory);
  sys::path::append(Result, RelativePath);
  return std::string(Result);
}

std::string findTemplatesRoot(StringRef Override, const char *Argv0) {
  if (!Override.empty())
    return Override.str();
  return installedDataPath(Argv0, {"gradgen", "templates"});
}

namespace {

class ProfileReader;

/// A profile.yaml setting: a switch (Flag), a string (Text), or one that
/// Apply reads.
struct ProfileSetting {
  const char *Key;
  bool Profile::*Flag = nullptr;
  std::string Profile::*Text = nullptr;
  bool (ProfileReader::*Apply)(const YAMLNode &) = nullptr;
  /// Apply takes a sequence too.
  bool TakesList = false;
};

/// Reads profile.yaml, one switch a key.
class ProfileReader {
public:
  ProfileReader(const YAMLSource &Source, DiagnosticEngine &Diags,
                Profile &Result)
      : Source(Source), Diags(Diags), Result(Result) {}

  bool read() {
    const YAMLNode &Root = Source.root();
    if (!Root.isMap()) {
      Diags.error("profile.syntax", Root.loc(),
                  "a profile must be a mapping of settings");
      return false;
    }
    bool OK = true;
    for (const YAMLMapEntry &Entry : Root.entries()) {
      StringRef Key = Entry.Key.scalar();
      const YAMLNode &Value = Entry.Value;
      auto Found = llvm::find_if(Settings, [&](const ProfileSetting &S) {
        return Key == S.Key;
      });
      if (Found == std::end(Settings)) {
        auto Diag = Diags.error("profile.unknown-key", Entry.Key.loc(),
                                "unknown profile setting '" + Key + "'");
        Diag.range(Entry.Key.range());
        if (const char *Suggestion = closestKey(Key))
          Diag.fixIt(Entry.Key.range(), Suggestion)
              .note(Entry.Key.loc(),
                    Twine("did you mean '") + Suggestion + "'?");
        OK = false;
        continue;
      }
      if (!Value.isScalar() && !Found->TakesList) {
        Diags.error("profile.syntax", Value.loc(),
                    "the value of '" + Key + "' must be a scalar");
        OK = false;
        continue;
      }
      if (Found->Flag)
        OK &= readBool(Value, Result.*Found->Flag);
      else if (Found->Text)
        Result.*Found->Text = Value.scalar().str();
      else
        OK &= (this->*Found->Apply)(Value);
    }
    return OK;
  }

private:
  bool readBool(const YAMLNode &Value, bool &Out) {
    std::optional<bool> Parsed =
        StringSwitch<std::optional<bool>>(Value.scalar())
            .Cases("true", "True", true)
            .Cases("false", "False", false)
            .Default(std::nullopt);
    if (!Parsed) {
      Diags.error("profile.syntax", Value.loc(), "expected true or false")
          .range(Value.range());
      return false;
    }
    Out = *Parsed;
    return true;
  }

  bool standard(const YAMLNode &V) {
    if (V.scalar() != "c++17" && V.scalar() != "c++20") {
      Diags.error("profile.syntax", V.loc(), "expected c++17 or c++20")
          .range(V.range());
      return false;
    }
    Result.CxxStandard = V.scalar().str();
    return true;
  }
  bool optionals(const YAMLNode &V) {
    if (V.scalar() == "std")
      Result.Optionals = OptionalSpelling::Std;
    else if (V.scalar() == "c10")
      Result.Optionals = OptionalSpelling::C10;
    else {
      Diags.error("profile.syntax", V.loc(), "expected std or c10")
          .range(V.range());
      return false;
    }
    return true;
  }

  bool families(const YAMLNode &V) {
    auto Add = [&](const YAMLNode &Item) {
      if (!Item.isScalar()) {
        Diags.error("profile.syntax", Item.loc(),
                    "a file family must be a name");
        return false;
      }
      Result.Families.emplace_back(Item.scalar().str(), Item.range());
      return true;
    };
    if (!V.isSequence())
      return Add(V);
    bool OK = true;
    for (const YAMLNode &Item : V.items())
      OK &= Add(Item);
    return OK;
  }

  static constexpr ProfileSetting Settings[] = {
      {"name", nullptr, &Profile::Name},
      {"pytorch-version", nullptr, &Profile::PyTorchVersion},
      {"cxx-standard", nullptr, nullptr, &ProfileReader::standard},
      {"optional-spelling", nullptr, nullptr, &ProfileReader::optionals},
      {"resolve-view-copy-schemas", &Profile::ResolveViewCopySchemas},
      {"keep-manual-view-copy-infos", &Profile::KeepManualViewCopyInfos},
      {"require-symint-formulas", &Profile::RequireSymIntFormulas},
      {"generate-foreach-infos", &Profile::GenerateForeachInfos},
      {"check-foreach-tensorlist-forward-uses",
       &Profile::CheckForeachTensorListForwardUses},
      {"reject-duplicate-keys", &Profile::RejectDuplicateKeys},
      {"saved-attribute-rules", nullptr, &Profile::SavedAttributeRules},
      {"indent-blank-template-lines", &Profile::IndentBlankTemplateLines},
      {"view-functions", nullptr, &Profile::ViewFunctions},
      {"compiled-autograd-nodes", &Profile::CompiledAutogradNodes},
      {"sort-saved-attributes", &Profile::SortSavedAttributes},
      {"saved-output-owner", nullptr, &Profile::SavedOutputOwner},
      {"unpack-list-takes-owner", &Profile::UnpackListTakesOwner},
      {"foreach-nodes", &Profile::ForeachNodes},
      {"families", nullptr, nullptr, &ProfileReader::families, true},
  };


  static const char *closestKey(StringRef Key) {
    const char *Best = nullptr;
    unsigned BestDistance = 4;
    for (const ProfileSetting &S : Settings) {
      unsigned Distance = Key.edit_distance(S.Key);
      if (Distance < BestDistance) {
        BestDistance = Distance;
        Best = S.Key;
      }
    }
    return Best;
  }

  const YAMLSource &Source;
  DiagnosticEngine &Diags;
  Profile &Result;
};

/// Where profile.yaml sets Key, or the start of the file.
SMRange settingRange(const YAMLSource &Source, StringRef Key) {
  for (const YAMLMapEntry &Entry : Source.root().entries())
    if (Entry.Key.scalar() == Key)
      return Entry.Key.range();
  return SMRange(Source.root().loc(), Source.root().loc());
}

/// Switches that only work together.
bool validateProfile(const YAMLSource &Source, const Profile &P,
                     DiagnosticEngine &Diags) {
  // Generated _foreach_ infos index their inputs with the loop variable of
  // the foreach Node blocks; an ordinary block has no `i` in scope.
  if (P.GenerateForeachInfos && !P.ForeachNodes) {
    SMRange Range = settingRange(Source, "generate-foreach-infos");
    Diags
        .error("profile.inconsistent", Range.Start,
               "generate-foreach-infos needs foreach-nodes: the generated "
               "_foreach_ formulas index grads[i] element by element")
        .range(Range)
        .note(settingRange(Source, "foreach-nodes").Start,
              "foreach-nodes is false here");
    return false;
  }
  return true;
}

} // namespace

std::optional<Profile> loadProfile(StringRef NameOrPath, StringRef TemplatesRoot,
                                   SourceMgr &SM, DiagnosticEngine &Diags) {
  Profile Result;
  if (NameOrPath.contains('/')) {
    Result.Directory = NameOrPath.str();
  } else {
    SmallString<256> Dir(TemplatesRoot);
    sys::path::append(Dir, NameOrPath);
    Result.Directory = std::string(Dir);
  }
  Result.Name = sys::path::filename(Result.Directory).str();
  std::string Settings = Result.path("profile.yaml");
  if (!sys::fs::exists(Settings)) {
    Diags.error("driver.unknown-profile", SMLoc(),
                "unknown profile '" + NameOrPath + "': no " + Settings +
                    " (profiles: pytorch-2.14, pytorch-1.13)");
    return std::nullopt;
  }
  std::optional<YAMLSource> Source = YAMLSource::load(Settings, SM, Diags);
  if (!Source)
    return std::nullopt;
  if (!ProfileReader(*Source, Diags, Result).read() ||
      !validateProfile(*Source, Result, Diags))
    return std::nullopt;
  return Result;
}

} // namespace gradgen
