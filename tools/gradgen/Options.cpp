//===- Options.cpp - gradgen's command line to an Invocation --------------===//
//
// Every option of the subcommands that run a Compilation, in one file:
// options register with their subcommands during static initialisation,
// which runs in no defined order across files.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand SchemasCommand("schemas",
                              "Print every operator schema of "
                              "native_functions.yaml in torchgen's form");
cl::SubCommand CheckCommand(
    "check", "Load and check derivatives.yaml against the operator schemas; "
             "write nothing");
cl::SubCommand InfosCommand(
    "infos", "Print the DifferentiabilityInfos derivatives.yaml defines");
cl::SubCommand
    GenerateCommand("generate",
                    "Write Functions.h/.cpp and python_functions*.{h,cpp}");

namespace {
/// Registers an option with the subcommands that read derivatives.yaml.
struct DerivativesSubs {
  template <class Opt> void apply(Opt &O) const {
    O.addSubCommand(CheckCommand);
    O.addSubCommand(InfosCommand);
    O.addSubCommand(GenerateCommand);
  }
};
/// ... and with `schemas` too.
struct AllSubs {
  template <class Opt> void apply(Opt &O) const {
    DerivativesSubs().apply(O);
    O.addSubCommand(SchemasCommand);
  }
};
} // namespace

