//===- FuzzCommon.cpp - What the fuzz targets share -----------------------===//

#include "FuzzCommon.h"

#include "gradgen/Derivatives/DerivativesFile.h"
#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/VariableType.h"
#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Frontend/ProfileSections.h"
#include "gradgen/Schema/SchemaSection.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace gradgen::fuzz {

FixedInputs &FixedInputs::get() {
  static FixedInputs *Inputs = [] {
    auto *I = new FixedInputs;
    I->Diags.setConsumer(std::make_unique<IgnoringDiagnosticConsumer>());
    std::string Root = findTemplatesRoot("", nullptr);
    std::optional<Profile> P =
        loadStageProfile(DefaultProfileName, Root, I->Files, I->Diags);
    if (!P) {
      errs() << "fuzz: cannot load the default profile from " << Root << "\n";
      std::abort();
    }
    I->TheProfile = std::move(*P);
    const SchemaSection &Schema = SchemaSection::of(I->TheProfile);
    const SchemaOptions &Options = Schema.Schema;
    I->CppOptions = Schema.CppAPI;
    std::string Dir = GRADGEN_FUZZ_INPUTS;
    I->Functions = NativeFunctionSet::load(Dir + "/native_functions.yaml",
                                           Dir + "/tags.yaml", Options, I->Files,
                                           I->Diags);
    if (!I->Functions || I->Diags.hasErrors()) {
      errs() << "fuzz: cannot load " << Dir << "/native_functions.yaml\n";
      std::abort();
    }
    I->Index = std::make_unique<SchemaIndex>(
        *I->Functions,
        DerivativesOptions::of(I->TheProfile).ResolveViewCopySchemas);
    static VariableTypeListsLoader Loader;
    I->Lists = Loader.get(I->TheProfile, I->Files, I->Diags);
    if (!I->Lists) {
      errs() << "fuzz: cannot load the profile's variable-type lists\n";
      std::abort();
    }
    return I;
  }();
  return *Inputs;
}

unsigned addBuffer(SourceMgr &SM, const uint8_t *Data, size_t Size,
                   StringRef Name) {
  return SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(Data), Size), Name),
      SMLoc());
}

void loadDerivatives(StringRef Text, FormulaStage *Formulas) {
  FixedInputs &Fixed = FixedInputs::get();
  // Each input has its own SourceMgr and engine; the fixed ones stay.
  SourceMgr SM;
  DiagnosticEngine Diags(SM);
  Diags.setConsumer(std::make_unique<IgnoringDiagnosticConsumer>());
  unsigned ID = SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Text, "derivatives.yaml"), SMLoc());
  std::optional<YAMLSource> Source = YAMLSource::parseBuffer(ID, SM, Diags);
  if (!Source)
    return;
  std::vector<DerivativesEntry> Entries =
      readDerivativesFile(*Source, Fixed.TheProfile, Diags);
  DerivativesContext Stage{*Fixed.Functions, *Fixed.Index, Fixed.TheProfile,
                           Fixed.CppOptions, Diags};
  DerivativesDatabase Database = buildDifferentiabilityInfos(Entries, Stage);
  if (Formulas)
    Formulas->analyze(Database, Stage);
  bool Finalized =
      finalizeDifferentiabilityInfos(Database, Stage) &&
      checkAutogradKernels(Database, *Fixed.Lists,
                           VariableTypeOptions::of(Fixed.TheProfile),
                           Fixed.CppOptions, Diags);
  if (Finalized && Formulas && !Diags.hasErrors())
    Formulas->checkGenerated(
        Database,
        NodeModelSet::build(Database, NodeModelBuilder(Fixed.TheProfile),
                            /*Threads=*/1),
        Stage);
}

} // namespace gradgen::fuzz
