//===- ExpressionChecks.cpp - A formula is one expression -----------------===//

#include "ExpressionChecks.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

namespace {
class OneExpressionVisitor : public RecursiveASTVisitor<OneExpressionVisitor> {
public:
  OneExpressionVisitor(const SourceManager &CSM, const FormulaSlot &Slot,
                       DiagnosticEngine &Diags)
      : CSM(CSM), Slot(Slot), Diags(Diags) {}

  bool shouldVisitLambdaBodies() const { return true; }

  bool VisitParenExpr(ParenExpr *E) {
    // The parentheses of the unit around the formula: `(\n` text `\n)`.
    std::optional<unsigned> L = offsetOf(E->getLParen());
    if (!L || *L + 2 != Slot.TextBegin)
      return true;
    const Expr *Value = E->getSubExpr()->IgnoreImplicit();
    SourceLocation Comma;
    if (const auto *BO = dyn_cast<BinaryOperator>(Value);
        BO && BO->getOpcode() == BO_Comma)
      Comma = BO->getOperatorLoc();
    else if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(Value);
             Call && Call->getOperator() == OO_Comma)
      Comma = Call->getOperatorLoc();
    if (Comma.isValid())
      report(diag::formula_comma, Comma,
             "a formula is one expression, but this comma makes it two: "
             "where the generated code passes it as an argument, it would "
             "be two arguments; put the expression in parentheses")
          .fixIt(SMRange(inputLoc(Slot.TextBegin), inputLoc(Slot.TextBegin)),
                 "(")
          .fixIt(SMRange(inputLoc(Slot.TextEnd), inputLoc(Slot.TextEnd)), ")");
    return true;
  }

  bool VisitStmtExpr(StmtExpr *E) {
    if (inText(E->getLParenLoc()))
      report(diag::formula_statement_expression, E->getLParenLoc(),
             "a formula must not contain a statement-expression '({ ... })'");
    return true;
  }

  bool VisitDeclStmt(DeclStmt *S) {
    for (const Decl *D : S->decls()) {
      if (!inText(D->getLocation()))
        continue;
      const auto *Var = dyn_cast<VarDecl>(D);
      if (Var && Var->isLocalVarDecl() && !Var->hasExternalStorage() &&
          !Var->isStaticLocal())
        continue;
      report(diag::formula_local_declaration, D->getLocation(),
             "a lambda in a formula may declare only its own local "
             "variables");
    }
    return true;
  }

  bool Failed = false;

private:
  std::optional<unsigned> offsetOf(SourceLocation Loc) const {
    if (Loc.isInvalid())
      return std::nullopt;
    Loc = CSM.getFileLoc(Loc);
    if (CSM.getFileID(Loc) != CSM.getMainFileID())
      return std::nullopt;
    return CSM.getFileOffset(Loc);
  }
  bool inText(SourceLocation Loc) const {
    std::optional<unsigned> Offset = offsetOf(Loc);
    return Offset && *Offset >= Slot.TextBegin && *Offset < Slot.TextEnd;
  }
  SMLoc inputLoc(unsigned Offset) const {
    const FormulaInput &In = *Slot.Input;
    if (!In.Source.tokenRange().Start.isValid())
      return In.KeyLoc;
    return In.Source.locForOffset(
        std::min<size_t>(Offset - Slot.TextBegin, In.Source.size()));
  }
  DiagnosticBuilder report(diag::Kind Rule, SourceLocation Loc,
                           const Twine &Message) {
    Failed = true;
    std::optional<unsigned> Offset = offsetOf(Loc);
    return Diags.report(Rule, inputLoc(Offset ? *Offset : Slot.TextBegin),
                       Message);
  }

  const SourceManager &CSM;
  const FormulaSlot &Slot;
  DiagnosticEngine &Diags;
};
} // namespace

bool checkOneExpression(const SourceManager &CSM, const Stmt *Body,
                        const FormulaSlot &Slot, DiagnosticEngine &Diags) {
  if (!Body)
    return true;
  OneExpressionVisitor Visitor(CSM, Slot, Diags);
  Visitor.TraverseStmt(const_cast<Stmt *>(Body));
  return !Visitor.Failed;
}

} // namespace gradgen::formula
