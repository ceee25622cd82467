//===- OtherTypeUses.cpp - Uses that another type serves alike -----------===//

#include "OtherTypeUses.h"
#include "Unit/UnitText.h"
#include "UnknownNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Initialization.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

/// The namespace Name of namespace Parent (the translation unit if null).
static NamespaceDecl *namespaceOf(ASTContext &Ctx, StringRef Name,
                                  DeclContext *Parent = nullptr) {
  if (!Parent)
    Parent = Ctx.getTranslationUnitDecl();
  for (NamedDecl *D : Parent->lookup(&Ctx.Idents.get(Name)))
    if (auto *NS = dyn_cast<NamespaceDecl>(D))
      return NS;
  return nullptr;
}

static ClassTemplateDecl *classTemplate(ASTContext &Ctx, StringRef NS,
                                        StringRef Name) {
  NamespaceDecl *Namespace = namespaceOf(Ctx, NS);
  if (!Namespace)
    return nullptr;
  for (NamedDecl *D : Namespace->lookup(&Ctx.Idents.get(Name)))
    if (auto *Template = dyn_cast<ClassTemplateDecl>(D))
      return Template;
  return nullptr;
}

/// The type argument of Type if it is NS::Name<E> (NS a namespace of the
/// translation unit), canonical; else null. By names: most types are not.
static QualType elementOf(ASTContext &Ctx, QualType Type, StringRef NS,
                          StringRef Name) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Type->getAsCXXRecordDecl());
  if (!Spec)
    return QualType();
  const ClassTemplateDecl *Template = Spec->getSpecializedTemplate();
  const auto *Namespace =
      dyn_cast<NamespaceDecl>(Template->getDeclContext()->getRedeclContext());
  if (!Template->getDeclName().isIdentifier() || Template->getName() != Name ||
      !Namespace || Namespace->getName() != NS ||
      !Namespace->getParent()->getRedeclContext()->isTranslationUnit())
    return QualType();
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 1 || Args[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Ctx.getCanonicalType(Args[0].getAsType());
}

/// NS::Name<Element>, or null if Clang does not make it.
static QualType specialization(Sema &S, StringRef NS, StringRef Name,
                               QualType Element, SourceLocation Loc) {
  ClassTemplateDecl *Template = classTemplate(S.getASTContext(), NS, Name);
  if (!Template || Element.isNull())
    return QualType();
  Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
  TemplateArgumentListInfo Args;
  Args.addArgument(
      S.getTrivialTemplateArgumentLoc(TemplateArgument(Element), QualType(), Loc));
  QualType Type = S.CheckTemplateIdType(TemplateName(Template), Loc, Args);
  if (Trap.hasErrorOccurred() || Type.isNull() ||
      !S.isCompleteType(Loc, Type) || Trap.hasErrorOccurred())
    return QualType();
  return S.getASTContext().getCanonicalType(Type);
}

/// What an argument of a call is as written: without the implicit
/// conversions (a constructor's among them: in an argument, a constructor
/// call that is no temporary object, functional cast or list is one),
/// copies, temporaries and parentheses around it.
static const Expr *writtenArgument(const Expr *E) {
  while (true) {
    E = E->IgnoreImplicit()->IgnoreParens();
    const auto *Construct = dyn_cast<CXXConstructExpr>(E);
    if (!Construct || isa<CXXTemporaryObjectExpr>(Construct) ||
        Construct->getNumArgs() != 1 || Construct->isListInitialization() ||
        Construct->getParenOrBraceRange().isValid())
      return E;
    E = Construct->getArg(0);
  }
}

namespace {
/// An argument of a call, as written.
struct ArgumentSite {
  const CallExpr *Call;
  /// ObjectIndex for the object of a member call.
  unsigned Index;
  const Expr *Written;
};
constexpr unsigned ObjectIndex = ~0u;

class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *P = dyn_cast<ParmVarDecl>(E->getDecl());
        P && P->getIdentifier())
      ++Uses[P->getName()];
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *) {
    // A capture copies a variable: its type would matter.
    HasLambda = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (isa<CXXOperatorCallExpr>(Call))
      return true;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      if (const Expr *Object = Member->getImplicitObjectArgument())
        Sites.push_back({Call, ObjectIndex, writtenArgument(Object)});
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      Sites.push_back({Call, I, writtenArgument(Call->getArg(I))});
    return true;
  }

  StringMap<unsigned> Uses;
  std::vector<ArgumentSite> Sites;
  bool HasLambda = false;
};

