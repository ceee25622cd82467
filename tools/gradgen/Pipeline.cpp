//===- Pipeline.cpp - Loading the inputs every subcommand shares ----------===//

#include "Pipeline.h"

#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Schema/SchemaSection.h"

#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand CheckCommand(
    "check", "Load and check derivatives.yaml against the operator schemas; "
             "write nothing");
cl::SubCommand InfosCommand(
    "infos", "Print the DifferentiabilityInfos derivatives.yaml defines");

cl::SubCommand &generateCommand() {
  // Constructed on first use: GenerateCommand.cpp registers options with it
  // during static initialisation too.
  static cl::SubCommand Command(
      "generate", "Write Functions.h/.cpp and python_functions*.{h,cpp}");
  return Command;
}

static cl::opt<std::string> DerivativesPath(
    "derivatives", cl::desc("derivatives.yaml"), cl::value_desc("file"),
    cl::Required, cl::sub(CheckCommand), cl::sub(InfosCommand),
    cl::sub(generateCommand()), cl::cat(GradgenCategory));
static cl::opt<std::string> NativeFunctionsPath(
    "native-functions", cl::desc("native_functions.yaml"),
    cl::value_desc("file"), cl::Required, cl::sub(CheckCommand),
    cl::sub(InfosCommand), cl::sub(generateCommand()),
    cl::cat(GradgenCategory));
static cl::opt<std::string>
    TagsPath("tags", cl::desc("tags.yaml"), cl::value_desc("file"),
             cl::Required, cl::sub(CheckCommand), cl::sub(InfosCommand),
             cl::sub(generateCommand()), cl::cat(GradgenCategory));
static cl::opt<std::string> ProfileName(
    "profile",
    cl::desc("The PyTorch version to reproduce: pytorch-2.14 (default), "
             "pytorch-1.13, or a profile folder"),
    cl::init(DefaultProfileName.str()), cl::sub(CheckCommand),
    cl::sub(InfosCommand), cl::sub(generateCommand()),
    cl::cat(GradgenCategory));
static cl::opt<std::string> TemplatesDir(
    "templates-dir",
    cl::desc("The folder holding the profiles (default: the installed "
             "templates)"),
    cl::value_desc("dir"), cl::sub(CheckCommand), cl::sub(InfosCommand),
    cl::sub(generateCommand()), cl::cat(GradgenCategory));

static cl::list<std::string> HelperFiles(
    "helpers",
    cl::desc("A header declaring the helper functions formulas call, such as "
             "PyTorch's FunctionsManual.h (repeatable)"),
    cl::value_desc("file"), cl::sub(CheckCommand), cl::sub(InfosCommand),
    cl::sub(generateCommand()), cl::cat(GradgenCategory));
static cl::list<std::string>
    Defines("D", cl::desc("Define a macro for the formula checks"),
            cl::value_desc("name[=value]"), cl::Prefix, cl::sub(CheckCommand),
            cl::sub(InfosCommand), cl::sub(generateCommand()),
            cl::cat(GradgenCategory));
static cl::list<std::string> IncludeDirs(
    "I",
    cl::desc("Real-header mode: check formulas against the PyTorch headers "
             "(ATen/ATen.h, ...) found in this folder instead of the "
             "built-in prelude (repeatable)"),
    cl::value_desc("dir"), cl::Prefix, cl::sub(CheckCommand),
    cl::sub(InfosCommand), cl::sub(generateCommand()), cl::cat(GradgenCategory));
static cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Where the precompiled formula headers are kept (default: "
             "$GRADGEN_CACHE_DIR, $XDG_CACHE_HOME/gradgen or "
             "~/.cache/gradgen; empty: no cache)"),
    cl::value_desc("dir"), cl::sub(CheckCommand), cl::sub(InfosCommand),
    cl::sub(generateCommand()), cl::cat(GradgenCategory));
static cl::opt<std::string> Standard(
    "std",
    cl::desc("C++ standard of the formula checks: c++17 or c++20 (default: "
             "the profile's)"),
    cl::sub(CheckCommand), cl::sub(InfosCommand), cl::sub(generateCommand()),
    cl::cat(GradgenCategory));
static cl::opt<bool> NoFormulaChecks(
    "no-formula-checks",
    cl::desc("Skip the Clang type checks of formulas (saved attributes are "
             "then not computed)"),
    cl::sub(CheckCommand), cl::sub(InfosCommand), cl::sub(generateCommand()),
    cl::cat(GradgenCategory));

ArrayRef<std::string> helperFiles() { return HelperFiles; }

static cl::opt<InfosFormat> InfosFormatOpt(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(InfosFormat::JSON, "json", "every info as JSON"),
               clEnumValN(InfosFormat::Summary, "summary",
                          "one line an info: op, name, schema"),
               clEnumValN(InfosFormat::Formulas, "formulas",
                          "each backward formula as rewritten, with what it "
                          "saves")),
    cl::init(InfosFormat::JSON), cl::sub(InfosCommand),
    cl::cat(GradgenCategory));

