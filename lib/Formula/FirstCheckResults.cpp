//===- FirstCheckResults.cpp - What the second check can reuse ------------===//

#include "FirstCheckResults.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

/// The declaration Name of the global namespace NS of kind T, if there is
/// one (a chained precompiled header may give several of its declarations,
/// all of the same entity).
template <class T>
static const T *lookupIn(ASTContext &Ctx, StringRef NS, StringRef Name) {
  for (const NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(NS)))
    if (const auto *Namespace = dyn_cast<NamespaceDecl>(D)) {
      const T *Found = nullptr;
      for (const NamedDecl *M : Namespace->lookup(&Ctx.Idents.get(Name))) {
        const auto *Kind = dyn_cast<T>(M);
        if (!Kind || (Found && Found->getCanonicalDecl() !=
                                   Kind->getCanonicalDecl()))
          return nullptr;
        Found = Kind;
      }
      return Found;
    }
  return nullptr;
}

static bool isTensor(ASTContext &Ctx, QualType Type) {
  const auto *TD = lookupIn<TypeDecl>(Ctx, "at", "Tensor");
  return TD && !Type.hasQualifiers() &&
         Ctx.hasSameType(Type, Ctx.getTypeDeclType(TD));
}

/// Whether Type is a specialization of the class template std::Name; its
/// type arguments (packs expanded) in Args.
static bool isSpecializationOf(ASTContext &Ctx, QualType Type, StringRef Name,
                               SmallVectorImpl<QualType> &Args) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Type->getAsCXXRecordDecl());
  const auto *Template = lookupIn<ClassTemplateDecl>(Ctx, "std", Name);
  if (!Spec || !Template || Type.hasQualifiers() ||
      Spec->getSpecializedTemplate()->getCanonicalDecl() !=
          Template->getCanonicalDecl())
    return false;
  auto Add = [&](const TemplateArgument &A) {
    if (A.getKind() != TemplateArgument::Type)
      return false;
    Args.push_back(Ctx.getCanonicalType(A.getAsType()));
    return true;
  };
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() != TemplateArgument::Pack) {
      if (!Add(A))
        return false;
      continue;
    }
    for (const TemplateArgument &P : A.pack_elements())
      if (!Add(P))
        return false;
  }
  return true;
}

/// A tensor or a vector of them, spelled from the global namespace.
static std::string spelledTensors(ASTContext &Ctx, QualType Type) {
  if (isTensor(Ctx, Type))
    return "::at::Tensor";
  SmallVector<QualType, 2> Args;
  if (!isSpecializationOf(Ctx, Type, "vector", Args) || Args.empty() ||
      !isTensor(Ctx, Args[0]))
    return "";
  // The built-in prelude's vector has no allocator parameter.
  if (Args.size() == 1)
    return "::std::vector<::at::Tensor>";
  SmallVector<QualType, 1> AllocatorArgs;
  if (Args.size() == 2 &&
      isSpecializationOf(Ctx, Args[1], "allocator", AllocatorArgs) &&
      AllocatorArgs.size() == 1 && isTensor(Ctx, AllocatorArgs[0]))
    return "::std::vector<::at::Tensor, ::std::allocator<::at::Tensor>>";
  return "";
}

/// Type (canonical, unqualified) spelled from the global namespace, if it is
/// one the generated code stores a gradient in (a tuple of them too), or
/// what a helper gradgen declares returns (the prelude's
/// __gradgen_unknown).
static std::string spelledGradientType(ASTContext &Ctx, QualType Type) {
  if (std::string Spelled = spelledTensors(Ctx, Type); !Spelled.empty())
    return Spelled;
  SmallVector<QualType, 4> Args;
  if (isSpecializationOf(Ctx, Type, "tuple", Args)) {
    std::vector<std::string> Elements;
    for (QualType A : Args)
      if (Elements.emplace_back(spelledTensors(Ctx, A)).empty())
        return "";
    return Elements.empty() ? "" : "::std::tuple<" + join(Elements, ", ") + ">";
  }
  for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(
           &Ctx.Idents.get("__gradgen_unknown")))
    if (const auto *Unknown = dyn_cast<TypeDecl>(D))
      return Ctx.hasSameType(Type, Ctx.getTypeDeclType(Unknown))
                 ? "::__gradgen_unknown"
                 : "";
  return "";
}