/// The proof for one formula.
class OtherTypeProver {
public:
  OtherTypeProver(Sema &S, const FunctionDecl &Function,
                  const UnknownNameSource &Helpers)
      : S(S), Ctx(S.getASTContext()), Function(Function), Helpers(Helpers) {}

  /// What a use at Site takes alike: Any at a helper, Other (as an lvalue
  /// of NodeType) where proven, else None.
  OtherType atSite(const ArgumentSite &Site, OtherType Other,
                   QualType NodeType) {
    const FunctionDecl *Callee = Site.Call->getDirectCallee();
    if (!Callee)
      return OtherType::None;
    if (Site.Index != ObjectIndex && Helpers.isHelper(Callee))
      return OtherType::Any;
    if (Other == OtherType::None || NodeType.isNull())
      return OtherType::None;
    bool SameType = Other == OtherType::NonConst || Other == OtherType::Lvalue;
    bool Same = Site.Index == ObjectIndex
                    ? !SameType && sameMember(Site, NodeType)
                    : sameCall(Site, NodeType, SameType);
    return Same ? Other : OtherType::None;
  }

  /// The arguments whose type may change.
  llvm::SmallPtrSet<const Expr *, 8> Changed;

private:
  bool sameCall(const ArgumentSite &Site, QualType NodeType, bool SameType);
  bool sameQualifiedCall(const ArgumentSite &Site, const DeclRefExpr &Callee,
                         QualType NodeType);
  bool initializes(const ParmVarDecl *Param, const ArgumentSite &Site,
                   QualType NodeType);
  bool sameMember(const ArgumentSite &Site, QualType NodeType);
  bool addOrdinaryCandidates(DeclarationName Name,
                             SmallVectorImpl<NamedDecl *> &Found);
  bool onlyCandidate(const CallExpr *Call, const FunctionDecl *F,
                     ArrayRef<NamedDecl *> Candidates);

  Sema &S;
  ASTContext &Ctx;
  const FunctionDecl &Function;
  const UnknownNameSource &Helpers;
};
} // namespace

/// Adds what the unqualified lookup of Name from the formulas' function
/// could find (more, as every enclosing namespace and every namespace a
/// using-directive there nominates is searched).
bool OtherTypeProver::addOrdinaryCandidates(
    DeclarationName Name, SmallVectorImpl<NamedDecl *> &Found) {
  SmallVector<DeclContext *, 8> Contexts;
  for (DeclContext *DC = const_cast<DeclContext *>(Function.getDeclContext());
       DC; DC = DC->getParent()) {
    if (!DC->isFileContext())
      return false;
    Contexts.push_back(DC);
    for (UsingDirectiveDecl *U : DC->using_directives())
      if (NamespaceDecl *NS = U->getNominatedNamespace())
        Contexts.push_back(NS);
  }
  for (DeclContext *DC : Contexts) {
    LookupResult R(S, Name, Function.getLocation(), Sema::LookupOrdinaryName);
    S.LookupQualifiedName(R, DC);
    append_range(Found, R);
  }
  return true;
}

/// Whether every candidate of Candidates other than F cannot take Call's
/// number of arguments.
bool OtherTypeProver::onlyCandidate(const CallExpr *Call,
                                    const FunctionDecl *F,
                                    ArrayRef<NamedDecl *> Candidates) {
  unsigned Args = Call->getNumArgs();
  for (NamedDecl *D : Candidates) {
    D = D->getUnderlyingDecl();
    const FunctionDecl *G = D->getAsFunction();
    if (!G)
      return false;
    if (G->getCanonicalDecl() == F->getCanonicalDecl())
      continue;
    bool Pack = any_of(G->parameters(), [](const ParmVarDecl *P) {
      return P->isParameterPack();
    });
    if (Args >= G->getMinRequiredArguments() &&
        (G->isVariadic() || Pack || Args <= G->getNumParams()))
      return false;
  }
  return true;
}

