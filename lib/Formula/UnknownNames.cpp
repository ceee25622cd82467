//===- UnknownNames.cpp - Declares helpers no header declares -------------===//

#include "UnknownNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

/// Whether any header may declare a name. Not where the headers come from a
/// precompiled header whose identifier table lacks it: that table holds the
/// name of every declaration in it, and the unit declares nothing at
/// namespace scope but gradgen's `__gradgen` names (a formula is one
/// expression, without declarations: docs/reliability.md).
static bool mayBeDeclaredInHeaders(Sema &S, const IdentifierInfo &II) {
  if (S.getPreprocessor().getPreprocessorOpts().ImplicitPCHInclude.empty())
    return true;
  return II.isFromAST() || II.isOutOfDate();
}

/// A name that only ADL could still find.
static bool findableByADL(Sema &S, DeclarationName Name) {
  ASTContext &Ctx = S.getASTContext();
  for (StringRef NS : {"at", "c10", "std", "caffe2"}) {
    for (NamedDecl *D :
         Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(NS))) {
      auto *Namespace = dyn_cast<NamespaceDecl>(D);
      if (!Namespace)
        continue;
      LookupResult R(S, Name, SourceLocation(), Sema::LookupOrdinaryName);
      if (S.LookupQualifiedName(R, Namespace) && !R.empty())
        return true;
    }
  }
  return false;
}

/// Reports a name of other formulas (once per place) and makes it stand for
/// a value of the type it has where it exists, if that is simple, so that
/// the rest of the formula is still checked.
/// The declaration Name of the translation unit if it is a T: one of the
/// prelude's prototypes.
template <class T> static T *globalDecl(ASTContext &Ctx, StringRef Name) {
  auto Found = Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name));
  return Found.empty() ? nullptr : dyn_cast<T>(Found.front());
}

/// A function of the translation unit named II, with Proto's type and
/// parameters (their default arguments included).
static FunctionDecl *copyPrototype(ASTContext &Ctx, const FunctionDecl &Proto,
                                   IdentifierInfo &II, SourceLocation Loc) {
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  auto *FD =
      FunctionDecl::Create(Ctx, TU, Loc, Loc, DeclarationName(&II),
                           Proto.getType(), Proto.getTypeSourceInfo(), SC_None);
  SmallVector<ParmVarDecl *, 16> Params;
  for (ParmVarDecl *P : Proto.parameters()) {
    auto *NP = ParmVarDecl::Create(Ctx, FD, Loc, Loc, nullptr, P->getType(),
                                   P->getTypeSourceInfo(), SC_None, nullptr);
    NP->setScopeInfo(0, Params.size());
    NP->setDefaultArg(P->getInit());
    Params.push_back(NP);
  }
  FD->setParams(Params);
  return FD;
}

bool UnknownNameSource::standInForMisplaced(LookupResult &R,
                                            const MisplacedName &Why,
                                            const FormulaSlot &Slot,
                                            SourceLocation Loc,
                                            unsigned Offset) {
  SourceManager &CSM = S->getSourceManager();
  StringRef Name = R.getLookupName().getAsIdentifierInfo()->getName();
  StringRef Proto =
      Why.Type == MisplacedName::Tensor       ? "__gradgen_misplaced_tensor"
      : Why.Type == MisplacedName::TensorList ? "__gradgen_misplaced_tensors"
                                              : "__gradgen_unknown_value";
  auto *Value = globalDecl<NamedDecl>(S->getASTContext(), Proto);
  if (!Value)
    return false;
  if (Reported.insert(Offset).second) {
    Translator.flush();
    SMLoc At = Mapper.map(Loc, CSM);
    Diags.report(diag::formula_misplaced_name, At, Why.Message)
        .range(
            SMRange(At, SMLoc::getFromPointer(At.getPointer() + Name.size())));
    Translator.SlotHasErrors[&Slot - Mapper.unit().Slots.data()] = true;
  }
  R.addDecl(Value);
  return true;
}

