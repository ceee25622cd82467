//===- FormulaConsumer.cpp - What the first check reads of its AST --------===//

#include "FormulaConsumer.h"

#include "ExpressionChecks.h"
#include "FormulaCheckerImpl.h"
#include "GradientChecks.h"
#include "SavedAttributes/SavedAttributeMatcher.h"
#include "Unit/ClangDiagnostics.h"
#include "UnknownNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <functional>

using namespace llvm;

namespace gradgen::formula {

namespace {

/// The uses of undeclared helpers in a formula function.
class HelperUseFinder : public clang::RecursiveASTVisitor<HelperUseFinder> {
public:
  HelperUseFinder(const UnknownNameSource &Source, const FormulaSlot &Slot,
                  const clang::SourceManager &CSM)
      : Source(Source), Slot(Slot), CSM(CSM) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    if (!Source.isHelper(E->getDecl()))
      return true;
    clang::SourceLocation Loc = E->getLocation();
    if (!Loc.isFileID())
      return true;
    unsigned Offset = CSM.getFileOffset(Loc);
    if (Offset < Slot.TextBegin || Offset >= Slot.TextEnd)
      return true;
    Uses.push_back({E->getDecl()->getNameAsString(), Offset - Slot.TextBegin,
                    isa<clang::FunctionDecl>(E->getDecl())});
    return true;
  }

  std::vector<HelperUse> Uses;

private:
  const UnknownNameSource &Source;
  const FormulaSlot &Slot;
  const clang::SourceManager &CSM;
};

/// What holds the formula of Slot in its function FD: the body, or the
/// slot's block of a shared one (null if the unit's structure is broken).
const clang::Stmt *slotBody(const clang::FunctionDecl &FD,
                            const FormulaSlot &Slot,
                            const clang::SourceManager &CSM) {
  if (!Slot.Grouped)
    return FD.getBody();
  const auto *Body = dyn_cast_or_null<clang::CompoundStmt>(FD.getBody());
  if (!Body)
    return nullptr;
  for (const clang::Stmt *S : Body->body())
    if (const auto *Block = dyn_cast<clang::CompoundStmt>(S)) {
      clang::SourceLocation Brace = Block->getLBracLoc();
      if (Brace.isFileID() && CSM.isInMainFile(Brace) &&
          CSM.getFileOffset(Brace) == Slot.BlockBegin)
        return Block;
    }
  return nullptr;
}

/// The formula functions of a unit, by name, and the namespace
/// torch::autograd::generated that holds them.
struct FormulaFunctions {
  StringMap<const clang::FunctionDecl *> ByName;
  const clang::NamespaceDecl *Generated = nullptr;
};

/// Finds the formula functions among the namespaces of the main file:
/// walking the whole translation unit would load every declaration of the
/// precompiled header.
FormulaFunctions findFormulaFunctions(ArrayRef<clang::Decl *> TopLevelDecls,
                                      const clang::SourceManager &CSM) {
  FormulaFunctions Found;
  std::function<void(const clang::NamespaceDecl *)> Walk =
      [&](const clang::NamespaceDecl *NS) {
        if (NS->getName() == "generated")
          Found.Generated = NS;
        for (const clang::Decl *D : NS->decls()) {
          if (const auto *Inner = dyn_cast<clang::NamespaceDecl>(D))
            Walk(Inner);
          else if (const auto *FD = dyn_cast<clang::FunctionDecl>(D);
                   FD && FD->getDeclName().isIdentifier() &&
                   FD->getName().startswith("__gradgen_formula_"))
            Found.ByName[FD->getName()] = FD;
        }
      };
  for (const clang::Decl *D : TopLevelDecls)
    if (const auto *NS = dyn_cast<clang::NamespaceDecl>(D);
        NS && CSM.isInMainFile(NS->getLocation()))
      Walk(NS);
  return Found;
}

/// The types of the saved-attribute rules, as the unit declares them in
/// Generated (a null type where it does not).
std::vector<clang::QualType> declaredRuleTypes(clang::ASTContext &Ctx,
                                               const clang::NamespaceDecl &Generated,
                                               size_t NumRules) {
  std::vector<clang::QualType> Types;
  for (size_t I = 0; I < NumRules; ++I) {
    clang::QualType Type;
    for (clang::NamedDecl *D : Generated.lookup(&Ctx.Idents.get(ruleTypeName(I))))
      if (auto *TD = dyn_cast<clang::TypedefNameDecl>(D))
        Type = Ctx.getCanonicalType(TD->getUnderlyingType());
    Types.push_back(Type);
  }
  return Types;
}

class FormulaConsumer : public clang::SemaConsumer {
public:
  FormulaConsumer(FormulaChecker::Impl &Checker, DiagnosticEngine &Diags,
                  const FormulaUnit &Unit, FormulaLocationMapper &Mapper,
                  ClangDiagnosticTranslator &Translator,
                  std::vector<CachedFormula> &Results,
                  std::vector<ReusableFormula> *Reusable, HelperForms &Forms)
      : Checker(Checker), Diags(Diags), Unit(Unit), Mapper(Mapper),
        Translator(Translator), Results(Results), Reusable(Reusable),
        Forms(Forms) {}

