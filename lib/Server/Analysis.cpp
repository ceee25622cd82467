//===- Analysis.cpp - One check of a derivatives.yaml text ----------------===//
//
// The steps of `gradgen check` (tools/gradgen/Pipeline.cpp), reading
// derivatives.yaml from the editor's text instead of the disk.
// FIXME: run a Frontend Compilation over a vfs overlay once that library is
// in main, instead of repeating its steps here.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Server/Analysis.h"

#include "gradgen/Emit/SavedFields.h"
#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Schema/SchemaOptions.h"

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


Analysis::Analysis() = default;
Analysis::~Analysis() = default;

std::shared_ptr<const Analysis> Analysis::run(const CheckConfig &Config,
                                              StringRef DerivativesPath,
                                              StringRef Text,
                                              const char *Argv0) {
  std::shared_ptr<Analysis> Result(new Analysis());
  Result->Diags = std::make_unique<DiagnosticEngine>(Result->SM);
  Result->Diags->setConsumer(
      std::make_unique<CollectingConsumer>(Result->Diagnostics));
  Result->load(Config, DerivativesPath, Text, Argv0);
  Result->Diags->finish();
  return Result;
}

void Analysis::load(const CheckConfig &Config, StringRef DerivativesPath,
                    StringRef Text, const char *Argv0) {
  std::string Root = findTemplatesRoot(Config.TemplatesRoot, Argv0);
  TheProfile = loadProfile(Config.ProfileName, Root, SM, *Diags);
  if (!TheProfile)
    return;
  std::optional<std::pair<unsigned, unsigned>> Version =
      parseTorchVersion(*TheProfile->PyTorchVersion);
  if (!Version)
    return;
  SchemaOptions Options =
      SchemaOptions::forTorchgen(Version->first, Version->second);
  CppOptions = CppAPIOptions::forTorchgen(Version->first, Version->second);
  if (Config.hasSchemas()) {
    Functions = NativeFunctionSet::load(Config.NativeFunctionsPath,
                                        Config.TagsPath, Options, SM, *Diags);
    if (Functions)
      Index = std::make_unique<SchemaIndex>(*Functions,
                                            TheProfile->ResolveViewCopySchemas);
  }

  // As YAMLSource::load, the text ends with a line break.
  std::string Contents = Text.str();
  if (!Contents.empty() && Contents.back() != '\n')
    Contents += '\n';
  DerivativesBuffer = SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Contents, DerivativesPath), SMLoc());
  DerivativesSource = YAMLSource::parseBuffer(DerivativesBuffer, SM, *Diags);
  if (!DerivativesSource)
    return;
  Entries = readDerivativesFile(*DerivativesSource, *TheProfile, *Diags);
  if (!Index)
    return;

  if (Config.CheckFormulas) {
    FormulaAnalysisOptions FormulaOptions;
    FormulaOptions.HelperFiles = Config.HelperFiles;
    FormulaOptions.CacheDir = Config.CacheDir;
    Formulas = createFormulaAnalysis(std::move(FormulaOptions), SM);
  }
  DerivativesContext Stage{*Functions, *Index, *TheProfile, CppOptions,
                           *Diags};
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