/// Whether the call of Site calls the same function with an lvalue of
/// NodeType (of the argument's type if SameType, but for qualifiers and
/// value category) as the argument.
bool OtherTypeProver::sameCall(const ArgumentSite &Site, QualType NodeType,
                               bool SameType) {
  const CallExpr *Call = Site.Call;
  const FunctionDecl *F = Call->getDirectCallee();
  if (F->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      F->isVariadic() || Site.Index >= F->getNumParams())
    return false;
  DeclarationName Name = F->getDeclName();
  SourceLocation Loc = Call->getExprLoc();
  SmallVector<NamedDecl *, 8> Candidates;
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
    const Expr *Object = Member->getImplicitObjectArgument();
    CXXRecordDecl *Record = Member->getRecordDecl();
    if (!Object || !Record || Changed.count(writtenArgument(Object)))
      return false;
    LookupResult R(S, Name, Loc, Sema::LookupMemberName);
    S.LookupQualifiedName(R, Record);
    append_range(Candidates, R);
  } else {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    if (!Ref || Ref->hasExplicitTemplateArgs())
      return false;
    if (Ref->hasQualifier())
      return sameQualifiedCall(Site, *Ref, NodeType);
    if (!addOrdinaryCandidates(Name, Candidates))
      return false;
    // Found by the unqualified lookup whatever the arguments: nothing else
    // of its name could hide it.
    bool Ordinary =
        !Candidates.empty() && all_of(Candidates, [&](NamedDecl *D) {
          const FunctionDecl *G = D->getUnderlyingDecl()->getAsFunction();
          return G && G->getCanonicalDecl() == F->getCanonicalDecl();
        });
    if (Call->usesADL()) {
      SmallVector<Expr *, 8> Args, Unchanged;
      for (const Expr *A : Call->arguments()) {
        Args.push_back(const_cast<Expr *>(A));
        if (!Changed.count(writtenArgument(A)))
          Unchanged.push_back(const_cast<Expr *>(A));
      }
      ADLResult Found;
      S.ArgumentDependentLookup(Name, Loc, Args, Found);
      for (NamedDecl *D : Found)
        Candidates.push_back(D);
      // What ADL adds through another class: its namespace and friends.
      if (!SameType) {
        CXXRecordDecl *Other = NodeType->getAsCXXRecordDecl();
        if (!Other)
          return false;
        LookupResult InOther(S, Name, Loc, Sema::LookupOrdinaryName);
        S.LookupQualifiedName(
            InOther, Other->getDeclContext()->getEnclosingNamespaceContext());
        append_range(Candidates, InOther);
        for (const FriendDecl *Friend : Other->friends())
          if (const NamedDecl *D = Friend->getFriendDecl();
              D && D->getDeclName() == Name)
            return false;
      }
      if (!Ordinary) {
        // F is found without the changed arguments.
        Sema::AssociatedNamespaceSet Namespaces;
        Sema::AssociatedClassSet Classes;
        S.FindAssociatedClassesAndNamespaces(Loc, Unchanged,
                                             Namespaces, Classes);
        const DeclContext *Home = F->getDeclContext();
        if (!Home->isFileContext())
          return false;
        while (Home->isInlineNamespace())
          Home = Home->getParent();
        if (!Namespaces.count(const_cast<DeclContext *>(Home)->getPrimaryContext()))
          return false;
      }
    } else if (!Ordinary) {
      return false;
    }
  }
  return onlyCandidate(Call, F, Candidates) &&
         initializes(F->getParamDecl(Site.Index), Site, NodeType);
}

/// Whether Clang copy-initializes Param from an lvalue of NodeType.
bool OtherTypeProver::initializes(const ParmVarDecl *P,
                                  const ArgumentSite &Site,
                                  QualType NodeType) {
  auto *Param = const_cast<ParmVarDecl *>(P);
  if (Param->getType()->isDependentType())
    return false;
  OpaqueValueExpr Argument(Site.Written->getExprLoc(), NodeType, VK_LValue);
  Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
  return S.CanPerformCopyInitialization(
             InitializedEntity::InitializeParameter(Ctx, Param), &Argument) &&
         !Trap.hasErrorOccurred();
}

