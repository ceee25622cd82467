//===- GradientChecks.cpp - What a formula gives and reads ----------------===//

#include "GradientChecks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Overload.h"
#include "clang/Sema/Sema.h"
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

/// The type named Path (`at::Tensor`, `torch::autograd::variable_list`).
static QualType lookupType(Sema &S, StringRef Path) {
  ASTContext &Ctx = S.getASTContext();
  DeclContext *DC = Ctx.getTranslationUnitDecl();
  SmallVector<StringRef, 4> Parts;
  Path.split(Parts, "::");
  for (auto [I, Part] : enumerate(Parts)) {
    LookupResult R(S, &Ctx.Idents.get(Part), SourceLocation(),
                   I + 1 == Parts.size() ? Sema::LookupOrdinaryName
                                         : Sema::LookupNestedNameSpecifierName);
    if (!S.LookupQualifiedName(R, DC) || !R.isSingleResult())
      return QualType();
    NamedDecl *D = R.getFoundDecl();
    if (I + 1 < Parts.size()) {
      DC = dyn_cast<DeclContext>(D);
      if (!DC)
        return QualType();
      continue;
    }
    if (auto *TD = dyn_cast<TypeDecl>(D))
      return Ctx.getTypeDeclType(TD);
  }
  return QualType();
}

/// Whether a value of Type (an xvalue, as the formula's value is) converts
/// implicitly to To, as in `To t = value;`.
static bool converts(Sema &S, QualType Type, QualType To) {
  if (To.isNull())
    return true;
  OpaqueValueExpr Value(SourceLocation(), Type.getNonReferenceType(),
                        Type->isLValueReferenceType() ? VK_LValue : VK_XValue);
  ImplicitConversionSequence ICS = S.TryImplicitConversion(
      &Value, To, /*SuppressUserConversions=*/false,
      Sema::AllowedExplicit::None, /*InOverloadResolution=*/false,
      /*CStyle=*/false, /*AllowObjCWritebackConversion=*/false);
  return !ICS.isBad();
}

