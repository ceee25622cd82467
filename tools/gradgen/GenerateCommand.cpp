//===- GenerateCommand.cpp - gradgen generate -----------------------------===//
//
// The whole pipeline: load and check the inputs, compute saved attributes,
// emit every Node, and write the files, all or nothing, each only if its
// bytes changed.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"
#include "SavedAttributesFromDump.h"

#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Support/OutputFiles.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gradgen::driver {

static cl::opt<std::string>
    OutputDir("output-dir", cl::desc("Where to write the generated files"),
              cl::value_desc("dir"), cl::Required, cl::sub(generateCommand()),
              cl::cat(GradgenCategory));

static cl::opt<std::string> DepfilePath(
    "depfile",
    cl::desc("Also write a Make/Ninja depfile listing every input read"),
    cl::value_desc("file"), cl::sub(generateCommand()),
    cl::cat(GradgenCategory));

static cl::opt<unsigned>
    Threads("j", cl::desc("Emit nodes on this many threads (default 0: one "
                          "per hardware thread); the output is the same"),
            cl::value_desc("N"), cl::init(0), cl::Prefix,
            cl::sub(generateCommand()), cl::cat(GradgenCategory));

static cl::list<std::string> FamilyNames(
    "families",
    cl::desc("Write only these file families (default: the profile's "
             "`families:`): python-functions, functions"),
    cl::value_desc("a,b"), cl::CommaSeparated, cl::sub(generateCommand()),
    cl::cat(GradgenCategory));

// Accepted for the command line of PyTorch's build: deprecated.yaml affects
// only the Python bindings of the Variable methods, none of these files.
static cl::opt<std::string> DeprecatedPath(
    "deprecated", cl::desc("deprecated.yaml (accepted; not needed for these "
                           "files)"),
    cl::value_desc("file"), cl::sub(generateCommand()),
    cl::cat(GradgenCategory));

// DEVELOPMENT ONLY: compares the emitters with torchgen independently of the
// Formula stage.
static cl::opt<std::string> SavedAttributesFrom(
    "saved-attributes-from",
    cl::desc("(development) Take saved attributes and rewritten formulas "
             "from this dump of torchgen's infos "
             "(utils/dump-torchgen-infos.py)"),
    cl::value_desc("file"), cl::Hidden, cl::sub(generateCommand()),
    cl::cat(GradgenCategory));

/// Every file the run read through the SourceMgr: the YAML inputs,
/// profile.yaml, the saved-attribute rules, the templates and the list of
/// view functions.
static std::vector<std::string> inputsRead(const SourceMgr &SM) {
  std::vector<std::string> Paths;
  for (unsigned ID = 1, E = SM.getNumBuffers(); ID <= E; ++ID) {
    StringRef Name = SM.getMemoryBuffer(ID)->getBufferIdentifier();
    if (!Name.empty())
      Paths.push_back(Name.str());
  }
  return Paths;
}

int runGenerateCommand(DriverContext &Context, const char *Argv0) {
  DiagnosticEngine &Diags = Context.Diags;
  std::unique_ptr<SavedAttributeAnalysis> Formulas =
      SavedAttributesFrom.empty()
          ? createFormulaStage(Context)
          : readSavedAttributeDump(SavedAttributesFrom, Diags);
  if (Diags.hasErrors())
    return Context.finish();
  std::unique_ptr<LoadedDerivatives> Loaded =
      loadDerivatives(Context, Argv0, Formulas.get());
  if (!Loaded || Diags.hasErrors())
    return Context.finish();

  const Profile &TheProfile = Loaded->TheProfile;
  Expected<TemplateSet> Templates = TemplateSet::open(
      TheProfile.Directory, blockIndentStyleOf(TheProfile), Context.SourceMgr);
  if (!Templates) {
    reportTemplateError(Templates.takeError(), Diags, diag::emit_template);
    return Context.finish();
  }
  std::vector<Located<std::string>> Requested(FamilyNames.begin(),
                                              FamilyNames.end());
  std::optional<std::vector<const FileFamilyInfo *>> Families =
      selectFileFamilies(Requested.empty() ? TheProfile.Families : Requested,
                         Diags);
  if (!Families)
    return Context.finish();

  std::optional<std::vector<GeneratedFile>> Files;
  {
    TimeTraceScope Scope("Emit");
    EmitContext Emit(Loaded->Database, TheProfile, Context.SourceMgr, Diags,
                     Threads);
    Files = emitFileFamilies(*Families, *Templates, Emit);
  }
  if (!Files || Diags.hasErrors())
    return Context.finish();
  OutputSet Outputs;
  for (GeneratedFile &File : *Files) {
    SmallString<256> Path(OutputDir);
    sys::path::append(Path, File.Name);
    Outputs.addFile(Path, std::move(File.Contents));
  }
  Outputs.addDependencies(inputsRead(Context.SourceMgr));
  Outputs.addDependencies(helperFiles());
  if (!DepfilePath.empty())
    Outputs.setDepfile(DepfilePath);
  {
    TimeTraceScope Scope("Write outputs");
    Outputs.commit(Diags);
  }
  keepUntilExit(std::move(Loaded));
  keepUntilExit(std::move(Formulas));
  return Context.finish();
}

} // namespace gradgen::driver