std::string FirstCheckResults::standInType(ASTContext &Ctx,
                                           const Stmt *Body) {
  // `{ auto &&__gradgen_value = (formula); }`
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
  if (!Block || Block->size() != 1)
    return "";
  const auto *Statement = dyn_cast<DeclStmt>(Block->body_front());
  const auto *Value =
      Statement && Statement->isSingleDecl()
          ? dyn_cast<VarDecl>(Statement->getSingleDecl())
          : nullptr;
  if (!Value || !Value->getInit())
    return "";
  const auto *Formula = dyn_cast<ParenExpr>(Value->getInit()->IgnoreImplicit());
  if (!Formula || Formula->getObjectKind() != OK_Ordinary ||
      Formula->isTypeDependent())
    return "";
  QualType Type = Ctx.getCanonicalType(Formula->getType());
  Qualifiers Quals = Type.getQualifiers();
  bool Const = Quals.hasConst();
  Quals.removeConst();
  if (Quals.hasQualifiers())
    return "";
  std::string Spelled =
      spelledGradientType(Ctx, Type.getUnqualifiedType());
  if (Spelled.empty())
    return "";
  if (Const)
    Spelled = "const " + Spelled;
  switch (Formula->getValueKind()) {
  case VK_LValue:
    return Spelled + " &";
  case VK_XValue:
    return Spelled + " &&";
  case VK_PRValue:
    return Spelled;
  }
  return "";
}

/// The ranges of Slot's text in its unit that Result's edits replace by
/// names that are no words of the formula, with the types their rules
/// save; none unless every edit is one.
static std::vector<ReplacedRange>
replacedRanges(const FormulaSlot &Slot, const FormulaResult &Result,
               std::vector<std::pair<std::string, std::string>> &Names) {
  StringRef Text = Slot.Input->Text;
  if (Result.Edits.empty() || Result.Formula == Text)
    return {};
  StringSet<> Words = wordsOf(Text);
  std::vector<ReplacedRange> Ranges;
  for (const FormulaEdit &Edit : Result.Edits) {
    StringRef Name = Edit.Replacement;
    bool Identifier =
        !Name.empty() && (isAlpha(Name[0]) || Name[0] == '_') &&
        all_of(Name, [](char C) { return isAlnum(C) || C == '_'; });
    const FormulaSavedValue *Saved = nullptr;
    for (const auto *Values : {&Result.SavedInputs, &Result.SavedOutputs})
      for (const FormulaSavedValue &V : *Values)
        if (V.Name == Name)
          Saved = &V;
    if (!Identifier || !Saved || Words.contains(Name) ||
        Edit.Begin >= Edit.End || Edit.End > Text.size()) {
      Names.clear();
      return {};
    }
    Ranges.push_back({unsigned(Slot.TextBegin + Edit.Begin),
                      unsigned(Slot.TextBegin + Edit.End), Saved->CppType});
    Names.emplace_back(Name.str(), Saved->CppType);
  }
  return Ranges;
}

ReusableFormula FirstCheckResults::reusable(Sema *S,
                                            const FunctionDecl &Function,
                                            const Stmt *Body,
                                            const FormulaSlot &Slot,
                                            const FormulaResult &Result,
                                            const UnknownNameSource *Helpers) {
  ReusableFormula Formula;
  Formula.StandInType = standInType(Function.getASTContext(), Body);
  Formula.Variables = Slot.NamedVariables;
  // A noexcept operator is a constant that the functions of the other type
  // may give otherwise.
  if (!S || !Helpers || Formula.StandInType.empty() || !Body ||
      StringRef(Slot.Input->Text).contains("noexcept"))
    return Formula;
  std::vector<std::pair<std::string, std::string>> Names;
  std::vector<ReplacedRange> Ranges = replacedRanges(Slot, Result, Names);
  OtherTypeUses Uses =
      findOtherTypeUses(*S, Function, Body, Ranges, *Helpers);
  for (const auto &[Name, Type] : Slot.NamedVariables)
    if (OtherType Other = Uses.Parameters.lookup(Name); Other != OtherType::None)
      Formula.OtherTypes.emplace_back(Name, Other);
  if (Names.empty() || is_contained(Uses.Replaced, OtherType::None))
    return Formula;
  for (auto [I, Name] : enumerate(Names))
    Formula.OtherTypes.emplace_back(Name.first, Uses.Replaced[I]);
  Formula.Rewritten = Result.Formula;
  Formula.RewriteNames = std::move(Names);
  return Formula;
}

bool meansTheSameAnywhere(StringRef Text) {
  for (StringRef Token : {"#", "%:", "\\", "R\"", "__", "_Pragma"})
    if (Text.contains(Token))
      return false;
  // A block comment the lexer leaves open starts at or before the last
  // `/*`, and no `*/` follows that.
  size_t LastOpen = Text.rfind("/*");
  return LastOpen == StringRef::npos ||
         Text.find("*/", LastOpen + 2) != StringRef::npos;
}

