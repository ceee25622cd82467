//===- SavedAttributeMatcher.cpp - Rules on a parsed formula --------------===//
//
// torchgen applies its rules with regular expressions on the formula text.
// Here the uses come from the AST, so a rule sees `self.sym_sizes()` only
// where `self` is the argument: not in `myself.sym_sizes()`, not in a string
// or a comment, and also through parentheses. The order of the saved
// attributes stays torchgen's: variables in signature order, then rules in
// table order, then uses in text order.
//
//===----------------------------------------------------------------------===//

#include "SavedAttributeMatcher.h"

#include "gradgen/Support/IdentifierSearch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Regex.h"

using namespace llvm;
using namespace clang;
using namespace clang::ast_matchers;

namespace gradgen::formula {
namespace {

/// A use of a variable in the formula text, in text offsets.
struct Use {
  const ParmVarDecl *Var = nullptr;
  unsigned Begin = 0, End = 0;
};

/// A pattern-shaped expression whose receiver or argument is a variable.
struct Candidate {
  SavedPatternKind Kind;
  std::string Callee;
  const ParmVarDecl *Var = nullptr;
  unsigned Begin = 0, End = 0; // the whole expression
  std::optional<std::string> Argument;
  /// The type Clang gives the whole expression.
  QualType Type;
};

struct PseudoUse {
  std::string Name;
  unsigned Begin = 0, End = 0;
};

class Collector : public MatchFinder::MatchCallback {
public:
  Collector(ASTContext &Ctx, const FormulaSlot &Slot,
            const SavedAttributeRules *Rules)
      : Ctx(Ctx), CSM(Ctx.getSourceManager()), Slot(Slot), Rules(Rules) {}

  void run(const MatchFinder::MatchResult &Result) override;

  std::vector<Use> Uses;
  std::vector<Candidate> Candidates;
  std::vector<PseudoUse> Pseudos;

private:
  llvm::DenseSet<const void *> Seen;
  /// Text offsets of a node written in the formula, or false.
  bool textRange(SourceRange R, unsigned &Begin, unsigned &End) const;
  const ParmVarDecl *variable(const Expr *E) const;
  bool qualified(unsigned Begin) const;
  StringRef text(unsigned Begin, unsigned End) const {
    return StringRef(Slot.Input->Text).slice(Begin, End);
  }

