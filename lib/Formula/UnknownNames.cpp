//===- UnknownNames.cpp - Declares helpers no header declares -------------===//

#include "UnknownNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

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
  if (Loc.isInvalid() || !Loc.isFileID())
    return false;
  auto [FID, Offset] = CSM.getDecomposedLoc(Loc);
  if (FID != CSM.getMainFileID())
    return false;
  const FormulaSlot *Slot = Mapper.unit().slotAt(Offset);
  if (!Slot || Offset < Slot->TextBegin || Offset >= Slot->TextEnd)
    return false;
  StringRef Text = CSM.getBufferData(FID);
  if (!Text.substr(Offset).startswith(Name))
    return false;

  if (auto It = Declared.find(Name); It != Declared.end()) {
    R.addDecl(It->second);
    return true;
  }
  StringRef After = Text.substr(Offset + Name.size()).ltrim(" \t\n");
  bool Call = After.startswith("(");
  bool Constant = Name.size() > 1 && Name[0] == 'k' && Name[1] >= 'A' && Name[1] <= 'Z';
  if (!Call && !Constant)
    return false;
  if (findableByADL(*S, R.getLookupName()))
    return false;
  NamedDecl *D = declare(Name, Call, Loc);
  if (!D)
    return false;
  Translator.flush();
  Diags.warning("formula.undeclared-helper", Mapper.map(Loc, CSM),
                Twine("'") + Name +
                    "' is not declared; give its header with --helpers to "
                    "check its " +
                    (Call ? "arguments" : "type"));
  R.addDecl(D);
  return true;
}

NamedDecl *UnknownNameSource::declare(StringRef Name, bool Call,
                                      SourceLocation Loc) {
  ASTContext &Ctx = S->getASTContext();
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  IdentifierInfo &II = Ctx.Idents.get(Name);
  NamedDecl *Result = nullptr;
  if (Call) {
    auto Protos = TU->lookup(&Ctx.Idents.get("__gradgen_unknown_call"));
    auto *Proto = Protos.empty() ? nullptr : dyn_cast<FunctionDecl>(Protos.front());
    if (!Proto)
      return nullptr;
    auto *FD = FunctionDecl::Create(Ctx, TU, Loc, Loc, DeclarationName(&II),
                                    Proto->getType(),
                                    Proto->getTypeSourceInfo(), SC_None);
    SmallVector<ParmVarDecl *, 16> Params;
    for (ParmVarDecl *P : Proto->parameters()) {
      auto *NP = ParmVarDecl::Create(Ctx, FD, Loc, Loc, nullptr, P->getType(),
                                     P->getTypeSourceInfo(), SC_None, nullptr);
      NP->setScopeInfo(0, Params.size());
      NP->setDefaultArg(P->getInit());
      Params.push_back(NP);
    }
    FD->setParams(Params);
    Result = FD;
  } else {
    auto Protos = TU->lookup(&Ctx.Idents.get("__gradgen_unknown_value"));
    auto *Proto = Protos.empty() ? nullptr : dyn_cast<VarDecl>(Protos.front());
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
