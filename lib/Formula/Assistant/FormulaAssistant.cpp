//===- FormulaAssistant.cpp - Completion and hover in one formula ---------===//
//
// Each query builds the unit of one formula (buildFormulaUnit, as the check
// does) and runs Clang on it after the assistant's precompiled header, which
// declares every operator: a formula being typed names operators the check's
// header, made of the ones the file mentions, does not have.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Formula/FormulaAssistant.h"

#include "OperatorDeclarations.h"
#include "StageOptions.h"
#include "Unit/FormulaCompiler.h"
#include "Unit/FormulaUnit.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Sema/CodeCompleteConsumer.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace gradgen::formula;

namespace gradgen {

namespace {

/// Counts Clang's errors and shows none: an editor's query reports nothing.
class QuietConsumer : public clang::DiagnosticConsumer {};

clang::PrintingPolicy printingPolicy(const clang::ASTContext &Ctx) {
  clang::PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.Bool = true;
  Policy.TerseOutput = true;
  return Policy;
}

FormulaSymbolKind kindOf(const clang::NamedDecl *D) {
  if (const auto *T = dyn_cast<clang::FunctionTemplateDecl>(D))
    D = T->getTemplatedDecl();
  if (isa<clang::CXXMethodDecl>(D))
    return FormulaSymbolKind::Method;
  if (isa<clang::FunctionDecl>(D))
    return FormulaSymbolKind::Function;
  if (isa<clang::FieldDecl>(D))
    return FormulaSymbolKind::Field;
  if (isa<clang::EnumConstantDecl>(D))
    return FormulaSymbolKind::EnumConstant;
  if (isa<clang::NamespaceDecl, clang::NamespaceAliasDecl>(D))
    return FormulaSymbolKind::Namespace;
  if (isa<clang::TypeDecl, clang::ClassTemplateDecl,
          clang::TypeAliasTemplateDecl>(D))
    return FormulaSymbolKind::Type;
  return FormulaSymbolKind::Variable;
}

/// A function's declaration as C++, qualified, with default arguments.
std::string functionText(const clang::FunctionDecl &F,
                         const clang::PrintingPolicy &Policy) {
  std::string S;
  raw_string_ostream OS(S);
  if (!isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(F))
    OS << F.getReturnType().getAsString(Policy) << " ";
  OS << F.getQualifiedNameAsString() << "(";
  for (auto [I, P] : enumerate(F.parameters())) {
    OS << (I ? ", " : "") << P->getType().getAsString(Policy);
    if (!P->getName().empty())
      OS << " " << P->getName();
    if (P->hasDefaultArg() && !P->hasUnparsedDefaultArg() &&
        !P->hasUninstantiatedDefaultArg()) {
      OS << " = ";
      P->getDefaultArg()->IgnoreImplicit()->printPretty(OS, nullptr, Policy);
    }
  }
  OS << ")";
  if (const auto *M = dyn_cast<clang::CXXMethodDecl>(&F); M && M->isConst())
    OS << " const";
  return S;
}

std::string declarationText(const clang::NamedDecl *D,
                            const clang::PrintingPolicy &Policy) {
  if (const auto *T = dyn_cast<clang::FunctionTemplateDecl>(D))
    D = T->getTemplatedDecl();
  if (const auto *F = dyn_cast<clang::FunctionDecl>(D))
    return functionText(*F, Policy);
  if (const auto *V = dyn_cast<clang::ValueDecl>(D)) {
    // `at::Tensor & self`, as torchgen prints a NamedCType.
    return V->getType().getAsString(Policy) + " " +
           (isa<clang::ParmVarDecl>(V) ? V->getNameAsString()
                                       : V->getQualifiedNameAsString());
  }
  if (const auto *T = dyn_cast<clang::TypedefNameDecl>(D))
    return "using " + T->getQualifiedNameAsString() + " = " +
           T->getUnderlyingType().getAsString(Policy);
  // The prelude's shortcuts to the top-level namespaces (`at` in
  // torch::autograd::generated) show as what they stand for.
  if (const auto *A = dyn_cast<clang::NamespaceAliasDecl>(D);
      A && A->getName() == A->getNamespace()->getName())
    D = A->getNamespace();
  if (isa<clang::NamespaceDecl>(D))
    return "namespace " + D->getQualifiedNameAsString();
  return D->getQualifiedNameAsString();
}

/// Whether a formula may name D: not the unit's own names, nor the
/// implementation's (`__x`), nor operators, constructors and the like.
bool isOffered(const clang::NamedDecl &D) {
  if (!D.getDeclName().isIdentifier())
    return false;
  return !D.getName().startswith("__") && !D.getName().empty();
}

/// Where a completion goes in the list, as clangd ranks its quality signals:
/// a reserved name (`_foo`, PyTorch's internals) or a deprecated one after
/// every other; then Clang's priority, which puts what the formula's own
/// function declares (the entry's arguments, outputs and gradients) before
/// members and namespace-level names; then by name.
struct CompletionRank {
  bool Reserved;
  bool Deprecated;
  unsigned Priority;

