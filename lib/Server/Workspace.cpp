//===- Workspace.cpp - Where a derivatives.yaml's inputs are --------------===//

#include "Workspace.h"

#include "gradgen/Frontend/ProjectConfig.h"
#include "gradgen/LSP/Protocol.h"
#include "gradgen/Support/Diagnostics.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gradgen::server {

Error Workspace::setOptions(const json::Value &Value) {
  const json::Object *O = Value.getAsObject();
  if (!O) {
    if (Value.kind() == json::Value::Null)
      return Error::success();
    return lsp::makeLSPError(lsp::ErrorCode::InvalidParams,
                             "initializationOptions must be an object");
  }
  // The client's options are the editor's command line.
  const std::string Origin = "initializationOptions";
  ProjectConfig &Given = Options.Project;
  auto String = [&](StringRef Key, Setting<std::string> &Out) {
    if (std::optional<StringRef> S = O->getString(Key))
      Out.set(S->str(), Origin);
  };
  auto List = [&](StringRef Key, Setting<std::vector<std::string>> &Out) {
    const json::Array *Items = O->getArray(Key);
    if (!Items)
      return;
    std::vector<std::string> Values;
    for (const json::Value &Item : *Items)
      if (std::optional<StringRef> S = Item.getAsString())
        Values.push_back(S->str());
    Out.set(std::move(Values), Origin);
  };
  String("nativeFunctions", Given.NativeFunctions);
  String("tags", Given.Tags);
  String("deprecated", Given.Deprecated);
  String("profile", Given.Profile);
  String("std", Given.Standard);
  List("helpers", Given.Helpers);
  List("includeDirs", Given.IncludeDirs);
  List("defines", Given.Defines);
  if (std::optional<StringRef> Templates = O->getString("templatesDir"))
    Options.TemplatesRoot = Templates->str();
  if (std::optional<StringRef> Cache = O->getString("cacheDir"))
    Options.CacheDir = Cache->str();
  if (std::optional<StringRef> Libtorch = O->getString("libtorch"))
    Options.Libtorch = Libtorch->str();
  if (std::optional<bool> Formulas = O->getBoolean("formulaChecks"))
    Options.CheckFormulas = *Formulas;
  if (Given.NativeFunctions.isSet() && !Given.Tags.isSet())
    Given.Tags.set(
        (sys::path::parent_path(Given.NativeFunctions.Value) + "/tags.yaml")
            .str(),
        Origin);
  return Error::success();
}

bool Workspace::isDerivativesFile(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  // The other inputs are checked by the checks of the derivatives.yaml that
  // reads them, which publish their diagnostics.
  return Name.endswith(".yaml") && Name != "native_functions.yaml" &&
         Name != "tags.yaml" && Name != "deprecated.yaml" &&
         Name != ".gradgen.yaml";
}

bool Workspace::isEditedInput(StringRef Path) {
  // native_functions.yaml is read from the disk: checking every keystroke of
  // it would parse its megabytes again each time.
  return sys::path::filename(Path) == "deprecated.yaml";
}

static std::string joined(StringRef Dir, StringRef Relative) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, sys::path::Style::posix, Relative);
  return std::string(Path);
}

bool Workspace::resolveFor(StringRef Derivatives, CheckConfig &Config) const {
  ProjectConfig Project = Options.Project;
  Project.Derivatives.set(Derivatives.str(), "editor");
  Project.TemplatesRoot = findTemplatesRoot(Options.TemplatesRoot, Argv0);
  SourceMgr SM;
  DiagnosticEngine Diags(SM);
  std::string Problem;
  raw_string_ostream OS(Problem);
  Diags.setConsumer(createTextDiagnosticConsumer(OS, false));
  bool OK = Project.resolve(SM, Diags);
  Diags.finish();
  OS.flush();
  if (!OK) {
    // A broken .gradgen.yaml counts as none; the editor is told why once.
    if (Config.Problem.empty())
      Config.Problem = Problem;
    return false;
  }
  Config.Project = std::move(Project);
  return Config.hasSchemas();
}

CheckConfig Workspace::configFor(StringRef Path) const {
  CheckConfig Config = Options;
  if (resolveFor(Path, Config))
    return Config;
  StringRef Dir = sys::path::parent_path(Path);
  if (sys::fs::exists(joined(Dir, "native_functions.yaml"))) {
    std::string Origin = "beside " + Path.str();
    ProjectConfig &Project = Config.Project;
    Project.NativeFunctions.set(joined(Dir, "native_functions.yaml"), Origin);
    Project.Tags.set(joined(Dir, "tags.yaml"), Origin);
    if (!Project.Helpers.isSet() && sys::fs::exists(joined(Dir, "helpers.h")))
      Project.Helpers.set({joined(Dir, "helpers.h")}, Origin);
    if (!Project.Deprecated.isSet() &&
        sys::fs::exists(joined(Dir, "deprecated.yaml")))
      Project.Deprecated.set(joined(Dir, "deprecated.yaml"), Origin);
    return Config;
  }
  // Another file of a checkout, or one outside the workspace's checkout:
  // what the Frontend finds for the checkout's own derivatives.yaml.
  auto FromCheckout = [&](StringRef Root) {
    return resolveFor(joined(Root, "tools/autograd/derivatives.yaml"), Config);
  };
  for (StringRef Parent = Dir; !Parent.empty();
       Parent = sys::path::parent_path(Parent))
    if (FromCheckout(Parent))
      return Config;
  if (!Root.empty())
    FromCheckout(Root);
  return Config;
}

std::optional<std::string> Workspace::missingInputs(StringRef Path) {
  CheckConfig Config = configFor(Path);
  if (Config.hasSchemas())
    return std::nullopt;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Warned)
    return std::nullopt;
  Warned = true;
  if (!Config.Problem.empty())
    return "gradgen: " + StringRef(Config.Problem).rtrim().str() +
           "\nOnly the YAML of " + Path.str() +
           " and the shape of its entries are checked.";
  return "gradgen: no native_functions.yaml found for " + Path.str() +
         " (not beside it, not in a PyTorch checkout, not in "
         "initializationOptions.nativeFunctions); only its YAML and the "
         "shape of its entries are checked";
}

} // namespace gradgen::server