/// Whether the call of Site, whose callee is qualified by a namespace,
/// calls the same function with an lvalue of NodeType: no ADL, and the
/// qualified lookup does not depend on the arguments.
bool OtherTypeProver::sameQualifiedCall(const ArgumentSite &Site,
                                        const DeclRefExpr &Callee,
                                        QualType NodeType) {
  const NestedNameSpecifier *Qualifier = Callee.getQualifier();
  DeclContext *Scope = nullptr;
  if (Qualifier->getKind() == NestedNameSpecifier::Global)
    Scope = Ctx.getTranslationUnitDecl();
  else if (NamespaceDecl *NS = Qualifier->getAsNamespace())
    Scope = NS;
  else if (NamespaceAliasDecl *Alias = Qualifier->getAsNamespaceAlias())
    Scope = Alias->getNamespace();
  const FunctionDecl *F = Site.Call->getDirectCallee();
  if (!Scope || Site.Call->usesADL())
    return false;
  SmallVector<DeclContext *, 4> Scopes = {Scope};
  for (UsingDirectiveDecl *U : Scope->using_directives())
    if (NamespaceDecl *NS = U->getNominatedNamespace())
      Scopes.push_back(NS);
  SmallVector<NamedDecl *, 8> Candidates;
  for (DeclContext *DC : Scopes) {
    LookupResult R(S, F->getDeclName(), Site.Call->getExprLoc(),
                   Sema::LookupOrdinaryName);
    S.LookupQualifiedName(R, DC);
    append_range(Candidates, R);
  }
  return onlyCandidate(Site.Call, F, Candidates) &&
         initializes(F->getParamDecl(Site.Index), Site, NodeType);
}

/// Whether the member call of Site, without arguments, on an lvalue of
/// NodeType calls a function of the same type: the one member of its name
/// that takes no argument, public, not a template, whose result has the
/// call's type, returned by value.
bool OtherTypeProver::sameMember(const ArgumentSite &Site, QualType NodeType) {
  const auto *Call = cast<CXXMemberCallExpr>(Site.Call);
  const FunctionDecl *F = Call->getDirectCallee();
  CXXRecordDecl *Record = NodeType->getAsCXXRecordDecl();
  const auto *Member = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
  if (!Record || !Member || Member->isArrow() || Member->hasQualifier() ||
      Member->hasExplicitTemplateArgs() || Call->getNumArgs() ||
      !Call->isPRValue() || !F->getDeclName().isIdentifier())
    return false;
  LookupResult R(S, F->getDeclName(), Call->getExprLoc(),
                 Sema::LookupMemberName);
  S.LookupQualifiedName(R, Record);
  const CXXMethodDecl *Found = nullptr;
  for (NamedDecl *D : R) {
    const auto *Method = dyn_cast<CXXMethodDecl>(D->getUnderlyingDecl());
    if (!Method)
      return false;
    if (Method->getMinRequiredArguments())
      continue;
    if (Found)
      return false;
    Found = Method;
  }
  return Found && !Found->isStatic() && !Found->isDeleted() &&
         Found->getAccess() == AS_public &&
         Found->getTemplatedKind() != FunctionDecl::TK_FunctionTemplate &&
         !Found->isVariadic() && Found->getRefQualifier() != RQ_RValue &&
         !Found->isVolatile() &&
         !Found->getReturnType()->isReferenceType() &&
         Ctx.hasSameType(Found->getReturnType(), Call->getType());
}