  static CompletionRank of(const clang::CodeCompletionResult &R) {
    return {R.Declaration->getName().startswith("_"),
            R.Availability == CXAvailability_Deprecated, R.Priority};
  }
  bool operator<(const CompletionRank &Other) const {
    return std::tie(Reserved, Deprecated, Priority) <
           std::tie(Other.Reserved, Other.Deprecated, Other.Priority);
  }
  bool operator==(const CompletionRank &Other) const {
    return std::tie(Reserved, Deprecated, Priority) ==
           std::tie(Other.Reserved, Other.Deprecated, Other.Priority);
  }
};

/// Collects Clang's completions whose name starts with Prefix.
class CompletionCollector : public clang::CodeCompleteConsumer {
public:
  CompletionCollector(std::vector<FormulaCompletion> &Out, StringRef Prefix)
      : clang::CodeCompleteConsumer(options()), Out(Out), Prefix(Prefix),
        Allocator(std::make_shared<clang::GlobalCodeCompletionAllocator>()),
        TUInfo(Allocator) {}

  void ProcessCodeCompleteResults(clang::Sema &S,
                                  clang::CodeCompletionContext Context,
                                  clang::CodeCompletionResult *Results,
                                  unsigned NumResults) override {
    clang::PrintingPolicy Policy = printingPolicy(S.getASTContext());
    std::vector<std::pair<CompletionRank, FormulaCompletion>> Found;
    StringSet<> Seen;
    for (unsigned I = 0; I < NumResults; ++I) {
      const clang::CodeCompletionResult &R = Results[I];
      if (R.Kind != clang::CodeCompletionResult::RK_Declaration || R.Hidden ||
          R.Availability == CXAvailability_NotAccessible ||
          !isOffered(*R.Declaration) ||
          !R.Declaration->getName().startswith(Prefix))
        continue;
      FormulaCompletion C;
      C.Label = R.Declaration->getName().str();
      C.Kind = kindOf(R.Declaration);
      // A variable's type; a function's declaration.
      const auto *Value = dyn_cast<clang::ValueDecl>(R.Declaration);
      C.Detail = Value && C.Kind == FormulaSymbolKind::Variable
                     ? Value->getType().getAsString(Policy)
                     : declarationText(R.Declaration, Policy);
      // Overloads that print alike (a const and a non-const one) once.
      if (Seen.insert(C.Label + "\n" + C.Detail).second)
        Found.push_back({CompletionRank::of(R), std::move(C)});
    }
    llvm::stable_sort(Found, [](const auto &A, const auto &B) {
      return std::tie(A.first, A.second.Label) <
             std::tie(B.first, B.second.Label);
    });
    for (auto &[Rank, C] : Found)
      Out.push_back(std::move(C));
  }

