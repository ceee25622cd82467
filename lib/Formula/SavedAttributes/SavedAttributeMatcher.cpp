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
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Regex.h"

using namespace llvm;
using namespace clang;

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

class Collector {
public:
  Collector(ASTContext &Ctx, const FormulaSlot &Slot)
      : Ctx(Ctx), CSM(Ctx.getSourceManager()), Slot(Slot) {}

  /// Collects the uses, candidates and pseudo-function uses in Body.
  void collect(const Stmt &Body);

  std::vector<Use> Uses;
  std::vector<Candidate> Candidates;
  std::vector<PseudoUse> Pseudos;

private:
  /// Text offsets of a node written in the formula, or false.
  bool textRange(SourceRange R, unsigned &Begin, unsigned &End) const;
  const ParmVarDecl *variable(const Expr *E) const;
  bool qualified(unsigned Begin) const;
  void addReference(const DeclRefExpr &Ref);
  void addMemberCall(const CXXMemberCallExpr &Call);
  /// `f(x)`, `T(x)` and `T{x}` of a variable x.
  void addCall(const Expr &Whole);
  StringRef text(unsigned Begin, unsigned End) const {
    return StringRef(Slot.Input->Text).slice(Begin, End);
  }

  ASTContext &Ctx;
  const SourceManager &CSM;
  const FormulaSlot &Slot;
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

void Collector::addReference(const DeclRefExpr &Ref) {
  unsigned B, E;
  if (auto *Var = dyn_cast<ParmVarDecl>(Ref.getDecl()))
    if (textRange(Ref.getSourceRange(), B, E))
      Uses.push_back({Var, B, E});
  if (isPseudo(Ref.getDecl()) && textRange(Ref.getSourceRange(), B, E))
    Pseudos.push_back({Ref.getDecl()->getNameAsString(), B, E});
}

void Collector::addMemberCall(const CXXMemberCallExpr &Call) {
  const auto *ME = dyn_cast<MemberExpr>(Call.getCallee()->IgnoreParens());
  if (!ME)
    return;
  unsigned B, E;
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
  if (!Var || !textRange(Call.getSourceRange(), B, E))
    return;
  Candidate C{Arrow ? SavedPatternKind::ArrowMember : SavedPatternKind::Member,
              Member,
              Var,
              B,
              E,
              std::nullopt,
              Call.getType()};
  SmallVector<const Expr *, 4> Args = writtenArguments(&Call);
  if (Args.size() == 1) {
    unsigned AB, AE;
    if (!textRange(Args[0]->getSourceRange(), AB, AE))
      return;
    C.Argument = text(AB, AE).str();
  } else if (!Args.empty()) {
    return;
  }
  Candidates.push_back(std::move(C));
}

void Collector::addCall(const Expr &Whole) {
  const Expr *Arg = nullptr;
  std::string Callee;
  if (const auto *Call = dyn_cast<CallExpr>(&Whole)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    SmallVector<const Expr *, 4> Args = writtenArguments(Call);
    if (!FD || !FD->getDeclName().isIdentifier() || Args.size() != 1)
      return;
    Arg = Args[0];
    Callee = FD->getName().str();
  } else if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(&Whole)) {
    Arg = Cast->getSubExprAsWritten();
    if (const auto *RD = Cast->getType()->getAsCXXRecordDecl())
      Callee = RD->getNameAsString();
  } else if (const auto *Temp = dyn_cast<CXXTemporaryObjectExpr>(&Whole)) {
    if (Temp->getNumArgs() != 1)
      return;
    Arg = Temp->getArg(0);
    if (const auto *RD = Temp->getType()->getAsCXXRecordDecl())
      Callee = RD->getNameAsString();
  }
  if (!Arg || Callee.empty())
    return;
  unsigned B, E;
  const ParmVarDecl *Var = variable(Arg);
  if (!Var || !textRange(Whole.getSourceRange(), B, E) || qualified(B))
    return;
  Candidates.push_back({SavedPatternKind::Call, Callee, Var, B, E, std::nullopt,
                        Whole.getType()});
}