/// The other type a parameter of Type (or a replaced expression of Type
/// whose rule saves Saved) may have, and that type; None if it has none.
static std::pair<OtherType, QualType>
proposedType(Sema &S, QualType Type, std::optional<StringRef> Saved,
             SourceLocation Loc) {
  ASTContext &Ctx = S.getASTContext();
  QualType Class = Ctx.getCanonicalType(Type.getNonReferenceType());
  bool ConstLvalue = Type->isLValueReferenceType() && Class.isConstQualified();
  Class = Class.getUnqualifiedType();
  if (!Saved && ConstLvalue && !elementOf(Ctx, Class, "std", "array").isNull())
    return {OtherType::NonConst, Class};
  if (QualType E = elementOf(Ctx, Class, "c10", "ArrayRef"); !E.isNull()) {
    bool Optional = Saved && (Saved->contains("optional<"));
    if (Optional)
      return {OtherType::OptionalArray,
              specialization(S, "c10", "OptionalArray", E, Loc)};
    return {OtherType::Vector, specialization(S, "std", "vector", E, Loc)};
  }
  if (QualType E = elementOf(Ctx, Class, "c10", "OptionalArrayRef");
      !E.isNull() && !Saved)
    return {OtherType::OptionalArray,
            specialization(S, "c10", "OptionalArray", E, Loc)};
  // A value the node saves as it is, a non-const lvalue there.
  if (Saved && !Class->isDependentType() && !Class->isArrayType() &&
      !Class->isFunctionType() && !Class->isVoidType())
    return {OtherType::Lvalue, Class};
  return {OtherType::None, QualType()};
}

/// The weaker of what two uses take alike.
static OtherType weaker(OtherType A, OtherType B) {
  if (A == OtherType::Any)
    return B;
  if (B == OtherType::Any || A == B)
    return A;
  return OtherType::None;
}

/// Whether E spans exactly [Begin, End) of the main file.
static bool spans(const ASTContext &Ctx, const Expr *E, unsigned Begin,
                  unsigned End) {
  const SourceManager &CSM = Ctx.getSourceManager();
  SourceLocation First = E->getBeginLoc(), Last = E->getEndLoc();
  if (!First.isFileID() || !Last.isFileID() || !CSM.isInMainFile(First) ||
      !CSM.isInMainFile(Last))
    return false;
  return CSM.getFileOffset(First) == Begin &&
         CSM.getFileOffset(Last) +
                 Lexer::MeasureTokenLength(Last, CSM, Ctx.getLangOpts()) ==
             End;
}

OtherTypeUses findOtherTypeUses(Sema &S, const FunctionDecl &Function,
                                const Stmt *Body,
                                ArrayRef<ReplacedRange> Replaced,
                                const UnknownNameSource &Helpers) {
  OtherTypeUses Result;
  Result.Replaced.assign(Replaced.size(), OtherType::None);
  UseCollector Uses;
  Uses.TraverseStmt(const_cast<Stmt *>(Body));
  if (Uses.HasLambda)
    return Result;
  ASTContext &Ctx = S.getASTContext();
  // The sites of each parameter and replaced expression, with what each
  // may become.
  struct Changing {
    OtherType Other;
    QualType NodeType;
    std::vector<const ArgumentSite *> Sites;
  };
  StringMap<Changing> Parameters;
  std::vector<Changing> Expressions(Replaced.size());
  OtherTypeProver Prover(S, Function, Helpers);
  for (const ArgumentSite &Site : Uses.Sites) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Site.Written)) {
      const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
      if (!P || !P->getIdentifier())
        continue;
      auto [It, New] = Parameters.try_emplace(P->getName());
      if (New)
        std::tie(It->second.Other, It->second.NodeType) =
            proposedType(S, P->getType(), std::nullopt,
                         Site.Written->getExprLoc());
      It->second.Sites.push_back(&Site);
      if (It->second.Other != OtherType::None)
        Prover.Changed.insert(Site.Written);
      continue;
    }
    for (auto [I, Range] : enumerate(Replaced))
      if (spans(Ctx, Site.Written, Range.Begin, Range.End)) {
        Changing &C = Expressions[I];
        if (C.Sites.empty())
          std::tie(C.Other, C.NodeType) =
              proposedType(S, Site.Written->getType(),
                           StringRef(Range.SavedType),
                           Site.Written->getExprLoc());
        C.Sites.push_back(&Site);
        Prover.Changed.insert(Site.Written);
      }
  }
  auto Prove = [&](const Changing &C) {
    OtherType Taken = OtherType::Any;
    for (const ArgumentSite *Site : C.Sites)
      Taken = weaker(Taken, Prover.atSite(*Site, C.Other, C.NodeType));
    return Taken;
  };
  for (auto &[Name, C] : Parameters)
    if (C.Sites.size() == Uses.Uses.lookup(Name))
      Result.Parameters[Name] = Prove(C);
  for (auto [I, C] : enumerate(Expressions))
    if (C.Sites.size() == 1)
      Result.Replaced[I] = Prove(C);
  return Result;
}

