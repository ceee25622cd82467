//===- SharedInstance.cpp - One Clang instance for both checks ------------===//

#include "SharedInstance.h"

#include "FormulaCompiler.h"
#include "FormulaUnit.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclContextInternals.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExternalASTSource.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Parse/Parser.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <functional>

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

namespace {
/// The instance's consumer: passes everything on to the consumer of the
/// unit being parsed, and keeps that unit's top-level declarations.
class RoutingConsumer : public SemaConsumer {
public:
  /// Ends the current unit's consumer (its Sema source stops answering)
  /// and makes New the consumer of the next unit.
  void setTarget(std::unique_ptr<SemaConsumer> New) {
    if (Target)
      Target->ForgetSema();
    Target = std::move(New);
    if (Target && TheSema) {
      Target->Initialize(TheSema->getASTContext());
      Target->InitializeSema(*TheSema);
    }
  }

  void Initialize(ASTContext &Ctx) override {
    if (Target)
      Target->Initialize(Ctx);
  }
  void InitializeSema(Sema &S) override {
    TheSema = &S;
    if (Target)
      Target->InitializeSema(S);
  }
  void ForgetSema() override {
    TheSema = nullptr;
    if (Target)
      Target->ForgetSema();
  }
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    return Target ? Target->HandleTopLevelDecl(Group) : true;
  }
  void HandleInterestingDecl(DeclGroupRef Group) override {
    if (Target)
      Target->HandleInterestingDecl(Group);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Target)
      Target->HandleTranslationUnit(Ctx);
  }


private:
  std::unique_ptr<SemaConsumer> Target;
  Sema *TheSema = nullptr;
};

/// Parses the first unit as ASTFrontendAction does, but for the end of the
/// file, which leaves the preprocessor and the parser ready for more
/// (incremental processing), and keeps them until finish().
class SharedAction : public ASTFrontendAction {
public:
  explicit SharedAction(std::unique_ptr<SemaConsumer> First)
      : First(std::move(First)) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    auto Consumer = std::make_unique<RoutingConsumer>();
    Consumer->setTarget(std::move(First));
    Router = Consumer.get();
    return Consumer;
  }

  void ExecuteAction() override {
    CompilerInstance &CI = getCompilerInstance();
    if (!CI.hasPreprocessor())
      return;
    Preprocessor &PP = CI.getPreprocessor();
    PP.enableIncrementalProcessing();
    if (!CI.hasSema())
      CI.createSema(getTranslationUnitKind(), nullptr);
    Sema &S = CI.getSema();
    auto P = std::make_unique<Parser>(PP, S, /*SkipFunctionBodies=*/false);
    PP.EnterMainSourceFile();
    if (ExternalASTSource *External = S.getASTContext().getExternalSource())
      External->StartTranslationUnit(&S.getASTConsumer());
    if (!PP.getCurrentLexer())
      return;
    P->Initialize();
    TheParser = std::move(P);
    parseUnit();
  }

  /// Parses a unit up to its end, as ParseAST does.
  void parseUnit() {
    Sema &S = getCompilerInstance().getSema();
    size_t WeakBefore = S.WeakTopLevelDecls().size();
    {
      EnterExpressionEvaluationContext PotentiallyEvaluated(
          S, Sema::ExpressionEvaluationContext::PotentiallyEvaluated);
      Parser::DeclGroupPtrTy Group;
      Sema::ModuleImportState ImportState;
      // At the end of the file, the parser ends the translation unit
      // (Sema::ActOnEndOfTranslationUnit), incremental or not, but leaves
      // Sema its translation unit's scope.
      for (bool AtEnd = TheParser->ParseFirstTopLevelDecl(Group, ImportState);
           !AtEnd; AtEnd = TheParser->ParseTopLevelDecl(Group, ImportState))
        if (Group && !Router->HandleTopLevelDecl(Group.get()))
          break;
    }
    for (Decl *D : ArrayRef(S.WeakTopLevelDecls()).drop_front(WeakBefore))
      Router->HandleTopLevelDecl(DeclGroupRef(D));
    Router->HandleTranslationUnit(S.getASTContext());
  }

  /// Whether the first unit was parsed (its file opened, the header
  /// loaded).
  bool parsed() const { return TheParser != nullptr; }

  // The instance is ended by finish() only.
  void EndSourceFile() override {
    if (Finishing)
      ASTFrontendAction::EndSourceFile();
  }
  void finish() {
    TheParser.reset();
    Finishing = true;
    // Not if the file could not be opened: then nothing is left to end.
    if (!getCurrentFile().empty())
      EndSourceFile();
  }

  RoutingConsumer *Router = nullptr;
  std::unique_ptr<Parser> TheParser;

private:
  std::unique_ptr<SemaConsumer> First;
  bool Finishing = false;
};
} // namespace

class SharedInstance::Impl : public tooling::ToolAction {
public:
  explicit Impl(std::unique_ptr<SemaConsumer> First)
      : Action(std::make_unique<SharedAction>(std::move(First))) {}

  ~Impl() override {
    if (!Instance)
      return;
    Instance->getDiagnostics().setClient(&Idle, /*ShouldOwnClient=*/false);
    if (Action->parsed())
      Action->Router->setTarget(nullptr);
    Action->finish();
  }

