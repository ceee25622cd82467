//===- FormulaChecker.cpp - Type-checks and rewrites formulas -------------===//

#include "gradgen/Formula/FormulaChecker.h"

#include "ClangDiagnostics.h"
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

/// Headers that PyTorch code includes and the prelude stands for.
static const char *const PreludeAliases[] = {
    "ATen/ATen.h",
    "ATen/Tensor.h",
    "ATen/core/Tensor.h",
    "ATen/Functions.h",
    "ATen/NativeFunctions.h",
    "ATen/TensorGeometry.h",
    "ATen/ScalarOps.h",
    "ATen/ExpandUtils.h",
    "ATen/WrapDimUtils.h",
    "ATen/core/Reduction.h",
    "ATen/native/nested/NestedTensorUtils.h",
    "c10/core/SymInt.h",
    "c10/util/Optional.h",
    "c10/util/irange.h",
    "torch/csrc/autograd/generated/Functions.h",
    "torch/csrc/autograd/generated/variable_factories.h",
    "torch/csrc/autograd/function.h",
    "torch/csrc/autograd/variable.h",
    "torch/csrc/autograd/saved_variable.h",
    "torch/csrc/autograd/InferenceMode.h",
    "torch/csrc/Export.h",
};
static const char *const StdHeaders[] = {
    "algorithm", "array",    "cmath",       "complex",     "cstddef",
    "cstdint",   "functional", "initializer_list", "limits", "memory",
    "numeric",   "optional", "string",      "string_view", "tuple",
    "type_traits", "utility", "vector",      "math.h",      "stdint.h",
    "stddef.h",
};

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
      if (!Translator.SlotHasErrors[I] &&
          !checkGradients(Ctx, *FD, Slot, Checker.Diags))
        Results[I].HasErrors = true;
    }
  }

private:
  FormulaChecker::Impl &Checker;
  const FormulaUnit &Unit;
  FormulaLocationMapper &Mapper;
  ClangDiagnosticTranslator &Translator;
  std::vector<FormulaResult> &Results;
};

class FormulaAction : public clang::ASTFrontendAction {
public:
  explicit FormulaAction(std::unique_ptr<clang::ASTConsumer> Consumer)
      : Consumer(std::move(Consumer)) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, StringRef) override {
    return std::move(Consumer);
  }

private:
  std::unique_ptr<clang::ASTConsumer> Consumer;
};

} // namespace

std::vector<FormulaResult>
FormulaChecker::Impl::check(ArrayRef<FormulaInput> Inputs) {
  std::vector<FormulaResult> Results(Inputs.size());
  FormulaUnit Unit = buildFormulaUnit(Inputs, Options.HelperFiles);
  StringSet<> Mentioned;
  for (const FormulaInput &In : Inputs) {
    StringRef Text = In.Text;
    while (!Text.empty()) {
      size_t B = Text.find_if([](char C) { return isAlpha(C) || C == '_'; });
      if (B == StringRef::npos)
        break;
      Text = Text.drop_front(B);
      size_t E = Text.find_if_not([](char C) { return isAlnum(C) || C == '_'; });
      Mentioned.insert(Text.take_front(E));
      Text = Text.drop_front(std::min(E, Text.size()));
    }
  }
  Functions = GeneratedDeclarations();
  Methods = GeneratedDeclarations();
  for (const OperatorDeclaration &D : Declarations)
    if (Mentioned.contains(D.Name))
      (D.Method ? Methods : Functions).add(D.Text, D.FuncLoc);
  if (!Options.DumpTranslationUnit.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(Options.DumpTranslationUnit, EC);
    if (!EC)
      OS << Unit.MainText << "\n// " << FunctionsIncName << "\n"
         << Functions.Text << "\n// " << MethodsIncName << "\n"
         << Methods.Text;
  }

  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  auto AddFile = [&](StringRef Name, StringRef Text) {
    SmallString<128> Path(IncludeDir);
    sys::path::append(Path, sys::path::Style::posix, Name);
    Memory->addFile(Path, 0, MemoryBuffer::getMemBuffer(Text, Path, false));
  };
  std::vector<std::unique_ptr<MemoryBuffer>> Overrides;
  for (auto [Name, Text] : builtinPrelude()) {
    if (!Options.PreludeDir.empty()) {
      SmallString<128> Path(Options.PreludeDir);
      sys::path::append(Path, Name);
      if (auto Buffer = MemoryBuffer::getFile(Path)) {
        Overrides.push_back(std::move(*Buffer));
        Text = Overrides.back()->getBuffer();
      }
    }
    AddFile(Name, Text);
  }
  for (const char *Alias : PreludeAliases)
    AddFile(Alias, "#pragma once\n#include <gradgen_prelude.h>\n");
  for (const char *Header : StdHeaders)
    AddFile(Header, "#pragma once\n#include <gradgen_std.h>\n");
  AddFile(FunctionsIncName, Functions.Text);
  AddFile(MethodsIncName, Methods.Text);
  Memory->addFile(MainFileName, 0,
                  MemoryBuffer::getMemBuffer(Unit.MainText, MainFileName,
                                             false));
  auto Overlay =
      makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  auto Files = makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);

  std::vector<std::string> Args = {
      "gradgen",
      "-fsyntax-only",
      "-xc++",
      "-std=" + Options.Standard,
      "-nostdinc",
      "-resource-dir",
      GRADGEN_CLANG_RESOURCE_DIR,
      "-isystem",
      IncludeDir.str(),
      "-ferror-limit=0",
      "-fno-caret-diagnostics",
      "-Wno-undefined-inline",
      "-DGRADGEN_TORCH_VERSION=" + std::to_string(Options.TorchVersion),
  };
  for (const std::string &D : Options.Defines)
    Args.push_back("-D" + D);
  Args.push_back(MainFileName.str());

  FormulaLocationMapper Mapper(Unit, Diags.getSourceMgr(), Functions, Methods);
  ClangDiagnosticTranslator Translator(Diags, Mapper);
  auto Consumer =
      std::make_unique<FormulaConsumer>(*this, Unit, Mapper, Translator, Results);
  clang::tooling::ToolInvocation Invocation(
      Args, std::make_unique<FormulaAction>(std::move(Consumer)), Files.get());
  Invocation.setDiagnosticConsumer(&Translator);
  if (!Invocation.run() && Translator.OtherErrors == 0 &&
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