bool UnknownNameSource::LookupUnqualified(LookupResult &R, Scope *) {
  if (!S || R.getLookupKind() != Sema::LookupOrdinaryName ||
      R.isForRedeclaration() || !R.getLookupName().isIdentifier())
    return false;
  StringRef Name = R.getLookupName().getAsIdentifierInfo()->getName();
  if (Name.startswith("__"))
    return false;

  // Only names written in a formula's text, and only the name written there:
  // typo correction looks up other names at the same location.
  SourceManager &CSM = S->getSourceManager();
  SourceLocation Loc = R.getNameLoc();
  const FormulaSlot *Slot = nullptr;
  StringRef Text;
  unsigned Offset = 0;
  if (Loc.isValid() && Loc.isFileID()) {
    FileID FID;
    std::tie(FID, Offset) = CSM.getDecomposedLoc(Loc);
    if (FID == CSM.getMainFileID()) {
      Slot = Mapper.unit().slotAt(Offset);
      Text = CSM.getBufferData(FID);
    }
  }
  bool InSlot = Slot && Offset >= Slot->TextBegin && Offset < Slot->TextEnd &&
                Text.substr(Offset).startswith(Name);
  if (auto It = Declared.find(Name);
      It != Declared.end() && isa<FunctionTemplateDecl>(It->second)) {
    useTemplate(Text, Offset, Name, InSlot);
    R.addDecl(It->second);
    return true;
  }
  if (!InSlot)
    return false;
  // `at::name` is looked up unqualified too, for typo correction.
  if (Text.take_front(Offset).rtrim().endswith("::"))
    return false;

  if (std::optional<MisplacedName> Why =
          Quiet ? std::nullopt : misplacedName(*Slot->Input, Name))
    return standInForMisplaced(R, *Why, *Slot, Loc, Offset);
  if (!DeclareHelpers)
    return false;

  if (auto It = Declared.find(Name); It != Declared.end()) {
    R.addDecl(It->second);
    return true;
  }
  StringRef After = Text.substr(Offset + Name.size()).ltrim(" \t\n");
  bool Call = After.startswith("(");
  if (!Call && !looksLikeConstant(Name))
    return false;
  if (FoundByADL.contains(Name))
    return false;
  bool InHeaders =
      mayBeDeclaredInHeaders(*S, *R.getLookupName().getAsIdentifierInfo());
  if (InHeaders && findableByADL(*S, R.getLookupName())) {
    FoundByADL.insert(Name);
    return false;
  }
  // The checker warns once per name, at its first use in the files.
  NamedDecl *D = Call && !InHeaders && Forms.TemplateAllowed &&
                         !BracedCallees.contains(Name)
                     ? declareTemplate(Name, Loc)
                     : declare(Name, Call, Loc);
  if (!D)
    return false;
  Forms.HeaderNameUsed |= InHeaders;
  Helpers.insert(D);
  R.addDecl(D);
  return true;
}

TypoCorrection UnknownNameSource::CorrectTypo(const DeclarationNameInfo &Typo,
                                              int LookupKind, Scope *,
                                              CXXScopeSpec *SS,
                                              CorrectionCandidateCallback &CCC,
                                              DeclContext *MemberContext, bool,
                                              const ObjCObjectPointerType *) {
  auto *Record = dyn_cast_or_null<CXXRecordDecl>(MemberContext);
  if (!S || !Record || !Record->hasDefinition() || !Typo.getName().isIdentifier() ||
      LookupKind != Sema::LookupMemberName)
    return TypoCorrection();
  StringRef Name = Typo.getName().getAsIdentifierInfo()->getName();
  // Clang's limit: about a third of the name may differ.
  unsigned Best = (Name.size() + 2) / 3 + 1;
  TypoCorrection Result;
  auto Consider = [&](const CXXRecordDecl *RD) {
    for (Decl *D : RD->decls()) {
      auto *ND = dyn_cast<NamedDecl>(D);
      if (auto *Using = dyn_cast<UsingDecl>(D))
        ND = Using->shadow_size() ? *Using->shadow_begin() : nullptr;
      if (!ND || !ND->getDeclName().isIdentifier())
        continue;
      StringRef Candidate = ND->getName();
      // Too different in length to be within Best: skipped without the
      // quadratic distance.
      if (std::max(Name.size(), Candidate.size()) -
              std::min(Name.size(), Candidate.size()) >=
          Best)
        continue;
      unsigned Distance = Name.edit_distance(Candidate, true, Best - 1);
      if (Distance >= Best || Distance == 0)
        continue;
      TypoCorrection TC(ND->getDeclName(), ND->getUnderlyingDecl(), nullptr,
                        Distance);
      TC.setCorrectionRange(SS, Typo);
      if (!CCC.ValidateCandidate(TC))
        continue;
      Best = Distance;
      Result = TC;
    }
    return true;
  };
  Consider(Record);
  Record->forallBases(
      [&](const CXXRecordDecl *Base) { return Consider(Base); });
  return Result;
}

