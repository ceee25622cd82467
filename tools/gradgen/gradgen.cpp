//===- gradgen.cpp - The gradgen command-line driver ----------------------===//
//
// A thin llvm::cl front end: each subcommand parses its inputs with the
// libraries under lib/ and reports through one DiagnosticEngine.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Config.h"
#include "gradgen/Formula/FormulaChecker.h"
#include "gradgen/Support/ClosestMatch.h"
#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

#include "llvm/Support/Allocator.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"


using namespace llvm;
using namespace gradgen;
using namespace gradgen::driver;

namespace gradgen::driver {

static cl::opt<std::string> TimeTracePath(
    "time-trace",
    cl::desc("Write where the run spent its time to this file, in the Chrome "
             "trace format of clang -ftime-trace"),
    cl::value_desc("file"), cl::sub(cl::SubCommand::getAll()),
    cl::cat(GradgenCategory));

int finish(std::unique_ptr<Compilation> C) {
  int Status = C->finish() ? 0 : 1;
  // Freeing the schemas, infos and ASTs of a run object by object costs
  // time no one needs spent: the process ends here (clang -disable-free).
  // The object stays reachable for leak checkers.
  llvm::BuryPointer(std::move(C));
  return Status;
}

static cl::opt<bool> PrintDiagnosticRules(
    "print-diagnostic-rules",
    cl::desc("Print the table of diagnostic rules (docs/diagnostics.md)"),
    cl::Hidden);

// For gradgen's build: the precompiled base of the built-in prelude.
static cl::opt<std::string> WritePreludePCH(
    "write-prelude-pch",
    cl::desc("Precompile the fixed part of the built-in prelude into this "
             "file (gradgen's build does)"),
    cl::value_desc("file"), cl::Hidden);
static cl::opt<std::string> PreludePCHStandard(
    "prelude-pch-standard",
    cl::desc("The C++ standard of --write-prelude-pch"), cl::init("c++17"),
    cl::Hidden);

} // namespace gradgen::driver

/// The executable, for the profiles installed beside it.
static const char *Argv0ForVersion = nullptr;

static void printVersion(raw_ostream &OS) {
  SourceMgr SM;
  InputFiles Files(SM);
  std::vector<std::string> Profiles = listProfiles(
      findTemplatesRoot("", Argv0ForVersion), Files);
  OS << "gradgen version " << GRADGEN_VERSION << "\n"
     << "  built with LLVM " << GRADGEN_LLVM_VERSION << "\n"
     << "  profiles: " << join(Profiles, ", ") << " (default "
     << DefaultProfileName << "; in a checkout, its version.txt's)\n";
}

static int runSubcommand(const char *Argv0) {
  if (SchemasCommand)
    return runSchemasCommand(Argv0);
  if (CheckCommand)
    return runCheckCommand(Argv0);
  if (InfosCommand)
    return runInfosCommand(Argv0);
  if (GenerateCommand)
    return runGenerateCommand(Argv0);
  if (GradcheckCommand)
    return runGradcheckCommand(Argv0);
  if (ConfigCommand)
    return runConfigCommand();
  if (OutputsCommand)
    return runOutputsCommand(Argv0);

  errs() << "gradgen: error: no subcommand given; see 'gradgen --help'\n";
  return 1;
}

/// A first argument that is no option names a subcommand: one gradgen does
/// not have is an error with the closest name, before cl reads the rest (an
/// option such as --helpers would otherwise match --help as a prefix, print
/// the help and exit 0, so that a build script with a misspelt subcommand
/// would succeed).
static bool checkSubcommand(int argc, char **argv) {
  if (argc < 2 || StringRef(argv[1]).startswith("-"))
    return true;
  std::vector<StringRef> Names;
  for (cl::SubCommand *Sub : cl::getRegisteredSubcommands())
    if (!Sub->getName().empty())
      Names.push_back(Sub->getName());
  llvm::sort(Names);
  if (is_contained(Names, StringRef(argv[1])))
    return true;
  WithColor::error(errs(), "gradgen")
      << "unknown subcommand '" << argv[1] << "'";
  if (std::optional<StringRef> Near = closestMatch(argv[1], Names))
    errs() << "; did you mean '" << *Near << "'?";
  errs() << " (subcommands: " << join(Names, ", ") << ")\n";
  return false;
}

