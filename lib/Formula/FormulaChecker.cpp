//===- FormulaChecker.cpp - Type-checks and rewrites formulas -------------===//

#include "gradgen/Formula/FormulaChecker.h"

#include "ClangDiagnostics.h"
#include "FormulaCompiler.h"
#include "FormulaUnit.h"
#include "GradientChecks.h"
#include "SavedAttributeMatcher.h"
#include "UnknownNames.h"

#include "gradgen/Config.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gradgen::formula;

namespace gradgen {

namespace formula {
static const std::pair<StringRef, StringRef> PreludeFiles[] = {
#include "PreludeFiles.inc"
};
ArrayRef<std::pair<StringRef, StringRef>> builtinPrelude() {
  return PreludeFiles;
}
} // namespace formula

class FormulaChecker::Impl {
public:
  Impl(DiagnosticEngine &Diags, FormulaCheckerOptions Options)
      : Diags(Diags), Options(std::move(Options)) {}

  void addOperator(OperatorDeclaration Declaration);
  std::vector<FormulaResult> check(ArrayRef<FormulaInput> Inputs);

  DiagnosticEngine &Diags;
  FormulaCheckerOptions Options;
  /// Every operator's C++ declarations; check() declares those whose name a
  /// formula mentions, which halves the time Clang spends.
  std::vector<OperatorDeclaration> Declarations;
  GeneratedDeclarations Functions, Methods;
  /// Declarations already added, so that overloads that collapse to one
  /// C++ signature are declared once.
  StringSet<> Seen;
  std::unique_ptr<FormulaCompiler> Compiler;
  bool PCHReady = false;
};

void FormulaChecker::Impl::addOperator(OperatorDeclaration Declaration) {
  // Overloads that differ only in what C++ cannot tell apart would be
  // redeclarations, with redefined default arguments.
  if (!Seen.insert((Declaration.Method ? "m " : "f ") + Declaration.Text)
           .second)
    return;
  Declarations.push_back(std::move(Declaration));
}

namespace {

class FormulaConsumer : public clang::SemaConsumer {
public:
  FormulaConsumer(FormulaChecker::Impl &Checker, const FormulaUnit &Unit,
                  FormulaLocationMapper &Mapper,
                  ClangDiagnosticTranslator &Translator,
                  std::vector<FormulaResult> &Results)
      : Checker(Checker), Unit(Unit), Mapper(Mapper), Translator(Translator),
        Results(Results) {}