  ASTContext &Ctx;
  const SourceManager &CSM;
  const FormulaSlot &Slot;
  const SavedAttributeRules *Rules;
};

bool Collector::textRange(SourceRange R, unsigned &Begin, unsigned &End) const {
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return false;
  unsigned B = CSM.getFileOffset(R.getBegin());
  unsigned E = CSM.getFileOffset(R.getEnd()) +
               Lexer::MeasureTokenLength(R.getEnd(), CSM, Ctx.getLangOpts());
  if (CSM.getFileID(R.getBegin()) != CSM.getMainFileID() ||
      B < Slot.TextBegin || E > Slot.TextEnd || E < B)
    return false;
  Begin = B - Slot.TextBegin;
  End = E - Slot.TextBegin;
  return true;
}

const ParmVarDecl *Collector::variable(const Expr *E) const {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (auto *C = dyn_cast<CXXConstructExpr>(E);
             C && !isa<CXXTemporaryObjectExpr>(C) && C->getNumArgs() >= 1)
      E = C->getArg(0);
    else
      break;
  }
  if (auto *Ref = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<ParmVarDecl>(Ref->getDecl());
  return nullptr;
}

bool Collector::qualified(unsigned Begin) const {
  return StringRef(Slot.Input->Text).take_front(Begin).rtrim().endswith("::");
}

static bool isPseudo(const Decl *D) {
  if (!D)
    return false;
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "gradgen_pseudo")
      return true;
  return false;
}

/// The arguments written in the source, without default arguments.
static SmallVector<const Expr *, 4> writtenArguments(const CallExpr *Call) {
  SmallVector<const Expr *, 4> Args;
  for (const Expr *A : Call->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);
  return Args;
}

void Collector::run(const MatchFinder::MatchResult &Result) {
  // Initializer lists are traversed in their syntactic and semantic forms.
  for (const auto &[ID, Node] : Result.Nodes.getMap())
    if (!Seen.insert(Node.getMemoizationData()).second)
      return;
  unsigned B, E;
  if (const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("ref")) {
    if (auto *Var = dyn_cast<ParmVarDecl>(Ref->getDecl()))
      if (textRange(Ref->getSourceRange(), B, E))
        Uses.push_back({Var, B, E});
    if (isPseudo(Ref->getDecl()) && textRange(Ref->getSourceRange(), B, E))
      Pseudos.push_back({Ref->getDecl()->getNameAsString(), B, E});
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("member")) {
    const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
    if (!ME)
      return;
    std::string Member = ME->getMemberNameInfo().getAsString();
    if (isPseudo(ME->getMemberDecl()) && textRange(ME->getMemberLoc(), B, E))
      Pseudos.push_back({Member, B, E});
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    bool Arrow = ME->isArrow();
    if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Base);
        Op && Op->getOperator() == OO_Arrow) {
      Base = Op->getArg(0);
      Arrow = true;
    }
    const ParmVarDecl *Var = variable(Base);
    if (!Var || !textRange(Call->getSourceRange(), B, E))
      return;
    Candidate C{Arrow ? SavedPatternKind::ArrowMember
                      : SavedPatternKind::Member,
                Member,
                Var,
                B,
                E,
                std::nullopt,
                Call->getType()};
    SmallVector<const Expr *, 4> Args = writtenArguments(Call);
    if (Args.size() == 1) {
      unsigned AB, AE;
      if (!textRange(Args[0]->getSourceRange(), AB, AE))
        return;
      C.Argument = text(AB, AE).str();
    } else if (!Args.empty()) {
      return;
    }
    Candidates.push_back(std::move(C));
    return;
  }
  const Expr *Whole = nullptr;
  const Expr *Arg = nullptr;
  std::string Callee;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
    const FunctionDecl *FD = Call->getDirectCallee();
    SmallVector<const Expr *, 4> Args = writtenArguments(Call);
    if (!FD || !FD->getDeclName().isIdentifier() || Args.size() != 1)
      return;
    Whole = Call;
    Arg = Args[0];
    Callee = FD->getName().str();
  } else if (const auto *Cast =
                 Result.Nodes.getNodeAs<CXXFunctionalCastExpr>("cast")) {
    Whole = Cast;
    Arg = Cast->getSubExprAsWritten();
    if (const auto *RD = Cast->getType()->getAsCXXRecordDecl())
      Callee = RD->getNameAsString();
  } else if (const auto *Temp =
                 Result.Nodes.getNodeAs<CXXTemporaryObjectExpr>("temp")) {
    if (Temp->getNumArgs() != 1)
      return;
    Whole = Temp;
    Arg = Temp->getArg(0);
    if (const auto *RD = Temp->getType()->getAsCXXRecordDecl())
      Callee = RD->getNameAsString();
  }
  if (!Whole || Callee.empty())
    return;
  const ParmVarDecl *Var = variable(Arg);
  if (!Var || !textRange(Whole->getSourceRange(), B, E) || qualified(B))
    return;
  Candidates.push_back({SavedPatternKind::Call, Callee, Var, B, E, std::nullopt,
                        Whole->getType()});
}

struct Edit {
  unsigned Begin, End;
  std::string Text;
};

/// Text with Edits (non-overlapping) applied.
static std::string applyEdits(StringRef Text, ArrayRef<Edit> Edits) {
  std::vector<const Edit *> Sorted;
  for (const Edit &E : Edits)
    Sorted.push_back(&E);
  sort(Sorted,
       [](const Edit *A, const Edit *B) { return A->Begin > B->Begin; });
  std::string Result = Text.str();
  for (const Edit *E : Sorted)
    Result.replace(E->Begin, E->End - E->Begin, E->Text);
  return Result;
}

} // namespace