// Inputs.
static cl::opt<std::string> NativeFunctionsPath(
    "native-functions", cl::desc("native_functions.yaml"),
    cl::value_desc("file"), cl::Required, AllSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string>
    TagsPath("tags",
             cl::desc("tags.yaml (default: tags.yaml next to "
                      "--native-functions)"),
             cl::value_desc("file"), AllSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> DerivativesPath("derivatives",
                                            cl::desc("derivatives.yaml"),
                                            cl::value_desc("file"),
                                            cl::Required, DerivativesSubs(),
                                            cl::cat(GradgenCategory));
static cl::opt<std::string> ProfileName(
    "profile",
    cl::desc("The PyTorch version to reproduce: pytorch-2.14 (default), "
             "pytorch-1.13, or a profile folder"),
    cl::init(DefaultProfileName.str()), AllSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> TemplatesDir(
    "templates-dir",
    cl::desc("The folder holding the profiles (default: the installed "
             "templates)"),
    cl::value_desc("dir"), AllSubs(), cl::cat(GradgenCategory));

// The Formula stage.
static cl::list<std::string> HelperFiles(
    "helpers",
    cl::desc("A header declaring the helper functions formulas call, such as "
             "PyTorch's FunctionsManual.h (repeatable)"),
    cl::value_desc("file"), DerivativesSubs(), cl::cat(GradgenCategory));
static cl::list<std::string>
    Defines("D", cl::desc("Define a macro for the formula checks"),
            cl::value_desc("name[=value]"), cl::Prefix, DerivativesSubs(),
            cl::cat(GradgenCategory));
static cl::list<std::string> IncludeDirs(
    "I",
    cl::desc("Real-header mode: check formulas against the PyTorch headers "
             "(ATen/ATen.h, ...) found in this folder instead of the "
             "built-in prelude (repeatable)"),
    cl::value_desc("dir"), cl::Prefix, DerivativesSubs(),
    cl::cat(GradgenCategory));
static cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Where the precompiled formula headers are kept (default: "
             "$GRADGEN_CACHE_DIR, $XDG_CACHE_HOME/gradgen or "
             "~/.cache/gradgen; empty: no cache)"),
    cl::value_desc("dir"), DerivativesSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> Standard(
    "std",
    cl::desc("C++ standard of the formula checks: c++17 or c++20 (default: "
             "the profile's)"),
    DerivativesSubs(), cl::cat(GradgenCategory));
static cl::opt<bool> NoFormulaChecks(
    "no-formula-checks",
    cl::desc("Skip the Clang type checks of formulas (saved attributes are "
             "then not computed)"),
    DerivativesSubs(), cl::cat(GradgenCategory));

// Debugging aids of the Formula stage.
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

// `generate`.
static cl::opt<std::string>
    OutputDir("output-dir", cl::desc("Where to write the generated files"),
              cl::value_desc("dir"), cl::Required, cl::sub(GenerateCommand),
              cl::cat(GradgenCategory));
static cl::opt<std::string> DepfilePath(
    "depfile",
    cl::desc("Also write a Make/Ninja depfile listing every input read"),
    cl::value_desc("file"), cl::sub(GenerateCommand),
    cl::cat(GradgenCategory));
static cl::opt<unsigned>
    Threads("j", cl::desc("Emit nodes on this many threads (default 0: one "
                          "per hardware thread); the output is the same"),
            cl::value_desc("N"), cl::init(0), cl::Prefix,
            cl::sub(GenerateCommand), cl::cat(GradgenCategory));
static cl::list<std::string> FamilyNames(
    "families",
    cl::desc("Write only these file families (default: the profile's "
             "`families:`): python-functions, functions"),
    cl::value_desc("a,b"), cl::CommaSeparated, cl::sub(GenerateCommand),
    cl::cat(GradgenCategory));
// Accepted for the command line of PyTorch's build: deprecated.yaml affects
// only the Python bindings of the Variable methods, none of these files.
static cl::opt<std::string> DeprecatedPath(
    "deprecated", cl::desc("deprecated.yaml (accepted; not needed for these "
                           "files)"),
    cl::value_desc("file"), cl::sub(GenerateCommand),
    cl::cat(GradgenCategory));

// `infos`.
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

// `schemas`.
enum class SchemasFormat { Text, JSON };
static cl::opt<SchemasFormat> SchemasFormatOpt(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(SchemasFormat::Text, "text",
                          "one schema per line (default)"),
               clEnumValN(SchemasFormat::JSON, "json",
                          "every function with its model and C++ API")),
    cl::init(SchemasFormat::Text), cl::sub(SchemasCommand),
    cl::cat(GradgenCategory));
static cl::opt<bool>
    NoGenerated("no-generated",
                cl::desc("Leave out the variants torchgen generates"),
                cl::sub(SchemasCommand), cl::cat(GradgenCategory));
static cl::opt<std::string> ResolveDerivatives(
    "resolve-derivatives",
    cl::desc("Check that every 'name:' of this derivatives.yaml is a schema "
             "(prints a summary instead of the schemas)"),
    cl::value_desc("file"), cl::sub(SchemasCommand), cl::cat(GradgenCategory));

SchemasOutput schemasOutput() {
  SchemasOutput Result;
  Result.JSON = SchemasFormatOpt == SchemasFormat::JSON;
  Result.IncludeGenerated = !NoGenerated;
  Result.ResolveDerivatives = ResolveDerivatives;
  return Result;
}

static FormulaAnalysisOptions formulaOptions() {
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
  return Options;
}

Invocation makeInvocation(const char *Argv0) {
  Invocation Inv;
  Inv.NativeFunctionsPath = NativeFunctionsPath;
  Inv.TagsPath = TagsPath;
  Inv.DerivativesPath = DerivativesPath;
  Inv.ProfileName = ProfileName;
  Inv.TemplatesRoot = findTemplatesRoot(TemplatesDir, Argv0);
  Inv.CheckFormulas = !NoFormulaChecks;
  Inv.Formulas = formulaOptions();
  Inv.OutputDir = OutputDir;
  Inv.DepfilePath = DepfilePath;
  Inv.EmitThreads = Threads;
  Inv.Families = FamilyNames;
  Inv.ErrorLimit = errorLimit();
  Inv.ErrorLimitPerFile = errorLimitPerFile();
  Inv.WarningsAsErrors = warningsAsErrors();
  return Inv;
}

} // namespace gradgen::driver
