//===- ProjectConfig.cpp - Where a project's inputs are -------------------===//

#include "gradgen/Frontend/ProjectConfig.h"

#include "gradgen/Support/ClosestMatch.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/Profile.h"
#include "gradgen/Support/YAMLDictReader.h"
#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gradgen {

std::string findProjectConfigFile(StringRef Dir) {
  SmallString<256> Current(Dir);
  if (sys::fs::make_absolute(Current))
    return "";
  sys::path::remove_dots(Current, /*remove_dot_dot=*/true);
  for (StringRef Folder = Current; !Folder.empty();
       Folder = sys::path::parent_path(Folder)) {
    SmallString<256> Candidate(Folder);
    sys::path::append(Candidate, ProjectConfig::FileName);
    if (sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
  }
  return "";
}

namespace {

/// What a key of .gradgen.yaml holds.
enum class ValueKind {
  File,    // a path to an existing file
  Folder,  // a path to an existing folder
  String,  // any string
  Profile, // a profile name, or a path if it holds a '/'
};

struct ConfigKey {
  StringLiteral Name;
  ValueKind Kind;
  /// A list of such values, or one.
  bool IsList;
  Setting<std::string> ProjectConfig::*Text = nullptr;
  Setting<std::vector<std::string>> ProjectConfig::*List = nullptr;
};

const ConfigKey ConfigKeys[] = {
    {"native-functions", ValueKind::File, false,
     &ProjectConfig::NativeFunctions},
    {"tags", ValueKind::File, false, &ProjectConfig::Tags},
    {"deprecated", ValueKind::File, false, &ProjectConfig::Deprecated},
    {"helpers", ValueKind::File, true, nullptr, &ProjectConfig::Helpers},
    {"profile", ValueKind::Profile, false, &ProjectConfig::Profile},
    {"include-dirs", ValueKind::Folder, true, nullptr,
     &ProjectConfig::IncludeDirs},
    {"defines", ValueKind::String, true, nullptr, &ProjectConfig::Defines},
    {"std", ValueKind::String, false, &ProjectConfig::Standard},
    {"compile-commands", ValueKind::Folder, false,
     &ProjectConfig::CompileCommands},
    {"torch-root", ValueKind::Folder, false, &ProjectConfig::TorchRoot},
};

/// Reads one .gradgen.yaml into the settings of a ProjectConfig still unset.
class ConfigFileReader {
public:
  ConfigFileReader(const YAMLSource &Source, DiagnosticEngine &Diags,
                   ProjectConfig &Config)
      : Source(Source), Diags(Diags), Config(Config),
        Folder(sys::path::parent_path(Source.filename())),
        Reader(Diags, {diag::config_syntax, diag::config_unknown_key,
                       "unknown key '%0' in .gradgen.yaml", /*FixIt=*/true}) {}

  bool read() {
    const YAMLNode &Root = Source.root();
    if (Root.isNull())
      return true;
    if (!Root.isMap()) {
      Diags.report(diag::config_syntax, Root.loc(),
                   "expected a mapping of settings, such as "
                   "'native-functions: path'");
      return false;
    }
    bool OK = checkDuplicateKeys(Root, Diags);
    // An empty value has no place of its own (it is where the next token
    // is): report it at its key.
    for (const YAMLMapEntry &Entry : Root.entries())
      if (Entry.Value.isNull() &&
          any_of(ConfigKeys, [&](const ConfigKey &K) {
            return K.Name == Entry.Key.scalar();
          })) {
        Diags
            .report(diag::config_syntax, Entry.Key.loc(),
                    "'" + Entry.Key.scalar() + "' has no value")
            .range(Entry.Key.range());
        OK = false;
      }
    for (const ConfigKey &Key : ConfigKeys)
      Reader.handle(Key.Name, [this, &Key](const YAMLNode &Value) {
        if (!Value.isNull())
          read(Key, Value);
      });
    return Reader.parse(Root) && OK;
  }

private:
  void read(const ConfigKey &Key, const YAMLNode &Value) {
    std::string Origin = (Source.filename() + ":" +
                          Twine(Diags.getSourceMgr().FindLineNumber(Value.loc())))
                             .str();
    if (!Key.IsList) {
      std::optional<std::string> Text = item(Key, Value);
      if (Text && !(Config.*Key.Text).isSet())
        (Config.*Key.Text).set(std::move(*Text), Origin);
      return;
    }
    if (!Reader.expect(Value, YAMLValueKind::Sequence, Key.Name))
      return;
    std::vector<std::string> Values;
    for (const YAMLNode &Item : Value.items()) {
      std::optional<std::string> Text = item(Key, Item);
      if (!Text)
        return;
      Values.push_back(std::move(*Text));
    }
    if (!(Config.*Key.List).isSet())
      (Config.*Key.List).set(std::move(Values), Origin);
  }

  /// One value of Key: a string, resolved and checked as its kind says.
  std::optional<std::string> item(const ConfigKey &Key, const YAMLNode &Value) {
    std::optional<Located<std::string>> Text = Reader.string(Value, Key.Name);
    if (!Text)
      return std::nullopt;
    if (Key.Name == "std")
      return standard(*Text);
    switch (Key.Kind) {
    case ValueKind::String:
      return Text->Value;
    case ValueKind::Profile:
      return StringRef(Text->Value).contains('/') ? resolve(Text->Value)
                                                  : Text->Value;
    case ValueKind::File:
    case ValueKind::Folder:
      break;
    }
    std::string Path = resolve(Text->Value);
    bool IsFile = Key.Kind == ValueKind::File;
    if (IsFile ? sys::fs::is_regular_file(Path) : sys::fs::is_directory(Path))
      return Path;
    Reader.fail();
    Diags
        .report(diag::config_missing_path, Value.loc(),
                "'" + Key.Name + "': no " + (IsFile ? "file" : "folder") +
                    " '" + Path + "'")
        .range(Value.range());
    return std::nullopt;
  }

  /// c++17 or c++20; anything else is reported with the closest of them.
  std::optional<std::string> standard(const Located<std::string> &Text) {
    static constexpr StringLiteral Standards[] = {"c++17", "c++20"};
    if (is_contained(Standards, Text.Value))
      return Text.Value;
    Reader.fail();
    auto Diag = Diags.report(diag::config_syntax, Text.loc(),
                             "'std' expects c++17 or c++20, not '" +
                                 Text.Value + "'");
    Diag.range(Text.Range);
    if (std::optional<StringRef> Closest = closestMatch(Text.Value, Standards))
      Diag.fixIt(Text.Range, *Closest)
          .note(Text.loc(), "did you mean '" + *Closest + "'?");
    return std::nullopt;
  }

  /// A path of the file, relative to its folder.
  std::string resolve(StringRef Path) const {
    if (sys::path::is_absolute(Path))
      return Path.str();
    SmallString<256> Result(Folder);
    sys::path::append(Result, Path);
    sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
    return std::string(Result);
  }

  const YAMLSource &Source;
  DiagnosticEngine &Diags;
  ProjectConfig &Config;
  StringRef Folder;
  YAMLDictReader Reader;
};

/// <root> if Derivatives is <root>/tools/autograd/derivatives.yaml of a
/// PyTorch checkout, recognised by its native_functions.yaml.
std::string checkoutRootOf(StringRef Derivatives) {
  SmallString<256> Path(Derivatives);
  if (sys::fs::make_absolute(Path))
    return "";
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  StringRef Autograd = sys::path::parent_path(Path);
  StringRef Tools = sys::path::parent_path(Autograd);
  if (sys::path::filename(Path) != "derivatives.yaml" ||
      sys::path::filename(Autograd) != "autograd" ||
      sys::path::filename(Tools) != "tools")
    return "";
  std::string Root = sys::path::parent_path(Tools).str();
  SmallString<256> NativeFunctions(Root);
  sys::path::append(NativeFunctions, "aten", "src", "ATen");
  sys::path::append(NativeFunctions, "native", "native_functions.yaml");
  if (!sys::fs::is_regular_file(NativeFunctions))
    return "";
  return Root;
}

/// The profile of the checkout Root: pytorch-<major>.<minor> of its
/// version.txt ("2.6.0a0"), which must be one of TemplatesRoot. Returns
/// false after reporting a version.txt that names none.
bool profileOfCheckout(ProjectConfig &Config, SourceMgr &SM,
                       DiagnosticEngine &Diags) {
  SmallString<256> Path(Config.CheckoutRoot);
  sys::path::append(Path, "version.txt");
  InputFiles Files(SM);
  ErrorOr<unsigned> Buffer = Files.addFile(Path);
  if (!Buffer)
    return true;
  StringRef Text = SM.getMemoryBuffer(*Buffer)->getBuffer();
  StringRef Version = Text.trim();
  SMRange Range(SMLoc::getFromPointer(Version.begin()),
                SMLoc::getFromPointer(Version.end()));
  auto [Major, Rest] = Version.split('.');
  StringRef Minor = Rest.take_while(isDigit);
  std::vector<std::string> Known =
      listProfiles(Config.TemplatesRoot.empty() ? findTemplatesRoot("", nullptr)
                                                : Config.TemplatesRoot,
                   Files);
  std::string Name = ("pytorch-" + Major + "." + Minor).str();
  if (!Major.empty() && all_of(Major, isDigit) && !Minor.empty() &&
      is_contained(Known, Name)) {
    Config.VersionFile = std::string(Path);
    Config.Profile.set(Name, (Path + " (" + Version + ")").str());
    return true;
  }
  Diags
      .report(diag::config_no_profile, Range.Start,
              "gradgen has no profile for PyTorch " + Version +
                  (Known.empty() ? std::string()
                                 : " (profiles: " + join(Known, ", ") + ")"))
      .range(Range)
      .note(SMLoc(), "name a profile with --profile or .gradgen.yaml's "
                     "'profile:', or make " +
                         Name + " as docs/profiles.md describes");
  return false;
}

} // namespace

std::string derivativesFileOf(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  if (Name != "native_functions.yaml" && Name != "deprecated.yaml")
    return Path.str();
  SmallString<256> Absolute(Path);
  if (sys::fs::make_absolute(Absolute))
    return "";
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  // <root>/aten/src/ATen/native/native_functions.yaml and
  // <root>/tools/autograd/deprecated.yaml: up to <root>/tools/autograd.
  StringRef Root = sys::path::parent_path(Absolute);
  unsigned Levels = Name == "deprecated.yaml" ? 2 : 4;
  for (unsigned Level = 0; Level != Levels; ++Level)
    Root = sys::path::parent_path(Root);
  SmallString<256> Derivatives(Root);
  sys::path::append(Derivatives, "tools", "autograd", "derivatives.yaml");
  std::string Found = checkoutRootOf(Derivatives);
  if (Found.empty())
    return "";
  SmallString<256> Listed(Found);
  sys::path::append(Listed, Name == "deprecated.yaml"
                                ? "tools/autograd/deprecated.yaml"
                                : "aten/src/ATen/native/native_functions.yaml");
  return Listed == Absolute ? std::string(Derivatives) : "";
}

bool ProjectConfig::discover(SourceMgr &SM, DiagnosticEngine &Diags) {
  if (!Derivatives.isSet())
    return true;
  bool OK = true;
  ConfigFile = findProjectConfigFile(sys::path::parent_path(Derivatives.Value));
  if (!ConfigFile.empty()) {
    InputFiles Files(SM);
    std::optional<YAMLSource> Source =
        YAMLSource::load(ConfigFile, Files, Diags);
    OK = Source && ConfigFileReader(*Source, Diags, *this).read();
  }

  CheckoutRoot = checkoutRootOf(Derivatives.Value);
  if (CheckoutRoot.empty()) {
    // Out of a checkout, as in one, deprecated.yaml sits beside
    // derivatives.yaml: without it the Python bindings would lose their
    // deprecated overloads without a word.
    SmallString<256> Beside = sys::path::parent_path(Derivatives.Value);
    sys::path::append(Beside, "deprecated.yaml");
    if (!Deprecated.isSet() && sys::fs::is_regular_file(Beside))
      Deprecated.set(std::string(Beside), "beside derivatives.yaml");
    return OK;
  }
  std::string Origin = "PyTorch checkout " + CheckoutRoot;
  auto InCheckout = [&](Setting<std::string> &S,
                        std::initializer_list<StringRef> Parts) {
    SmallString<256> Path(CheckoutRoot);
    for (StringRef Part : Parts)
      sys::path::append(Path, Part);
    if (!S.isSet() && sys::fs::is_regular_file(Path))
      S.set(std::string(Path), Origin);
  };
  InCheckout(NativeFunctions,
             {"aten", "src", "ATen", "native", "native_functions.yaml"});
  InCheckout(Tags, {"aten", "src", "ATen", "native", "tags.yaml"});
  InCheckout(Deprecated, {"tools", "autograd", "deprecated.yaml"});
  if (!TorchRoot.isSet())
    TorchRoot.set(CheckoutRoot, Origin);
  if (!Profile.isSet())
    OK &= profileOfCheckout(*this, SM, Diags);
  Setting<std::string> Manual;
  InCheckout(Manual, {"torch", "csrc", "autograd", "FunctionsManual.h"});
  if (!Helpers.isSet() && Manual.isSet())
    Helpers.set({Manual.Value}, Origin);
  return OK;
}

void ProjectConfig::print(raw_ostream &OS) const {
  OS << "config file: " << (ConfigFile.empty() ? "(none)" : ConfigFile)
     << "\n";
  OS << "PyTorch checkout: " << (CheckoutRoot.empty() ? "(none)" : CheckoutRoot)
     << "\n";
  auto Print = [&](StringRef Name, const auto &S, auto PrintValue) {
    OS << Name << ": ";
    if (!S.isSet()) {
      OS << "(unset)\n";
      return;
    }
    PrintValue(S.Value);
    OS << "  [" << S.Origin << "]\n";
  };
  auto Text = [&](const std::string &V) { OS << V; };
  auto List = [&](const std::vector<std::string> &V) {
    OS << "[" << join(V, ", ") << "]";
  };
  Print("derivatives", Derivatives, Text);
  Print("native-functions", NativeFunctions, Text);
  Print("tags", Tags, Text);
  Print("deprecated", Deprecated, Text);
  Print("helpers", Helpers, List);
  Print("profile", Profile, Text);
  Print("include-dirs", IncludeDirs, List);
  Print("defines", Defines, List);
  Print("std", Standard, Text);
  Print("compile-commands", CompileCommands, Text);
  Print("torch-root", TorchRoot, Text);
}

} // namespace gradgen
