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
  auto String = [&](StringRef Key, std::string &Out) {
    if (std::optional<StringRef> S = O->getString(Key))
      Out = S->str();
  };
  String("nativeFunctions", Options.NativeFunctionsPath);
  String("tags", Options.TagsPath);
  String("profile", Options.ProfileName);
  String("templatesDir", Options.TemplatesRoot);
  if (std::optional<StringRef> Cache = O->getString("cacheDir"))
    Options.CacheDir = Cache->str();
  if (std::optional<bool> Formulas = O->getBoolean("formulaChecks"))
    Options.CheckFormulas = *Formulas;
  if (const json::Array *Helpers = O->getArray("helpers"))
    for (const json::Value &H : *Helpers)
      if (std::optional<StringRef> S = H.getAsString())
        Options.HelperFiles.push_back(S->str());
  if (!Options.NativeFunctionsPath.empty() && Options.TagsPath.empty())
    Options.TagsPath = (sys::path::parent_path(Options.NativeFunctionsPath) +
                        "/tags.yaml")
                           .str();
  return Error::success();
}

bool Workspace::isDerivativesFile(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  return Name.endswith(".yaml") && Name != "native_functions.yaml" &&
         Name != "tags.yaml" && Name != ".gradgen.yaml";
}

static std::string joined(StringRef Dir, StringRef Relative) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, sys::path::Style::posix, Relative);
  return std::string(Path);
}

/// What the command line would find: .gradgen.yaml at or above the file, or
/// the layout of a checkout around tools/autograd/derivatives.yaml. A broken
/// .gradgen.yaml counts as none here; `gradgen config` reports it.
static bool fromProjectConfig(StringRef Path, CheckConfig &Config) {
  ProjectConfig Project;
  Project.Derivatives.set(Path.str(), "editor");
  SourceMgr SM;
  DiagnosticEngine Diags(SM);
  Diags.setConsumer(createTextDiagnosticConsumer(nulls(), false));
  if (!Project.discover(SM, Diags) || !Project.NativeFunctions.isSet() ||
      !Project.Tags.isSet())
    return false;
  Config.NativeFunctionsPath = Project.NativeFunctions.Value;
  Config.TagsPath = Project.Tags.Value;
  if (Config.HelperFiles.empty())
    Config.HelperFiles = Project.Helpers.Value;
  if (Project.Profile.isSet())
    Config.ProfileName = Project.Profile.Value;
  return true;
}

CheckConfig Workspace::configFor(StringRef Path) const {
  CheckConfig Config = Options;
  if (Config.hasSchemas() || fromProjectConfig(Path, Config))
    return Config;
  StringRef Dir = sys::path::parent_path(Path);
  if (sys::fs::exists(joined(Dir, "native_functions.yaml"))) {
    Config.NativeFunctionsPath = joined(Dir, "native_functions.yaml");
    Config.TagsPath = joined(Dir, "tags.yaml");
    if (Config.HelperFiles.empty() && sys::fs::exists(joined(Dir, "helpers.h")))
      Config.HelperFiles.push_back(joined(Dir, "helpers.h"));
    return Config;
  }
  // Another file of a checkout, or one outside the workspace's checkout:
  // what the Frontend finds for the checkout's own derivatives.yaml.
  auto FromCheckout = [&](StringRef Root) {
    return fromProjectConfig(joined(Root, "tools/autograd/derivatives.yaml"),
                             Config);
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
  if (configFor(Path).hasSchemas())
    return std::nullopt;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Warned)
    return std::nullopt;
  Warned = true;
  return "gradgen: no native_functions.yaml found for " + Path.str() +
         " (not beside it, not in a PyTorch checkout, not in "
         "initializationOptions.nativeFunctions); only its YAML and the "
         "shape of its entries are checked";
}

} // namespace gradgen::server
