//===- FormulaCompiler.h - Clang on the formula translation units -*- C++
//-*-===//
//
// Private to the Formula stage. Runs Clang on the translation units that hold
// the formulas. Everything but the formulas -- the prelude and the operator
// declarations generated from native_functions.yaml, or in real-header mode
// PyTorch's own headers, then the helper headers and gradgen's checks -- is
// one header, precompiled once and cached on disk under a key made of its
// contents and the compiler flags, so that a run parses only the formulas.
// Both checks of a run (the forward context, then the generated code's
// context) load the same precompiled header.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_FORMULACOMPILER_H
#define GRADGEN_LIB_FORMULA_FORMULACOMPILER_H

#include "FormulaUnit.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/FrontendAction.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <vector>

namespace clang::tooling {
class ToolAction;
} // namespace clang::tooling

namespace gradgen::formula {

class FormulaCompiler {
public:
  explicit FormulaCompiler(FormulaCompilerOptions Options);
  ~FormulaCompiler();

  bool realHeaderMode() const { return !Options.Flags.IncludeDirs.empty(); }

  /// The generated operator declarations (built-in mode).
  void setDeclarations(const GeneratedDeclarations &Functions,
                       const GeneratedDeclarations &Methods);

  /// Finds the precompiled header in the cache or builds it, reporting the
  /// header's diagnostics to Diags. Returns false if it has errors or could
  /// not be written.
  bool preparePCH(clang::DiagnosticConsumer &Diags, std::string &Error);

  /// Parses MainText, which starts after the header, with Consumer. Returns
  /// false if Clang reported errors.
  bool run(llvm::StringRef MainText,
           std::unique_ptr<clang::ASTConsumer> Consumer,
           clang::DiagnosticConsumer &Diags);
  /// Runs Action on MainText as run() does; ExtraArgs go to Clang's
  /// command line (an editor's -code-completion-at).
  bool runAction(llvm::StringRef MainText,
                 std::unique_ptr<clang::FrontendAction> Action,
                 clang::DiagnosticConsumer &Diags,
                 llvm::ArrayRef<std::string> ExtraArgs = {});
  /// Runs Tool on MainText as run() does: Tool makes the compiler instance
  /// (and may keep it, SharedInstance.h).
  bool runTool(llvm::StringRef MainText, clang::tooling::ToolAction &Tool,
               clang::DiagnosticConsumer &Diags);

  /// Whether the header is built on the prelude's precompiled base, which
  /// is built with gradgen (writeBasePCH) for each standard the profiles
  /// name: the run then parses only what its inputs add.
  bool usesBasePCH() const { return !BasePCHPath.empty(); }
  /// Builds the header without the base from now on.
  void dropBasePCH() {
    BasePCHPath.clear();
    BasePCHStamp.clear();
    Key.clear();
  }
  /// Writes the base to Path and its key to Path.key. Returns false and
  /// says why if it could not.
  bool writeBasePCH(llvm::StringRef Path, std::string &Error);

  bool usesCacheDir() const { return !Options.CacheDir.empty(); }
  /// Works without the cache folder from now on.
  void dropCacheDir() {
    Options.CacheDir.clear();
    PCHPath.clear();
  }

  /// The text of the header every unit starts with, for --dump-formula-unit.
  std::string headerText() const;

  /// Identifies the header and the flags: the name of its cached PCH.
  /// Computed once: the helper headers are read as the run first saw them.
  std::string key() const;
  /// Identifies the files on disk the cached PCH was built from, as they
  /// are; empty if there is no such PCH or one of them changed.
  std::string inputsDigest() const;

private:
  std::vector<std::string> commonArgs() const;
  /// The command line of a unit that starts after the header.
  std::vector<std::string>
  unitArgs(llvm::ArrayRef<std::string> ExtraArgs) const;
  /// Identifies what the base is built from: gradgen, its flags and the
  /// prelude.
  std::string baseKey() const;
  /// Serves gradgen_prelude.h as its base (up to its marker line) and the
  /// rest, which includes the base.
  void splitPrelude();
  /// Finds the installed base for this run's flags and prelude, if any.
  void findBasePCH();
  /// Runs Action over the header named HeaderFile into a precompiled
  /// header in Data, on the base if BasePCH is given.
  bool buildPCH(llvm::StringRef HeaderFile, llvm::StringRef OutputPath,
                llvm::StringRef BasePCH, std::vector<std::string> &Inputs,
                llvm::SmallVectorImpl<char> &Data,
                clang::DiagnosticConsumer &Diags);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
  fileSystem(llvm::StringRef MainText) const;

  std::string pchPath() const;
  /// Removes the least recently used headers of the cache.
  void pruneCache() const;

  FormulaCompilerOptions Options;
  std::string FunctionsText, MethodsText;
  /// Contents of the prelude files replaced with --prelude.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Overrides;
  std::vector<std::pair<std::string, llvm::StringRef>> PreludeFiles;
  /// gradgen_prelude.h as its base and the rest, and the text of the
  /// base's header.
  std::string PreludeBase, PreludeRest, BaseHeaderText;
  std::string PCHPath;
  /// The base the header is built on, and its size and time.
  std::string BasePCHPath, BasePCHStamp;
  /// key(), once computed.
  mutable std::string Key;
  /// A PCH written for this run only, removed by the destructor, or at
  /// exit (removeFileAtExit).
  bool TemporaryPCH = false;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_FORMULACOMPILER_H