/// lintrunner hands a linter the files to check as `@PATHSFILE`, one path a
/// line (src/linter.rs), which PyTorch's adapters read with argparse's
/// fromfile_prefix_chars: a line is one argument, blanks and all. cl's own
/// expansion would split lines at blanks, by GNU rules, so the driver
/// expands response files so first.
static void tokenizeOneArgumentPerLine(StringRef Source, StringSaver &Saver,
                                       SmallVectorImpl<const char *> &NewArgv,
                                       bool MarkEOLs) {
  SmallVector<StringRef, 16> Lines;
  Source.split(Lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines)
    if (!Line.rtrim('\r').empty())
      NewArgv.push_back(Saver.save(Line.rtrim('\r')).data());
}

int main(int argc, char **argv) {
  restartWithMallocTunables(argc, argv);
  prepareHeap(argc, argv);
  InitLLVM X(argc, argv);
  Argv0ForVersion = argv[0];
  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions(GradgenCategory);
  if (!checkSubcommand(argc, argv))
    return 1;
  SmallVector<const char *, 32> Args(argv, argv + argc);
  BumpPtrAllocator ResponseFileText;
  cl::ExpansionContext ResponseFiles(ResponseFileText,
                                     tokenizeOneArgumentPerLine);
  if (Error E = ResponseFiles.expandResponseFiles(Args)) {
    WithColor::error(errs(), "gradgen") << toString(std::move(E)) << "\n";
    return 1;
  }
  cl::ParseCommandLineOptions(
      Args.size(), Args.data(),
      "gradgen: generates PyTorch's autograd functions from "
      "derivatives.yaml\n\n"
      "  gradgen check tools/autograd/derivatives.yaml\n"
      "      In a PyTorch checkout, or under a .gradgen.yaml: the other "
      "inputs\n"
      "      are found; 'gradgen config FILE' prints what was found where.\n"
      "  gradgen schemas --native-functions FILE --tags FILE\n"
      "      Print every operator schema, generated variants included.\n"
      "  gradgen check --derivatives FILE --native-functions FILE --tags FILE\n"
      "      Check derivatives.yaml; write nothing.\n"
      "  gradgen infos --derivatives FILE --native-functions FILE --tags FILE\n"
      "      Print the DifferentiabilityInfos as JSON.\n"
      "  gradgen generate --derivatives FILE --native-functions FILE --tags "
      "FILE\n"
      "                   --output-dir DIR [--profile NAME] [--depfile FILE]\n"
      "      Write the files of PyTorch's tools/autograd step: the Node\n"
      "      classes (Functions.h/.cpp), python_functions, VariableType,\n"
      "      ADInplaceOrViewType, TraceType, ViewFuncs, variable_factories.h,\n"
      "      and the Python bindings (python_torch_functions*,\n"
      "      python_variable_methods, python_*_functions, python_return_types,\n"
      "      python_enum_tag).\n"
      "  gradgen outputs [--profile NAME]\n"
      "      Print the files 'generate' writes, in the order of its "
      "depfile.\n");

  if (PrintDiagnosticRules) {
    diag::printRulesTable(outs());
    return 0;
  }
  if (!WritePreludePCH.empty()) {
    std::string Error;
    if (writePreludeBasePCH(PreludePCHStandard, WritePreludePCH, Error))
      return 0;
    WithColor::error(errs(), "gradgen") << Error << "\n";
    return 1;
  }
  if (!TimeTracePath.empty())
    timeTraceProfilerInitialize(/*TimeTraceGranularity=*/500, "gradgen");
  int Status = runSubcommand(argv[0]);
  if (timeTraceProfilerEnabled()) {
    if (Error E = timeTraceProfilerWrite(TimeTracePath, "gradgen")) {
      WithColor::error(errs(), "gradgen") << toString(std::move(E)) << "\n";
      Status = 1;
    }
    timeTraceProfilerCleanup();
  }
  return Status;
}