/// The expressions of a formula's body that the collector looks at, each
/// kind in the order of a traversal that sees implicit code and template
/// instantiations (as an AST matcher's forEachDescendant does). One
/// traversal instead of a matcher per kind: the matchers' memoized
/// traversals cost more than the rest of the analysis.
class FormulaNodes : public RecursiveASTVisitor<FormulaNodes> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *E) { return add(References, E); }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
    return add(MemberCalls, E);
  }
  bool VisitCallExpr(CallExpr *E) {
    if (!isa<CXXMemberCallExpr>(E) && !isa<CXXOperatorCallExpr>(E))
      add(Calls, E);
    return true;
  }
  bool VisitCXXFunctionalCastExpr(CXXFunctionalCastExpr *E) {
    return add(Casts, E);
  }
  bool VisitCXXTemporaryObjectExpr(CXXTemporaryObjectExpr *E) {
    return add(Temporaries, E);
  }

  std::vector<const DeclRefExpr *> References;
  std::vector<const CXXMemberCallExpr *> MemberCalls;
  std::vector<const Expr *> Calls, Casts, Temporaries;

private:
  /// Initializer lists are traversed in their syntactic and semantic
  /// forms: each node counts once.
  template <class T> bool add(std::vector<const T *> &Into, const Stmt *Node) {
    if (Seen.insert(Node).second)
      Into.push_back(cast<T>(Node));
    return true;
  }
  llvm::DenseSet<const void *> Seen;
};

void Collector::collect(const Stmt &Body) {
  FormulaNodes Nodes;
  // The body itself is not its own descendant.
  for (const Stmt *Child : Body.children())
    if (Child)
      Nodes.TraverseStmt(const_cast<Stmt *>(Child));
  for (const DeclRefExpr *Ref : Nodes.References)
    addReference(*Ref);
  for (const CXXMemberCallExpr *Call : Nodes.MemberCalls)
    addMemberCall(*Call);
  for (const auto *Kind : {&Nodes.Calls, &Nodes.Casts, &Nodes.Temporaries})
    for (const Expr *E : *Kind)
      addCall(*E);
}

struct Edit {
  unsigned Begin, End;
  std::string Text;
};

/// Edits as replacements in the formula's text. The matcher never makes
/// two edits of one character: a replacement that overlaps another is
/// dropped rather than applied twice.
static tooling::Replacements toReplacements(ArrayRef<Edit> Edits) {
  tooling::Replacements Result;
  for (const Edit &E : Edits)
    consumeError(Result.add(
        tooling::Replacement("<formula>", E.Begin, E.End - E.Begin, E.Text)));
  return Result;
}

static std::string applyReplacements(StringRef Text,
                                     const tooling::Replacements &Edits) {
  // Replacements are sorted and do not overlap: splicing them in order is
  // what tooling::applyAllReplacements does, without its SourceManager and
  // Rewriter (most formulas have none or a few). Out of range, it decides.
  if (Edits.empty())
    return Text.str();
  std::string Spliced;
  Spliced.reserve(Text.size());
  unsigned Done = 0;
  for (const tooling::Replacement &R : Edits) {
    if (R.getOffset() < Done || R.getOffset() + R.getLength() > Text.size()) {
      Done = ~0u;
      break;
    }
    Spliced += Text.slice(Done, R.getOffset());
    Spliced += R.getReplacementText();
    Done = R.getOffset() + R.getLength();
  }
  if (Done != ~0u) {
    Spliced += Text.drop_front(Done);
    return Spliced;
  }
  Expected<std::string> Result = tooling::applyAllReplacements(Text, Edits);
  if (!Result) {
    consumeError(Result.takeError());
    return Text.str();
  }
  return std::move(*Result);
}

/// Text with Edits applied.
static std::string applyEdits(StringRef Text, ArrayRef<Edit> Edits) {
  return applyReplacements(Text, toReplacements(Edits));
}

/// Rewrites one formula: the saved-attribute rules, in table order, for
/// each argument and return, then what is left of each saved whole.
class FormulaRewriter {
public:
  FormulaRewriter(ASTContext &Ctx, const FunctionDecl &Function,
                  const Stmt *Body, const FormulaSlot &Slot,
                  const SavedAttributeRules *Rules,
                  ArrayRef<QualType> RuleTypes, DiagnosticEngine &Diags,
                  FormulaResult &Result)
      : Ctx(Ctx), Function(Function), Body(Body), Slot(Slot),
        In(*Slot.Input), Rules(Rules),
        RuleTypes(RuleTypes), Diags(Diags), Result(Result),
        C(Ctx, Slot) {}