  clang::CodeCompletionAllocator &getAllocator() override { return *Allocator; }
  clang::CodeCompletionTUInfo &getCodeCompletionTUInfo() override {
    return TUInfo;
  }

private:
  static clang::CodeCompleteOptions options() {
    clang::CodeCompleteOptions Options;
    Options.IncludeMacros = false;
    Options.IncludeCodePatterns = false;
    Options.IncludeGlobals = true;
    Options.IncludeNamespaceLevelDecls = true;
    Options.IncludeBriefComments = false;
    // The names the precompiled header declares.
    Options.LoadExternal = true;
    Options.IncludeFixIts = false;
    return Options;
  }

  std::vector<FormulaCompletion> &Out;
  std::string Prefix;
  std::shared_ptr<clang::GlobalCodeCompletionAllocator> Allocator;
  clang::CodeCompletionTUInfo TUInfo;
};

/// A syntax-only run that hands Clang the completion consumer.
class CompletionAction : public clang::SyntaxOnlyAction {
public:
  explicit CompletionAction(std::unique_ptr<CompletionCollector> Collector)
      : Collector(std::move(Collector)) {}
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    CI.setCodeCompletionConsumer(Collector.release());
    return true;
  }

private:
  std::unique_ptr<CompletionCollector> Collector;
};

/// The innermost name of the formula's function whose spelling holds the
/// main file's offset Target.
class SymbolFinder : public clang::RecursiveASTVisitor<SymbolFinder> {
public:
  SymbolFinder(const clang::SourceManager &SM, unsigned Target)
      : SM(SM), Target(Target) {}

  bool VisitCallExpr(clang::CallExpr *Call) {
    if (const clang::Expr *Callee = Call->getCallee())
      CallOf[Callee->IgnoreParenImpCasts()] = Call;
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    consider(E, E->getDecl(), E->getLocation(), E->getNameInfo().getName());
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr *E) {
    consider(E, E->getMemberDecl(), E->getMemberLoc(),
             E->getMemberNameInfo().getName());
    return true;
  }

  const clang::Expr *Found = nullptr;
  const clang::NamedDecl *Decl = nullptr;
  unsigned Begin = 0, End = 0;
  DenseMap<const clang::Expr *, const clang::CallExpr *> CallOf;

private:
  void consider(const clang::Expr *E, const clang::NamedDecl *D,
                clang::SourceLocation Loc, clang::DeclarationName Name) {
    if (!D || !Name.isIdentifier() || !Loc.isFileID())
      return;
    auto [File, Offset] = SM.getDecomposedLoc(Loc);
    unsigned Length = Name.getAsIdentifierInfo()->getLength();
    if (File != SM.getMainFileID() || Target < Offset ||
        Target > Offset + Length)
      return;
    // Children come after their parents: the last match is innermost.
    Found = E;
    Decl = D;
    Begin = Offset;
    End = Offset + Length;
  }

  const clang::SourceManager &SM;
  unsigned Target;
};

} // namespace

class FormulaAssistant::Impl {
public:
  explicit Impl(FormulaCompilerOptions Options) : Options(std::move(Options)) {}

  bool prepare();
  std::optional<FormulaSymbol> symbolOf(const SymbolFinder &Finder,
                                        const clang::ASTContext &Ctx,
                                        const FormulaSlot &Slot) const;

  FormulaCompilerOptions Options;
  GeneratedDeclarations Functions, Methods;
  StringSet<> Seen;
  std::unique_ptr<FormulaCompiler> Compiler;
  bool Prepared = false, Ready = false;
  std::string Error;
};