  /// What FrontendActionFactory::runInvocation does, with an instance
  /// that outlives it.
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     clang::DiagnosticConsumer *Diags) override {
    Instance = std::make_unique<CompilerInstance>(std::move(PCHContainerOps));
    Instance->setInvocation(std::move(Invocation));
    Instance->setFileManager(Files);
    Instance->createDiagnostics(Diags, /*ShouldOwnClient=*/false);
    if (!Instance->hasDiagnostics())
      return false;
    Instance->createSourceManager(*Files);
    bool Success = Instance->ExecuteAction(*Action);
    Files->clearStatCache();
    return Success;
  }

  /// Takes out of every lookup what the unit in FID declared: the names at
  /// the top level (the helpers of its Sema source among them) and in its
  /// namespaces, which stay (they are the precompiled header's).
  void hideDeclarationsOf(FileID FID) {
    Sema &S = Instance->getSema();
    SourceManager &SM = Instance->getSourceManager();
    std::function<void(Decl *)> Hide = [&](Decl *D) {
      // The precompiled header's declarations are loaded, and most of them
      // at the top level once anything walked it.
      SourceLocation Loc = D->getLocation();
      if (Loc.isInvalid() || !Loc.isFileID() ||
          SM.isLoadedSourceLocation(Loc) || SM.getFileID(Loc) != FID)
        return;
      if (auto *NS = dyn_cast<NamespaceDecl>(D)) {
        for (Decl *Member : NS->noload_decls())
          Hide(Member);
        return;
      }
      auto *ND = dyn_cast<NamedDecl>(D);
      if (!ND || !ND->getDeclName())
        return;
      if (StoredDeclsMap *Map =
              ND->getDeclContext()->getPrimaryContext()->getLookupPtr()) {
        auto It = Map->find(ND->getDeclName());
        if (It != Map->end()) {
          It->second.remove(ND);
          if (It->second.isNull())
            Map->erase(It);
        }
      }
      if (S.TUScope && S.TUScope->isDeclScope(ND)) {
        S.TUScope->RemoveDecl(ND);
        S.IdResolver.RemoveDecl(ND);
      }
    };
    for (Decl *D :
         Instance->getASTContext().getTranslationUnitDecl()->noload_decls())
      Hide(D);
  }

  /// The diagnostic consumer between units, when no unit is parsed.
  IgnoringDiagConsumer Idle;
  std::string FirstText;
  std::unique_ptr<SharedAction> Action;
  std::unique_ptr<CompilerInstance> Instance;
};

bool SharedInstance::mayShare(StringRef Text) {
  for (size_t I = Text.find('_'); I != StringRef::npos;
       I = Text.find('_', I + 1)) {
    bool StartsWord = I == 0 || !(isAlnum(Text[I - 1]) || Text[I - 1] == '_');
    if (StartsWord && (Text.substr(I).startswith("__") ||
                       Text.substr(I).startswith("_Pragma")))
      return false;
  }
  return true;
}

SharedInstance::SharedInstance(std::unique_ptr<Impl> State)
    : State(std::move(State)) {}

SharedInstance::~SharedInstance() = default;

bool SharedInstance::start(FormulaCompiler &Compiler, StringRef MainText,
                           std::unique_ptr<SemaConsumer> Consumer,
                           clang::DiagnosticConsumer &Diags,
                           std::unique_ptr<SharedInstance> &Instance) {
  auto State = std::make_unique<Impl>(std::move(Consumer));
  // The instance reads the unit's text after the caller's copy is gone.
  State->FirstText = MainText.str();
  bool Ok = Compiler.runTool(State->FirstText, *State, Diags);
  Instance.reset();
  if (!State->Instance || !State->Action->parsed())
    return Ok;
  // The unit's consumer and diagnostic consumer end with the unit.
  State->Action->Router->setTarget(nullptr);
  State->Instance->getDiagnostics().setClient(&State->Idle,
                                              /*ShouldOwnClient=*/false);
  bool Reported = Diags.getNumWarnings() || Diags.getNumErrors();
  Instance.reset(new SharedInstance(std::move(State)));
  Instance->LastReported = Reported;
  return Ok;
}

bool SharedInstance::parseNext(StringRef Text,
                               std::unique_ptr<SemaConsumer> Consumer,
                               clang::DiagnosticConsumer &Diags) {
  CompilerInstance &CI = *State->Instance;
  SourceManager &SM = CI.getSourceManager();
  Preprocessor &PP = CI.getPreprocessor();
  State->hideDeclarationsOf(SM.getMainFileID());

  CI.getDiagnostics().setClient(&Diags, /*ShouldOwnClient=*/false);
  Diags.BeginSourceFile(CI.getLangOpts(), &PP);
  // A file of its own that nothing includes: the main file, for Clang as
  // for the unit's consumer.
  FileID FID = SM.createFileID(MemoryBuffer::getMemBufferCopy(Text, MainFileName),
                               SrcMgr::C_User, 0, 0, SourceLocation());
  SM.setMainFileID(FID);
  State->Action->Router->setTarget(std::move(Consumer));
  bool Entered = !PP.EnterSourceFile(FID, nullptr, SourceLocation());
  if (Entered) {
    // Past the end of the unit before.
    State->Action->TheParser->ConsumeToken();
    State->Action->parseUnit();
  }
  Diags.finish();
  State->Action->Router->setTarget(nullptr);
  CI.getDiagnostics().setClient(&State->Idle, /*ShouldOwnClient=*/false);
  LastReported = !Entered || Diags.getNumWarnings() || Diags.getNumErrors();
  return Entered && !Diags.getNumErrors();
}

} // namespace gradgen::formula