bool analyzeFormula(ASTContext &Ctx, const FunctionDecl &Function,
                    const FormulaSlot &Slot, const SavedAttributeRules *Rules,
                    ArrayRef<QualType> RuleTypes, FormulaLocationMapper &Mapper,
                    DiagnosticEngine &Diags, FormulaResult &Result) {
  const FormulaInput &In = *Slot.Input;
  Result.Formula = In.Text;
  if (!Function.getBody())
    return true;

  Collector C(Ctx, Slot, Rules);
  // MatchFinder::match runs on the given node only: forEachDescendant
  // restricts the traversal to this formula's body, never the prelude.
  MatchFinder Finder;
  auto Within = [](auto Matcher) { return stmt(forEachDescendant(Matcher)); };
  Finder.addMatcher(Within(declRefExpr().bind("ref")), &C);
  Finder.addMatcher(Within(cxxMemberCallExpr().bind("member")), &C);
  Finder.addMatcher(Within(callExpr(unless(cxxMemberCallExpr()),
                                    unless(cxxOperatorCallExpr()))
                               .bind("call")),
                    &C);
  Finder.addMatcher(Within(cxxFunctionalCastExpr().bind("cast")), &C);
  Finder.addMatcher(Within(cxxTemporaryObjectExpr().bind("temp")), &C);
  Finder.match(*Function.getBody(), Ctx);

  auto Loc = [&](unsigned Offset) {
    return In.Source.tokenRange().Start.isValid()
               ? In.Source.locForOffset(Offset)
               : In.KeyLoc;
  };
  auto Range = [&](unsigned B, unsigned E) {
    return In.Source.tokenRange().Start.isValid()
               ? In.Source.rangeForOffsets(B, E)
               : SMRange();
  };
  bool Ok = true;
  bool Backward = In.Kind == FormulaKind::Backward;

  std::vector<Edit> Edits;
  auto Replaced = [&](unsigned Offset) {
    return any_of(Edits, [&](const Edit &E) {
      return Offset >= E.Begin && Offset < E.End;
    });
  };

  // Variables in signature order: the arguments, then the returns.
  std::vector<std::pair<const FormulaVariable *, bool>> Variables;
  for (const FormulaVariable &A : In.Arguments)
    Variables.push_back({&A, false});
  for (const FormulaVariable &R : In.Returns)
    Variables.push_back({&R, true});

  auto ParamFor = [&](StringRef Name) -> const ParmVarDecl * {
    for (const ParmVarDecl *P : Function.parameters())
      if (P->getName() == Name)
        return P;
    return nullptr;
  };

  if (Backward && Rules) {
    for (auto [Var, IsOutput] : Variables) {
      const ParmVarDecl *Param = ParamFor(Var->Name);
      if (!Param)
        continue;
      std::vector<FormulaSavedValue> &Saved =
          IsOutput ? Result.SavedOutputs : Result.SavedInputs;
      StringRef Name = Var->Name;
      for (const SavedAttributeRule &Rule : Rules->Rules) {
        std::vector<const Candidate *> Hits;
        for (const Candidate &Cand : C.Candidates) {
          if (Cand.Var != Param || Cand.Kind != Rule.Kind ||
              Cand.Callee != Rule.Callee ||
              Rule.ArgumentRegex.has_value() != Cand.Argument.has_value() ||
              Replaced(Cand.Begin))
            continue;
          if (Rule.ArgumentRegex &&
              !Regex("^(" + *Rule.ArgumentRegex + ")$").match(*Cand.Argument))
            continue;
          Hits.push_back(&Cand);
        }
        sort(Hits, [](const Candidate *A, const Candidate *B) {
          return A->Begin < B->Begin;
        });
        for (const Candidate *Hit : Hits) {
          if (Rule.OnlyForOwnDerivative &&
              (In.VarNames.size() != 1 || In.VarNames[0] != Name)) {
            Diags
                .report(diag::formula_saved_attribute, Loc(Hit->Begin),
                        "'" + Rule.Pattern.substr(6) +
                            "' can be saved only in the formula of '" + Name +
                            "' alone")
                .range(Range(Hit->Begin, Hit->End));
            Ok = false;
            continue;
          }
          // The table says what the rule saves; Clang says what the
          // pattern is. A rule that saves the use itself must agree.
          if (Rule.SaveExpr.empty() &&
              RuleTypes.size() == Rules->Rules.size()) {
            QualType Expected = RuleTypes[&Rule - Rules->Rules.data()];
            QualType Actual =
                Hit->Type.getNonReferenceType().getUnqualifiedType();
            if (!Expected.isNull() && !Actual.isNull() &&
                !Actual->isDependentType() &&
                !Ctx.hasSameType(Expected, Actual)) {
              Diags
                  .report(diag::formula_saved_type, Loc(Hit->Begin),
                          "'" + Rule.Pattern + "' saves a '" + Rule.CppType +
                              "', but here it is a '" +
                              Actual.getAsString(Ctx.getPrintingPolicy()) + "'")
                  .range(Range(Hit->Begin, Hit->End))
                  .note(Rule.Loc, "the rule is here");
              Ok = false;
              continue;
            }
          }
          std::string Arg = Hit->Argument.value_or("");
          std::string ArgSpelling = Arg;
          if (StringRef(Arg).startswith("-"))
            ArgSpelling = Rule.NegativePrefix + Arg.substr(1);
          std::string SavedName =
              Name.str() +
              substitutePlaceholders(Rule.Suffix, {{"arg", ArgSpelling}});
          std::string Canonical;
          switch (Rule.Kind) {
          case SavedPatternKind::Member:
            Canonical = Name.str() + "." + Rule.Callee + "(" + Arg + ")";
            break;
          case SavedPatternKind::ArrowMember:
            Canonical = Name.str() + "->" + Rule.Callee + "()";
            break;
          case SavedPatternKind::Call:
            Canonical = Rule.Callee + "(" + Name.str() + ")";
            break;
          }
          std::string Expr =
              Rule.SaveExpr.empty()
                  ? Canonical
                  : substitutePlaceholders(Rule.SaveExpr, {{"name", Name}});
          Saved.push_back({SavedName, Rule.CppType, Expr});
          std::string Replacement =
              Rule.Replacement.empty()
                  ? SavedName
                  : substitutePlaceholders(
                        Rule.Replacement,
                        {{"name", Name}, {"saved", SavedName}});
          Edits.push_back({Hit->Begin, Hit->End, Replacement});
        }
      }
      // What the rules left: rewrite optional strings, save the rest whole.
      bool Remains = false;
      bool OptionalString =
          !Rules->OptionalStringType.empty() &&
          StringRef(Var->CppType).trim() == Rules->OptionalStringType;
      std::vector<Edit> StringEdits;
      for (const Use &U : C.Uses) {
        if (U.Var != Param || Replaced(U.Begin))
          continue;
        Remains = true;
        if (OptionalString)
          StringEdits.push_back(
              {U.Begin, U.End,
               substitutePlaceholders(Rules->OptionalStringReplacement,
                                      {{"name", Name}})});
      }
      append_range(Edits, StringEdits);
      if (!Remains && Rules->SaveTextualMentions)
        Remains = usesIdentifier(applyEdits(In.Text, Edits), Name);
      if (Remains)
        Saved.push_back({Name.str(), Var->CppType, Name.str()});
    }
  }

  for (const PseudoUse &P : C.Pseudos) {
    if (Backward && Replaced(P.Begin))
      continue;
    Diags
        .report(diag::formula_pseudo_function, Loc(P.Begin),
                "'" + P.Name +
                    "' is no PyTorch function: it is only valid where a "
                    "saved-attribute rule replaces it, directly on an argument "
                    "or a return of a backward formula")
        .range(Range(P.Begin, P.End));
    Ok = false;
  }

  sort(Edits, [](const Edit &A, const Edit &B) { return A.Begin > B.Begin; });
  for (const Edit &E : llvm::reverse(Edits))
    Result.Edits.push_back({E.Begin, E.End, E.Text});
  for (const Edit &E : Edits)
    Result.Formula.replace(E.Begin, E.End - E.Begin, E.Text);
  return Ok;
}

} // namespace gradgen::formula
