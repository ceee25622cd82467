//===- ProjectConfig.cpp - Where a project's inputs are -------------------===//

#include "gradgen/Frontend/ProjectConfig.h"

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
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
  File,      // a path to an existing file
  Folder,    // a path to an existing folder
  FileList,  // a list of paths to existing files
  FolderList,
  Strings,   // a list of strings
  Profile,   // a profile name, or a path if it holds a '/'
  Standard,  // c++17 or c++20
};

struct ConfigKey {
  StringLiteral Name;
  ValueKind Kind;
  Setting<std::string> ProjectConfig::*Text = nullptr;
  Setting<std::vector<std::string>> ProjectConfig::*List = nullptr;
};

const ConfigKey ConfigKeys[] = {
    {"native-functions", ValueKind::File, &ProjectConfig::NativeFunctions},
    {"tags", ValueKind::File, &ProjectConfig::Tags},
    {"deprecated", ValueKind::File, &ProjectConfig::Deprecated},
    {"helpers", ValueKind::FileList, nullptr, &ProjectConfig::Helpers},
    {"profile", ValueKind::Profile, &ProjectConfig::Profile},
    {"include-dirs", ValueKind::FolderList, nullptr,
     &ProjectConfig::IncludeDirs},
    {"defines", ValueKind::Strings, nullptr, &ProjectConfig::Defines},
    {"std", ValueKind::Standard, &ProjectConfig::Standard},
    {"compile-commands", ValueKind::Folder, &ProjectConfig::CompileCommands},
};

const StringLiteral Standards[] = {"c++17", "c++20"};

/// The candidate closest to Word, if close enough to be a typo of it.
template <typename Range>
std::optional<StringRef> closestWord(StringRef Word, const Range &Candidates) {
  std::optional<StringRef> Best;
  unsigned BestDistance = std::max<size_t>(2, Word.size() / 3) + 1;
  for (StringRef Candidate : Candidates) {
    unsigned Distance = Word.edit_distance(Candidate, true, BestDistance);
    if (Distance < BestDistance) {
      BestDistance = Distance;
      Best = Candidate;
    }
  }
  return Best;
}

/// Reads one .gradgen.yaml into the settings of a ProjectConfig still unset.
class ConfigFileReader {
public:
  ConfigFileReader(const YAMLSource &Source, DiagnosticEngine &Diags,
                   ProjectConfig &Config)
      : Source(Source), Diags(Diags), Config(Config),
        Folder(sys::path::parent_path(Source.filename())) {}

  bool read() {
    const YAMLNode &Root = Source.root();
    if (Root.isNull())
      return true;
    if (!Root.isMap()) {
      Diags.error("config.syntax", Root.loc(),
                  "expected a mapping of settings, such as "
                  "'native-functions: path'");
      return false;
    }
    StringSet<> Seen;
    for (const YAMLMapEntry &Entry : Root.entries())
      readEntry(Entry, Seen);
    return OK;
  }

private:
  void readEntry(const YAMLMapEntry &Entry, StringSet<> &Seen) {
    StringRef Name = Entry.Key.scalar();
    const ConfigKey *Key = find_if(
        ConfigKeys, [&](const ConfigKey &K) { return K.Name == Name; });
    if (Key == std::end(ConfigKeys)) {
      auto Diag = error("config.unknown-key", Entry.Key,
                        "unknown key '" + Name + "' in " +
                            ProjectConfig::FileName);
      SmallVector<StringRef, 16> Names;
      for (const ConfigKey &K : ConfigKeys)
        Names.push_back(K.Name);
      if (std::optional<StringRef> Closest = closestWord(Name, Names))
        Diag.note(Entry.Key.loc(), "did you mean '" + *Closest + "'?")
            .fixIt(Entry.Key.range(), *Closest);
      return;
    }
    if (!Seen.insert(Name).second) {
      error("config.duplicate-key", Entry.Key,
            "'" + Name + "' is set twice");
      return;
    }
    if (Entry.Value.isNull()) {
      error("config.value", Entry.Key,
            "'" + Name + "' expects " +
                (Key->List ? StringRef("a list, such as [a, b]")
                           : describe(Key->Kind)) +
                ", but has no value");
      return;
    }
    std::string Origin = originOf(Entry.Key);
    if (Key->List) {
      std::optional<std::vector<std::string>> Values =
          readList(*Key, Entry.Value);
      if (Values && !(Config.*Key->List).isSet())
        (Config.*Key->List).set(std::move(*Values), Origin);
      return;
    }
    std::optional<std::string> Value = readScalar(*Key, Entry.Value);
    if (Value && !(Config.*Key->Text).isSet())
      (Config.*Key->Text).set(std::move(*Value), Origin);
  }