/// "'a', 'b' and 'c'".
static std::string quotedList(ArrayRef<std::string> Names) {
  std::string S;
  for (auto [I, Name] : enumerate(Names)) {
    if (I)
      S += I + 1 == Names.size() ? " and " : ", ";
    S += "'" + Name + "'";
  }
  return S;
}

static bool isListType(StringRef Type) {
  return Type.contains("TensorList") || Type.contains("ITensorListRef") ||
         Type.contains("vector<at::Tensor>");
}

static const FormulaVariable *findVariable(ArrayRef<FormulaVariable> Vars,
                                           StringRef Name) {
  for (const FormulaVariable &V : Vars)
    if (V.Name == Name)
      return &V;
  return nullptr;
}

std::optional<UnknownNameSource::MisplacedName>
UnknownNameSource::misplacedName(const FormulaInput &In, StringRef Name) {
  if (std::optional<MisplacedName> Result = misplacedPrimalOrTangent(In, Name))
    return Result;
  if (std::optional<MisplacedName> Result = misplacedBackwardName(In, Name))
    return Result;
  return misplacedReturnName(In, Name);
}

std::optional<UnknownNameSource::MisplacedName>
UnknownNameSource::misplacedPrimalOrTangent(const FormulaInput &In,
                                            StringRef Name) {
  if (!Name.endswith("_p") && !Name.endswith("_t"))
    return std::nullopt;
  bool Backward = In.Kind == FormulaKind::Backward;
  StringRef Base = Name.drop_back(2);
  bool Primal = Name.endswith("_p");
  const FormulaVariable *Arg = findVariable(In.Arguments, Base);
  MisplacedName Result;
  Result.Type = MisplacedName::Tensor;
  if (Backward && (Arg || (Base == "original_self" && In.IsInplace))) {
    if (Arg && isListType(Arg->CppType))
      Result.Type = MisplacedName::TensorList;
    Result.Message =
        ("'" + Name + "' exists only in forward derivative formulas; " +
         (Primal ? "backward formulas use '" + Base + "'"
                 : "backward formulas have no tangents"))
            .str();
    return Result;
  }
  if (!Backward && Arg) {
    Result.Type = MisplacedName::Unknown;
    Result.Message =
        ("'" + Name + "' does not exist: '" + Base +
         "' is not a tensor, so forward formulas use '" + Base + "' itself")
            .str();
    return Result;
  }
  return std::nullopt;
}

std::optional<UnknownNameSource::MisplacedName>
UnknownNameSource::misplacedBackwardName(const FormulaInput &In,
                                         StringRef Name) {
  bool Backward = In.Kind == FormulaKind::Backward;
  MisplacedName Result;
  Result.Type = MisplacedName::Tensor;
  if (!Backward && (Name == "grad" || Name == "grads" ||
                    Name == "grad_input_mask" || Name == "retain_variables" ||
                    (Name.startswith("grad_") &&
                     findVariable(In.Returns, Name.drop_front(5))))) {
    if (Name == "grads")
      Result.Type = MisplacedName::TensorList;
    else if (Name == "grad_input_mask" || Name == "retain_variables")
      Result.Type = MisplacedName::Unknown;
    Result.Message =
        ("'" + Name + "' exists only in backward derivative formulas").str();
    return Result;
  }
  if (Backward && Name == "grad_input_mask") {
    Result.Type = MisplacedName::Unknown;
    Result.Message =
        "'grad_input_mask' exists only in formulas of several names, such "
        "as 'self, other'; this formula computes the gradient of '" +
        In.VarNames.front() + "' alone";
    return Result;
  }
  return std::nullopt;
}