  bool run();

private:
  void collect();
  SMLoc loc(unsigned Offset) const {
    return In.Source.tokenRange().Start.isValid()
               ? In.Source.locForOffset(Offset)
               : In.KeyLoc;
  }
  SMRange range(unsigned B, unsigned E) const {
    return In.Source.tokenRange().Start.isValid()
               ? In.Source.rangeForOffsets(B, E)
               : SMRange();
  }
  bool replaced(unsigned Offset) const {
    return any_of(Edits, [&](const Edit &E) {
      return Offset >= E.Begin && Offset < E.End;
    });
  }
  /// The parameter Name of the formula's own function: in a shared one,
  /// only if the formula names it.
  const ParmVarDecl *paramFor(StringRef Name) const {
    if (Slot.Grouped &&
        none_of(Slot.NamedVariables, [&](const auto &V) { return V.first == Name; }))
      return nullptr;
    for (const ParmVarDecl *P : Function.parameters())
      if (P->getName() == Name)
        return P;
    return nullptr;
  }

  void reportPseudoFunctions();
  /// Applies every rule to the uses of Var; saves what remains of it.
  void rewriteVariable(const FormulaVariable &Var, bool IsOutput);
  /// The uses of Param that Rule matches and no edit covers, in order.
  std::vector<const Candidate *> matches(const SavedAttributeRule &Rule,
                                         const ParmVarDecl *Param) const;
  /// Whether Rule may save Hit of Name; reports why not.
  bool canSave(const SavedAttributeRule &Rule, const Candidate &Hit,
               StringRef Name);
  /// Saves Hit of Name as Rule says, and replaces it in the formula.
  void save(const SavedAttributeRule &Rule, const Candidate &Hit,
            StringRef Name, std::vector<FormulaSavedValue> &Saved);
  /// Rewrites the optional-string uses of Var the rules left, and saves Var
  /// whole if any use remains.
  void saveRemainder(const FormulaVariable &Var, const ParmVarDecl *Param,
                     std::vector<FormulaSavedValue> &Saved);

  ASTContext &Ctx;
  const FunctionDecl &Function;
  const Stmt *Body;
  const FormulaSlot &Slot;
  const FormulaInput &In;
  const SavedAttributeRules *Rules;
  ArrayRef<QualType> RuleTypes;
  DiagnosticEngine &Diags;
  FormulaResult &Result;
  Collector C;
  std::vector<Edit> Edits;
  bool Ok = true;
};

} // namespace

void FormulaRewriter::collect() {
  // The traversal starts at this formula's body: never the prelude.
  C.collect(*Body);
}

void FormulaRewriter::reportPseudoFunctions() {
  bool Backward = In.Kind == FormulaKind::Backward;
  for (const PseudoUse &P : C.Pseudos) {
    if (Backward && replaced(P.Begin))
      continue;
    Diags
        .report(diag::formula_pseudo_function, loc(P.Begin),
                "'" + P.Name +
                    "' is no PyTorch function: it is only valid where a "
                    "saved-attribute rule replaces it, directly on an argument "
                    "or a return of a backward formula")
        .range(range(P.Begin, P.End));
    Ok = false;
  }
}

std::vector<const Candidate *>
FormulaRewriter::matches(const SavedAttributeRule &Rule,
                         const ParmVarDecl *Param) const {
  std::vector<const Candidate *> Hits;
  for (const Candidate &Cand : C.Candidates) {
    if (Cand.Var != Param || Cand.Kind != Rule.Kind ||
        Cand.Callee != Rule.Callee ||
        Rule.ArgumentRegex.has_value() != Cand.Argument.has_value() ||
        replaced(Cand.Begin))
      continue;
    if (Rule.ArgumentRegex &&
        !Regex("^(" + *Rule.ArgumentRegex + ")$").match(*Cand.Argument))
      continue;
    Hits.push_back(&Cand);
  }
  sort(Hits, [](const Candidate *A, const Candidate *B) {
    return A->Begin < B->Begin;
  });
  return Hits;
}