  void InitializeSema(clang::Sema &S) override {
    TheSema = &S;
    Names = new UnknownNameSource(
        S, Diags, Mapper, Translator,
        /*DeclareHelpers=*/Checker.Options.Flags.HelperFiles.empty(),
        /*Quiet=*/false, Forms, Checker.BracedCallees);
    S.addExternalSource(Names);
    if (any_of(Unit.Slots, [](const FormulaSlot &Slot) { return Slot.Grouped; }))
      S.getPreprocessor().addPPCallbacks(std::make_unique<MacroExpansionGuard>(
          S.getSourceManager(), Translator, Unit));
  }

  void ForgetSema() override {
    if (Names)
      Names->ForgetSema();
  }

  bool HandleTopLevelDecl(clang::DeclGroupRef Group) override {
    append_range(TopLevelDecls, Group);
    return true;
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Translator.flush();
    if (Names)
      Names->checkTemplateCalls();
    const clang::SourceManager &CSM = Ctx.getSourceManager();
    FormulaFunctions Functions = findFormulaFunctions(TopLevelDecls, CSM);
    std::vector<clang::QualType> RuleTypes;
    if (Checker.Options.Rules && Functions.Generated)
      RuleTypes = declaredRuleTypes(Ctx, *Functions.Generated,
                                    Checker.Options.Rules->Rules.size());
    for (auto [I, Slot] : enumerate(Unit.Slots)) {
      const clang::FunctionDecl *FD = Functions.ByName.lookup(Slot.FunctionName);
      const clang::Stmt *Body = FD ? slotBody(*FD, Slot, CSM) : nullptr;
      if (!FD || (Slot.Grouped && !Body)) {
        // A block that is not where the unit put it: checked again, each
        // formula in a function of its own.
        if (FD)
          Translator.SlotHasDiagnostics[I] = true;
        Results[I].Result.Formula = Slot.Input->Text;
        continue;
      }
      checkSlot(Ctx, I, *FD, Body, RuleTypes);
    }
  }

private:
  /// Checks the formula of slot I, whose function FD the unit has, with
  /// Body holding it.
  void checkSlot(clang::ASTContext &Ctx, size_t I, const clang::FunctionDecl &FD,
                 const clang::Stmt *Body,
                 ArrayRef<clang::QualType> RuleTypes) {
    const FormulaSlot &Slot = Unit.Slots[I];
    FormulaResult &Result = Results[I].Result;
    if (!checkOneExpression(Ctx.getSourceManager(), Body, Slot, Diags))
      Result.HasErrors = true;
    if (!analyzeFormula(Ctx, FD, Body, Slot, Checker.Options.Rules, RuleTypes,
                        Mapper, Diags, Result))
      Result.HasErrors = true;
    if (!Translator.SlotHasErrors[I] && TheSema &&
        !checkGradients(*TheSema, Body, Slot, Diags))
      Result.HasErrors = true;
    if (Names && Body) {
      HelperUseFinder Finder(*Names, Slot, Ctx.getSourceManager());
      Finder.TraverseStmt(const_cast<clang::Stmt *>(Body));
      llvm::sort(Finder.Uses, [](const HelperUse &A, const HelperUse &B) {
        return A.Offset < B.Offset;
      });
      Results[I].Helpers = std::move(Finder.Uses);
    }
    // A helper gradgen declares is the same in the second check's unit
    // (FirstCheckResults.h), unless it may be a variable there.
    if (Reusable && all_of(Results[I].Helpers, [](const HelperUse &U) {
          return U.Call && UnknownNameSource::declaredAlike(U.Name);
        }))
      (*Reusable)[I] = FirstCheckResults::reusable(
          TheSema, FD, Body, Slot, Result,
          Checker.Options.Flags.IncludeDirs.empty() ? Names : nullptr);
  }

  clang::Sema *TheSema = nullptr;
  UnknownNameSource *Names = nullptr;
  std::vector<clang::Decl *> TopLevelDecls;
  FormulaChecker::Impl &Checker;
  DiagnosticEngine &Diags;
  const FormulaUnit &Unit;
  FormulaLocationMapper &Mapper;
  ClangDiagnosticTranslator &Translator;
  std::vector<CachedFormula> &Results;
  std::vector<ReusableFormula> *Reusable;
  HelperForms &Forms;
};

} // namespace

std::unique_ptr<clang::SemaConsumer>
makeFormulaConsumer(FormulaChecker::Impl &Checker, DiagnosticEngine &Diags,
                    const FormulaUnit &Unit, FormulaLocationMapper &Mapper,
                    ClangDiagnosticTranslator &Translator,
                    std::vector<CachedFormula> &Results,
                    std::vector<ReusableFormula> *Reusable, HelperForms &Forms) {
  return std::make_unique<FormulaConsumer>(Checker, Diags, Unit, Mapper,
                                           Translator, Results, Reusable, Forms);
}

} // namespace gradgen::formula
