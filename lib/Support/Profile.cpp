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
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>

#include <functional>

using namespace llvm;

namespace gradgen {

std::string Profile::path(StringRef RelativePath) const {
  auto It = FilesByPath.find(sys::path::convert_to_slash(RelativePath));
  if (It != FilesByPath.end())
    return It->second;
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
  Directories = Other.Directories;
  FilesByPath = Other.FilesByPath;
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

/// Reads one profile.yaml of a chain: its own keys, and each section with the
/// reader of its kind, over what the folders it inherits from set.
class ProfileReader {
public:
  ProfileReader(const YAMLSource &Source, ArrayRef<ProfileSectionKind> Kinds,
                DiagnosticEngine &Diags, Profile &Result)
      : Source(Source), Kinds(Kinds), Diags(Diags), Result(Result),
        Reader(Diags, {diag::profile_syntax, diag::profile_unknown_key,
                       "unknown profile section '%0'", /*FixIt=*/true}) {}

  bool read() {
    const YAMLNode &Root = Source.root();
    Reader.handle("name", [this](const YAMLNode &V) {
      if (std::optional<Located<std::string>> Text = Reader.string(V, "name"))
        Result.Name = **Text;
    });
    Reader.handle("pytorch-version", [this](const YAMLNode &V) {
      if (std::optional<Located<std::string>> Text =
              Reader.string(V, "pytorch-version"))
        Result.PyTorchVersion = std::move(*Text);
    });
    // Read before the rest of the file, by loadProfileChain.
    Reader.handle("inherits");
    for (const ProfileSectionKind &Kind : Kinds)
      Reader.handle(Kind.Name,
                    [this, &Kind](const YAMLNode &V) { section(Kind, V); });
    return Reader.parse(Root);
  }

private:
  /// The section starts from the parent's, and the keys this file sets
  /// replace the parent's values.
  void section(const ProfileSectionKind &Kind, const YAMLNode &Value) {
    auto Inherited = Result.Sections.find(Kind.Name);
    std::unique_ptr<ProfileSection> Section =
        Inherited == Result.Sections.end() ? Kind.Create()
                                           : Inherited->second->clone();
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

  const YAMLSource &Source;
  ArrayRef<ProfileSectionKind> Kinds;
  DiagnosticEngine &Diags;
  Profile &Result;
  YAMLDictReader Reader;
};

/// Loads a chain of profile folders, each the parent of the one before.
class ProfileChainLoader {
public:
  ProfileChainLoader(StringRef TemplatesRoot,
                     ArrayRef<ProfileSectionKind> Kinds, InputFiles &Files,
                     DiagnosticEngine &Diags, Profile &Result)
      : TemplatesRoot(TemplatesRoot), Kinds(Kinds), Files(Files),
        Diags(Diags), Result(Result) {}

  /// Loads the folder Dir (named NameOrPath where the user named it, at Loc
  /// where a profile.yaml did) after its ancestors.
  bool load(StringRef NameOrPath, const std::string &Dir, SMRange Loc) {
    std::string Settings = joinPath(Dir, "profile.yaml");
    if (!Files.exists(Settings)) {
      reportUnknown(NameOrPath, Settings, Loc);
      return false;
    }
    if (is_contained(Visiting, Dir)) {
      Diags.report(diag::profile_inherits, Loc.Start,
                   "profile '" + NameOrPath + "' inherits from itself")
          .range(Loc);
      return false;
    }
    Visiting.push_back(Dir);
    std::optional<YAMLSource> Source = YAMLSource::load(Settings, Files, Diags);
    if (!Source)
      return false;
    const YAMLNode &Root = Source->root();
    if (!Root.isMap()) {
      Diags.report(diag::profile_syntax, Root.loc(),
                   "a profile must be a mapping of settings");
      return false;
    }
    if (const YAMLNode *Parent = Root.lookup("inherits")) {
      if (!Parent->isScalar() || Parent->scalar().empty()) {
        Diags.report(diag::profile_syntax, Parent->loc(),
                     "'inherits' takes the name of a profile or the path of "
                     "a profile folder")
            .range(Parent->range());
        return false;
      }
      if (!load(Parent->scalar(), resolve(Parent->scalar(), Dir),
                Parent->range()))
        return false;
    }
    // Nearest first: this folder goes before the ancestors just loaded.
    Result.Directories.insert(Result.Directories.begin(), Dir);
    Result.Name = sys::path::filename(Dir).str();
    return ProfileReader(*Source, Kinds, Diags, Result).read();
  }

  /// Where the profile NameOrPath is: a folder of TemplatesRoot for a name,
  /// else a path, relative to the folder of the profile that names it.
  std::string resolve(StringRef NameOrPath, StringRef NamedIn) const {
    if (!NameOrPath.contains('/'))
      return joinPath(TemplatesRoot, NameOrPath);
    if (sys::path::is_absolute(NameOrPath) || NamedIn.empty())
      return NameOrPath.str();
    return joinPath(NamedIn, NameOrPath);
  }

private:
  static std::string joinPath(StringRef Dir, StringRef Name) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    return std::string(Path);
  }

  void reportUnknown(StringRef NameOrPath, StringRef Settings, SMRange Loc) {
    std::string Known = join(listProfiles(TemplatesRoot, Files), ", ");
    Diags
        .report(Loc.isValid() ? diag::profile_inherits
                              : diag::driver_unknown_profile,
                Loc.Start,
                "unknown profile '" + NameOrPath + "': no " + Settings +
                    (Known.empty() ? "" : " (profiles: " + Known + ")"))
        .range(Loc);
  }

  StringRef TemplatesRoot;
  ArrayRef<ProfileSectionKind> Kinds;
  InputFiles &Files;
  DiagnosticEngine &Diags;
  Profile &Result;
  /// The folders of the chain being loaded, for cycles.
  std::vector<std::string> Visiting;
};

/// Each file below Dir, by its path relative to Dir ('/'-separated).
void listFiles(vfs::FileSystem &FS, StringRef Dir,
               std::map<std::string, std::string, std::less<>> &Found) {
  std::error_code EC;
  for (vfs::recursive_directory_iterator It(FS, Dir, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (It->type() == sys::fs::file_type::directory_file)
      continue;
    StringRef Path = It->path();
    StringRef Relative = Path.drop_front(Dir.size()).ltrim("/");
    std::string Key = sys::path::convert_to_slash(Relative);
    Found.insert_or_assign(std::move(Key), Path.str());
  }
}

} // namespace

std::vector<std::string> listProfiles(StringRef TemplatesRoot,
                                      InputFiles &Files) {
  std::vector<std::string> Names;
  vfs::FileSystem &FS = *Files.getFileSystem();
  std::error_code EC;
  for (vfs::directory_iterator It = FS.dir_begin(TemplatesRoot, EC), End;
       It != End && !EC; It.increment(EC)) {
    SmallString<256> Settings(It->path());
    sys::path::append(Settings, "profile.yaml");
    if (FS.exists(Settings))
      Names.push_back(sys::path::filename(It->path()).str());
  }
  llvm::sort(Names);
  return Names;
}

std::optional<Profile> loadProfile(StringRef NameOrPath,
                                   StringRef TemplatesRoot,
                                   ArrayRef<ProfileSectionKind> Sections,
                                   InputFiles &Files, DiagnosticEngine &Diags) {
  Profile Result;
  ProfileChainLoader Loader(TemplatesRoot, Sections, Files, Diags, Result);
  std::string Dir = Loader.resolve(NameOrPath, "");
  if (!Loader.load(NameOrPath, Dir, SMRange()))
    return std::nullopt;
  Result.Directory = Dir;
  // A nearer folder's file hides its ancestors'.
  for (const std::string &Folder : llvm::reverse(Result.Directories))
    listFiles(*Files.getFileSystem(), Folder, Result.FilesByPath);
  // A section no profile.yaml of the chain has keeps its defaults, which are
  // checked against the others too.
  for (const ProfileSectionKind &Kind : Sections)
    if (!Result.Sections.count(Kind.Name))
      Result.Sections[Kind.Name.str()] = Kind.Create();
  bool OK = true;
  for (const auto &Entry : Result.Sections)
    OK &= Entry.second->validate(Result, Diags);
  if (!OK)
    return std::nullopt;
  return Result;
}

} // namespace gradgen
