//===- Profile.cpp - What differs between PyTorch versions ----------------===//

#include "gradgen/Support/Profile.h"

#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/InstallLayout.h"
#include "gradgen/Support/YAMLDictReader.h"
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

ProfileSection::~ProfileSection() = default;

bool ProfileSection::validate(const Profile &, DiagnosticEngine &) const {
  return true;
}

SMRange ProfileSection::rangeOf(StringRef Key) const {
  auto It = Ranges.find(Key);
  return It == Ranges.end() ? SMRange() : It->second;
}

void ProfileSectionReader::custom(StringRef Key,
                                  YAMLDictReader::Handler Parse) {
  Reader.handle(Key, [this, Key = Key.str(), Parse](const YAMLNode &Value) {
    Section.Ranges[Key] = Value.range();
    Parse(Value);
  });
}

void ProfileSectionReader::flag(StringRef Key, bool &Field) {
  custom(Key, [this, Key, &Field](const YAMLNode &Value) {
    if (std::optional<Located<bool>> Flag = Reader.boolean(Value, Key))
      Field = **Flag;
  });
}

void ProfileSectionReader::text(StringRef Key, std::string &Field) {
  custom(Key, [this, Key, &Field](const YAMLNode &Value) {
    if (std::optional<Located<std::string>> Text = Reader.string(Value, Key))
      Field = **Text;
  });
}

void ProfileSectionReader::number(StringRef Key, unsigned &Field) {
  custom(Key, [this, Key, &Field](const YAMLNode &Value) {
    if (Reader.expect(Value, YAMLValueKind::Int, Key))
      Value.scalar().getAsInteger(10, Field);
  });
}

void ProfileSectionReader::eachName(
    const YAMLNode &Value, StringRef Key,
    function_ref<void(const YAMLNode &Name)> Each) {
  if (!Value.isSequence()) {
    if (Reader.expect(Value, YAMLValueKind::String, Key))
      Each(Value);
    return;
  }
  for (const YAMLNode &Item : Value.items())
    if (Reader.expect(Item, YAMLValueKind::String, Key))
      Each(Item);
}

void ProfileSectionReader::names(StringRef Key,
                                 std::vector<std::string> &Field) {
  custom(Key, [this, Key, &Field](const YAMLNode &Value) {
    Field.clear();
    eachName(Value, Key, [&](const YAMLNode &Name) {
      Field.push_back(Name.scalar().str());
    });
  });
}

Profile::Profile(const Profile &Other) { *this = Other; }

Profile &Profile::operator=(const Profile &Other) {
  if (this == &Other)
    return *this;
  Name = Other.Name;
  Directory = Other.Directory;
  PyTorchVersion = Other.PyTorchVersion;
  Sections.clear();
  for (const auto &[Key, Section] : Other.Sections)
    Sections[Key] = Section->clone();
  return *this;
}

const ProfileSection *Profile::find(StringRef Section) const {
  auto It = Sections.find(Section);
  return It == Sections.end() ? nullptr : It->second.get();
}

ProfileSection *Profile::find(StringRef Section) {
  auto It = Sections.find(Section);
  return It == Sections.end() ? nullptr : It->second.get();
}

namespace {

/// Reads profile.yaml: its own keys, and each section with the reader of its
/// kind.
class ProfileReader {
public:
  ProfileReader(const YAMLSource &Source, ArrayRef<ProfileSectionKind> Kinds,
                DiagnosticEngine &Diags, Profile &Result)
      : Source(Source), Kinds(Kinds), Diags(Diags), Result(Result),
        Reader(Diags, {diag::profile_syntax, diag::profile_unknown_key,
                       "unknown profile section '%0'", /*FixIt=*/true}) {}

  bool read() {
    const YAMLNode &Root = Source.root();
    if (!Root.isMap()) {
      Diags.report(diag::profile_syntax, Root.loc(),
                   "a profile must be a mapping of settings");
      return false;
    }
    Reader.handle("name", [this](const YAMLNode &V) {
      if (std::optional<Located<std::string>> Text = Reader.string(V, "name"))
        Result.Name = **Text;
    });
    Reader.handle("pytorch-version", [this](const YAMLNode &V) {
      if (std::optional<Located<std::string>> Text =
              Reader.string(V, "pytorch-version"))
        Result.PyTorchVersion = std::move(*Text);
    });
    for (const ProfileSectionKind &Kind : Kinds)
      Reader.handle(Kind.Name,
                    [this, &Kind](const YAMLNode &V) { section(Kind, V); });
    if (!Reader.parse(Root))
      return false;
    // A section profile.yaml leaves out has its defaults, which are checked
    // against the others too.
    for (const ProfileSectionKind &Kind : Kinds)
      if (!Result.Sections.count(Kind.Name))
        Result.Sections[Kind.Name.str()] = Kind.Create();
    return validate();
  }

private:
  void section(const ProfileSectionKind &Kind, const YAMLNode &Value) {
    std::unique_ptr<ProfileSection> Section = Kind.Create();
    for (const YAMLMapEntry &Entry : Source.root().entries())
      if (Entry.Key.scalar() == Kind.Name)
        Section->SectionRange = Entry.Key.range();
    if (!Reader.expect(Value, YAMLValueKind::Map, Kind.Name))
      return;
    std::string UnknownKey =
        ("unknown setting '%0' in the profile's '" + Kind.Name + ":' section")
            .str();
    YAMLDictReader SectionDict(Diags, {diag::profile_syntax,
                                       diag::profile_unknown_key, UnknownKey,
                                       /*FixIt=*/true});
    ProfileSectionReader SectionReader(SectionDict, *Section);
    Section->read(SectionReader);
    if (!SectionDict.parse(Value))
      Reader.fail();
    Result.Sections[Kind.Name.str()] = std::move(Section);
  }

  /// Each section's switch combinations, in the order of the section names.
  bool validate() {
    bool OK = true;
    for (const auto &Entry : Result.Sections)
      OK &= Entry.second->validate(Result, Diags);
    return OK;
  }

  const YAMLSource &Source;
  ArrayRef<ProfileSectionKind> Kinds;
  DiagnosticEngine &Diags;
  Profile &Result;
  YAMLDictReader Reader;
};

} // namespace

std::optional<Profile> loadProfile(StringRef NameOrPath,
                                   StringRef TemplatesRoot,
                                   ArrayRef<ProfileSectionKind> Sections,
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
                     " (profiles: pytorch-2.14, pytorch-2.6, pytorch-1.13)");
    return std::nullopt;
  }
  std::optional<YAMLSource> Source = YAMLSource::load(Settings, Files, Diags);
  if (!Source)
    return std::nullopt;
  if (!ProfileReader(*Source, Sections, Diags, Result).read())
    return std::nullopt;
  return Result;
}

} // namespace gradgen