bool FormulaRewriter::canSave(const SavedAttributeRule &Rule,
                              const Candidate &Hit, StringRef Name) {
  if (Rule.OnlyForOwnDerivative &&
      (In.VarNames.size() != 1 || In.VarNames[0] != Name)) {
    Diags
        .report(diag::formula_saved_attribute, loc(Hit.Begin),
                "'" + Rule.Pattern.substr(6) +
                    "' can be saved only in the formula of '" + Name +
                    "' alone")
        .range(range(Hit.Begin, Hit.End));
    return false;
  }
  // The table says what the rule saves; Clang says what the pattern is. A
  // rule that saves the use itself must agree.
  if (!Rule.SaveExpr.empty() || RuleTypes.size() != Rules->Rules.size())
    return true;
  QualType Expected = RuleTypes[&Rule - Rules->Rules.data()];
  QualType Actual = Hit.Type.getNonReferenceType().getUnqualifiedType();
  if (Expected.isNull() || Actual.isNull() || Actual->isDependentType() ||
      Ctx.hasSameType(Expected, Actual))
    return true;
  Diags
      .report(diag::formula_saved_type, loc(Hit.Begin),
              "'" + Rule.Pattern + "' saves a '" + Rule.CppType +
                  "', but here it is a '" +
                  Actual.getAsString(Ctx.getPrintingPolicy()) + "'")
      .range(range(Hit.Begin, Hit.End))
      .note(Rule.Loc, "the rule is here");
  return false;
}

void FormulaRewriter::save(const SavedAttributeRule &Rule, const Candidate &Hit,
                           StringRef Name,
                           std::vector<FormulaSavedValue> &Saved) {
  std::string Arg = Hit.Argument.value_or("");
  std::string ArgSpelling = Arg;
  if (StringRef(Arg).startswith("-"))
    ArgSpelling = Rule.NegativePrefix + Arg.substr(1);
  std::string SavedName =
      Name.str() + substitutePlaceholders(Rule.Suffix, {{"arg", ArgSpelling}});
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
          : substitutePlaceholders(Rule.Replacement,
                                   {{"name", Name}, {"saved", SavedName}});
  Edits.push_back({Hit.Begin, Hit.End, Replacement});
}

void FormulaRewriter::saveRemainder(const FormulaVariable &Var,
                                    const ParmVarDecl *Param,
                                    std::vector<FormulaSavedValue> &Saved) {
  StringRef Name = Var.Name;
  bool Remains = false;
  bool OptionalString =
      !Rules->OptionalStringType.empty() &&
      StringRef(Var.CppType).trim() == Rules->OptionalStringType;
  std::vector<Edit> StringEdits;
  for (const Use &U : C.Uses) {
    if (U.Var != Param || replaced(U.Begin))
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
    Saved.push_back({Name.str(), Var.CppType, Name.str()});
}

void FormulaRewriter::rewriteVariable(const FormulaVariable &Var,
                                      bool IsOutput) {
  const ParmVarDecl *Param = paramFor(Var.Name);
  if (!Param)
    return;
  std::vector<FormulaSavedValue> &Saved =
      IsOutput ? Result.SavedOutputs : Result.SavedInputs;
  for (const SavedAttributeRule &Rule : Rules->Rules)
    for (const Candidate *Hit : matches(Rule, Param)) {
      if (!canSave(Rule, *Hit, Var.Name)) {
        Ok = false;
        continue;
      }
      save(Rule, *Hit, Var.Name, Saved);
    }
  saveRemainder(Var, Param, Saved);
}

bool FormulaRewriter::run() {
  Result.Formula = In.Text;
  if (!Body)
    return true;
  collect();
  bool Backward = In.Kind == FormulaKind::Backward;
  // Variables in signature order: the arguments, then the returns.
  if (Backward && Rules) {
    for (const FormulaVariable &A : In.Arguments)
      rewriteVariable(A, /*IsOutput=*/false);
    for (const FormulaVariable &R : In.Returns)
      rewriteVariable(R, /*IsOutput=*/true);
  }
  reportPseudoFunctions();

  tooling::Replacements Replacements = toReplacements(Edits);
  for (const tooling::Replacement &R : Replacements)
    Result.Edits.push_back({R.getOffset(), R.getOffset() + R.getLength(),
                            R.getReplacementText().str()});
  Result.Formula = applyReplacements(Result.Formula, Replacements);
  return Ok;
}

bool analyzeFormula(ASTContext &Ctx, const FunctionDecl &Function,
                    const Stmt *Body, const FormulaSlot &Slot, const SavedAttributeRules *Rules,
                    ArrayRef<QualType> RuleTypes, FormulaLocationMapper &Mapper,
                    DiagnosticEngine &Diags, FormulaResult &Result) {
  return FormulaRewriter(Ctx, Function, Body, Slot, Rules, RuleTypes, Diags,
                         Result)
      .run();
}

} // namespace gradgen::formula
