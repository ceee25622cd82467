//===- Pipeline.h - Loading the inputs every subcommand shares --*- C++ -*-===//

#ifndef GRADGEN_TOOLS_PIPELINE_H
#define GRADGEN_TOOLS_PIPELINE_H

#include "Driver.h"

#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Frontend/ProjectConfig.h"
#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaIndex.h"
#include "gradgen/Support/Profile.h"

#include <memory>
#include <optional>

namespace gradgen::driver {

/// The subcommands that read derivatives.yaml.
extern llvm::cl::SubCommand CheckCommand;
extern llvm::cl::SubCommand InfosCommand;
/// `generate`; a function so that other files can register options with it
/// during static initialisation.
llvm::cl::SubCommand &generateCommand();

enum class InfosFormat { JSON, Summary, Formulas };
/// `gradgen infos --format`. The option lives with the subcommands: an
/// option registers with its subcommand during static initialisation, which
/// runs in no defined order across files.
InfosFormat infosFormat();

/// Everything the Derivatives stage produced, with what it was built from.
struct LoadedDerivatives {
  const ProjectConfig *Config = nullptr;
  Profile TheProfile;
  CppAPIOptions CppOptions;
  std::unique_ptr<NativeFunctionSet> Functions;
  std::unique_ptr<SchemaIndex> Index;
  std::optional<YAMLSource> DerivativesSource;
  std::vector<DerivativesEntry> Entries;
  DerivativesDatabase Database;
};

/// The Formula stage as the command line configures it (--helpers, -D,
/// --std), or null with --no-formula-checks.
std::unique_ptr<SavedAttributeAnalysis> createFormulaStage(DriverContext &Context);

/// `gradgen config`; a function for the same reason as generateCommand().
llvm::cl::SubCommand &configCommand();

/// The settings of the run: the command line's, then those .gradgen.yaml, the
/// PyTorch checkout and the compilation database give (resolved once; null
/// after an error).
const ProjectConfig *projectConfig(DiagnosticEngine &Diags);

/// Loads the profile, the schemas and derivatives.yaml named on the command
/// line, runs the Formula stage when given one, and finalizes the infos.
/// Returns null if anything failed to load; check Diags for errors either
/// way.
std::unique_ptr<LoadedDerivatives>
loadDerivatives(DriverContext &Context, const char *Argv0,
                SavedAttributeAnalysis *Formulas);

} // namespace gradgen::driver

#endif // GRADGEN_TOOLS_PIPELINE_H
