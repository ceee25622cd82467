//===- Invocation.h - What one run of gradgen is asked to do ----*- C++ -*-===//
//
// An Invocation names a run's inputs, its profile, how its formulas are
// checked, where its outputs go and how its diagnostics are counted. It is
// plain data: the command-line driver fills one from argv, a language server
// one per workspace (from .gradgen.yaml or the PyTorch checkout it finds),
// and a Session runs it as often as the inputs change. Nothing in the
// libraries reads the command line.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FRONTEND_INVOCATION_H
#define GRADGEN_FRONTEND_INVOCATION_H

#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace gradgen {

struct Invocation {
  // Inputs.
  std::string DerivativesPath;
  std::string NativeFunctionsPath;
  /// tags.yaml; empty: the tags.yaml beside NativeFunctionsPath.
  std::string TagsPath;
  /// deprecated.yaml, whose overloads the Python bindings add; empty: none.
  std::string DeprecatedPath;
  /// A profile under TemplatesRoot (`pytorch-2.14`), or a profile folder (a
  /// path with a '/').
  std::string ProfileName = DefaultProfileName.str();
  /// The folder holding the profiles; empty: findTemplatesRoot() of the
  /// running executable.
  std::string TemplatesRoot;
  /// The PyTorch tree whose file templates (tools/autograd/templates) the
  /// files are rendered from; empty: none (then `generate` cannot write
  /// them).
  std::string TorchRoot;
  /// Every input is read through this file system, which may overlay an
  /// editor's unsaved buffers on the disk; null: the real file system.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
  /// Files read to find the inputs before the run (.gradgen.yaml,
  /// compile_commands.json): inputs of the run too, for the depfile.
  std::vector<std::string> ConfigInputs;

  // The Formula stage.
  /// False: no Clang checks of the formulas (and no saved attributes).
  bool CheckFormulas = true;
  /// --helpers, -D, -I, --std, --cache-dir and the debugging switches.
  FormulaAnalysisOptions Formulas;

  // Outputs of `generate`.
  std::string OutputDir;
  /// Also write a Make/Ninja depfile here; empty: none.
  std::string DepfilePath;
  /// Touch this file after every successful run and name it first in the
  /// depfile (for build tools that compare times, as Make); empty: none.
  std::string StampPath;
  /// Threads that emit nodes; 0: one per hardware thread.
  unsigned EmitThreads = 0;
  /// The file families to write; empty: the profile's `families:`.
  std::vector<std::string> Families;

  // Diagnostics.
  /// Stop reporting after this many errors; 0: report all.
  unsigned ErrorLimit = 0;
  /// Show at most this many errors of one file; 0: all.
  unsigned ErrorLimitPerFile = 100;
  bool WarningsAsErrors = false;

  /// The tags.yaml a run reads.
  std::string tagsPath() const;
};

struct ProjectConfig;

/// Sets the inputs of Inv (derivatives.yaml, the schemas, the profile, the
/// PyTorch tree, the files read to find them) and the flags of its formula
/// checks (helpers, -I, -D, -std) from Config, resolved: the one mapping of
/// settings to a run, which the command line and the language server share.
/// What only one of them has (outputs, a cache folder, limits) is theirs to
/// add.
void applyProjectConfig(const ProjectConfig &Config, Invocation &Inv);

} // namespace gradgen

#endif // GRADGEN_FRONTEND_INVOCATION_H
