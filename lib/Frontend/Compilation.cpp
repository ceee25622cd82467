//===- Compilation.cpp - One run of gradgen's stages ----------------------===//

#include "gradgen/Frontend/Compilation.h"


#include "gradgen/Derivatives/DerivativesFile.h"
#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Emit/EmitOptions.h"
#include "gradgen/Emit/FamilyCache.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/OutputList.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Emit/VariableType.h"
#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Frontend/ProfileSections.h"
#include "gradgen/Schema/SchemaCache.h"
#include "gradgen/Schema/SchemaSection.h"
#include "gradgen/Support/CacheRecords.h"
#include "gradgen/Support/OutputFiles.h"
#include "gradgen/Support/TemporaryFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gradgen {

Compilation::Compilation(const Invocation &Inv,
                         std::unique_ptr<DiagnosticConsumer> Consumer)
    : Inv(Inv), Diags(SM), Files(SM, Inv.FileSystem) {
  Diags.setConsumer(std::move(Consumer));
  Diags.setErrorLimit(Inv.ErrorLimit);
  Diags.setErrorLimitPerFile(Inv.ErrorLimitPerFile);
  Diags.setWarningsAsErrors(Inv.WarningsAsErrors);
  for (const std::string &Path : Inv.ConfigInputs)
    Files.recordInput(Path);
}

Compilation::~Compilation() = default;

bool Compilation::finish() { return Diags.finish(); }

bool Compilation::run(RunGoal Goal) {
  if (stopRequested() || !loadSchemas())
    return false;
  if (Goal == RunGoal::Schemas)
    return true;
  if (stopRequested() || !loadInfos())
    return false;
  if (Goal == RunGoal::Infos)
    return true;
  return !stopRequested() && writeOutputs();
}

bool Compilation::stopRequested() {
  if (!Stopped && StopRequest && StopRequest())
    Stopped = true;
  return Stopped;
}

bool Compilation::loadProfile() {
  std::string Root = Inv.TemplatesRoot.empty() ? findTemplatesRoot("", nullptr)
                                               : Inv.TemplatesRoot;
  TheProfile = loadStageProfile(Inv.ProfileName, Root, Files, Diags);
  if (!TheProfile)
    return false;
  const SchemaSection &Schema = SchemaSection::of(*TheProfile);
  TheSchemaOptions = Schema.Schema;
  CppOptions = Schema.CppAPI;
  return true;
}

void Compilation::reuseSchemasOf(std::shared_ptr<const Compilation> Loaded) {
  SchemasOwner = std::move(Loaded);
}

bool Compilation::adoptSchemas() {
  const Compilation &Loaded = *SchemasOwner;
  // The same buffers, in the same order, so that the locations the schemas
  // and the profile hold point into this SourceMgr as well.
  for (unsigned ID = 1, E = Loaded.SM.getNumBuffers(); ID <= E; ++ID) {
    const MemoryBuffer *Buffer = Loaded.SM.getMemoryBuffer(ID);
    SM.AddNewSourceBuffer(
        MemoryBuffer::getMemBuffer(Buffer->getBuffer(),
                                   Buffer->getBufferIdentifier()),
        SMLoc());
  }
  for (const std::string &Path : Loaded.getInputs())
    Files.recordInput(Path);
  TheProfile = Loaded.TheProfile;
  TheSchemaOptions = Loaded.TheSchemaOptions;
  CppOptions = Loaded.CppOptions;
  Functions = Loaded.Functions;
  Index = Loaded.Index;
  return TheProfile && (Index || Inv.NativeFunctionsPath.empty());
}

bool Compilation::loadSchemas() {
  if (Done >= Step::Schemas)
    return true;
  if (SchemasOwner) {
    if (!adoptSchemas())
      return false;
    Done = Step::Schemas;
    return true;
  }
  if (!loadProfile())
    return false;
  // The first stage that reads the cache folder; the formula and emit
  // stages write into it later.
  removeStaleCacheTemporaryFiles(cacheDir());
  // Without native_functions.yaml (a language server that found none) only
  // derivatives.yaml's YAML and the shape of its entries are checked.
  if (Inv.NativeFunctionsPath.empty()) {
    Done = Step::Schemas;
    return true;
  }
  {
    TimeTraceScope Scope("Load native_functions.yaml");
    // Standard input is not an input file, with no digest for the key.
    bool Stdin = Inv.NativeFunctionsPath == "-" || Inv.tagsPath() == "-";
    SchemaCache Cache(Stdin ? "" : cacheDir(), cacheSlot(),
                      [this] { return inputsDigest("schemas"); });
    Functions = NativeFunctionSet::load(Inv.NativeFunctionsPath, Inv.tagsPath(),
                                        TheSchemaOptions, Files, Diags, &Cache);
    SchemasFromCache = Cache.hit();
  }
  if (!Functions)
    return false;
  Index = std::make_unique<SchemaIndex>(
      *Functions, DerivativesOptions::of(*TheProfile).ResolveViewCopySchemas);
  Done = Step::Schemas;
  return true;
}

