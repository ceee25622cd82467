//===- Analysis.cpp - One check of a derivatives.yaml text ----------------===//
//
// The steps of `gradgen check` (tools/gradgen/Pipeline.cpp), reading
// derivatives.yaml from the editor's text instead of the disk.
// FIXME: run a Frontend Compilation over a vfs overlay once that library is
// in main, instead of repeating its steps here.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Server/Analysis.h"

#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Schema/SchemaSection.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace gradgen::server {

namespace {
/// Keeps every diagnostic, in the order reported.
class CollectingConsumer : public DiagnosticConsumer {
public:
  explicit CollectingConsumer(std::vector<Diagnostic> &Out) : Out(Out) {}
  void handle(const Diagnostic &Diag, const SourceMgr &) override {
    Out.push_back(Diag);
  }

private:
  std::vector<Diagnostic> &Out;
};
} // namespace

struct SchemaInputs {
  /// Owns the buffers of the profile, native_functions.yaml and tags.yaml;
  /// each Analysis's SourceMgr refers to them.
  SourceMgr SM;
  /// What loading them reported, reported again by every check.
  std::vector<Diagnostic> Diagnostics;
  std::optional<Profile> TheProfile;
  CppAPIOptions CppOptions;
  std::unique_ptr<NativeFunctionSet> Functions;
  std::unique_ptr<SchemaIndex> Index;

  void load(const CheckConfig &Config, const char *Argv0);
};

void SchemaInputs::load(const CheckConfig &Config, const char *Argv0) {
  DiagnosticEngine Diags(SM);
  Diags.setConsumer(std::make_unique<CollectingConsumer>(Diagnostics));
  std::string Root = findTemplatesRoot(Config.TemplatesRoot, Argv0);
  TheProfile = loadProfile(Config.ProfileName, Root, SM, Diags);
  if (TheProfile && Config.hasSchemas()) {
    const SchemaSection &Schema = SchemaSection::of(*TheProfile);
    const SchemaOptions &Options = Schema.Schema;
    CppOptions = Schema.CppAPI;
    Functions = NativeFunctionSet::load(Config.NativeFunctionsPath,
                                        Config.TagsPath, Options, SM, Diags);
    if (Functions)
      Index = std::make_unique<SchemaIndex>(
          *Functions,
          DerivativesOptions::of(*TheProfile).ResolveViewCopySchemas);
  }
  Diags.finish();
}

/// Names what SchemaInputs::load reads, with the size and time of the files.
static std::string inputsKey(const CheckConfig &Config) {
  std::string Key;
  raw_string_ostream OS(Key);
  OS << Config.ProfileName << '\0' << Config.TemplatesRoot << '\0';
  for (const std::string &Path : {Config.NativeFunctionsPath, Config.TagsPath}) {
    sys::fs::file_status Status;
    OS << Path << '\0';
    if (!Path.empty() && !sys::fs::status(Path, Status))
      OS << Status.getSize() << ' '
         << Status.getLastModificationTime().time_since_epoch().count();
    OS << '\0';
  }
  return Key;
}

SchemaCache::SchemaCache() = default;
SchemaCache::~SchemaCache() = default;

std::shared_ptr<const SchemaInputs> SchemaCache::get(const CheckConfig &Config,
                                                     const char *Argv0) {
  std::string NewKey = inputsKey(Config);
  if (Latest && NewKey == Key)
    return Latest;
  auto Inputs = std::make_shared<SchemaInputs>();
  Inputs->load(Config, Argv0);
  Key = std::move(NewKey);
  Latest = std::move(Inputs);
  return Latest;
}

Analysis::Analysis() = default;
Analysis::~Analysis() = default;

const Profile *Analysis::profile() const {
  return Inputs && Inputs->TheProfile ? &*Inputs->TheProfile : nullptr;
}

const NativeFunctionSet *Analysis::functions() const {
  return Inputs ? Inputs->Functions.get() : nullptr;
}

const SchemaIndex *Analysis::schemaIndex() const {
  return Inputs ? Inputs->Index.get() : nullptr;
}