bool FormulaAssistant::Impl::prepare() {
  if (Prepared)
    return Ready;
  Prepared = true;
  Compiler = std::make_unique<FormulaCompiler>(Options);
  if (!Compiler->realHeaderMode())
    Compiler->setDeclarations(Functions, Methods);
  QuietConsumer Quiet;
  Ready = Compiler->preparePCH(Quiet, Error);
  // As the check does: without a usable cache folder, a temporary header.
  if (!Ready && Compiler->usesCacheDir()) {
    Error.clear();
    Compiler->dropCacheDir();
    QuietConsumer Again;
    Ready = Compiler->preparePCH(Again, Error);
  }
  if (!Ready && Error.empty())
    Error = "Clang could not compile the formulas' header";
  return Ready;
}

/// The offset of the main file's line and column (1-based) Offset.
static std::string completionPoint(StringRef Text, unsigned Offset) {
  StringRef Before = Text.take_front(Offset);
  size_t Line = Before.count('\n') + 1;
  size_t LineStart = Before.rfind('\n');
  size_t Column = Offset - (LineStart == StringRef::npos ? 0 : LineStart + 1);
  return (MainFileName + ":" + Twine(Line) + ":" + Twine(Column + 1)).str();
}

std::vector<FormulaCompletion>
FormulaAssistant::complete(const FormulaInput &In, unsigned Offset) {
  std::vector<FormulaCompletion> Items;
  if (Offset > In.Text.size() || !P->prepare())
    return Items;
  // Clang completes at the start of the identifier being typed; what is
  // typed of it filters.
  unsigned Begin = Offset;
  while (Begin > 0 &&
         (isAlnum(In.Text[Begin - 1]) || In.Text[Begin - 1] == '_'))
    --Begin;
  StringRef Prefix = StringRef(In.Text).slice(Begin, Offset);
  FormulaUnit Unit = buildFormulaUnit(ArrayRef(In), {});
  std::string Point = completionPoint(Unit.MainText, Unit.Slots[0].TextBegin + Begin);
  QuietConsumer Quiet;
  CrashRecoveryContext Recovery;
  Recovery.RunSafely([&] {
    P->Compiler->runAction(
        Unit.MainText,
        std::make_unique<CompletionAction>(
            std::make_unique<CompletionCollector>(Items, Prefix)),
        Quiet, {"-Xclang", "-code-completion-at=" + Point});
  });
  return Items;
}

namespace {
/// Finds the name at a point of the formula's function.
class SymbolConsumer : public clang::ASTConsumer {
public:
  SymbolConsumer(const FormulaAssistant::Impl &Assistant,
                 const FormulaSlot &Slot, unsigned Target,
                 std::optional<FormulaSymbol> &Out)
      : Assistant(Assistant), Slot(Slot), Target(Target), Out(Out) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef Group) override {
    for (clang::Decl *D : Group)
      Decls.push_back(D);
    return true;
  }
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    SymbolFinder Finder(Ctx.getSourceManager(), Target);
    // Only the unit's own declarations: the header's stay unloaded.
    for (clang::Decl *D : Decls)
      Finder.TraverseDecl(D);
    if (Finder.Found)
      Out = Assistant.symbolOf(Finder, Ctx, Slot);
  }

private:
  const FormulaAssistant::Impl &Assistant;
  const FormulaSlot &Slot;
  unsigned Target;
  std::optional<FormulaSymbol> &Out;
  std::vector<clang::Decl *> Decls;
};

} // namespace

