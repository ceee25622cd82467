//===- GradientChecks.cpp - What a formula gives and reads ----------------===//

#include "GradientChecks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

/// The number of values of a std::tuple type, or std::nullopt for any other
/// type.
static std::optional<unsigned> tupleArity(QualType Type) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Type.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "tuple" ||
      !Spec->getDeclContext()->isStdNamespace())
    return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() == 1 && Args[0].getKind() == TemplateArgument::Pack)
    return Args[0].pack_size();
  return Args.size();
}

static bool isUnknown(QualType Type) {
  const CXXRecordDecl *RD = Type.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->getName() == "__gradgen_unknown";
}

namespace {
/// Finds the formula's value and the constant subscripts of
/// grad_input_mask.
class Finder : public RecursiveASTVisitor<Finder> {
public:
  bool VisitVarDecl(VarDecl *D) {
    if (D->getIdentifier() && D->getName() == "__gradgen_value")
      Value = D;
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->getOperator() != OO_Subscript || E->getNumArgs() != 2)
      return true;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(E->getArg(0)->IgnoreParenImpCasts());
    if (!Ref || !isa<ParmVarDecl>(Ref->getDecl()) ||
        Ref->getDecl()->getName() != "grad_input_mask")
      return true;
    if (const auto *Index =
            dyn_cast<IntegerLiteral>(E->getArg(1)->IgnoreParenImpCasts()))
      MaskIndices.push_back(Index);
    return true;
  }

  const VarDecl *Value = nullptr;
  std::vector<const IntegerLiteral *> MaskIndices;
};
} // namespace

bool checkGradients(ASTContext &Ctx, const FunctionDecl &Function,
                    const FormulaSlot &Slot, DiagnosticEngine &Diags) {
  const FormulaInput &In = *Slot.Input;
  if (!Function.getBody())
    return true;
  Finder F;
  F.TraverseStmt(Function.getBody());
  bool Ok = true;
  bool Located = In.Source.tokenRange().Start.isValid();
  SMLoc Start = Located ? In.Source.locForOffset(0) : In.KeyLoc;
  SMRange Whole = Located ? In.Source.rangeForOffsets(0, In.Text.size())
                          : SMRange();

  size_t N = In.VarNames.size();
  if (N > 1 && F.Value && !F.Value->isInvalidDecl()) {
    QualType Type = F.Value->getType();
    std::optional<unsigned> Arity = tupleArity(Type);
    if (!isUnknown(Type) && !Type->isDependentType() && Arity != N) {
      std::string Gives =
          Arity ? "a std::tuple of " + std::to_string(*Arity) + " value" +
                      (*Arity == 1 ? "" : "s")
                : "'" +
                      Type.getNonReferenceType()
                          .getUnqualifiedType()
                          .getAsString(Ctx.getPrintingPolicy()) +
                      "'";
      Diags
          .error("formula.gradient-count", Start,
                 "the formula of '" + join(In.VarNames, ", ") + "' gives " +
                     Gives + "; it must give a std::tuple of " +
                     std::to_string(N) + " tensors, one per name")
          .range(Whole);
      Ok = false;
    }
  }

  const SourceManager &CSM = Ctx.getSourceManager();
  for (const IntegerLiteral *Index : F.MaskIndices) {
    if (Index->getValue().ult(N))
      continue;
    unsigned Offset = CSM.getFileOffset(CSM.getFileLoc(Index->getBeginLoc()));
    if (!Located || Offset < Slot.TextBegin || Offset > Slot.TextEnd)
      continue;
    unsigned Begin = Offset - Slot.TextBegin;
    std::string Value = toString(Index->getValue(), 10, false);
    unsigned End = Begin + Value.size();
    Diags
        .error("formula.grad-input-mask",
               In.Source.locForOffset(Begin),
               "'grad_input_mask[" + Value +
                   "]' is out of bounds: the formula computes " +
                   std::to_string(N) + " gradients, for '" +
                   join(In.VarNames, ", ") + "'")
        .range(In.Source.rangeForOffsets(Begin, End));
    Ok = false;
  }
  return Ok;
}

} // namespace gradgen::formula