InfosFormat infosFormat() { return InfosFormatOpt; }

// Debugging and testing aids.
static cl::opt<std::string> PreludeDir(
    "prelude", cl::desc("Replace the built-in formula prelude by the files of "
                        "this folder"),
    cl::value_desc("dir"), cl::Hidden, cl::sub(CheckCommand),
    cl::sub(InfosCommand), cl::cat(GradgenCategory));
static cl::opt<std::string> DumpFormulaUnit(
    "dump-formula-unit",
    cl::desc("Write the formula translation unit to this file"),
    cl::value_desc("file"), cl::Hidden, cl::sub(CheckCommand),
    cl::sub(InfosCommand), cl::cat(GradgenCategory));
static cl::opt<cl::boolOrDefault> SaveTextualMentions(
    "save-textual-mentions",
    cl::desc("Override the profile's save-textual-mentions switch"),
    cl::Hidden, cl::sub(CheckCommand), cl::sub(InfosCommand),
    cl::cat(GradgenCategory));

std::unique_ptr<SavedAttributeAnalysis> createFormulaStage(DriverContext &Context) {
  if (NoFormulaChecks)
    return nullptr;
  if (!Standard.empty() && Standard != "c++17" && Standard != "c++20") {
    Context.Diags.report(diag::driver_std, SMLoc(),
                         "unsupported --std=" + Standard +
                             "; expected c++17 or c++20");
    return nullptr;
  }
  FormulaAnalysisOptions Options;
  Options.HelperFiles = HelperFiles;
  Options.Defines = Defines;
  Options.IncludeDirs = IncludeDirs;
  if (CacheDir.getNumOccurrences())
    Options.CacheDir = CacheDir;
  Options.Standard = Standard;
  Options.PreludeDir = PreludeDir;
  Options.DumpTranslationUnit = DumpFormulaUnit;
  if (SaveTextualMentions != cl::BOU_UNSET)
    Options.SaveTextualMentions = SaveTextualMentions == cl::BOU_TRUE;
  return createFormulaAnalysis(std::move(Options), Context.SourceMgr);
}

std::unique_ptr<LoadedDerivatives>
loadDerivatives(DriverContext &Context, const char *Argv0,
                SavedAttributeAnalysis *Formulas) {
  auto Result = std::make_unique<LoadedDerivatives>();
  std::string Root = findTemplatesRoot(TemplatesDir, Argv0);
  std::optional<Profile> LoadedProfile =
      loadProfile(ProfileName, Root, Context.SourceMgr, Context.Diags);
  if (!LoadedProfile)
    return nullptr;
  Result->TheProfile = std::move(*LoadedProfile);
  const SchemaSection &Schema = SchemaSection::of(Result->TheProfile);
  const SchemaOptions &Options = Schema.Schema;
  Result->CppOptions = Schema.CppAPI;
  {
    TimeTraceScope Scope("Load native_functions.yaml");
    Result->Functions =
      NativeFunctionSet::load(NativeFunctionsPath, TagsPath, Options,
                              Context.SourceMgr, Context.Diags);
  }
  if (!Result->Functions)
    return nullptr;
  Result->Index = std::make_unique<SchemaIndex>(
      *Result->Functions,
      DerivativesOptions::of(Result->TheProfile).ResolveViewCopySchemas);
  {
    TimeTraceScope Scope("Load derivatives.yaml");
    Result->DerivativesSource =
        YAMLSource::load(DerivativesPath, Context.SourceMgr, Context.Diags);
    if (!Result->DerivativesSource)
      return nullptr;
    Result->Entries = readDerivativesFile(*Result->DerivativesSource,
                                          Result->TheProfile, Context.Diags);
  }
  DerivativesContext Stage{*Result->Functions, *Result->Index,
                           Result->TheProfile, Result->CppOptions,
                           Context.Diags};
  // Entries with errors are left out; the later steps still check the rest,
  // so that one run reports every mistake.
  {
    TimeTraceScope Scope("Build differentiability infos");
    Result->Database = buildDifferentiabilityInfos(Result->Entries, Stage);
  }
  if (Formulas) {
    TimeTraceScope Scope("Check formulas");
    Formulas->analyze(Result->Database, Stage);
  }
  bool Finalized;
  {
    TimeTraceScope Scope("Finalize infos");
    Finalized = finalizeDifferentiabilityInfos(Result->Database, Stage);
  }
  if (Finalized && Formulas && !Context.Diags.hasErrors()) {
    TimeTraceScope Scope("Check generated nodes");
    Formulas->checkFinal(Result->Database, Stage);
  }
  return Result;
}

} // namespace gradgen::driver
