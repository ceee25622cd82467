//===- FormulaCheckerImpl.h - FormulaChecker's state, for its parts -*- C++ -*-===//
//
// Private to the Formula stage: FormulaChecker::Impl, shared by the first
// check (FormulaChecker.cpp) and the second (GeneratedCodeCheck.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_FORMULACHECKERIMPL_H
#define GRADGEN_LIB_FORMULA_FORMULACHECKERIMPL_H

#include "gradgen/Formula/FormulaCache.h"
#include "gradgen/Formula/FormulaChecker.h"
#include "gradgen/Support/Diagnostics.h"

#include "FirstCheckResults.h"
#include "Unit/FormulaCompiler.h"
#include "Unit/FormulaUnit.h"
#include "Unit/SharedInstance.h"
#include "UnknownNames.h"

#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {
class FormulaChecker::Impl {
public:
  Impl(DiagnosticEngine &Out, FormulaCheckerOptions Options)
      : Out(Out), Diags(Out.getSourceMgr()), Options(std::move(Options)) {
    Diags.setConsumer(
        std::make_unique<CollectingDiagnosticConsumer>(Collected));
  }

  void addOperator(OperatorDeclaration Declaration);
  std::vector<FormulaResult> check(llvm::ArrayRef<FormulaInput> Inputs);
  bool checkGenerated(llvm::ArrayRef<GeneratedNode> Nodes);

  /// Creates the compiler and the results cache for Inputs.
  void prepare(llvm::ArrayRef<FormulaInput> Inputs);
  void makeCache();
  /// Makes sure the precompiled header exists; reports why not.
  bool preparePCH();
  /// Forwards the collected diagnostics to Out, sorted by place.
  /// Drops what a derived formula repeats of its source formula's mistakes;
  /// notes where a derived formula that fails alone came from.
  void attributeDerivedFormulas(llvm::ArrayRef<FormulaInput> Inputs,
                                std::vector<formula::CachedFormula> &Checked);
  void flush();
  /// What one part of a check reports to, on its own thread: its engine,
  /// and the copies of the files its diagnostics point into, which join the
  /// SourceMgr when every part is done.
  struct Part {
    explicit Part(llvm::SourceMgr &SM) : Engine(SM) {
      Engine.setConsumer(
          std::make_unique<CollectingDiagnosticConsumer>(Diagnostics));
    }
    std::vector<Diagnostic> Diagnostics;
    DiagnosticEngine Engine;
    std::vector<std::unique_ptr<llvm::MemoryBuffer>> CopiedFiles;
    /// How the current run declares unknown helpers: the template form only
    /// in the first run of a part.
    formula::HelperForms Helpers;
    /// The Clang instance the first check's first run parsed the part in,
    /// kept for the second check's first run of the part of the same index
    /// (SharedInstance.h); whether the current run makes it (first check) or
    /// parses in it (second check).
    std::unique_ptr<formula::SharedInstance> Instance;
    bool UseInstance = false;
  };
  /// Parses a unit of part P with Consumer, in a compiler instance of its
  /// own or, with P.UseInstance, in P.Instance (making it if there is none);
  /// false if Clang reported errors.
  bool runUnit(Part &P, llvm::StringRef MainText,
               std::unique_ptr<clang::SemaConsumer> Consumer,
               formula::ClangDiagnosticTranslator &Translator);
  /// Splits Count items into parts run on several threads; each part
  /// reports to its own Part and gives its unit's text (for
  /// --dump-formula-unit, with DumpSuffix).
  /// Parts are contiguous and of about equal Weight (the cost of checking
  /// an item), so that the threads finish together.
  /// FirstLoc gives the place of an item, for an error of its part.
  void runParts(size_t Count, llvm::function_ref<size_t(size_t Item)> Weight,
                llvm::function_ref<llvm::SMLoc(size_t Item)> FirstLoc,
                llvm::function_ref<std::string(size_t Begin, size_t End, Part &P)>
                    Run);
  /// Splits Count items of the given Weight into Parts contiguous ranges;
  /// returns the Parts + 1 bounds.
  static std::vector<size_t> partBounds(size_t Count, size_t Parts,
                                        llvm::function_ref<size_t(size_t)> Weight);
  /// Adds the files copied for diagnostics to the SourceMgr.
  void adoptCopiedFiles(std::vector<std::unique_ptr<llvm::MemoryBuffer>> &Files);
  void dumpTranslationUnit(llvm::ArrayRef<std::string> Texts);
  /// Checks the formulas no cache had, in parts on several threads; Clean
  /// says which had no diagnostic at all (those results are cached).
  /// Reusable: what the second check can reuse of each formula of a part
  /// without any diagnostic (else nothing).
  void checkWithClang(llvm::ArrayRef<FormulaInput> Misses,
                      std::vector<formula::CachedFormula> &Results,
                      std::vector<bool> &Clean,
                      std::vector<formula::ReusableFormula> &Reusable);
  /// Runs Check, the first run of the first check of part P of Formulas
  /// (whose diagnostics Reported tells), in an instance that P keeps for the
  /// second check if it reports nothing; else again in one of its own.
  void checkFirstRun(llvm::ArrayRef<FormulaInput> Formulas, Part &P,
                     llvm::function_ref<void()> Check,
                     llvm::function_ref<bool()> Reported);
  /// Checks one part of the formulas in its own unit, declaring Declared;
  /// gives what the second check can reuse of them in Reusable if not null.
  /// Formulas flagged in LeftOutOnly only declare their variables
  /// (buildFormulaUnit); the results are by slot of the unit.
  std::string checkFormulaPart(llvm::ArrayRef<FormulaInput> Formulas,
                               llvm::ArrayRef<std::string> RuleTypes, Part &P,
                               formula::DeclaredVariables Declared,
                               std::vector<formula::CachedFormula> &PartResults,
                               std::vector<bool> &PartClean,
                               std::vector<formula::ReusableFormula> *Reusable,
                               llvm::ArrayRef<bool> LeftOutOnly = {});
  /// Checks one part of the nodes in its own unit, declaring Declared, with
  /// the formulas of StandInTypes replaced (buildGeneratedUnit); false if
  /// Clang could not.
  bool checkNodePart(llvm::ArrayRef<GeneratedNode> Nodes, Part &P,
                     formula::DeclaredVariables Declared,
                     llvm::ArrayRef<std::string> StandInTypes,
                     formula::GradientCopies Copies,
                     std::vector<bool> &PartClean, std::string &Text);
  /// Checks the nodes of one part, their formulas' first-check stand-ins
  /// (by slot, empty where none) left out after the first of each kind;
  /// again as written on any diagnostic.
  bool checkNodeRange(llvm::ArrayRef<GeneratedNode> Nodes,
                      llvm::ArrayRef<std::string> StandIns, Part &P,
                      std::vector<bool> &PartClean, std::string &Text);
  /// Runs Check, the second check's first run of part P of Nodes, in the
  /// instance the part's first check kept, if any; true if that run stands
  /// (it reported nothing), else the part has no instance any more.
  bool checkInKeptInstance(llvm::ArrayRef<GeneratedNode> Nodes, Part &P,
                           llvm::function_ref<void()> Check,
                           llvm::function_ref<bool()> Reported);
  void warnUndeclaredHelpers(llvm::ArrayRef<FormulaInput> Inputs,
                             llvm::ArrayRef<formula::CachedFormula> Checked);
  std::string DumpSuffix;