bool Compilation::createFormulaStage() {
  if (!Inv.CheckFormulas)
    return true;
  FormulaAnalysisOptions Options = Inv.Formulas;
  if (!Options.Flags.Standard.empty() && Options.Flags.Standard != "c++17" &&
      Options.Flags.Standard != "c++20") {
    Diags.report(diag::driver_std, SMLoc(),
                 "unsupported --std=" + Options.Flags.Standard +
                     "; expected c++17 or c++20");
    return false;
  }
  // Forward formulas are checked a second time as the autograd kernels
  // compute them; the command line and the language server both get it.
  Options.KernelForwardFormulas =
      [this](const DerivativesDatabase &Database,
             const DerivativesContext &Derivatives) {
        const VariableTypeLists *Lists =
            KernelLists.get(Derivatives.TheProfile, Files, Derivatives.Diags);
        if (!Lists)
          return std::vector<GeneratedNode>();
        return kernelForwardFormulas(
            Database, *Lists, VariableTypeOptions::of(Derivatives.TheProfile),
            Derivatives.CppOptions, Derivatives.Diags);
      };
  Formulas = createFormulaAnalysis(std::move(Options), Files);
  return true;
}

bool Compilation::runDerivativesStages(DerivativesContext &Stage) {
  // Entries with errors are left out; the later steps still check the rest,
  // so that one run reports every mistake.
  {
    TimeTraceScope Scope("Build differentiability infos");
    Database = buildDifferentiabilityInfos(Entries, Stage);
  }
  if (stopRequested())
    return false;
  if (Formulas) {
    TimeTraceScope Scope("Check formulas");
    Formulas->analyze(Database, Stage);
  }
  if (stopRequested())
    return false;
  bool Finalized;
  {
    TimeTraceScope Scope("Finalize infos");
    Finalized = finalizeDifferentiabilityInfos(Database, Stage);
  }
  if (stopRequested() || !Finalized || !checkKernels() || !buildNodeModels())
    return false;
  if (Formulas && !Diags.hasErrors()) {
    TimeTraceScope Scope("Check generated nodes");
    Formulas->checkGenerated(Database, *Nodes, Stage);
  }
  return !Diags.hasErrors();
}

bool Compilation::checkKernels() {
  // What the autograd kernels' emission would report, reported by every
  // run: `check` and the editor agree with `generate`.
  TimeTraceScope Scope("Check autograd kernels");
  const VariableTypeLists *Lists = KernelLists.get(*TheProfile, Files, Diags);
  return Lists && checkAutogradKernels(Database, *Lists,
                                       VariableTypeOptions::of(*TheProfile),
                                       CppOptions, Diags);
}

bool Compilation::buildNodeModels() {
  TimeTraceScope Scope("Build node models");
  StringSet<> ViewFunctions;
  if (!readViewFunctions(*TheProfile, Files, Diags, ViewFunctions))
    return false;
  NodeModelBuilder Builder(*TheProfile, &ViewFunctions);
  Nodes = NodeModelSet::build(Database, Builder, Inv.EmitThreads);
  return true;
}

bool Compilation::loadInfos() {
  if (Done >= Step::Infos)
    return true;
  if (!createFormulaStage() || !loadSchemas())
    return false;
  loadDeprecatedSignatures();
  {
    TimeTraceScope Scope("Load derivatives.yaml");
    DerivativesSource = YAMLSource::load(Inv.DerivativesPath, Files, Diags);
    if (!DerivativesSource)
      return false;
    Entries = readDerivativesFile(*DerivativesSource, *TheProfile, Diags);
  }
  if (!hasSchemas()) {
    Done = Step::Infos;
    return !Diags.hasErrors();
  }
  DerivativesContext Stage{*Functions, *Index, *TheProfile, CppOptions, Diags};
  bool OK = runDerivativesStages(Stage);
  Done = Step::Infos;
  return OK;
}

void Compilation::loadDeprecatedSignatures() {
  if (Inv.DeprecatedPath.empty())
    return;
  TimeTraceScope Scope("Load deprecated.yaml");
  // Its mistakes fail the run as derivatives.yaml's do, after both were
  // read: one run reports every mistake.
  Deprecated = DeprecatedSignatures::load(Inv.DeprecatedPath, TheSchemaOptions,
                                          Functions.get(), Files, Diags);
}

bool Compilation::emitFiles() { return emitFilesTo(nullptr); }

std::string Compilation::cacheDir() const {
  return Inv.Formulas.CacheDir.value_or(defaultCacheDir());
}

std::string Compilation::cacheSlot() const {
  return toHex(BLAKE3::hash<8>(arrayRefFromStringRef(
                   TheProfile->Directory + '\0' + Inv.NativeFunctionsPath)),
               /*LowerCase=*/true);
}

std::string Compilation::inputsDigest(StringRef Purpose) const {
  BLAKE3 Hash;
  Hash.update(Purpose);
  Hash.update(buildStamp());
  for (const std::string &Path : Files.inputs())
    if (Path != Inv.DerivativesPath)
      if (const InputFiles::ContentDigest *Digest = Files.contentDigest(Path))
        Hash.update(*Digest);
  return toHex(Hash.final<20>(), /*LowerCase=*/true);
}

