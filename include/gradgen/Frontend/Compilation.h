//===- Compilation.h - One run of gradgen's stages -------------*- C++ -*-===//
//
// The pipeline, as TableGenMain is for TableGen: a Compilation runs the
// stages in order over what an Invocation names -- the profile, the schemas
// of native_functions.yaml and tags.yaml, derivatives.yaml, the Formula
// stage's checks, the finalized infos, the emitted files -- and owns all of
// it: the SourceMgr every diagnostic points into, the schemas, the infos and
// the list of files it read (the depfile lists exactly those).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FRONTEND_COMPILATION_H
#define GRADGEN_FRONTEND_COMPILATION_H

#include "gradgen/Autograd/NodeModelSet.h"
#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Emit/VariableType.h"
#include "gradgen/Frontend/Invocation.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/DeprecatedSignatures.h"
#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaIndex.h"
#include "gradgen/Schema/SchemaOptions.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/Profile.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/SourceMgr.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace gradgen {

class FormulaStage;

/// How far a run goes.
enum class RunGoal {
  /// The profile and the schemas (`gradgen schemas`).
  Schemas,
  /// Also derivatives.yaml, the formula checks and the finalized infos
  /// (`gradgen check`, `gradgen infos`).
  Infos,
  /// Also the emitted files, written all or nothing (`gradgen generate`).
  Generate,
};

class Compilation {
public:
  /// Diagnostics go to Consumer.
  Compilation(const Invocation &Inv,
              std::unique_ptr<DiagnosticConsumer> Consumer);
  ~Compilation();
  Compilation(const Compilation &) = delete;
  Compilation &operator=(const Compilation &) = delete;

  /// Runs the stages up to Goal; each step runs once, and only if the ones
  /// before it succeeded. Returns false if a step failed; the diagnostics
  /// say why.
  bool run(RunGoal Goal);

  /// The steps run() takes, in order. loadProfile() alone serves `gradgen
  /// outputs`, which reads nothing else.
  bool loadProfile();
  bool loadSchemas();
  bool loadInfos();
  bool emitFiles();
  /// Emits the files, unless emitFiles() did, and writes them; each file
  /// emitted here is staged (OutputSet::stageFile) as soon as it is made.
  bool writeOutputs();

  /// Flushes the diagnostics. True if no error was reported (in verify
  /// mode: if the diagnostics were the expected ones).
  bool finish();

  /// Takes the profile and the schemas from Loaded, a Compilation of the
  /// same inputs whose loadSchemas() succeeded without a diagnostic, instead
  /// of loading them again: its buffers join this SourceMgr without a copy,
  /// and Loaded lives as long as this Compilation. Before loadSchemas().
  void reuseSchemasOf(std::shared_ptr<const Compilation> Loaded);

  /// Asked between the steps of run() (and between the stages of the
  /// formula checks): once it returns true the run ends where it is, as if
  /// a step had failed, with wasStopped() set. A language server stops the
  /// check of a text the editor has already changed.
  void setStopRequest(std::function<bool()> ShouldStop) {
    StopRequest = std::move(ShouldStop);
  }
  /// The run ended early at the stop request; its results are partial.
  bool wasStopped() const { return Stopped; }

  const Invocation &getInvocation() const { return Inv; }
  llvm::SourceMgr &getSourceMgr() { return SM; }
  const llvm::SourceMgr &getSourceMgr() const { return SM; }
  DiagnosticEngine &getDiags() { return Diags; }
  /// Every file the run read, in the order read.
  llvm::ArrayRef<std::string> getInputs() const { return Files.inputs(); }
  /// What reads the inputs; a file read through it joins getInputs().
  InputFiles &getInputFiles() { return Files; }

