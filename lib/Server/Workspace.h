//===- Workspace.h - Where a derivatives.yaml's inputs are ------*- C++ -*-===//
//
// Private to the Server library. The inputs of a check come from the
// client's initializationOptions, else from what the Frontend's ProjectConfig
// finds (.gradgen.yaml, a checkout's tools/autograd/derivatives.yaml), else
// from the layout around the file: the same folder (native_functions.yaml,
// tags.yaml, helpers.h beside it, as in examples/), or what the ProjectConfig
// finds for the derivatives.yaml of a PyTorch checkout that holds the file
// (or of the workspace's root).
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
  /// initializationOptions: nativeFunctions, tags, helpers (a list),
  /// profile, templatesDir, cacheDir, formulaChecks.
  llvm::Error setOptions(const llvm::json::Value &Options);
  void setRoot(llvm::StringRef Path) { Root = Path.str(); }

  /// The inputs for the derivatives.yaml at Path.
  CheckConfig configFor(llvm::StringRef Path) const;
  /// What is missing for a full check of Path, said once per server; then
  /// std::nullopt.
  std::optional<std::string> missingInputs(llvm::StringRef Path);

  /// Whether the file at Path is checked as a derivatives.yaml.
  static bool isDerivativesFile(llvm::StringRef Path);

private:
  CheckConfig Options;
  std::string Root;
  std::mutex Mutex;
  bool Warned = false;
};

} // namespace gradgen::server

#endif // GRADGEN_LIB_SERVER_WORKSPACE_H
