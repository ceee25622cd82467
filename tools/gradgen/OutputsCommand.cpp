//===- OutputsCommand.cpp - gradgen outputs -------------------------------===//
//
// Prints the files `gradgen generate` writes with a profile, for build
// systems that must name a generator's outputs before it runs.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Emit/EmitOptions.h"
#include "gradgen/Emit/OutputList.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand OutputsCommand(
    "outputs", "Print the files 'generate' writes with a profile, in the "
               "order of its depfile");

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

int runOutputsCommand(const char *Argv0) {
  Invocation Inv;
  Inv.ProfileName = ProfileName;
  Inv.TemplatesRoot = findTemplatesRoot(TemplatesDir, Argv0);
  auto C = std::make_unique<Compilation>(Inv, createCommandLineConsumer());
  if (!C->loadProfile())
    return finish(std::move(C));
  const Profile &TheProfile = C->getProfile();
  std::optional<OutputList> Outputs =
      OutputList::load(TheProfile, C->getInputFiles(), C->getDiags());
  if (!Outputs)
    return finish(std::move(C));
  std::vector<Located<std::string>> Requested(FamilyNames.begin(),
                                              FamilyNames.end());
  std::optional<std::vector<const FileFamilyInfo *>> Families =
      selectFileFamilies(
          Requested.empty() ? EmitOptions::of(TheProfile).Families : Requested,
          C->getDiags());
  if (!Families)
    return finish(std::move(C));
  for (const OutputList::Entry *E : Outputs->entriesOf(*Families)) {
    SmallString<256> Path(OutputDir);
    sys::path::append(Path, E->Name);
    outs() << Path << "\n";
  }
  return finish(std::move(C));
}

} // namespace gradgen::driver
