//===- Analysis.h - One check of a derivatives.yaml text --------*- C++ -*-===//
//
// Runs the Frontend's Compilation of `gradgen check` on an editor's text of
// derivatives.yaml (overlaid on the disk through a Session) and keeps it --
// the SourceMgr, the schemas, the entries, the infos -- with the diagnostics
// it reported, for the requests that follow (hover, definition, code
// actions). An Analysis is immutable once made, so the worker thread that
// makes one and the main thread that answers from the newest can share it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SERVER_ANALYSIS_H
#define GRADGEN_SERVER_ANALYSIS_H

#include "gradgen/Frontend/ProjectConfig.h"
#include "gradgen/Frontend/Session.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gradgen::server {

/// The settings of a check: those the Frontend resolves for `gradgen check`
/// (ProjectConfig: the inputs, the profile, the helpers, -I, -D, -std), from
/// the client's options, .gradgen.yaml and the checkout, and those only the
/// server has.
struct CheckConfig {
  ProjectConfig Project;
  /// Empty: the templates installed with the server.
  std::string TemplatesRoot;
  /// Empty: the default cache folder.
  std::optional<std::string> CacheDir;
  /// The libtorch prefix `gradgen gradcheck` builds against (its --libtorch).
  std::string Libtorch = "/usr";
  bool CheckFormulas = true;
  /// Why the settings could not be resolved (a broken .gradgen.yaml, a
  /// version.txt with no profile), as gradgen reports it; empty if they were.
  std::string Problem;

  /// True once native_functions.yaml and tags.yaml are known.
  bool hasSchemas() const {
    return Project.NativeFunctions.isSet() && Project.Tags.isSet();
  }
};

/// The invocation of `gradgen check` on the derivatives.yaml at Path with
/// Config's settings (applyProjectConfig, as the command line's); Argv0
/// finds the templates installed with the server.
Invocation makeInvocation(const CheckConfig &Config, llvm::StringRef Path,
                          const char *Argv0);

/// One run of a Session of derivatives.yaml up to its finalized infos
/// (RunGoal::Infos), with the diagnostics it reported.
class Analysis : public std::enable_shared_from_this<Analysis> {
public:
  /// Runs S, whose unsaved files hold the editor's text. Without schemas,
  /// only the YAML and the entries' shape are checked. ShouldStop is the
  /// run's stop request (compilation().wasStopped() tells).
  /// Then, if given, runs on the Compilation before it finishes, and what
  /// it reports is among the diagnostics.
  static std::shared_ptr<const Analysis>
  run(Session &S, std::function<bool()> ShouldStop = nullptr,
      llvm::function_ref<void(Compilation &)> Then = nullptr);
  ~Analysis();

  const Compilation &compilation() const { return *Comp; }
  const llvm::SourceMgr &sourceMgr() const { return Comp->getSourceMgr(); }
  llvm::ArrayRef<Diagnostic> diagnostics() const { return Diagnostics; }
  /// The buffer of derivatives.yaml; 0 if it was not loaded.
  unsigned derivativesBuffer() const { return Comp->getDerivativesBuffer(); }
  /// The text of derivatives.yaml the check read; empty if not loaded.
  llvm::StringRef derivativesText() const;
  llvm::ArrayRef<DerivativesEntry> entries() const {
    return Comp->getEntries();
  }
  /// Null if the profile did not load.
  const Profile *profile() const {
    return Comp->hasProfile() ? &Comp->getProfile() : nullptr;
  }
  /// Null without schemas.
  const NativeFunctionSet *functions() const {
    return Comp->hasSchemas() ? &Comp->getFunctions() : nullptr;
  }
  const SchemaIndex *schemaIndex() const {
    return Comp->hasSchemas() ? &Comp->getSchemaIndex() : nullptr;
  }
  const DerivativesDatabase &database() const { return Comp->getDatabase(); }

  /// The helper headers the check was given.
  llvm::ArrayRef<std::string> helperFiles() const {
    return Comp->getInvocation().Formulas.Flags.HelperFiles;
  }

  /// The entry whose `name:` value or formulas contain Loc.
  const DerivativesEntry *entryAt(llvm::SMLoc Loc) const;
  /// Loc of byte Offset of derivatives.yaml.
  llvm::SMLoc locOf(size_t Offset) const;

private:
  Analysis();

  // Declared first: the Compilation reports into it until it is freed.
  std::vector<Diagnostic> Diagnostics;
  std::unique_ptr<Compilation> Comp;
};

} // namespace gradgen::server

#endif // GRADGEN_SERVER_ANALYSIS_H