FamilyCache Compilation::familyCache() const {
  std::string Dir = cacheDir();
  // Schemas read from standard input, or by another Compilation, have no
  // digest to key an entry with.
  if (!Files.contentDigest(Inv.NativeFunctionsPath) ||
      !Files.contentDigest(Inv.tagsPath()))
    Dir.clear();
  // Everything the run read but derivatives.yaml: what the families that
  // read only the schemas could have read, and then some. The entries are
  // written once native_functions.yaml was seen before (its set came from
  // the cache): a first run, or one after an edit of native_functions.yaml,
  // would write TraceType's megabytes on top of parsing it, for a file that
  // may change again. The next run writes them (docs/performance.md,
  // "Caching what derivatives.yaml does not change").
  return FamilyCache(
      std::move(Dir), cacheSlot(), [this] { return inputsDigest("families"); },
      /*RecordEntries=*/SchemasFromCache);
}

bool Compilation::emitFilesTo(EmitContext::FileSink Sink) {
  if (Done >= Step::Emitted)
    return true;
  // Without schemas loadInfos() stops before the infos and their Nodes.
  if (!loadInfos() || (!Nodes && !buildNodeModels()))
    return false;
  std::string PyTorchTemplates =
      EmitOptions::of(*TheProfile).pytorchTemplatesIn(Inv.TorchRoot);
  // Every family renders a file template of PyTorch's: say once that there
  // is none, not once per file.
  Expected<TemplateSet> Templates =
      PyTorchTemplates.empty()
          ? Expected<TemplateSet>(TemplateSet::noPyTorchTree())
          : TemplateSet::open(*TheProfile, std::move(PyTorchTemplates), Files);
  if (!Templates) {
    reportTemplateError(Templates.takeError(), Diags, diag::emit_template);
    return false;
  }
  std::vector<Located<std::string>> Requested(Inv.Families.begin(),
                                              Inv.Families.end());
  std::optional<std::vector<const FileFamilyInfo *>> Families =
      selectFileFamilies(
          Requested.empty() ? EmitOptions::of(*TheProfile).Families : Requested,
          Diags);
  if (!Families)
    return false;
  std::optional<std::vector<GeneratedFile>> Emitted;
  {
    TimeTraceScope Scope("Emit");
    auto Emit =
        std::make_unique<EmitContext>(Database, *Nodes, *TheProfile, Files,
                                      Diags, KernelLists, Inv.EmitThreads);
    Emit->setFileSink(std::move(Sink));
    if (Deprecated)
      Emit->setDeprecatedSignatures(Deprecated->signatures());
    if (Functions)
      Emit->setTags(&Functions->getTags());
    Emit->setSelectedInfos(EmitSelection);
    FamilyCache Cache = familyCache();
    Emitted = emitFileFamilies(*Families, *Templates, *Emit, &Cache);
    // Its kernel signatures and node models go with the run's other
    // results, which the command line never frees (gradgen.cpp's finish).
    Emit->setFileSink(nullptr);
    EmitState = std::move(Emit);
  }
  if (!Emitted || Diags.hasErrors())
    return false;
  // The files and the depfile in the order the profile declares them, which
  // is the order a build system read from it.
  std::optional<std::vector<GeneratedFile>> Ordered =
      OutputList::of(*TheProfile, *Families).order(std::move(*Emitted), Diags);
  if (!Ordered)
    return false;
  GeneratedFiles = std::move(*Ordered);
  Done = Step::Emitted;
  return true;
}

bool Compilation::writeOutputs() {
  if (Done >= Step::Written)
    return true;
  auto OutputPath = [&](StringRef Name) {
    SmallString<256> Path(Inv.OutputDir);
    sys::path::append(Path, Name);
    return std::string(Path);
  };
  OutputSet Outputs;
  if (Done >= Step::Emitted) {
    for (GeneratedFile &File : GeneratedFiles)
      Outputs.addFile(OutputPath(File.Name), std::move(File.Contents));
  } else {
    // Each file goes to its temporary file as soon as it is made: holding
    // all of them to the end takes as many fresh pages more for the kernel
    // to zero (docs/performance.md, "Writing the outputs").
    if (!emitFilesTo([&](StringRef Name, std::string Contents) {
          Outputs.stageFile(OutputPath(Name), std::move(Contents));
        }))
      return false;
    std::vector<std::string> Order;
    for (const GeneratedFile &File : GeneratedFiles)
      Order.push_back(OutputPath(File.Name));
    Outputs.orderFiles(Order);
  }
  GeneratedFiles.clear();
  Outputs.addDependencies(Files.inputs());
  if (!Inv.DepfilePath.empty())
    Outputs.setDepfile(Inv.DepfilePath);
  if (!Inv.StampPath.empty())
    Outputs.setStamp(Inv.StampPath);
  {
    TimeTraceScope Scope("Write outputs");
    if (!Outputs.commit(Diags))
      return false;
  }
  Done = Step::Written;
  return true;
}

} // namespace gradgen