std::optional<UnknownNameSource::MisplacedName>
UnknownNameSource::misplacedReturnName(const FormulaInput &In, StringRef Name) {
  std::vector<std::string> Returns;
  for (const FormulaVariable &R : In.Returns)
    Returns.push_back(R.Name);
  std::string Op = "'" + In.OperatorName + "'";
  MisplacedName Result;
  Result.Type = MisplacedName::Tensor;
  if (Name == "result" ||
      (Name.startswith("result") &&
       all_of(Name.drop_front(6), [](char C) { return isDigit(C); }))) {
    Result.Type = MisplacedName::Unknown;
    Result.Message =
        "'" + Name.str() + "' is not a return of " + Op + "; " +
        (Returns.empty() ? "it returns nothing"
                         : "its returns are " + quotedList(Returns));
    return Result;
  }
  if (In.Kind == FormulaKind::Backward && Name.startswith("grad_") &&
      Name.size() > 5) {
    Result.Message =
        "'" + Name.str() + "' names no gradient: the returns of " + Op +
        (Returns.empty() ? " are none" : " are " + quotedList(Returns));
    return Result;
  }
  return std::nullopt;
}

bool UnknownNameSource::isHelper(const Decl *D) const {
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (const FunctionTemplateDecl *Template = FD->getPrimaryTemplate())
      D = Template;
  return Helpers.contains(D);
}

void UnknownNameSource::useTemplate(StringRef Text, unsigned Offset,
                                    StringRef Name, bool InSlot) {
  // Typo correction and names taken without a call (`&f`, `(f)(x)`,
  // `f<int>(x)`) are the full declaration's business.
  if (!InSlot ||
      !Text.substr(Offset + Name.size()).ltrim(" \t\n").startswith("("))
    Forms.TemplateUnsure = true;
}

/// Whether __gradgen_any's constructor template takes an argument that
/// binds to the forwarding reference `T &&`, deduced as Arg, and is the best
/// of the candidates that convert it to __gradgen_any. The only other
/// candidates are the conversion functions of the argument's class (which
/// Clang considers only if the class is complete, as ADL has made it if it
/// can be): those that may yield __gradgen_any must be const, and the
/// argument not, so that the constructor binds a less qualified reference.
static bool takenByAnyConstructor(QualType Arg, const CXXRecordDecl *Any) {
  QualType Type = Arg.getNonReferenceType();
  const CXXRecordDecl *RD = Type->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return true;
  RD = RD->getDefinition();
  auto IsAny = [&](const CXXRecordDecl *C) {
    return C && C->hasDefinition() &&
           (C->getCanonicalDecl() == Any->getCanonicalDecl() ||
            C->isDerivedFrom(Any));
  };
  if (IsAny(RD))
    return false;
  for (const NamedDecl *D : RD->getVisibleConversionFunctions()) {
    const NamedDecl *U = D->getUnderlyingDecl();
    bool Template = false;
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(U)) {
      U = FT->getTemplatedDecl();
      Template = true;
    }
    const auto *Conv = dyn_cast<CXXConversionDecl>(U);
    if (!Conv)
      return false;
    if (!Template && !IsAny(Conv->getConversionType()
                                .getNonReferenceType()
                                ->getAsCXXRecordDecl()))
      continue;
    if (!Conv->isConst() || Conv->isVolatile() || Type.isConstQualified() ||
        Type.isVolatileQualified())
      return false;
  }
  return true;
}

