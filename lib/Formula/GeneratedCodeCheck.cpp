//===- GeneratedCodeCheck.cpp - The second check: the generated code ------===//
//
// FormulaChecker::checkGenerated: each formula as the generated node's
// apply() and the kernel's forward derivative hold it, where the first check
// has not already established it (FirstCheckResults).
//
//===----------------------------------------------------------------------===//

#include "FormulaCheckerImpl.h"

#include "Unit/ClangDiagnostics.h"
#include "UnknownNames.h"

#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/TimeProfiler.h"

#include <atomic>

using namespace llvm;
using namespace gradgen::formula;

namespace gradgen {

namespace {
/// The second check only needs Clang's diagnostics, and the helpers no
/// header declares.
class GeneratedCodeConsumer : public clang::SemaConsumer {
public:
  GeneratedCodeConsumer(FormulaChecker::Impl &Checker, DiagnosticEngine &Diags,
                        FormulaLocationMapper &Mapper,
                        ClangDiagnosticTranslator &Translator,
                        HelperForms &Forms)
      : Checker(Checker), Diags(Diags), Mapper(Mapper), Translator(Translator),
        Forms(Forms) {}
  void InitializeSema(clang::Sema &S) override {
    Names = new UnknownNameSource(
        S, Diags, Mapper, Translator,
        /*DeclareHelpers=*/Checker.Options.Flags.HelperFiles.empty(),
        /*Quiet=*/true, Forms, Checker.BracedCallees);
    S.addExternalSource(Names);
    if (any_of(Mapper.unit().Slots,
               [](const FormulaSlot &Slot) { return Slot.Grouped; }))
      S.getPreprocessor().addPPCallbacks(std::make_unique<MacroExpansionGuard>(
          S.getSourceManager(), Translator, Mapper.unit()));
  }
  void HandleTranslationUnit(clang::ASTContext &) override {
    if (Names)
      Names->checkTemplateCalls();
  }
  void ForgetSema() override {
    if (Names)
      Names->ForgetSema();
  }

private:
  UnknownNameSource *Names = nullptr;
  FormulaChecker::Impl &Checker;
  DiagnosticEngine &Diags;
  FormulaLocationMapper &Mapper;
  ClangDiagnosticTranslator &Translator;
  HelperForms &Forms;
};
} // namespace

bool FormulaChecker::Impl::checkGenerated(ArrayRef<GeneratedNode> Nodes) {
  if (!Compiler)
    return false;
  std::vector<GeneratedNode> Misses;
  std::vector<std::string> MissKeys;
  for (const GeneratedNode &Node : Nodes) {
    if (Cache->enabled()) {
      std::string Key = FormulaCache::nodeKey(Node, Salt);
      if (Cache->hasNode(Key))
        continue;
      MissKeys.push_back(std::move(Key));
    }
    Misses.push_back(Node);
  }
  if (Misses.empty())
    return true;
  std::string KeySalt = Salt;
  if (!preparePCH()) {
    flush();
    return false;
  }
  std::vector<bool> Clean(Misses.size(), false);
  std::atomic<bool> Ok = true;
  // The formulas the first check established, by slot (the slots of node N
  // from FirstSlot[N]).
  std::vector<std::string> StandIns;
  std::vector<size_t> FirstSlot;
  for (const GeneratedNode &Node : Misses) {
    FirstSlot.push_back(StandIns.size());
    append_range(StandIns, FirstResults.standIns(Node));
  }
  FirstSlot.push_back(StandIns.size());
  DumpSuffix = ".generated";
  auto Weight = [&](size_t I) {
    size_t W = 200 + 40 * Misses[I].Variables.size();
    for (const GeneratedFormula &F : Misses[I].Formulas)
      W += F.Formula.size();
    return W;
  };
  auto Loc = [&](size_t I) {
    return Misses[I].Formulas.empty() ? SMLoc() : Misses[I].Formulas[0].KeyLoc;
  };
  runParts(Misses.size(), Weight, Loc, [&](size_t Begin, size_t End, Part &P) {
    ArrayRef<GeneratedNode> Nodes = ArrayRef(Misses).slice(Begin, End - Begin);
    ArrayRef<std::string> PartStandIns = ArrayRef(StandIns).slice(
        FirstSlot[Begin], FirstSlot[End] - FirstSlot[Begin]);
    std::vector<bool> PartClean;
    std::string Text;
    if (!checkNodeRange(Nodes, PartStandIns, P, PartClean, Text))
      Ok = false;
    for (size_t N = 0; N < Nodes.size(); ++N)
      Clean[Begin + N] = PartClean[N];
    return Text;
  });
  DumpSuffix.clear();
  if (Cache->enabled())
    for (auto [N, Node] : enumerate(Misses))
      if (Clean[N])
        Cache->addNode(KeySalt == Salt && N < MissKeys.size()
                           ? MissKeys[N]
                           : FormulaCache::nodeKey(Node, Salt));
  Cache->save();
  flush();
  return Ok;
}

bool FormulaChecker::Impl::checkNodeRange(ArrayRef<GeneratedNode> Nodes,
                                          ArrayRef<std::string> StandIns,
                                          Part &P, std::vector<bool> &PartClean,
                                          std::string &Text) {
  // A stand-in, or a formula, checked once in the unit need not be checked
  // again with the same key: it comes later in the unit, where each name it
  // looks up means what it meant before and each template it instantiates
  // is instantiated already.
  std::vector<GeneratedNode> Kept;
  std::vector<std::string> KeptStandIns;
  StringSet<> Checked;
  // Most formulas are there once: only a repeated text is worth a key.
  StringMap<unsigned> TextCount;
  for (const GeneratedNode &Node : Nodes)
    for (const GeneratedFormula &F : Node.Formulas)
      ++TextCount[F.Formula];
  size_t Slot = 0;
  for (const GeneratedNode &Node : Nodes) {
    GeneratedNode &K = Kept.emplace_back();
    K.Name = Node.Name;
    K.Variables = Node.Variables;
    for (auto [I, F] : enumerate(Node.Formulas)) {
      const std::string &Type = StandIns[Slot++];
      if ((!Type.empty() ||
           (TextCount[F.Formula] > 1 && meansTheSameAnywhere(F.Formula))) &&
          !Checked.insert(standInKey(Node, I, Type)).second)
        continue;
      K.Formulas.push_back(F);
      KeptStandIns.push_back(Type);
    }
  }
  // A part that reports anything is checked again with the copies of the
  // generated code, then declaring all and every formula as written (as in
  // checkWithClang); only the last run's diagnostics count.
  struct Run {
    DeclaredVariables Declared;
    GradientCopies Copies;
    bool StandIns;
    const char *Trace;
  };
  static constexpr Run Runs[] = {
      {DeclaredVariables::Named, GradientCopies::Shared, true, nullptr},
      {DeclaredVariables::Named, GradientCopies::Direct, true,
       "Node part again, copying directly"},
      {DeclaredVariables::All, GradientCopies::Direct, false,
       "Node part again, declaring all"}};
  bool PartOk = true;
  auto Check = [&](const Run &R) {
    P.Diagnostics.clear();
    P.CopiedFiles.clear();
    PartOk = R.StandIns ? checkNodePart(Kept, P, R.Declared, KeptStandIns,
                                        R.Copies, PartClean, Text)
                        : checkNodePart(Nodes, P, R.Declared, {}, R.Copies,
                                        PartClean, Text);
  };
  P.Helpers = HelperForms();
  auto Reported = [&] {
    return !P.Diagnostics.empty() || is_contained(PartClean, false);
  };
  if (checkInKeptInstance(Kept, P, [&] { Check(Runs[0]); }, Reported))
    return PartOk;
  for (const Run &R : Runs) {
    if (R.Trace && P.Diagnostics.empty() && !is_contained(PartClean, false))
      break;
    std::optional<TimeTraceScope> Scope;
    if (R.Trace)
      Scope.emplace(R.Trace);
    Check(R);
    if (P.Helpers.mustRepeat(!P.Diagnostics.empty() ||
                             is_contained(PartClean, false))) {
      // What the full declarations of the helpers give.
      TimeTraceScope Again("Node part again, declaring helpers fully");
      P.Helpers = HelperForms();
      P.Helpers.TemplateAllowed = false;
      Check(R);
    }
    P.Helpers.TemplateAllowed = false;
  }
  return PartOk;
}

bool FormulaChecker::Impl::checkInKeptInstance(
    ArrayRef<GeneratedNode> Nodes, Part &P, function_ref<void()> Check,
    function_ref<bool()> Reported) {
  // Only a run that reports nothing at all stands, and only if its unit
  // declared no helper whose name a header may name (a template of the
  // headers instantiated in the first unit would not have found it).
  std::unique_ptr<SharedInstance> Instance = std::move(P.Instance);
  auto Fits = [](const GeneratedNode &Node) {
    return all_of(Node.Formulas, [](const GeneratedFormula &F) {
      return SharedInstance::mayShare(F.Formula);
    });
  };
  if (!Instance || !all_of(Nodes, Fits))
    return false;
  TimeTraceScope Scope("Node part in the first check's instance");
  P.Instance = std::move(Instance);
  P.UseInstance = true;
  Check();
  P.UseInstance = false;
  bool Stands = !P.Instance->lastUnitReported() && !Reported() &&
                !P.Helpers.mustRepeat(false) && !P.Helpers.HeaderNameUsed;
  P.Instance.reset();
  if (!Stands)
    P.Helpers = HelperForms();
  return Stands;
}

bool FormulaChecker::Impl::checkNodePart(ArrayRef<GeneratedNode> Nodes,
                                         Part &P,
                                         DeclaredVariables Declared,
                                         ArrayRef<std::string> StandInTypes,
                                         GradientCopies Copies,
                                         std::vector<bool> &PartClean,
                                         std::string &Text) {
  DiagnosticEngine &Engine = P.Engine;
  std::vector<FormulaInput> SlotInputs;
  FormulaUnit Unit =
      buildGeneratedUnit(Nodes, SlotInputs, Declared, StandInTypes, Copies);
  FormulaLocationMapper Mapper(Unit, P.CopiedFiles, Functions, Methods);
  ClangDiagnosticTranslator Translator(Engine, Mapper);
  bool PartOk = runUnit(
      P, Unit.MainText,
      std::make_unique<GeneratedCodeConsumer>(*this, Engine, Mapper,
                                              Translator, P.Helpers),
      Translator);
  Translator.flush();
  if (!PartOk && Translator.OtherErrors == 0 &&
      none_of(Translator.SlotHasErrors, [](bool B) { return B; }))
    Engine.report(diag::formula_clang, SMLoc(),
                  "Clang could not check the generated code");
  PartClean.assign(Nodes.size(), false);
  size_t Slot = 0;
  for (size_t N = 0; N < Nodes.size(); ++N) {
    bool NodeClean = Translator.OtherErrors == 0;
    for (size_t I = 0; I < Nodes[N].Formulas.size(); ++I, ++Slot)
      NodeClean &= !Translator.SlotHasDiagnostics[Slot];
    PartClean[N] = NodeClean;
  }
  Text = std::move(Unit.MainText);
  return PartOk;
}

} // namespace gradgen