  /// Set once loadProfile() succeeded (even if a schema file then failed
  /// to load, or there was none to load).
  bool hasProfile() const { return TheProfile.has_value(); }
  /// Set once loadSchemas() succeeded with a native_functions.yaml.
  bool hasSchemas() const { return Index != nullptr; }
  const Profile &getProfile() const { return *TheProfile; }
  const CppAPIOptions &getCppOptions() const { return CppOptions; }
  const NativeFunctionSet &getFunctions() const { return *Functions; }
  const SchemaIndex &getSchemaIndex() const { return *Index; }
  /// Set once loadInfos() ran (with errors, it holds the entries that
  /// loaded).
  const DerivativesDatabase &getDatabase() const { return Database; }
  /// deprecated.yaml's signatures, once loadInfos() read it (with errors,
  /// the entries that loaded); null if the run names none or it could not
  /// be read.
  const DeprecatedSignatures *getDeprecatedSignatures() const {
    return Deprecated.get();
  }
  /// The Node models of the database, once loadInfos() finalized the infos;
  /// null before, or if finalizing failed.
  const NodeModelSet *getNodeModels() const {
    return Nodes ? &*Nodes : nullptr;
  }
  /// The entries of derivatives.yaml, in file order, once loadInfos() read
  /// it (those with errors included).
  llvm::ArrayRef<DerivativesEntry> getEntries() const { return Entries; }
  /// The buffer of derivatives.yaml in getSourceMgr(); 0 if it was not read.
  unsigned getDerivativesBuffer() const {
    return DerivativesSource ? DerivativesSource->bufferID() : 0;
  }
  /// Restricts emitFiles() to the Nodes and kernels of Infos (see
  /// EmitContext::setSelectedInfos); Infos outlives the run.
  void
  setEmitSelection(const llvm::DenseSet<const DifferentiabilityInfo *> *Infos) {
    EmitSelection = Infos;
  }
  /// Set once emitFiles() succeeded, until writeOutputs().
  llvm::ArrayRef<GeneratedFile> getGeneratedFiles() const {
    return GeneratedFiles;
  }

private:
  /// Asks the stop request; true (from then on) if the run must end.
  bool stopRequested();
  bool adoptSchemas();
  bool createFormulaStage();
  /// Reads deprecated.yaml, if the run names one, checked against the
  /// schemas if there are any.
  void loadDeprecatedSignatures();
  bool runDerivativesStages(DerivativesContext &Stage);
  /// Reports what the autograd kernels' emission would (checkAutogradKernels).
  bool checkKernels();
  /// Builds the Node models of the final infos; false after reporting that
  /// the profile's view-function list cannot be read.
  bool buildNodeModels();
  /// emitFiles(), handing every file to Sink (if set) as it is made.
  bool emitFilesTo(EmitContext::FileSink Sink);
  /// The folder of the run's caches (--cache-dir or the default).
  std::string cacheDir() const;
  /// Names the cache entries of this profile and native_functions.yaml.
  std::string cacheSlot() const;
  /// A key made of Purpose, gradgen's build and the contents of every input
  /// read so far but derivatives.yaml.
  std::string inputsDigest(llvm::StringRef Purpose) const;
  /// The cache of the families that read only the schemas.
  FamilyCache familyCache() const;

  Invocation Inv;
  /// The Compilation whose buffers the reused schemas point into.
  std::shared_ptr<const Compilation> SchemasOwner;
  /// The native function set came from the cache.
  bool SchemasFromCache = false;
  // The SourceMgr outlives everything that points into it.
  llvm::SourceMgr SM;
  DiagnosticEngine Diags;
  InputFiles Files;

  std::function<bool()> StopRequest;
  bool Stopped = false;

  enum class Step { None, Schemas, Infos, Emitted, Written };
  Step Done = Step::None;

  std::optional<Profile> TheProfile;
  SchemaOptions TheSchemaOptions;
  CppAPIOptions CppOptions;
  std::shared_ptr<const NativeFunctionSet> Functions;
  std::shared_ptr<const SchemaIndex> Index;
  std::unique_ptr<DeprecatedSignatures> Deprecated;
  std::optional<YAMLSource> DerivativesSource;
  std::vector<DerivativesEntry> Entries;
  DerivativesDatabase Database;
  std::optional<NodeModelSet> Nodes;
  std::unique_ptr<FormulaStage> Formulas;
  /// Read by the Formula stage's kernel check or the kernel families,
  /// whichever asks first.
  VariableTypeListsLoader KernelLists;
  std::vector<GeneratedFile> GeneratedFiles;
  const llvm::DenseSet<const DifferentiabilityInfo *> *EmitSelection = nullptr;
  /// What emitFiles() computed on the way (signatures, node models).
  std::unique_ptr<EmitContext> EmitState;
};

} // namespace gradgen

#endif // GRADGEN_FRONTEND_COMPILATION_H
