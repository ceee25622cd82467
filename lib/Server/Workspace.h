//===- Workspace.h - Where a derivatives.yaml's inputs are ------*- C++ -*-===//
//
// Private to the Server library. The settings of a check are resolved as the
// command line resolves them (ProjectConfig::resolve): the client's
// initializationOptions take the place of the command line's flags, then
// .gradgen.yaml and the checkout around tools/autograd/derivatives.yaml give
// the rest. A file outside that layout takes its schemas from beside it
// (native_functions.yaml, tags.yaml, helpers.h, deprecated.yaml, as in
// examples/), else from what the ProjectConfig of a PyTorch checkout that
// holds the file (or of the workspace's root) finds for the checkout's own
// derivatives.yaml.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SERVER_WORKSPACE_H
#define GRADGEN_LIB_SERVER_WORKSPACE_H

#include "gradgen/Server/Analysis.h"

#include "llvm/Support/JSON.h"

#include <mutex>

namespace gradgen::server {

class Workspace {
public:
  /// Argv0 finds the templates installed with the server.
  explicit Workspace(const char *Argv0) : Argv0(Argv0) {}

  /// initializationOptions: nativeFunctions, tags, deprecated, helpers,
  /// includeDirs and defines (lists), std, profile, templatesDir, cacheDir,
  /// formulaChecks, libtorch (the prefix of the numeric checks).
  llvm::Error setOptions(const llvm::json::Value &Options);
  void setRoot(llvm::StringRef Path) { Root = Path.str(); }

  /// The inputs for the derivatives.yaml at Path.
  CheckConfig configFor(llvm::StringRef Path) const;
  /// What is missing for a full check of Path, said once per server; then
  /// std::nullopt.
  std::optional<std::string> missingInputs(llvm::StringRef Path);

  /// Whether the file at Path is checked as a derivatives.yaml.
  static bool isDerivativesFile(llvm::StringRef Path);
  /// Whether the file at Path is an input the checks read as the editor has
  /// it, open and unsaved (deprecated.yaml), and check again as it changes.
  static bool isEditedInput(llvm::StringRef Path);

private:
  /// The client's settings, with Given as its command line.
  CheckConfig Options;
  /// Given and what .gradgen.yaml and the checkout around Derivatives add;
  /// false if they do not name the schemas.
  bool resolveFor(llvm::StringRef Derivatives, CheckConfig &Config) const;

  const char *Argv0;
  std::string Root;
  std::mutex Mutex;
  bool Warned = false;
};

} // namespace gradgen::server

#endif // GRADGEN_LIB_SERVER_WORKSPACE_H
