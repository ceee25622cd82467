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
cl::SubCommand GradcheckCommand(
    "gradcheck",
    "Check derivative formulas numerically against a real libtorch: build "
    "gradgen's Nodes and kernels for the operators, run them in place of "
    "libtorch's, and compare with finite differences");
cl::SubCommand ConfigCommand(
    "config", "Print the inputs and flags a run would use, and where each "
              "came from (command line, .gradgen.yaml, PyTorch checkout, "
              "compile_commands.json)");

namespace {
/// Registers an option with the subcommands that read derivatives.yaml, and
/// with `config`, which prints what they would read.
struct DerivativesSubs {
  template <class Opt> void apply(Opt &O) const {
    O.addSubCommand(CheckCommand);
    O.addSubCommand(InfosCommand);
    O.addSubCommand(GenerateCommand);
    O.addSubCommand(GradcheckCommand);
    O.addSubCommand(ConfigCommand);
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

// Inputs. What the command line leaves unset, ProjectConfig finds.
// `check` takes several, and a checkout's native_functions.yaml or
// deprecated.yaml for its derivatives.yaml, as a linter is handed the files
// a change touched (docs/lint.md).
static cl::list<std::string> DerivativesFiles(cl::Positional,
                                              cl::desc("<derivatives.yaml>"),
                                              DerivativesSubs(),
                                              cl::cat(GradgenCategory));
static cl::opt<std::string> DerivativesPath(
    "derivatives", cl::desc("derivatives.yaml (or name it as the argument)"),
    cl::value_desc("file"), DerivativesSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> NativeFunctionsPath(
    "native-functions",
    cl::desc("native_functions.yaml (default: .gradgen.yaml's, or the "
             "PyTorch checkout's)"),
    cl::value_desc("file"), AllSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string>
    TagsPath("tags",
             cl::desc("tags.yaml (default: .gradgen.yaml's, the PyTorch "
                      "checkout's, or tags.yaml next to --native-functions)"),
             cl::value_desc("file"), AllSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> DeprecatedPath(
    "deprecated",
    cl::desc("deprecated.yaml, the deprecated Python signatures (default: "
             ".gradgen.yaml's, the PyTorch checkout's, or deprecated.yaml next "
             "to the derivatives; none: not read)"),
    cl::value_desc("file"), DerivativesSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> BuildPath(
    "p",
    cl::desc("A build folder holding compile_commands.json: check formulas "
             "against the headers, macros and -std of FunctionsManual.cpp's "
             "compile command there (real-header mode)"),
    cl::value_desc("dir"), DerivativesSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> CompileCommandsEntry(
    "compile-commands-entry",
    cl::desc("With -p: take the flags of this file's compile command "
             "(default: torch/csrc/autograd/FunctionsManual.cpp)"),
    cl::value_desc("file"), DerivativesSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> ProfileName(
    "profile",
    cl::desc("The PyTorch version to reproduce: a profile (pytorch-2.14, "
             "pytorch-2.6, pytorch-1.13) or a profile folder (default: the "
             "PyTorch checkout's version.txt, else pytorch-2.14)"),
    cl::init(DefaultProfileName.str()), AllSubs(), cl::cat(GradgenCategory));
static cl::opt<std::string> TorchRoot(
    "torch-root",
    cl::desc("The PyTorch tree whose tools/autograd/templates the files are "
             "rendered from (default: .gradgen.yaml's, or the PyTorch "
             "checkout's)"),
    cl::value_desc("dir"), AllSubs(), cl::cat(GradgenCategory));
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
    cl::desc("Where what a run can reuse is kept: precompiled formula "
             "headers, results of formulas, native function sets, files of "
             "the families that read no derivatives (default: "
             "$GRADGEN_CACHE_DIR, $XDG_CACHE_HOME/gradgen or "
             "~/.cache/gradgen; empty: no cache)"),
    cl::value_desc("dir"), AllSubs(), cl::cat(GradgenCategory));
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
static cl::opt<bool> NoFirstCheckReuse(
    "no-first-check-reuse",
    cl::desc("Check every formula again in its node's generated code, "
             "instead of taking what the first check proved (to bisect a "
             "verdict of that layer)"),
    cl::Hidden, cl::sub(CheckCommand), cl::sub(InfosCommand),
    cl::sub(GenerateCommand), cl::cat(GradgenCategory));
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
static cl::opt<std::string> StampPath(
    "stamp",
    cl::desc("Touch this file after every successful run and name it first "
             "in the depfile (for build tools that compare times, as Make)"),
    cl::value_desc("file"), cl::sub(GenerateCommand),
    cl::cat(GradgenCategory));
static cl::list<std::string> FamilyNames(
    "families",
    cl::desc("Write only these file families (default: the profile's "
             "`families:`): functions, python-functions, "
             "variable-type, inplace-or-view, trace-type, view-funcs, "
             "variable-factories, python-bindings, python-enum-tag"),
    cl::value_desc("a,b"), cl::CommaSeparated, cl::sub(GenerateCommand),
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

/// The command line's settings, then those .gradgen.yaml, the PyTorch
/// checkout and the compilation database give; null after an error.
static std::optional<ProjectConfig>
resolveProjectConfig(DiagnosticEngine &Diags, StringRef DerivativesFile) {
  ProjectConfig Config;
  std::string FromCommandLine = ProjectConfig::CommandLine.str();
  if (!DerivativesFile.empty() && !DerivativesPath.empty() &&
      DerivativesFile != DerivativesPath) {
    Diags.report(diag::driver_invalid_option, SMLoc(),
                 "derivatives.yaml named twice: '" + DerivativesFile +
                     "' and --derivatives " + DerivativesPath);
    return std::nullopt;
  }
  auto FromFlag = [&](Setting<std::string> &S, const std::string &Value) {
    if (!Value.empty())
      S.set(Value, FromCommandLine);
  };
  auto FromList = [&](Setting<std::vector<std::string>> &S,
                      const cl::list<std::string> &Values) {
    if (!Values.empty())
      S.set(std::vector<std::string>(Values.begin(), Values.end()),
            FromCommandLine);
  };
  FromFlag(Config.Derivatives, DerivativesFile.empty()
                                   ? DerivativesPath
                                   : std::string(DerivativesFile));
  FromFlag(Config.NativeFunctions, NativeFunctionsPath);
  FromFlag(Config.Tags, TagsPath);
  FromFlag(Config.Deprecated, DeprecatedPath);
  FromList(Config.Helpers, HelperFiles);
  if (ProfileName.getNumOccurrences())
    FromFlag(Config.Profile, ProfileName);
  FromList(Config.IncludeDirs, IncludeDirs);
  FromList(Config.Defines, Defines);
  FromFlag(Config.Standard, Standard);
  FromFlag(Config.CompileCommands, BuildPath);
  FromFlag(Config.TorchRoot, TorchRoot);
  Config.TemplatesRoot = findTemplatesRoot(TemplatesDir, nullptr);
  if (!Config.resolve(Diags.getSourceMgr(), Diags, CompileCommandsEntry))
    return std::nullopt;
  return Config;
}

/// Reports the input Goal needs that no one named.
static bool checkInputsOfRun(const ProjectConfig &Config, RunGoal Goal,
                             DiagnosticEngine &Diags) {
  auto Require = [&](const Setting<std::string> &S, StringRef File,
                     StringRef Flag, StringRef Key) {
    if (S.isSet())
      return true;
    Diags.report(diag::driver_missing_input, SMLoc(),
                 "no " + File + ": name it with " + Flag +
                     (Key.empty() ? Twine("")
                                  : ", set '" + Key + "' in " +
                                        ProjectConfig::FileName + ",") +
                     " or run on tools/autograd/derivatives.yaml in a "
                     "PyTorch checkout");
    return false;
  };
  bool OK = true;
  if (Goal != RunGoal::Schemas)
    OK &= Require(Config.Derivatives, "derivatives.yaml",
                  "'gradgen <subcommand> FILE'", "");
  // Named native_functions.yaml, the Invocation takes tags.yaml beside it.
  if (!Config.NativeFunctions.isSet()) {
    OK &= Require(Config.NativeFunctions, "native_functions.yaml",
                  "--native-functions", "native-functions");
    OK &= Require(Config.Tags, "tags.yaml", "--tags", "tags");
  }
  return OK;
}

/// The diagnostics of finding the project's inputs, which come before any
/// Compilation; the buffers of .gradgen.yaml live as long as the process.
static DiagnosticEngine &configDiagnostics() {
  static SourceMgr SM;
  static DiagnosticEngine Diags(SM);
  static bool Configured = false;
  if (!Configured) {
    Configured = true;
    configureFromCommandLine(Diags);
  }
  return Diags;
}

/// The one derivatives.yaml a subcommand other than `check` reads, if the
/// command line names it.
static std::optional<std::string> soleDerivativesFile() {
  if (DerivativesFiles.size() <= 1)
    return DerivativesFiles.empty() ? "" : DerivativesFiles.front();
  configDiagnostics().report(
      diag::driver_invalid_option, SMLoc(),
      "more than one derivatives.yaml named ('" + DerivativesFiles[0] + "', '" +
          DerivativesFiles[1] + "'); only 'check' takes several");
  return std::nullopt;
}

const ProjectConfig *projectConfig() {
  static std::optional<ProjectConfig> Resolved;
  static bool Tried = false;
  if (!Tried) {
    Tried = true;
    if (std::optional<std::string> File = soleDerivativesFile())
      Resolved = resolveProjectConfig(configDiagnostics(), *File);
  }
  return Resolved ? &*Resolved : nullptr;
}

int finishConfigDiagnostics() {
  return configDiagnostics().finish() ? 0 : 1;
}

CheckTargets derivativesFilesToCheck() {
  CheckTargets Targets;
  if (DerivativesFiles.empty()) {
    Targets.Files.push_back("");
    return Targets;
  }
  for (const std::string &Named : DerivativesFiles) {
    std::string File = derivativesFileOf(Named);
    if (File.empty()) {
      Targets.AllFound = false;
      configDiagnostics().report(
          diag::driver_missing_input, SMLoc(),
          "'" + Named +
              "' is in no PyTorch checkout, whose "
              "tools/autograd/derivatives.yaml would be checked; name the "
              "derivatives.yaml that uses it");
    } else if (!is_contained(Targets.Files, File)) {
      Targets.Files.push_back(std::move(File));
    }
  }
  return Targets;
}

/// The exit status of the last invocation that could not be made: 1, or 0
/// where the diagnostics format makes findings no failure (lintrunner).
static int LastConfigStatus = 1;

/// The switches of the formula checks that only the command line has.
static void setFormulaSwitches(FormulaAnalysisOptions &Options) {
  if (CacheDir.getNumOccurrences())
    Options.CacheDir = CacheDir;
  Options.PreludeDir = PreludeDir;
  Options.DumpTranslationUnit = DumpFormulaUnit;
  if (SaveTextualMentions != cl::BOU_UNSET)
    Options.SaveTextualMentions = SaveTextualMentions == cl::BOU_TRUE;
  Options.ReuseFirstCheck = !NoFirstCheckReuse;
}

static std::optional<Invocation>
makeInvocationOf(const ProjectConfig *Config, const char *Argv0, RunGoal Goal) {
  if (!Config || !checkInputsOfRun(*Config, Goal, configDiagnostics())) {
    LastConfigStatus = finishConfigDiagnostics();
    return std::nullopt;
  }
  Invocation Inv;
  applyProjectConfig(*Config, Inv);
  Inv.TemplatesRoot = findTemplatesRoot(TemplatesDir, Argv0);
  Inv.CheckFormulas = !NoFormulaChecks;
  setFormulaSwitches(Inv.Formulas);
  Inv.OutputDir = OutputDir;
  Inv.DepfilePath = DepfilePath;
  Inv.StampPath = StampPath;
  Inv.EmitThreads = Threads;
  Inv.Families = FamilyNames;
  Inv.ErrorLimit = errorLimit();
  Inv.ErrorLimitPerFile = errorLimitPerFile();
  Inv.WarningsAsErrors = warningsAsErrors();
  return Inv;
}

std::optional<Invocation> makeInvocation(const char *Argv0, RunGoal Goal) {
  return makeInvocationOf(projectConfig(), Argv0, Goal);
}

std::optional<Invocation> makeInvocation(const char *Argv0, RunGoal Goal,
                                         StringRef DerivativesFile) {
  std::optional<ProjectConfig> Config =
      resolveProjectConfig(configDiagnostics(), DerivativesFile);
  return makeInvocationOf(Config ? &*Config : nullptr, Argv0, Goal);
}

int failedInvocationStatus() { return LastConfigStatus; }

// gradcheck.
static cl::list<std::string> GradcheckOps(
    "op",
    cl::desc("An operator to check, with its overload (mul.Tensor, sum); "
             "repeatable (default: every operator with a formula)"),
    cl::value_desc("name"), cl::sub(GradcheckCommand),
    cl::cat(GradgenCategory));
static cl::opt<std::string> GradcheckLibtorch(
    "libtorch",
    cl::desc("The prefix of the libtorch to check against (its include/ and "
             "lib/)"),
    cl::value_desc("prefix"), cl::init("/usr"), cl::sub(GradcheckCommand),
    cl::cat(GradgenCategory));
static cl::opt<bool>
    GradcheckSecondOrder("second-order", cl::desc("Also check double backward"),
                         cl::sub(GradcheckCommand), cl::cat(GradgenCategory));
static cl::list<std::string> GradcheckSamples(
    "samples",
    cl::desc("A sample table read after the profile's and the one beside "
             "derivatives.yaml (repeatable)"),
    cl::value_desc("file"), cl::sub(GradcheckCommand),
    cl::cat(GradgenCategory));
static cl::opt<std::string> GradcheckCompiler(
    "cxx",
    cl::desc("The C++ compiler (default: $CXX, else clang++-16, clang++, "
             "g++)"),
    cl::value_desc("program"), cl::sub(GradcheckCommand),
    cl::cat(GradgenCategory));
static cl::opt<unsigned> GradcheckTimeout(
    "timeout",
    cl::desc("Seconds the check of one operator may take before it is "
             "reported as hung"),
    cl::init(120), cl::sub(GradcheckCommand), cl::cat(GradgenCategory));
static cl::opt<unsigned> GradcheckJobs("jobs",
                                       cl::desc("Compiler processes at once"),
                                       cl::init(2), cl::sub(GradcheckCommand),
                                       cl::cat(GradgenCategory));

// Declared before the option whose help it is: initialized first.
static const std::string CachePolicyHelp =
    "What a run removes from its cache of compiled code when it ends, as "
    "lld's --thinlto-cache-policy (default: " +
    GradcheckOptions().CachePolicy + ")";
static cl::opt<std::string> GradcheckCachePolicy("cache-policy",
                                                 cl::desc(CachePolicyHelp),
                                                 cl::value_desc("policy"),
                                                 cl::sub(GradcheckCommand),
                                                 cl::cat(GradgenCategory));

static cl::opt<std::string> GradcheckReport(
    "report",
    cl::desc("Write each operator's outcome (checked, failed, skipped and "
             "why) to this JSON file"),
    cl::value_desc("file"), cl::sub(GradcheckCommand),
    cl::cat(GradgenCategory));

GradcheckOptions gradcheckOptions() {
  GradcheckOptions Options;
  Options.Operators = GradcheckOps;
  Options.LibtorchPrefix = GradcheckLibtorch;
  Options.SecondOrder = GradcheckSecondOrder;
  Options.SampleTables = GradcheckSamples;
  Options.Compiler = GradcheckCompiler;
  Options.TimeoutSeconds = GradcheckTimeout;
  Options.Jobs = GradcheckJobs;
  Options.ReportPath = GradcheckReport;
  if (GradcheckCachePolicy.getNumOccurrences())
    Options.CachePolicy = GradcheckCachePolicy;
  if (CacheDir.getNumOccurrences() && !CacheDir.empty())
    Options.CacheDir = CacheDir + "/gradcheck";
  return Options;
}

} // namespace gradgen::driver