static std::string typeName(const ASTContext &Ctx, QualType Type) {
  return Type.getNonReferenceType().getUnqualifiedType().getAsString(
      Ctx.getPrintingPolicy());
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

namespace {
/// Checks the type of the formula's value against what the generated code
/// stores each gradient as: an at::Tensor, a variable_list for a list
/// argument, and for several names a std::tuple of one value per name.
class GradientTypeCheck {
public:
  GradientTypeCheck(Sema &S, const FormulaInput &In, SMLoc Start,
                    SMRange Whole, DiagnosticEngine &Diags)
      : S(S), Ctx(S.getASTContext()), In(In), Start(Start), Whole(Whole),
        Diags(Diags), Tensor(lookupType(S, "at::Tensor")),
        List(lookupType(S, "torch::autograd::variable_list")) {}

  /// False after reporting an error.
  bool check(QualType Type) {
    size_t N = In.VarNames.size();
    if (N <= 1)
      return checkSingle(Type, N ? StringRef(In.VarNames[0]) : StringRef());
    std::optional<unsigned> Arity = tupleArity(Type);
    if (Arity != N) {
      reportCount(Type, Arity);
      return false;
    }
    return checkTupleElements(Type);
  }

private:
  QualType expected(StringRef Name) const {
    return gradientIsList(In, Name) ? List : Tensor;
  }

  std::string describe(StringRef Name) const {
    return gradientIsList(In, Name)
               ? "a list of tensors (torch::autograd::variable_list)"
               : "an at::Tensor";
  }

  bool checkSingle(QualType Type, StringRef Name) {
    if (converts(S, Type, expected(Name)))
      return true;
    Diags
        .report(diag::formula_gradient_type, Start,
                "the formula of '" + Name.str() + "' gives '" +
                    typeName(Ctx, Type) + "'; it must give " + describe(Name))
        .range(Whole);
    return false;
  }

  void reportCount(QualType Type, std::optional<unsigned> Arity) {
    std::string Gives = Arity ? "a std::tuple of " + std::to_string(*Arity) +
                                    " value" + (*Arity == 1 ? "" : "s")
                              : "'" + typeName(Ctx, Type) + "'";
    Diags
        .report(diag::formula_gradient_count, Start,
                "the formula of '" + join(In.VarNames, ", ") + "' gives " +
                    Gives + "; it must give a std::tuple of " +
                    std::to_string(In.VarNames.size()) +
                    " tensors, one per name")
        .range(Whole);
  }

  /// Type is a std::tuple of one value per name.
  bool checkTupleElements(QualType Type) {
    const auto *Spec = cast<ClassTemplateSpecializationDecl>(
        Type.getNonReferenceType()->getAsCXXRecordDecl());
    const TemplateArgumentList &Args = Spec->getTemplateArgs();
    ArrayRef<TemplateArgument> Elements =
        Args.size() == 1 && Args[0].getKind() == TemplateArgument::Pack
            ? Args[0].pack_elements()
            : Args.asArray();
    bool Ok = true;
    for (auto [I, Element] : enumerate(Elements)) {
      if (Element.getKind() != TemplateArgument::Type)
        continue;
      // std::get gives an lvalue of each element of a named tuple.
      QualType ElementType = Ctx.getLValueReferenceType(Element.getAsType());
      if (isUnknown(Element.getAsType()) ||
          converts(S, ElementType, expected(In.VarNames[I])))
        continue;
      Diags
          .report(diag::formula_gradient_type, Start,
                  "value " + std::to_string(I + 1) + " of the formula of '" +
                      join(In.VarNames, ", ") + "', the gradient of '" +
                      In.VarNames[I] + "', is a '" +
                      typeName(Ctx, Element.getAsType()) + "'; it must be " +
                      describe(In.VarNames[I]))
          .range(Whole);
      Ok = false;
    }
    return Ok;
  }

  Sema &S;
  ASTContext &Ctx;
  const FormulaInput &In;
  SMLoc Start;
  SMRange Whole;
  DiagnosticEngine &Diags;
  // What the generated code stores each gradient as.
  QualType Tensor;
  QualType List;
};
} // namespace

/// Reports the constant subscripts of grad_input_mask in Slot's formula text
/// that are beyond its names; false if there were any.
static bool checkMaskIndices(const SourceManager &CSM,
                             ArrayRef<const IntegerLiteral *> MaskIndices,
                             const FormulaSlot &Slot, bool Located,
                             DiagnosticEngine &Diags) {
  const FormulaInput &In = *Slot.Input;
  size_t N = In.VarNames.size();
  bool Ok = true;
  for (const IntegerLiteral *Index : MaskIndices) {
    if (Index->getValue().ult(N))
      continue;
    unsigned Offset = CSM.getFileOffset(CSM.getFileLoc(Index->getBeginLoc()));
    if (!Located || Offset < Slot.TextBegin || Offset > Slot.TextEnd)
      continue;
    unsigned Begin = Offset - Slot.TextBegin;
    std::string Value = toString(Index->getValue(), 10, false);
    unsigned End = Begin + Value.size();
    Diags
        .report(diag::formula_grad_input_mask, In.Source.locForOffset(Begin),
                "'grad_input_mask[" + Value +
                    "]' is out of bounds: the formula computes " +
                    std::to_string(N) + " gradients, for '" +
                    join(In.VarNames, ", ") + "'")
        .range(In.Source.rangeForOffsets(Begin, End));
    Ok = false;
  }
  return Ok;
}

bool checkGradients(Sema &S, const Stmt *Body, const FormulaSlot &Slot,
                    DiagnosticEngine &Diags) {
  const FormulaInput &In = *Slot.Input;
  if (!Body)
    return true;
  Finder F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  bool Ok = true;
  bool Located = In.Source.tokenRange().Start.isValid();
  SMLoc Start = Located ? In.Source.locForOffset(0) : In.KeyLoc;
  SMRange Whole =
      Located ? In.Source.rangeForOffsets(0, In.Text.size()) : SMRange();
  if (F.Value && !F.Value->isInvalidDecl() &&
      !F.Value->getType()->isDependentType() &&
      !isUnknown(F.Value->getType()))
    Ok &= GradientTypeCheck(S, In, Start, Whole, Diags)
              .check(F.Value->getType());
  Ok &= checkMaskIndices(S.getASTContext().getSourceManager(), F.MaskIndices,
                         Slot, Located, Diags);
  return Ok;
}

} // namespace gradgen::formula