  DiagnosticEngine &Out;
  /// What the checks report to; flush() forwards it.
  DiagnosticEngine Diags;
  std::vector<Diagnostic> Collected;
  FormulaCheckerOptions Options;
  /// Every operator's C++ declarations; check() declares those whose name a
  /// formula mentions, which halves the time Clang spends.
  std::vector<OperatorDeclaration> Declarations;
  formula::GeneratedDeclarations Functions, Methods;
  /// Declarations already added, so that overloads that collapse to one
  /// C++ signature are declared once.
  llvm::StringSet<> Seen;
  /// mentionedNames() of the inputs of check(), if the caller gave it.
  std::optional<llvm::StringSet<>> Mentioned;
  std::unique_ptr<formula::FormulaCompiler> Compiler;
  bool PCHReady = false;
  bool PCHFailed = false;
  std::unique_ptr<formula::FormulaCache> Cache;
  /// What the results of this configuration depend on besides the formula.
  std::string Salt;
  /// The names that formulas call with a braced argument.
  llvm::StringSet<> BracedCallees;
  /// What this run's first check found, for the second.
  formula::FirstCheckResults FirstResults;
  /// What the parts of the last check left in Part::Instance, by part;
  /// runParts hands them to parts of the same index if there are as many.
  std::vector<std::unique_ptr<formula::SharedInstance>> Instances;
};

} // namespace gradgen

#endif // GRADGEN_LIB_FORMULA_FORMULACHECKERIMPL_H