/// Type as qualifiedSpelling() spells it, which both checks assert it is,
/// without the spaces before its `&` and `*` (`T &` is `T&`).
static std::string spelledType(StringRef Written) {
  std::string Result, Qualified = qualifiedSpelling(Written);
  StringRef Type = StringRef(Qualified).trim();
  for (size_t I = 0; I < Type.size(); ++I) {
    if (Type[I] == ' ') {
      size_t Next = Type.find_first_not_of(' ', I);
      if (Next != StringRef::npos && (Type[Next] == '&' || Type[Next] == '*') &&
          !Result.empty() && Result.back() != '&' && Result.back() != '*' &&
          Result.back() != ',')
        continue;
    }
    Result += Type[I];
  }
  return Result;
}

const std::string &FirstCheckResults::normalizedType(StringRef Written) {
  auto [It, New] = Normalized.try_emplace(Written);
  if (New)
    It->second = spelledType(Written);
  return It->second;
}

void FirstCheckResults::addEntry(StringRef Text, const ReusableFormula &Formula,
                                 bool Rewritten) {
  Entry E;
  E.StandInType = Formula.StandInType;
  for (const auto &[Name, Type] : Formula.Variables)
    E.Types[Name] = normalizedType(Type);
  if (Rewritten)
    for (const auto &[Name, Type] : Formula.RewriteNames)
      E.Types[Name] = normalizedType(Type);
  for (const auto &[Name, Other] : Formula.OtherTypes)
    if (E.Types.count(Name))
      E.Other[Name] = Other;
  ByText[Text].push_back(std::move(E));
}

void FirstCheckResults::add(StringRef Text, ReusableFormula Formula) {
  if (Formula.StandInType.empty() || !meansTheSameAnywhere(Text))
    return;
  addEntry(Text, Formula, /*Rewritten=*/false);
  // The rewritten text reads as the formula but for the names of the
  // edits, each where the formula had an argument of a helper.
  if (!Formula.Rewritten.empty() && meansTheSameAnywhere(Formula.Rewritten))
    addEntry(Formula.Rewritten, Formula, /*Rewritten=*/true);
}

/// Whether formula F of a node, whose parameters have Types and whose
/// scaffolding declares Scaffolding, reads as E did in the first check:
/// each of its words names a variable in both of the same type, or one of
/// another type its uses take alike, or a variable in neither.
static bool readsAsEntry(const GeneratedFormula &F, const StringSet<> &Words,
                         const StringMap<std::string> &Types,
                         const StringSet<> &Scaffolding,
                         const StringMap<std::string> &EntryTypes,
                         const StringMap<OtherType> &Other) {
  return all_of(Words, [&](const StringMapEntry<std::nullopt_t> &W) {
    StringRef Name = W.getKey();
    auto Mine = EntryTypes.find(Name);
    auto Node = Types.find(Name);
    OtherType Taken = Other.lookup(Name);
    // The mask the block declares, `auto grad_input_mask =
    // ::std::array<bool, N>{}`: a non-const lvalue.
    if (F.DeclaresGradInputMask && Name == "grad_input_mask")
      return Node == Types.end() && Mine != EntryTypes.end() &&
             isOtherType(Taken, Mine->second,
                         "::std::array<bool," +
                             std::to_string(F.VarNames.size()) + ">&");
    // Another local of the generated code is not what the first check
    // declared.
    if (Scaffolding.contains(Name))
      return false;
    if (Mine == EntryTypes.end() || Node == Types.end())
      return Mine == EntryTypes.end() && Node == Types.end();
    return Mine->second == Node->second ||
           isOtherType(Taken, Mine->second, Node->second);
  });
}

std::vector<std::string>
FirstCheckResults::standIns(const GeneratedNode &Node) {
  std::vector<std::string> Result(Node.Formulas.size());
  if (none_of(Node.Formulas, [&](const GeneratedFormula &F) {
        return ByText.count(F.Formula);
      }))
    return Result;
  StringMap<std::string> Types;
  for (const GeneratedVariable &V : nodeParameters(Node))
    // Two of a name are an error the formulas must be there for.
    if (!Types.try_emplace(V.Name, normalizedType(V.CppType)).second)
      return Result;
  std::optional<StringSet<>> Scaffolding;
  for (auto [I, F] : enumerate(Node.Formulas)) {
    auto It = ByText.find(F.Formula);
    if (It == ByText.end())
      continue;
    if (!Scaffolding)
      Scaffolding = scaffoldingNames(Node);
    StringSet<> Words = wordsOf(F.Formula);
    for (const Entry &E : It->second)
      if (readsAsEntry(F, Words, Types, *Scaffolding, E.Types, E.Other)) {
        Result[I] = E.StandInType;
        break;
      }
  }
  return Result;
}

} // namespace gradgen::formula