std::shared_ptr<const Analysis>
Analysis::run(const CheckConfig &Config, StringRef DerivativesPath,
              StringRef Text, SchemaCache &Schemas, const char *Argv0) {
  std::shared_ptr<Analysis> Result(new Analysis());
  Result->Inputs = Schemas.get(Config, Argv0);
  Result->Diags = std::make_unique<DiagnosticEngine>(Result->SM);
  Result->Diags->setConsumer(
      std::make_unique<CollectingConsumer>(Result->Diagnostics));
  Result->load(Config, DerivativesPath, Text);
  Result->Diags->finish();
  return Result;
}

void Analysis::load(const CheckConfig &Config, StringRef DerivativesPath,
                    StringRef Text) {
  // The cached buffers join this check's SourceMgr without a copy, so that
  // the locations the schemas hold point into it.
  for (unsigned ID = 1, E = Inputs->SM.getNumBuffers(); ID <= E; ++ID) {
    const MemoryBuffer *Buffer = Inputs->SM.getMemoryBuffer(ID);
    SM.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(
                              Buffer->getBuffer(),
                              Buffer->getBufferIdentifier()),
                          SMLoc());
  }
  for (const Diagnostic &D : Inputs->Diagnostics)
    Diags->report(D);
  if (!Inputs->TheProfile)
    return;
  const Profile &TheProfile = *Inputs->TheProfile;

  // As YAMLSource::load, the text ends with a line break.
  std::string Contents = Text.str();
  if (!Contents.empty() && Contents.back() != '\n')
    Contents += '\n';
  DerivativesBuffer = SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Contents, DerivativesPath), SMLoc());
  DerivativesSource = YAMLSource::parseBuffer(DerivativesBuffer, SM, *Diags);
  if (!DerivativesSource)
    return;
  Entries = readDerivativesFile(*DerivativesSource, TheProfile, *Diags);
  if (!Inputs->Index)
    return;

  HelperFiles = Config.HelperFiles;
  if (Config.CheckFormulas) {
    FormulaAnalysisOptions FormulaOptions;
    FormulaOptions.HelperFiles = Config.HelperFiles;
    FormulaOptions.CacheDir = Config.CacheDir;
    Formulas = createFormulaAnalysis(std::move(FormulaOptions), SM);
  }
  DerivativesContext Stage{*Inputs->Functions, *Inputs->Index, TheProfile,
                           Inputs->CppOptions, *Diags};
  Database = buildDifferentiabilityInfos(Entries, Stage);
  if (Formulas)
    Formulas->analyze(Database, Stage);
  bool Finalized = finalizeDifferentiabilityInfos(Database, Stage);
  if (Finalized && Formulas && !Diags->hasErrors())
    Formulas->checkFinal(Database, Stage);
}

SMLoc Analysis::locOf(size_t Offset) const {
  if (!DerivativesBuffer)
    return SMLoc();
  StringRef Buffer = SM.getMemoryBuffer(DerivativesBuffer)->getBuffer();
  return SMLoc::getFromPointer(Buffer.data() + std::min(Offset, Buffer.size()));
}

/// True if Loc lies in [Begin, End].
static bool within(SMLoc Loc, SMLoc Begin, SMLoc End) {
  return Begin.isValid() && End.isValid() &&
         Begin.getPointer() <= Loc.getPointer() &&
         Loc.getPointer() <= End.getPointer();
}

const DerivativesEntry *Analysis::entryAt(SMLoc Loc) const {
  // Entries are in file order: the last one that starts at or before Loc.
  const DerivativesEntry *Found = nullptr;
  for (const DerivativesEntry &Entry : Entries) {
    SMLoc Start = Entry.Loc.isValid() ? Entry.Loc : Entry.Name.Range.Start;
    if (Start.isValid() && Start.getPointer() > Loc.getPointer())
      break;
    Found = &Entry;
  }
  if (Found && within(Loc, Found->Name.Range.Start, Found->Name.Range.End))
    return Found;
  return Found;
}

} // namespace gradgen::server
