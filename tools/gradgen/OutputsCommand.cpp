//===- OutputsCommand.cpp - gradgen outputs -------------------------------===//
//
// Prints the files `gradgen generate` writes with a profile, for build
// systems that must name a generator's outputs before it runs. Given the
// derivatives.yaml of a run, the profile is the one that run would take
// (--profile, .gradgen.yaml, the checkout's version.txt).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Emit/EmitOptions.h"
#include "gradgen/Emit/OutputList.h"
#include "gradgen/Frontend/ProjectConfig.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand OutputsCommand(
    "outputs", "Print the files 'generate' writes with a profile, in the "
               "order of its depfile");

static cl::opt<std::string> Derivatives(cl::Positional,
                                        cl::desc("[<derivatives.yaml>]"),
                                        cl::sub(OutputsCommand),
                                        cl::cat(GradgenCategory));

static cl::opt<std::string>
    ProfileName("profile",
                cl::desc("The profile (default pytorch-2.14), or a profile "
                         "folder"),
                cl::init(DefaultProfileName.str()), cl::sub(OutputsCommand),
                cl::cat(GradgenCategory));

static cl::opt<std::string>
    TemplatesDir("templates-dir",
                 cl::desc("The folder holding the profiles (default: the "
                          "installed templates)"),
                 cl::value_desc("dir"), cl::sub(OutputsCommand),
                 cl::cat(GradgenCategory));

static cl::opt<std::string>
    OutputDir("output-dir",
              cl::desc("Print the paths under this folder (default: relative "
                       "to the output folder)"),
              cl::value_desc("dir"), cl::sub(OutputsCommand),
              cl::cat(GradgenCategory));

static cl::list<std::string> FamilyNames(
    "families",
    cl::desc("Only the files of these families (default: the profile's "
             "`families:`)"),
    cl::value_desc("a,b"), cl::CommaSeparated, cl::sub(OutputsCommand),
    cl::cat(GradgenCategory));

/// The profile of a run on Derivatives, or null after reporting why there
/// is none.
static std::optional<std::string>
profileOfRun(const std::string &TemplatesRoot) {
  if (Derivatives.empty() || ProfileName.getNumOccurrences())
    return ProfileName.getValue();
  SourceMgr SM;
  DiagnosticEngine Diags(SM);
  ProjectConfig Config;
  Config.Derivatives.set(Derivatives, ProjectConfig::CommandLine.str());
  Config.TemplatesRoot = TemplatesRoot;
  bool OK = Config.discover(SM, Diags);
  if (!Diags.finish() || !OK)
    return std::nullopt;
  return Config.Profile.isSet() ? Config.Profile.Value : ProfileName.getValue();
}

int runOutputsCommand(const char *Argv0) {
  Invocation Inv;
  Inv.TemplatesRoot = findTemplatesRoot(TemplatesDir, Argv0);
  std::optional<std::string> ProfileOfRun = profileOfRun(Inv.TemplatesRoot);
  if (!ProfileOfRun)
    return 1;
  Inv.ProfileName = *ProfileOfRun;
  auto C = std::make_unique<Compilation>(Inv, createCommandLineConsumer());
  if (!C->loadProfile())
    return finish(std::move(C));
  const Profile &TheProfile = C->getProfile();
  std::vector<Located<std::string>> Requested(FamilyNames.begin(),
                                              FamilyNames.end());
  std::optional<std::vector<const FileFamilyInfo *>> Families =
      selectFileFamilies(
          Requested.empty() ? EmitOptions::of(TheProfile).Families : Requested,
          C->getDiags());
  if (!Families)
    return finish(std::move(C));
  for (const OutputList::Entry &E :
       OutputList::of(TheProfile, *Families).Entries) {
    SmallString<256> Path(OutputDir);
    sys::path::append(Path, E.Name);
    outs() << Path << "\n";
  }
  return finish(std::move(C));
}

} // namespace gradgen::driver