  void InitializeSema(clang::Sema &S) override {
    TheSema = &S;
    S.addExternalSource(new UnknownNameSource(
        S, Checker.Diags, Mapper, Translator,
        /*DeclareHelpers=*/Checker.Options.HelperFiles.empty()));
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Translator.flush();
    // The formula functions live in torch::autograd::generated.
    StringMap<const clang::FunctionDecl *> Functions;
    std::function<void(const clang::DeclContext *)> Walk =
        [&](const clang::DeclContext *DC) {
          for (const clang::Decl *D : DC->decls()) {
            if (const auto *NS = dyn_cast<clang::NamespaceDecl>(D))
              Walk(NS);
            else if (const auto *FD = dyn_cast<clang::FunctionDecl>(D))
              if (FD->getDeclName().isIdentifier() &&
                  FD->getName().startswith("__gradgen_formula_"))
                Functions[FD->getName()] = FD;
          }
        };
    Walk(Ctx.getTranslationUnitDecl());
    for (auto [I, Slot] : enumerate(Unit.Slots)) {
      const clang::FunctionDecl *FD = Functions.lookup(Slot.FunctionName);
      if (!FD) {
        Results[I].Formula = Slot.Input->Text;
        continue;
      }
      if (!analyzeFormula(Ctx, *FD, Slot, Checker.Options.Rules, Mapper,
                          Checker.Diags, Results[I]))
        Results[I].HasErrors = true;
      if (!Translator.SlotHasErrors[I] && TheSema &&
          !checkGradients(*TheSema, *FD, Slot, Checker.Diags))
        Results[I].HasErrors = true;
    }
  }

private:
  clang::Sema *TheSema = nullptr;
  FormulaChecker::Impl &Checker;
  const FormulaUnit &Unit;
  FormulaLocationMapper &Mapper;
  ClangDiagnosticTranslator &Translator;
  std::vector<FormulaResult> &Results;
};

} // namespace

std::vector<FormulaResult>
FormulaChecker::Impl::check(ArrayRef<FormulaInput> Inputs) {
  std::vector<FormulaResult> Results(Inputs.size());
  FormulaUnit Unit = buildFormulaUnit(Inputs);
  if (!Compiler) {
    // Declaring only what formulas mention costs less than a full header.
    StringSet<> Mentioned;
    for (const FormulaInput &In : Inputs) {
      StringRef Text = In.Text;
      while (!Text.empty()) {
        size_t B = Text.find_if([](char C) { return isAlpha(C) || C == '_'; });
        if (B == StringRef::npos)
          break;
        Text = Text.drop_front(B);
        size_t E =
            Text.find_if_not([](char C) { return isAlnum(C) || C == '_'; });
        Mentioned.insert(Text.take_front(E));
        Text = Text.drop_front(std::min(E, Text.size()));
      }
    }
    bool All = getenv("GRADGEN_ALL_DECLS");
    for (const OperatorDeclaration &D : Declarations)
      if (All || Mentioned.contains(D.Name))
        (D.Method ? Methods : Functions).add(D.Text, D.FuncLoc);
  }
  if (!Compiler) {
    FormulaCompilerOptions CO;
    CO.Standard = Options.Standard;
    CO.TorchVersion = Options.TorchVersion;
    CO.Defines = Options.Defines;
    CO.IncludeDirs = Options.IncludeDirs;
    CO.HelperFiles = Options.HelperFiles;
    CO.PreludeDir = Options.PreludeDir;
    CO.CacheDir = Options.CacheDir;
    Compiler = std::make_unique<FormulaCompiler>(std::move(CO));
    if (!Compiler->realHeaderMode())
      Compiler->setDeclarations(Functions, Methods);
  }
  if (!Options.DumpTranslationUnit.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(Options.DumpTranslationUnit, EC);
    if (!EC)
      OS << Compiler->headerText() << Unit.MainText << "\n// "
         << FunctionsIncName << "\n" << Functions.Text << "\n// "
         << MethodsIncName << "\n" << Methods.Text;
  }

  FormulaLocationMapper Mapper(Unit, Diags.getSourceMgr(), Functions, Methods);
  ClangDiagnosticTranslator Translator(Diags, Mapper);
  if (!PCHReady) {
    std::string Error;
    if (!Compiler->preparePCH(Translator, Error)) {
      Translator.flush();
      if (!Error.empty())
        Diags.error("formula.clang", SMLoc(), Error);
      else if (Translator.OtherErrors == 0)
        Diags.error("formula.clang", SMLoc(),
                    "Clang could not compile the formulas' header");
      for (FormulaResult &R : Results)
        R.HasErrors = true;
      return Results;
    }
    PCHReady = true;
  }
  auto Consumer =
      std::make_unique<FormulaConsumer>(*this, Unit, Mapper, Translator, Results);
  if (!Compiler->run(Unit.MainText, std::move(Consumer), Translator) &&
      Translator.OtherErrors == 0 &&
      none_of(Translator.SlotHasErrors, [](bool B) { return B; }))
    Diags.error("formula.clang", SMLoc(),
                "Clang could not check the formulas");
  Translator.flush();
  for (auto [I, HasErrors] : enumerate(Translator.SlotHasErrors))
    if (HasErrors)
      Results[I].HasErrors = true;
  return Results;
}

FormulaChecker::FormulaChecker(DiagnosticEngine &Diags,
                               FormulaCheckerOptions Options)
    : P(std::make_unique<Impl>(Diags, std::move(Options))) {}
FormulaChecker::~FormulaChecker() = default;

void FormulaChecker::addOperator(OperatorDeclaration Declaration) {
  P->addOperator(std::move(Declaration));
}

std::vector<FormulaResult>
FormulaChecker::check(ArrayRef<FormulaInput> Inputs) {
  return P->check(Inputs);
}

} // namespace gradgen