std::optional<FormulaSymbol>
FormulaAssistant::Impl::symbolOf(const SymbolFinder &Finder,
                                 const clang::ASTContext &Ctx,
                                 const FormulaSlot &Slot) const {
  if (Finder.Begin < Slot.TextBegin || Finder.End > Slot.TextEnd ||
      !isOffered(*Finder.Decl))
    return std::nullopt;
  clang::PrintingPolicy Policy = printingPolicy(Ctx);
  FormulaSymbol Symbol;
  Symbol.Begin = Finder.Begin - Slot.TextBegin;
  Symbol.End = Finder.End - Slot.TextBegin;
  Symbol.Kind = kindOf(Finder.Decl);
  Symbol.Declaration = declarationText(Finder.Decl, Policy);
  const clang::Expr *Typed = Finder.Found;
  if (const clang::CallExpr *Call = Finder.CallOf.lookup(Finder.Found))
    Typed = Call;
  Symbol.Type = isa<clang::ParmVarDecl>(Finder.Decl)
                    ? cast<clang::ValueDecl>(Finder.Decl)
                          ->getType()
                          .getAsString(Policy)
                    : Typed->getType().getAsString(Policy);
  // Where it is declared: a helper header, or an operator's generated
  // declaration, whose line is an operator of native_functions.yaml.
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::PresumedLoc Where =
      SM.getPresumedLoc(SM.getSpellingLoc(Finder.Decl->getLocation()));
  if (Where.isValid()) {
    StringRef File = Where.getFilename();
    if (File.endswith(FunctionsIncName) && Where.getLine() < Functions.LineLocs.size())
      Symbol.FuncLoc = Functions.LineLocs[Where.getLine()];
    else if (File.endswith(MethodsIncName) &&
             Where.getLine() < Methods.LineLocs.size())
      Symbol.FuncLoc = Methods.LineLocs[Where.getLine()];
    else if (any_of(Options.Flags.HelperFiles,
                    [&](const std::string &H) { return H == File; }))
      Symbol.DeclaredIn = (File + ":" + Twine(Where.getLine())).str();
  }
  return Symbol;
}

std::optional<FormulaSymbol> FormulaAssistant::symbolAt(const FormulaInput &In,
                                                        unsigned Offset) {
  if (Offset > In.Text.size() || !P->prepare())
    return std::nullopt;
  FormulaUnit Unit = buildFormulaUnit(ArrayRef(In), {});
  const FormulaSlot &Slot = Unit.Slots[0];
  std::optional<FormulaSymbol> Symbol;
  QuietConsumer Quiet;
  CrashRecoveryContext Recovery;
  Recovery.RunSafely([&] {
    P->Compiler->run(Unit.MainText,
                     std::make_unique<SymbolConsumer>(
                         *P, Slot, Slot.TextBegin + Offset, Symbol),
                     Quiet);
  });
  return Symbol;
}

FormulaAssistant::FormulaAssistant(FormulaCompilerOptions Options)
    : P(std::make_unique<Impl>(std::move(Options))) {
#ifndef GRADGEN_NO_CRASH_RECOVERY
  CrashRecoveryContext::Enable();
#endif
}

FormulaAssistant::~FormulaAssistant() = default;

void FormulaAssistant::addOperator(OperatorDeclaration Declaration) {
  // Overloads that C++ cannot tell apart are declared once (as the check
  // declares them).
  if (!P->Seen.insert((Declaration.Method ? "m " : "f ") + Declaration.Text)
           .second)
    return;
  (Declaration.Method ? P->Methods : P->Functions)
      .add(Declaration.Text, Declaration.FuncLoc);
}

StringRef FormulaAssistant::error() const { return P->Error; }

std::unique_ptr<FormulaAssistant>
createFormulaAssistant(const FormulaAnalysisOptions &Options, const Profile &P,
                       const NativeFunctionSet &Functions,
                       const CppAPIOptions &CppOptions,
                       IntrusiveRefCntPtr<vfs::FileSystem> FS) {
  auto Assistant = std::make_unique<FormulaAssistant>(
      formula::compilerOptions(Options, P, FS));
  if (!Options.Flags.IncludeDirs.empty())
    return Assistant;
  std::vector<OperatorDeclaration> Declarations;
  for (const NativeFunction *F : Functions.functions())
    formula::declareOperator(
        *F, CppOptions, [](StringRef) { return true; }, Declarations);
  for (OperatorDeclaration &D : Declarations)
    Assistant->addOperator(std::move(D));
  return Assistant;
}

} // namespace gradgen
