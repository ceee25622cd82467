//===- Analysis.h - One check of a derivatives.yaml text --------*- C++ -*-===//
//
// Runs the pipeline of `gradgen check` on an editor's text of
// derivatives.yaml and keeps everything it built -- the SourceMgr, the
// schemas, the entries, the infos and the diagnostics -- for the requests
// that follow (hover, definition, code actions). An Analysis is immutable
// once made, so the worker thread that makes one and the main thread that
// answers from the newest can share it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SERVER_ANALYSIS_H
#define GRADGEN_SERVER_ANALYSIS_H

#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaIndex.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/Profile.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gradgen::server {

/// Where the inputs beside derivatives.yaml are, as `gradgen check` takes
/// them on its command line.
struct CheckConfig {
  std::string NativeFunctionsPath;
  std::string TagsPath;
  std::vector<std::string> HelperFiles;
  std::string ProfileName = DefaultProfileName.str();
  /// Empty: the templates installed with the server.
  std::string TemplatesRoot;
  /// Empty: the default cache folder.
  std::optional<std::string> CacheDir;
  bool CheckFormulas = true;

  /// True once native_functions.yaml and tags.yaml are known.
  bool hasSchemas() const {
    return !NativeFunctionsPath.empty() && !TagsPath.empty();
  }
};

/// The profile and the schemas a check reads besides derivatives.yaml,
/// loaded once and kept while their files are unchanged: loading
/// native_functions.yaml is most of what a check costs otherwise.
struct SchemaInputs;

class SchemaCache {
public:
  SchemaCache();
  ~SchemaCache();
  /// The inputs of Config, loaded again only if a file changed.
  std::shared_ptr<const SchemaInputs> get(const CheckConfig &Config,
                                          const char *Argv0);

private:
  std::string Key;
  std::shared_ptr<const SchemaInputs> Latest;
};

class Analysis {
public:
  /// Checks Text as the file DerivativesPath. Without schemas, only the
  /// YAML and the entries' shape are checked.
  static std::shared_ptr<const Analysis> run(const CheckConfig &Config,
                                             llvm::StringRef DerivativesPath,
                                             llvm::StringRef Text,
                                             SchemaCache &Schemas,
                                             const char *Argv0);
  ~Analysis();

  const llvm::SourceMgr &sourceMgr() const { return SM; }
  llvm::ArrayRef<Diagnostic> diagnostics() const { return Diagnostics; }
  /// The buffer of derivatives.yaml; 0 if it was not loaded.
  unsigned derivativesBuffer() const { return DerivativesBuffer; }
  llvm::ArrayRef<DerivativesEntry> entries() const { return Entries; }
  /// Null without schemas.
  /// Null if the profile did not load.
  const Profile *profile() const;
  const NativeFunctionSet *functions() const;
  const SchemaIndex *schemaIndex() const;
  const DerivativesDatabase &database() const { return Database; }

  /// The helper headers the check was given.
  llvm::ArrayRef<std::string> helperFiles() const { return HelperFiles; }

  /// The entry whose `name:` value or formulas contain Loc.
  const DerivativesEntry *entryAt(llvm::SMLoc Loc) const;
  /// Loc of byte Offset of derivatives.yaml.
  llvm::SMLoc locOf(size_t Offset) const;

private:
  Analysis();
  void load(const CheckConfig &Config, llvm::StringRef DerivativesPath,
            llvm::StringRef Text);

  // Declared first: the SourceMgr refers to its buffers.
  std::shared_ptr<const SchemaInputs> Inputs;
  llvm::SourceMgr SM;
  std::vector<Diagnostic> Diagnostics;
  std::unique_ptr<DiagnosticEngine> Diags;
  std::optional<YAMLSource> DerivativesSource;
  unsigned DerivativesBuffer = 0;
  std::vector<DerivativesEntry> Entries;
  DerivativesDatabase Database;
  std::unique_ptr<SavedAttributeAnalysis> Formulas;
  std::vector<std::string> HelperFiles;
};

} // namespace gradgen::server

#endif // GRADGEN_SERVER_ANALYSIS_H