void UnknownNameSource::checkTemplateCalls() {
  if (Templates.empty())
    return;
  ASTContext &Ctx = Templates.front()->getASTContext();
  const auto *Any = globalDecl<CXXRecordDecl>(Ctx, "__gradgen_any");
  if (!Any || !Any->hasDefinition()) {
    Forms.TemplateUnsure = true;
    return;
  }
  for (FunctionTemplateDecl *Template : Templates)
    for (const FunctionDecl *FD : Template->specializations()) {
      const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
      if (!Args || Args->size() != 1 ||
          Args->get(0).getKind() != TemplateArgument::Pack ||
          Args->get(0).pack_size() > MaxArguments) {
        Forms.TemplateUnsure = true;
        return;
      }
      for (const TemplateArgument &Arg : Args->get(0).pack_elements())
        if (Arg.getKind() != TemplateArgument::Type ||
            !takenByAnyConstructor(Arg.getAsType(), Any)) {
          Forms.TemplateUnsure = true;
          return;
        }
    }
}

NamedDecl *UnknownNameSource::declareTemplate(StringRef Name,
                                              SourceLocation Loc) {
  ASTContext &Ctx = S->getASTContext();
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  auto *Proto =
      globalDecl<FunctionTemplateDecl>(Ctx, "__gradgen_unknown_call_template");
  auto *Full = globalDecl<FunctionDecl>(Ctx, "__gradgen_unknown_call");
  FunctionDecl *Pattern = Proto ? Proto->getTemplatedDecl() : nullptr;
  if (!Pattern || !Full || Pattern->getNumParams() != 1)
    return declare(Name, /*Call=*/true, Loc);
  MaxArguments = Full->getNumParams();
  IdentifierInfo &II = Ctx.Idents.get(Name);
  FunctionDecl *FD = copyPrototype(Ctx, *Pattern, II, Loc);
  auto *Template = FunctionTemplateDecl::Create(
      Ctx, TU, Loc, DeclarationName(&II), Proto->getTemplateParameters(), FD);
  FD->setDescribedFunctionTemplate(Template);
  // Not added to the translation unit: every use comes to useTemplate.
  Declared[Name] = Template;
  Templates.push_back(Template);
  Forms.TemplateUsed = true;
  return Template;
}

void addBracedCallees(StringRef Text, StringSet<> &Names) {
  // The name before each open bracket, empty but for `(`.
  SmallVector<StringRef, 8> Open;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
    } else if (C == '(' || C == '[' || C == '{') {
      if (C == '{' && !Open.empty() && !Open.back().empty())
        Names.insert(Open.back());
      StringRef Callee;
      if (C == '(') {
        StringRef Before = Text.take_front(I).rtrim();
        size_t Start = Before.size();
        while (Start &&
               (isAlnum(Before[Start - 1]) || Before[Start - 1] == '_'))
          --Start;
        Callee = Before.drop_front(Start);
      }
      Open.push_back(Callee);
    } else if ((C == ')' || C == ']' || C == '}') && !Open.empty()) {
      Open.pop_back();
    }
  }
}

NamedDecl *UnknownNameSource::declare(StringRef Name, bool Call,
                                      SourceLocation Loc) {
  ASTContext &Ctx = S->getASTContext();
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  IdentifierInfo &II = Ctx.Idents.get(Name);
  NamedDecl *Result = nullptr;
  if (Call) {
    auto *Proto = globalDecl<FunctionDecl>(Ctx, "__gradgen_unknown_call");
    if (!Proto)
      return nullptr;
    Result = copyPrototype(Ctx, *Proto, II, Loc);
  } else {
    auto *Proto = globalDecl<VarDecl>(Ctx, "__gradgen_unknown_value");
    if (!Proto)
      return nullptr;
    Result = VarDecl::Create(Ctx, TU, Loc, Loc, &II, Proto->getType(),
                             Proto->getTypeSourceInfo(), SC_Extern);
  }
  TU->addDecl(Result);
  Declared[Name] = Result;
  return Result;
}

} // namespace gradgen::formula
