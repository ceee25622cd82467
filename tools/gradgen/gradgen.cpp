//===- gradgen.cpp - The gradgen command-line driver ----------------------===//
//
// A thin llvm::cl front end: each subcommand parses its inputs with the
// libraries under lib/ and reports through one DiagnosticEngine.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Config.h"
#include "gradgen/Formula/FormulaChecker.h"

#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <malloc.h>
#include <unistd.h>

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

static void printVersion(raw_ostream &OS) {
  OS << "gradgen version " << GRADGEN_VERSION << "\n"
     << "  built with LLVM " << GRADGEN_LLVM_VERSION << "\n"
     << "  profiles: pytorch-2.14 (default), pytorch-1.13\n";
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
  if (ConfigCommand)
    return runConfigCommand();
  if (OutputsCommand)
    return runOutputsCommand(Argv0);

  errs() << "gradgen: error: no subcommand given; see 'gradgen --help'\n";
  return 1;
}

/// glibc's tunables, which it reads only when a process starts: gradgen
/// starts itself again once with those of them that GLIBC_TUNABLES does not
/// already name.
///
/// A thread's cache of freed chunks (tcache) holds 7 chunks of each size up
/// to 1,032 bytes by default; the rest go through malloc's bins, which cost
/// several times more per call. Emission frees strings of a few KiB by the
/// thousand: with 4,000 chunks of up to 4 KiB a warm `generate` of the
/// 1.13.1 corpus executes 771 M to 756 M instructions.
///
/// The heaps are not backed with transparent huge pages
/// (glibc.malloc.hugetlb=1) any more: on a virtual machine that hands free
/// memory back to its host, a fresh 2 MiB page costs a fault in the host
/// and zeroing, and most runs met such pages (docs/performance.md, "Huge
/// pages off"): benchmark.py, 1.13.1, CPU medians warm 0.239 to 0.153 s and
/// cold 0.464 to 0.386 s without them.
static constexpr std::pair<const char *, const char *> MallocTunables[] = {
    {"glibc.malloc.tcache_count", "4000"},
    {"glibc.malloc.tcache_max", "4096"},
};

static void restartWithMallocTunables(int argc, char **argv) {
  // Only the subcommands that run Clang make enough allocations to repay
  // the exec.
  if (argc < 2 || !is_contained({StringRef("check"), StringRef("infos"),
                                 StringRef("generate")},
                                StringRef(argv[1])))
    return;
  // GRADGEN_HUGE_PAGES=0 keeps the process as it is (for valgrind, which
  // does not follow the exec). The variable also marks the restarted
  // process, should glibc drop GLIBC_TUNABLES from its environment.
  if (getenv("GRADGEN_HUGE_PAGES"))
    return;
  const char *Tunables = getenv("GLIBC_TUNABLES");
  StringRef Given = Tunables ? Tunables : "";
  std::string Value = Given.str();
  for (auto [Name, Setting] : MallocTunables) {
    if (Given.contains(Name))
      continue;
    if (!Value.empty())
      Value += ':';
    (Value += Name) += '=';
    Value += Setting;
  }
  if (Value == Given)
    return;
  if (setenv("GLIBC_TUNABLES", Value.c_str(), 1) == 0 &&
      setenv("GRADGEN_HUGE_PAGES", "1", 1) == 0)
    execv("/proc/self/exe", argv);
  // Without /proc or exec, the run goes on as it is.
  unsetenv("GRADGEN_HUGE_PAGES");
  if (Tunables)
    setenv("GLIBC_TUNABLES", Tunables, 1);
  else
    unsetenv("GLIBC_TUNABLES");
}

int main(int argc, char **argv) {
  restartWithMallocTunables(argc, argv);
  // Growing the heap in large steps and never trimming it saves a system
  // call and page-table work per step.
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  InitLLVM X(argc, argv);
  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions(GradgenCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "gradgen: generates PyTorch's autograd functions from derivatives.yaml\n\n"
      "  gradgen check tools/autograd/derivatives.yaml\n"
      "      In a PyTorch checkout, or under a .gradgen.yaml: the other inputs\n"
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
      "      Write Functions.h/.cpp and python_functions*.{h,cpp}.\n"
      "  gradgen outputs [--profile NAME]\n"
      "      Print the files 'generate' writes, in the order of its depfile.\n");

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
