//===- ProjectConfig.h - Where a project's inputs are -----------*- C++ -*-===//
//
// gradgen finds the inputs of a run the way clang-tidy finds its
// configuration: from the command line first, then from the nearest
// `.gradgen.yaml` in the folder of derivatives.yaml or a folder above it, then
// from the layout of a PyTorch checkout around derivatives.yaml
// (<root>/tools/autograd/derivatives.yaml): its native_functions.yaml and
// other inputs, its templates, and the profile of its version.txt. Each
// setting remembers where it came from, for `gradgen config` and for the
// language server.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FRONTEND_PROJECTCONFIG_H
#define GRADGEN_FRONTEND_PROJECTCONFIG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace gradgen {

class DiagnosticEngine;

/// A setting and where it came from.
template <typename T> struct Setting {
  T Value{};
  /// "command line", "<.gradgen.yaml>:<line>" or "PyTorch checkout <root>";
  /// empty while the setting is unset.
  std::string Origin;

  bool isSet() const { return !Origin.empty(); }
  void set(T NewValue, std::string NewOrigin) {
    Value = std::move(NewValue);
    Origin = std::move(NewOrigin);
  }
};

/// The inputs of a run and the flags of its formula checks.
struct ProjectConfig {
  Setting<std::string> Derivatives;
  Setting<std::string> NativeFunctions;
  Setting<std::string> Tags;
  Setting<std::string> Deprecated;
  Setting<std::vector<std::string>> Helpers;
  /// A profile name, or a profile folder.
  Setting<std::string> Profile;
  Setting<std::vector<std::string>> IncludeDirs;
  Setting<std::vector<std::string>> Defines;
  Setting<std::string> Standard;
  /// A folder holding compile_commands.json.
  Setting<std::string> CompileCommands;
  /// The PyTorch tree whose templates (tools/autograd/templates) the files
  /// are rendered from.
  Setting<std::string> TorchRoot;

  /// The folder holding the profiles, in which a checkout's version.txt is
  /// looked up; set by the caller before discover().
  std::string TemplatesRoot;
  /// The checkout's version.txt, when the profile came from it.
  std::string VersionFile;
  /// The .gradgen.yaml read, if any.
  std::string ConfigFile;
  /// The root of the PyTorch checkout recognised, if any.
  std::string CheckoutRoot;

  static constexpr llvm::StringLiteral FileName = ".gradgen.yaml";
  static constexpr llvm::StringLiteral CommandLine = "command line";

  /// Fills the settings still unset from the nearest .gradgen.yaml at or
  /// above the folder of Derivatives, then from the PyTorch checkout around
  /// it (the profile: pytorch-<major>.<minor> of its version.txt). Errors in
  /// .gradgen.yaml, and a version with no profile in TemplatesRoot, are
  /// located and reported to Diags; returns false after any.
  bool discover(llvm::SourceMgr &SM, DiagnosticEngine &Diags);

  /// Takes the include folders, macros and -std still unset from the
  /// compile command of EntryFile (default: the one of PyTorch's
  /// FunctionsManual.cpp) in CompileCommands/compile_commands.json, read
  /// with clang::tooling::CompilationDatabase as LibTooling tools read it.
  /// Does nothing if CompileCommands is unset; returns false after reporting
  /// an error.
  bool applyCompilationDatabase(llvm::StringRef EntryFile,
                                DiagnosticEngine &Diags);

  /// discover(), then applyCompilationDatabase(CompileCommandsEntry), then
  /// the default profile if none was found: what the command line and the
  /// language server both do with the settings they were given (flags, or
  /// an editor's initializationOptions). Returns false after an error.
  bool resolve(llvm::SourceMgr &SM, DiagnosticEngine &Diags,
               llvm::StringRef CompileCommandsEntry = "");

  /// Each setting, its value and where it came from (`gradgen config`).
  void print(llvm::raw_ostream &OS) const;
};

/// The nearest .gradgen.yaml in Dir or a folder above it; empty if none.
std::string findProjectConfigFile(llvm::StringRef Dir);

/// The derivatives.yaml a check of Path checks: Path, or the
/// tools/autograd/derivatives.yaml of the PyTorch checkout whose
/// native_functions.yaml or deprecated.yaml Path is; empty for a file of
/// those names outside a checkout. Linters are handed the files a change
/// touched (lintrunner's paths file, pre-commit's arguments), and a change of
/// a schema is seen in the formulas that use it.
std::string derivativesFileOf(llvm::StringRef Path);

} // namespace gradgen

#endif // GRADGEN_FRONTEND_PROJECTCONFIG_H
