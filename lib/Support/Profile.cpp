//===- Profile.cpp - What differs between PyTorch versions ----------------===//

#include "gradgen/Support/Profile.h"

#include "gradgen/Config.h"
#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/YAMLDictReader.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <functional>

using namespace llvm;

namespace gradgen {

SMRange Profile::rangeOf(StringRef Setting) const {
  auto It = Ranges.find(Setting);
  return It == Ranges.end() ? SMRange() : It->second;
}

std::string Profile::path(StringRef RelativePath) const {
  SmallString<256> Result(Directory);
  sys::path::append(Result, RelativePath);
  return std::string(Result);
}

std::string findTemplatesRoot(StringRef Override, const char *Argv0) {
  if (!Override.empty())
    return Override.str();
  SmallString<256> InSource(GRADGEN_SOURCE_DIR);
  sys::path::append(InSource, "templates");
  if (sys::fs::is_directory(InSource))
    return std::string(InSource);
  std::string Executable =
      sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&findTemplatesRoot));
  SmallString<256> Installed(sys::path::parent_path(Executable));
  sys::path::append(Installed, "..", "share", "gradgen", "templates");
  return std::string(Installed);
}

namespace {

class ProfileReader;

/// A profile.yaml setting: a switch (Flag), a string (Text), or one that
/// Apply reads.
struct ProfileSetting {
  const char *Key;
  bool Profile::*Flag = nullptr;
  std::string Profile::*Text = nullptr;
  void (ProfileReader::*Apply)(const YAMLNode &) = nullptr;
};

/// Reads profile.yaml, one switch a key, and checks that the switches agree.
class ProfileReader {
public:
  ProfileReader(const YAMLSource &Source, DiagnosticEngine &Diags,
                Profile &Result)
      : Source(Source), Diags(Diags), Result(Result),
        Reader(Diags, {diag::profile_syntax, diag::profile_unknown_key,
                       "unknown profile setting '%0'", /*FixIt=*/true}) {}

  bool read() {
    const YAMLNode &Root = Source.root();
    if (!Root.isMap()) {
      Diags.report(diag::profile_syntax, Root.loc(),
                   "a profile must be a mapping of settings");
      return false;
    }
    for (const ProfileSetting &Setting : Settings)
      Reader.handle(Setting.Key, [this, &Setting](const YAMLNode &Value) {
        Result.Ranges[Setting.Key] = Value.range();
        if (Setting.Flag) {
          if (std::optional<Located<bool>> Flag =
                  Reader.boolean(Value, Setting.Key))
            Result.*Setting.Flag = **Flag;
        } else if (Setting.Text) {
          if (std::optional<Located<std::string>> Text =
                  Reader.string(Value, Setting.Key))
            Result.*Setting.Text = **Text;
        } else {
          (this->*Setting.Apply)(Value);
        }
      });
    return Reader.parse(Root);
  }

private:
  void version(const YAMLNode &V) {
    if (std::optional<Located<std::string>> Text =
            Reader.string(V, "pytorch-version"))
      Result.PyTorchVersion = std::move(*Text);
  }
  void standard(const YAMLNode &V) {
    static constexpr std::pair<StringRef, StringRef> Standards[] = {
        {"c++17", "c++17"}, {"c++20", "c++20"}};
    if (std::optional<Located<StringRef>> Standard =
            Reader.choice<StringRef>(V, "cxx-standard", Standards))
      Result.CxxStandard = Standard->Value.str();
  }
  void optionals(const YAMLNode &V) {
    static constexpr std::pair<StringRef, OptionalSpelling> Spellings[] = {
        {"std", OptionalSpelling::Std}, {"c10", OptionalSpelling::C10}};
    if (std::optional<Located<OptionalSpelling>> Spelling =
            Reader.choice<OptionalSpelling>(V, "optional-spelling", Spellings))
      Result.Optionals = **Spelling;
  }

  void families(const YAMLNode &V) {
    auto Add = [&](const YAMLNode &Item) {
      if (!Item.isScalar()) {
        Diags.report(diag::profile_syntax, Item.loc(),
                     "a file family must be a name");
        Reader.fail();
        return;
      }
      Result.Families.emplace_back(Item.scalar().str(), Item.range());
    };
    if (!V.isSequence())
      return Add(V);
    for (const YAMLNode &Item : V.items())
      Add(Item);
  }

  static constexpr ProfileSetting Settings[] = {
      {"name", nullptr, &Profile::Name},
      {"pytorch-version", nullptr, nullptr, &ProfileReader::version},
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
      {"families", nullptr, nullptr, &ProfileReader::families},
  };

  const YAMLSource &Source;
  DiagnosticEngine &Diags;
  Profile &Result;
  YAMLDictReader Reader;
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
        .report(diag::profile_inconsistent, Range.Start,
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
                                   InputFiles &Files, DiagnosticEngine &Diags) {
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
  if (!Files.exists(Settings)) {
    Diags.report(diag::driver_unknown_profile, SMLoc(),
                 "unknown profile '" + NameOrPath + "': no " + Settings +
                     " (profiles: pytorch-2.14, pytorch-1.13)");
    return std::nullopt;
  }
  std::optional<YAMLSource> Source = YAMLSource::load(Settings, Files, Diags);
  if (!Source)
    return std::nullopt;
  if (!ProfileReader(*Source, Diags, Result).read() ||
      !validateProfile(*Source, Result, Diags))
    return std::nullopt;
  return Result;
}

} // namespace gradgen
