//===- Profile.h - What differs between PyTorch versions --------*- C++ -*-===//
//
// A profile is a folder under templates/: the file and node templates of one
// PyTorch version, its rule tables, and profile.yaml with the switches in
// which that version's generator behaves differently. Code asks the profile;
// it never compares version numbers.
//
// A profile may inherit another (`inherits: <name or folder>`): its folder
// then holds only what differs from its parent. Its sections start from the
// parent's and the keys it sets replace the parent's values; a file (a
// template, a table) is taken from the nearest folder of the chain that has
// it.
//
// profile.yaml has three keys of its own (inherits; name and
// pytorch-version, both for people) and one section a stage: `schema:`,
// `derivatives:`, `formula:`, `nodes:`, `emit:`, `variable-type:`, ... Support
// knows no section: each stage declares its section as a ProfileSection
// subclass, the caller of loadProfile passes the kinds it knows (the Frontend
// passes every stage's, gradgen/Frontend/ProfileSections.h), and code asks for
// a section with Profile::get<Section>(). Adding a stage adds a section without
// touching this file.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_PROFILE_H
#define GRADGEN_SUPPORT_PROFILE_H

#include "gradgen/Config.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/Located.h"
#include "gradgen/Support/YAMLDictReader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gradgen {

class InputFiles;
struct Profile;
class ProfileSection;

/// Declares the keys of one section to its YAMLDictReader; each typed reader
/// stores the value into a field of the section and remembers where
/// profile.yaml set it.
class ProfileSectionReader {
public:
  ProfileSectionReader(YAMLDictReader &Reader, ProfileSection &Section)
      : Reader(Reader), Section(Section) {}

  void flag(llvm::StringRef Key, bool &Field);
  void text(llvm::StringRef Key, std::string &Field);
  void number(llvm::StringRef Key, unsigned &Field);
  /// A list of names (or one name).
  void names(llvm::StringRef Key, std::vector<std::string> &Field);
  /// Each name of the list (or the one name) Value, for keys read by custom.
  void eachName(const YAMLNode &Value, llvm::StringRef Key,
                llvm::function_ref<void(const YAMLNode &Name)> Each);
  /// One of Choices by its spelling.
  template <typename T>
  void choice(llvm::StringRef Key, T &Field,
              std::vector<std::pair<llvm::StringRef, T>> Choices) {
    custom(Key, [this, Key, &Field, Choices](const YAMLNode &Value) {
      if (std::optional<Located<T>> Choice =
              Reader.choice<T>(Value, Key, Choices))
        Field = **Choice;
    });
  }
  /// A key whose value Parse reads.
  void custom(llvm::StringRef Key, YAMLDictReader::Handler Parse);

  YAMLDictReader &dict() { return Reader; }

private:
  YAMLDictReader &Reader;
  ProfileSection &Section;
};

/// The switches of one stage: one mapping of profile.yaml.
class ProfileSection {
public:
  virtual ~ProfileSection();

  /// Declares every key of the section.
  virtual void read(ProfileSectionReader &Reader) = 0;
  /// Checks switches that only work together, once every section is read;
  /// reports to Diags and returns false if they do not.
  virtual bool validate(const Profile &P, DiagnosticEngine &Diags) const;
  virtual std::unique_ptr<ProfileSection> clone() const = 0;

  /// Where profile.yaml sets Key's value; invalid if it does not.
  llvm::SMRange rangeOf(llvm::StringRef Key) const;
  /// Where the section's name is in profile.yaml.
  llvm::SMRange SectionRange;
  std::map<std::string, llvm::SMRange, std::less<>> Ranges;
};

/// CRTP helper: the copy of a section is a copy of Derived.
template <typename Derived> class ProfileSectionBase : public ProfileSection {
public:
  std::unique_ptr<ProfileSection> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived &>(*this));
  }
};

/// One kind of section: its key in profile.yaml and how to make one with
/// its defaults.
struct ProfileSectionKind {
  llvm::StringRef Name;
  std::unique_ptr<ProfileSection> (*Create)();

  /// The kind of T, whose key is T::SectionName.
  template <typename T> static ProfileSectionKind of() {
    return {T::SectionName, []() -> std::unique_ptr<ProfileSection> {
              return std::make_unique<T>();
            }};
  }
};

struct Profile {
  /// The folder name, e.g. "pytorch-2.14".
  std::string Name;
  /// The folder holding profile.yaml and the templates.
  std::string Directory;
  /// Directory and the folders it inherits from, nearest first.
  std::vector<std::string> Directories;
  /// Each file of the chain by its path relative to its folder ('/'), from
  /// the nearest folder that has it.
  std::map<std::string, std::string, std::less<>> FilesByPath;
  /// The PyTorch release the templates reproduce, e.g. "2.14.1": for
  /// people; no code reads a version number.
  Located<std::string> PyTorchVersion;
  Profile() = default;
  Profile(const Profile &Other);
  Profile &operator=(const Profile &Other);
  Profile(Profile &&) = default;
  Profile &operator=(Profile &&) = default;

  /// The section T, or T's defaults if profile.yaml has none.
  template <typename T> const T &get() const {
    if (const ProfileSection *Section = find(T::SectionName))
      return static_cast<const T &>(*Section);
    static const T Defaults;
    return Defaults;
  }
  /// The section T to change (programs and tests that build a profile).
  template <typename T> T &getMutable() {
    if (ProfileSection *Section = find(T::SectionName))
      return static_cast<T &>(*Section);
    auto Created = std::make_unique<T>();
    T &Result = *Created;
    Sections[T::SectionName.str()] = std::move(Created);
    return Result;
  }

  /// The file RelativePath of the profile: the nearest folder's that has it,
  /// else Directory's (which does not exist).
  std::string path(llvm::StringRef RelativePath) const;

  /// The sections profile.yaml has, by name.
  std::map<std::string, std::unique_ptr<ProfileSection>, std::less<>> Sections;

private:
  const ProfileSection *find(llvm::StringRef Section) const;
  ProfileSection *find(llvm::StringRef Section);
};

/// The folder holding the profiles: Override if given, else
/// ../share/gradgen/templates next to the executable (Argv0).
std::string findTemplatesRoot(llvm::StringRef Override, const char *Argv0);

/// The names of the profiles in TemplatesRoot, sorted.
std::vector<std::string> listProfiles(llvm::StringRef TemplatesRoot,
                                      InputFiles &Files);

/// Loads the profile NameOrPath: a folder path if it contains a '/', else a
/// folder of TemplatesRoot; then the profiles it inherits from. profile.yaml
/// may have a section of each of Sections and no other; each section read is
/// validated once all are. Errors are reported to Diags.
std::optional<Profile> loadProfile(llvm::StringRef NameOrPath,
                                   llvm::StringRef TemplatesRoot,
                                   llvm::ArrayRef<ProfileSectionKind> Sections,
                                   InputFiles &Files, DiagnosticEngine &Diags);

/// The profile used when none is named.
constexpr llvm::StringLiteral DefaultProfileName = GRADGEN_DEFAULT_PROFILE;

} // namespace gradgen

#endif // GRADGEN_SUPPORT_PROFILE_H