  std::optional<std::vector<std::string>> readList(const ConfigKey &Key,
                                                   const YAMLNode &Value) {
    if (!Value.isSequence()) {
      error("config.value", Value,
            "'" + Key.Name + "' expects a list, such as [a, b]");
      return std::nullopt;
    }
    std::vector<std::string> Values;
    bool ListOK = true;
    for (const YAMLNode &Item : Value.items()) {
      ValueKind ItemKind = Key.Kind == ValueKind::FileList     ? ValueKind::File
                           : Key.Kind == ValueKind::FolderList ? ValueKind::Folder
                                                               : ValueKind::Strings;
      std::optional<std::string> Text = readItem(Key, ItemKind, Item);
      if (Text)
        Values.push_back(std::move(*Text));
      else
        ListOK = false;
    }
    if (!ListOK)
      return std::nullopt;
    return Values;
  }

  std::optional<std::string> readScalar(const ConfigKey &Key,
                                        const YAMLNode &Value) {
    return readItem(Key, Key.Kind, Value);
  }

  std::optional<std::string> readItem(const ConfigKey &Key, ValueKind Kind,
                                      const YAMLNode &Value) {
    if (!Value.isScalar() || Value.scalar().empty()) {
      error("config.value", Value,
            "'" + Key.Name + "' expects " + describe(Kind));
      return std::nullopt;
    }
    StringRef Text = Value.scalar();
    switch (Kind) {
    case ValueKind::File:
    case ValueKind::Folder: {
      std::string Path = resolve(Text);
      bool Exists = Kind == ValueKind::File ? sys::fs::is_regular_file(Path)
                                            : sys::fs::is_directory(Path);
      if (!Exists) {
        error("config.value", Value,
              "'" + Key.Name + "': no " +
                  (Kind == ValueKind::File ? "file" : "folder") + " '" +
                  Path + "'");
        return std::nullopt;
      }
      return Path;
    }
    case ValueKind::Profile:
      return Text.contains('/') ? resolve(Text) : Text.str();
    case ValueKind::Standard:
      if (is_contained(Standards, Text))
        return Text.str();
      {
        auto Diag = error("config.value", Value,
                          "'std' expects c++17 or c++20, not '" + Text + "'");
        if (std::optional<StringRef> Closest = closestWord(Text, Standards))
          Diag.note(Value.loc(), "did you mean '" + *Closest + "'?")
              .fixIt(Value.range(), *Closest);
      }
      return std::nullopt;
    case ValueKind::Strings:
    case ValueKind::FileList:
    case ValueKind::FolderList:
      return Text.str();
    }
    return Text.str();
  }

  static StringRef describe(ValueKind Kind) {
    switch (Kind) {
    case ValueKind::File:
      return "the path of a file";
    case ValueKind::Folder:
      return "the path of a folder";
    case ValueKind::Profile:
      return "a profile name or folder";
    case ValueKind::Standard:
      return "c++17 or c++20";
    default:
      return "a string";
    }
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

  std::string originOf(const YAMLNode &Node) const {
    unsigned Line = Diags.getSourceMgr().FindLineNumber(Node.loc());
    return (Source.filename() + ":" + Twine(Line)).str();
  }

  DiagnosticBuilder error(StringRef ID, const YAMLNode &Node,
                          const Twine &Message) {
    OK = false;
    auto Diag = Diags.error(ID, Node.loc(), Message);
    if (Node.isScalar())
      Diag.range(Node.range());
    return Diag;
  }

  const YAMLSource &Source;
  DiagnosticEngine &Diags;
  ProjectConfig &Config;
  StringRef Folder;
  bool OK = true;
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

} // namespace

bool ProjectConfig::discover(SourceMgr &SM, DiagnosticEngine &Diags) {
  if (!Derivatives.isSet())
    return true;
  bool OK = true;
  ConfigFile = findProjectConfigFile(sys::path::parent_path(Derivatives.Value));
  if (!ConfigFile.empty()) {
    std::optional<YAMLSource> Source = YAMLSource::load(ConfigFile, SM, Diags);
    OK = Source && ConfigFileReader(*Source, Diags, *this).read();
  }

  CheckoutRoot = checkoutRootOf(Derivatives.Value);
  if (CheckoutRoot.empty())
    return OK;
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
}

} // namespace gradgen