/// The element type E of a list type as FirstCheckResults normalizes it
/// (`const::at::IntArrayRef&`, `::c10::optional<::c10::SymIntArrayRef>`),
/// as the node spells it in what it saves; empty if none.
static std::string elementSpelling(StringRef Type) {
  Type = Type.trim();
  Type.consume_front("const");
  Type = Type.trim();
  Type.consume_back("&");
  for (StringRef Optional : {"::c10::optional<", "::std::optional<"})
    if (Type.consume_front(Optional) && !Type.consume_back(">"))
      return "";
  StringRef Name = Type;
  for (StringRef NS : {"::at::", "::c10::"})
    Name.consume_front(NS);
  if (Name == "IntArrayRef" || Name == "OptionalIntArrayRef")
    return "int64_t";
  if (Name == "SymIntArrayRef" || Name == "OptionalSymIntArrayRef")
    return "::c10::SymInt";
  if (Name == "TensorList")
    return "::at::Tensor";
  for (StringRef Template : {"ArrayRef<", "OptionalArrayRef<"})
    if (Name.consume_front(Template) && Name.consume_back(">"))
      return Name.str();
  return "";
}

/// Whether a helper gradgen declares takes a variable of NodeType as it
/// takes any: a fundamental type, or a class of std, c10 or at.
static bool takenLikeAnyArgument(StringRef NodeType) {
  static constexpr llvm::StringLiteral Namespaces[] = {"std", "c10", "at"};
  static constexpr llvm::StringLiteral Fundamental[] = {
      "const",    "bool",  "double", "float",  "int",     "long",
      "unsigned", "char",  "short",  "signed", "int64_t", "int32_t",
      "int16_t",  "int8_t", "uint8_t", "size_t"};
  bool Taken = !NodeType.contains("__");
  forEachWord(NodeType, [&](StringRef Word, StringRef Before) {
    if (!Before.endswith("::"))
      Taken &= is_contained(Fundamental, Word);
    else if (Before.size() == 2 || !(isAlnum(Before.drop_back(2).back()) ||
                                     Before.drop_back(2).back() == '_'))
      Taken &= is_contained(Namespaces, Word);
  });
  return Taken;
}

/// Whether NodeType is the type Other makes of FirstType.
static bool isSpecificType(OtherType Other, StringRef FirstType,
                           StringRef NodeType) {
  switch (Other) {
  case OtherType::NonConst:
    return FirstType.startswith("const") &&
           FirstType.drop_front(5).ltrim() == NodeType;
  case OtherType::Lvalue:
    return !FirstType.endswith("&") && !FirstType.startswith("const") &&
           NodeType == (FirstType + "&").str();
  case OtherType::Vector:
  case OtherType::OptionalArray: {
    std::string Element = elementSpelling(FirstType);
    StringRef Template = Other == OtherType::Vector ? "::std::vector<"
                                                    : "::c10::OptionalArray<";
    return !Element.empty() && NodeType == (Template + Element + ">&").str();
  }
  case OtherType::None:
  case OtherType::Any:
    break;
  }
  return Other == OtherType::Any;
}

bool isOtherType(OtherType Other, StringRef FirstType, StringRef NodeType) {
  // A use at a helper takes the specific type too (weaker()): it must be
  // one the helper takes like any.
  return Other != OtherType::None &&
         isSpecificType(Other, FirstType, NodeType) &&
         takenLikeAnyArgument(NodeType);
}

} // namespace gradgen::formula
