//===- Settings.cpp - A run's settings, resolved once ---------------------===//
//
// The command line and the language server give their settings to a
// ProjectConfig (flags, or an editor's initializationOptions), resolve it the
// same way and map it to an Invocation the same way: one answer for a tree,
// whichever of them asks. Apart from ProjectConfig.cpp because resolving
// reads a compilation database through Clang's tooling library, which the
// readers of .gradgen.yaml alone need not link.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Frontend/Invocation.h"
#include "gradgen/Frontend/ProjectConfig.h"

using namespace llvm;

namespace gradgen {

bool ProjectConfig::resolve(SourceMgr &SM, DiagnosticEngine &Diags,
                            StringRef CompileCommandsEntry) {
  if (!discover(SM, Diags) ||
      !applyCompilationDatabase(CompileCommandsEntry, Diags))
    return false;
  if (!Profile.isSet())
    Profile.set(DefaultProfileName.str(), "default");
  return true;
}

void applyProjectConfig(const ProjectConfig &Config, Invocation &Inv) {
  Inv.DerivativesPath = Config.Derivatives.Value;
  Inv.NativeFunctionsPath = Config.NativeFunctions.Value;
  Inv.TagsPath = Config.Tags.Value;
  // `none` names no file: the bindings then have no deprecated overloads.
  Inv.DeprecatedPath =
      Config.Deprecated.Value == "none" ? "" : Config.Deprecated.Value;
  if (Config.Profile.isSet())
    Inv.ProfileName = Config.Profile.Value;
  Inv.TorchRoot = Config.TorchRoot.Value;
  for (const std::string *Read : {&Config.ConfigFile, &Config.VersionFile})
    if (!Read->empty())
      Inv.ConfigInputs.push_back(*Read);
  Inv.Formulas.Flags.HelperFiles = Config.Helpers.Value;
  Inv.Formulas.Flags.IncludeDirs = Config.IncludeDirs.Value;
  Inv.Formulas.Flags.Defines = Config.Defines.Value;
  Inv.Formulas.Flags.Standard = Config.Standard.Value;
}

} // namespace gradgen
