//===- FormulaChecker.cpp - Type-checks and rewrites formulas -------------===//
//
// check() runs Clang on the formulas that the results cache does not know,
// then reports, in the order of the files, Clang's diagnostics, gradgen's
// own and one warning for each helper no header declares, at its first use.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Formula/FormulaCache.h"
#include "gradgen/Formula/FormulaChecker.h"

#include "gradgen/Support/CacheRecords.h"
#include "gradgen/Support/OutputFiles.h"

#include "FirstCheckResults.h"
#include "FormulaCheckerImpl.h"
#include "FormulaConsumer.h"
#include "SavedAttributes/SavedAttributeMatcher.h"
#include "Unit/ClangDiagnostics.h"
#include "Unit/FormulaCompiler.h"
#include "Unit/FormulaUnit.h"
#include "UnknownNames.h"

#include "clang/Basic/Stack.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <numeric>

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

void FormulaChecker::Impl::addOperator(OperatorDeclaration Declaration) {
  // Overloads that differ only in what C++ cannot tell apart would be
  // redeclarations, with redefined default arguments.
  if (!Seen.insert((Declaration.Method ? "m " : "f ") + Declaration.Text)
           .second)
    return;
  Declarations.push_back(std::move(Declaration));
}

void FormulaChecker::Impl::prepare(ArrayRef<FormulaInput> Inputs) {
  if (Compiler)
    return;
  for (const FormulaInput &In : Inputs)
    addBracedCallees(In.Text, BracedCallees);
  // Declaring only what formulas mention costs less than a full header.
  if (!Mentioned)
    Mentioned = FormulaChecker::mentionedNames(Inputs);
  for (const OperatorDeclaration &D : Declarations)
    if (Mentioned->contains(D.Name))
      (D.Method ? Methods : Functions).add(D.Text, D.FuncLoc);
  Mentioned.reset();

  // Without a usable cache folder, the run works without caches.
  if (!Options.CacheDir.empty()) {
    std::error_code EC = sys::fs::create_directories(Options.CacheDir);
    if (!EC)
      EC = sys::fs::access(Options.CacheDir, sys::fs::AccessMode::Write);
    if (EC) {
      Diags.report(diag::formula_cache, SMLoc(),
                   "cannot use the cache folder '" + Options.CacheDir + "' (" +
                       EC.message() + "); formulas are checked without caches");
      Options.CacheDir.clear();
    }
  }

  Compiler = std::make_unique<FormulaCompiler>(
      static_cast<const FormulaCompilerOptions &>(Options));
  if (!Compiler->realHeaderMode())
    Compiler->setDeclarations(Functions, Methods);

  makeCache();
}

void FormulaChecker::Impl::makeCache() {
  // Results depend on every header, which the inputs of a valid cached PCH
  // cover; without one, this run checks everything and the cache starts
  // with the PCH it builds.
  std::string Inputs = Compiler->inputsDigest();
  if (Inputs.empty() && !Options.CacheDir.empty()) {
    Cache = std::make_unique<FormulaCache>("", "");
    return;
  }
  SHA1 Hash;
  auto Add = [&](StringRef S) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
  };
  Add(buildStamp());
  Add(Compiler->key());
  Add(Inputs);
  if (Options.Rules) {
    for (const SavedAttributeRule &R : Options.Rules->Rules)
      Add(R.Pattern + "|" + R.Suffix + "|" + R.CppType + "|" + R.SaveExpr +
          "|" + R.Replacement + "|" + R.ArgumentRegex.value_or("") + "|" +
          R.NegativePrefix + (R.OnlyForOwnDerivative ? "|own" : ""));
    Add(Options.Rules->OptionalStringType);
    Add(Options.Rules->OptionalStringReplacement);
    Add(Options.Rules->SaveTextualMentions ? "mentions" : "");
  }
  // The second check's verdicts on nodes are kept too: made without the
  // first check's results, they are kept apart.
  Add(Options.ReuseFirstCheck ? "" : "no-reuse");
  Salt = toHex(Hash.final(), /*LowerCase=*/true);
  Cache = std::make_unique<FormulaCache>(Options.CacheDir, Salt);
}

bool FormulaChecker::Impl::preparePCH() {
  if (PCHReady || PCHFailed)
    return PCHReady;
  TimeTraceScope Scope("Precompiled header");
  FormulaUnit Empty;
  std::vector<std::unique_ptr<MemoryBuffer>> CopiedFiles;
  FormulaLocationMapper Mapper(Empty, CopiedFiles, Functions, Methods);
  ClangDiagnosticTranslator Translator(Diags, Mapper);
  std::string Error;
  size_t Before = Collected.size();
  PCHReady = Compiler->preparePCH(Translator, Error);
  Translator.flush();
  // What fails the build of the header too: a base Clang does not take (a
  // damaged installation), a full or unwritable cache folder. Again without
  // it, as if there were none.
  auto RetryWithout = [&](function_ref<void()> Drop) {
    Collected.resize(Before);
    Error.clear();
    Drop();
    CopiedFiles.clear();
    FormulaLocationMapper Retry(Empty, CopiedFiles, Functions, Methods);
    ClangDiagnosticTranslator RetryTranslator(Diags, Retry);
    PCHReady = Compiler->preparePCH(RetryTranslator, Error);
    RetryTranslator.flush();
    Translator.OtherErrors = RetryTranslator.OtherErrors;
  };
  if (!PCHReady && Compiler->usesBasePCH())
    RetryWithout([&] { Compiler->dropBasePCH(); });
  if (!PCHReady && Compiler->usesCacheDir())
    RetryWithout([&] { Compiler->dropCacheDir(); });
  adoptCopiedFiles(CopiedFiles);
  // A new header: the results checked with it are kept under its inputs.
  if (PCHReady && !Cache->enabled())
    makeCache();
  if (!PCHReady) {
    PCHFailed = true;
    if (!Error.empty())
      Diags.report(diag::formula_clang, SMLoc(), Error);
    else if (Translator.OtherErrors == 0)
      Diags.report(diag::formula_clang, SMLoc(),
                   "Clang could not compile the formulas' header");
  }
  return PCHReady;
}

std::vector<size_t>
FormulaChecker::Impl::partBounds(size_t Count, size_t Parts,
                                 function_ref<size_t(size_t)> Weight) {
  std::vector<size_t> Bounds(Parts + 1, Count);
  Bounds[0] = 0;
  uint64_t Total = 0;
  for (size_t I = 0; I < Count; ++I)
    Total += Weight(I);
  uint64_t Sum = 0;
  for (size_t I = 0, Part = 1; I < Count && Part < Parts; ++I) {
    Sum += Weight(I);
    if (Sum * Parts >= Total * Part)
      Bounds[Part++] = I + 1;
  }
  return Bounds;
}

void FormulaChecker::Impl::adoptCopiedFiles(
    std::vector<std::unique_ptr<MemoryBuffer>> &Files) {
  for (std::unique_ptr<MemoryBuffer> &File : Files)
    Diags.getSourceMgr().AddNewSourceBuffer(std::move(File), SMLoc());
  Files.clear();
}

void FormulaChecker::Impl::runParts(
    size_t Count, function_ref<size_t(size_t)> Weight,
    function_ref<SMLoc(size_t)> FirstLoc,
    function_ref<std::string(size_t, size_t, Part &)> Run) {
  // Each part loads the header again and declares its own helpers: a part
  // must be worth that. One part a thread, of equal weight: on two cores,
  // more, smaller parts taken in turn cost more than they balance
  // (docs/performance.md, "Parts, one a thread").
  constexpr size_t MinPart = 200;
  size_t Parts = std::clamp<size_t>(
      Count / MinPart, 1,
      std::clamp<size_t>(llvm::hardware_concurrency().compute_thread_count(),
                         1, 4));
  std::vector<std::unique_ptr<Part>> PartState;
  for (size_t I = 0; I < Parts; ++I)
    PartState.push_back(std::make_unique<Part>(Diags.getSourceMgr()));
  // A part parses in the instance its part of the last check left, if
  // that check had as many parts.
  if (Instances.size() == Parts)
    for (size_t I = 0; I < Parts; ++I)
      PartState[I]->Instance = std::move(Instances[I]);
  Instances.clear();
  std::vector<size_t> Bounds = partBounds(Count, Parts, Weight);
  std::vector<std::string> Texts(Parts);
  bool Tracing = timeTraceProfilerEnabled();
  auto Work = [&](size_t I) {
    // Clang's stack-depth checks measure from here.
    clang::noteBottomOfStack();
    if (Tracing)
      timeTraceProfilerInitialize(/*TimeTraceGranularity=*/500, "gradgen");
    {
      TimeTraceScope Scope("Formula part", [&] {
        return std::to_string(Bounds[I + 1] - Bounds[I]) + " items";
      });
      // A crash in Clang ends this part with an error, not the process.
      CrashRecoveryContext Recovery;
      if (!Recovery.RunSafely(
              [&] { Texts[I] = Run(Bounds[I], Bounds[I + 1], *PartState[I]); }))
        PartState[I]->Engine.report(
            diag::formula_crash, FirstLoc(Bounds[I]),
            "Clang crashed while checking this formula or one of the " +
                Twine(Bounds[I + 1] - Bounds[I] - 1) +
                " after it; please report a bug");
    }
    if (Tracing)
      timeTraceProfilerFinishThread();
  };
  // Clang recurses once per level of a formula's nesting: its threads get
  // more stack than Clang's own driver asks for (clang::DesiredStackSize,
  // 8 MiB). So llvm::thread, not llvm::ThreadPool: in LLVM 16 a
  // ThreadPoolStrategy says only how many threads, and the pool starts them
  // with llvm::thread::DefaultStackSize, which LLVM's own build fixes
  // (LLVM_THREAD_STACK_SIZE; unset in Debian's, so the system's 8 MiB).
  constexpr unsigned StackSize = 64 << 20;
  std::vector<llvm::thread> Threads;
  for (size_t I = 0; I < Parts; ++I)
    Threads.emplace_back(std::optional<unsigned>(StackSize), Work, I);
  for (llvm::thread &T : Threads)
    T.join();
  if (any_of(PartState, [](const auto &P) { return P->Instance != nullptr; }))
    for (std::unique_ptr<Part> &P : PartState)
      Instances.push_back(std::move(P->Instance));
  for (std::unique_ptr<Part> &P : PartState) {
    adoptCopiedFiles(P->CopiedFiles);
    append_range(Collected, std::move(P->Diagnostics));
  }
  if (!Options.DumpTranslationUnit.empty())
    dumpTranslationUnit(Texts);
}

bool FormulaChecker::Impl::runUnit(
    Part &P, StringRef MainText, std::unique_ptr<clang::SemaConsumer> Consumer,
    ClangDiagnosticTranslator &Translator) {
  if (!P.UseInstance)
    return Compiler->run(MainText, std::move(Consumer), Translator);
  if (!P.Instance)
    return SharedInstance::start(*Compiler, MainText, std::move(Consumer),
                                 Translator, P.Instance);
  return P.Instance->parseNext(MainText, std::move(Consumer), Translator);
}

void FormulaChecker::Impl::dumpTranslationUnit(ArrayRef<std::string> Texts) {
  // A debugging aid: a file that cannot be written is not worth an error.
  consumeError(writeFileAtomically(
      Options.DumpTranslationUnit + DumpSuffix, [&](raw_ostream &OS) {
        OS << Compiler->headerText();
        for (const std::string &Text : Texts)
          OS << Text;
        if (!Compiler->realHeaderMode())
          OS << "\n// " << FunctionsIncName << "\n"
             << Functions.Text << "\n// " << MethodsIncName << "\n"
             << Methods.Text;
      }));
}

void FormulaChecker::Impl::attributeDerivedFormulas(
    ArrayRef<FormulaInput> Inputs, std::vector<CachedFormula> &Checked) {
  for (auto [I, In] : enumerate(Inputs)) {
    if (!In.DerivedFrom || !Checked[I].Result.HasErrors)
      continue;
    const FormulaInput &Source = Inputs[*In.DerivedFrom];
    bool SourceFailed = Checked[*In.DerivedFrom].Result.HasErrors;
    // A derived formula has no text in the file: its diagnostics are at its
    // key.
    auto Mine = [KeyLoc = In.KeyLoc](const Diagnostic &D) {
      return D.Loc == KeyLoc;
    };
    if (SourceFailed) {
      llvm::erase_if(Collected, Mine);
      continue;
    }
    for (Diagnostic &D : Collected) {
      if (!Mine(D))
        continue;
      Diagnostic Note;
      Note.Level = Severity::Note;
      Note.Loc = FormulaLocationMapper::formulaStart(Source);
      Note.Message = "auto_element_wise derived this forward formula from "
                     "the backward formula of '" +
                     join(Source.VarNames, ", ") + "': " + In.Text;
      D.Notes.push_back(std::move(Note));
    }
  }
}

void FormulaChecker::Impl::flush() {
  const SourceMgr &SM = Diags.getSourceMgr();
  auto Place = [&](const Diagnostic &D) {
    if (!D.Loc.isValid())
      return std::make_pair(~0u, (const char *)nullptr);
    return std::make_pair(SM.FindBufferContainingLoc(D.Loc),
                          D.Loc.getPointer());
  };
  std::stable_sort(Collected.begin(), Collected.end(),
                   [&](const Diagnostic &A, const Diagnostic &B) {
                     return Place(A) < Place(B);
                   });
  for (Diagnostic &D : Collected)
    Out.report(std::move(D));
  Collected.clear();
}


/// What checking In gives depends on besides the unit around it and its
/// text: the function of its text in the unit (DeclaredVariables::Named),
/// and what the rules and the gradient checks read of In: its kind; how many
/// names it has, whether their gradients are lists, and whether it has one
/// name alone that is a declared variable, where a rule that saves only in
/// such a formula could match; the variables the rewriter finds
/// declared, in its order, with their types as written; whether In has a
/// place to report at. The names of a formula without diagnostics appear
/// nowhere else in its result.
static std::string identicalCheckKey(const FormulaInput &In,
                                     const SavedAttributeRules *Rules) {
  std::string Key;
  raw_string_ostream OS(Key);
  OS << (In.Kind == FormulaKind::Backward ? "b" : "f")
     << (In.Source.tokenRange().Start.isValid() ? "l" : "") << '\0';
  std::vector<std::pair<std::string, std::string>> Named = namedParameters(In);
  auto IsNamed = [&](StringRef Name) {
    return any_of(Named, [&](const auto &V) { return V.first == Name; });
  };
  for (const std::string &Name : In.VarNames)
    OS << (gradientIsList(In, Name) ? "[]," : ",");
  // A rule may save a variable only in the formula of its name alone.
  auto OwnDerivativeRule = [&](const SavedAttributeRule &R) {
    return R.OnlyForOwnDerivative && StringRef(In.Text).contains(R.Callee);
  };
  if (In.VarNames.size() == 1 && IsNamed(In.VarNames[0]) && Rules &&
      any_of(Rules->Rules, OwnDerivativeRule))
    OS << In.VarNames[0];
  OS << '\0';
  for (const auto &[Name, Type] : Named)
    OS << Type << ' ' << Name << ',';
  for (const auto *Vars : {&In.Arguments, &In.Returns}) {
    OS << '\0';
    for (const FormulaVariable &V : *Vars)
      if (IsNamed(V.Name))
        OS << V.CppType << ' ' << V.Name << ',';
  }
  return Key;
}

/// For each formula, the index of the first of Formulas that has its text
/// and identicalCheckKey (itself if none before).
static std::vector<size_t> firstIdentical(ArrayRef<FormulaInput> Formulas,
                                          const SavedAttributeRules *Rules) {
  std::vector<size_t> First(Formulas.size());
  std::iota(First.begin(), First.end(), 0);
  // Most texts are there once: only a repeated text is worth a key.
  StringMap<SmallVector<size_t, 2>> ByText;
  for (auto [I, In] : enumerate(Formulas))
    ByText[In.Text].push_back(I);
  for (auto &Entry : ByText) {
    ArrayRef<size_t> Same = Entry.getValue();
    if (Same.size() < 2)
      continue;
    StringMap<size_t> ByKey;
    for (size_t I : Same)
      First[I] = ByKey.try_emplace(identicalCheckKey(Formulas[I], Rules), I)
                     .first->second;
  }
  return First;
}

void FormulaChecker::Impl::checkWithClang(
    ArrayRef<FormulaInput> Misses, std::vector<CachedFormula> &Results,
    std::vector<bool> &Clean, std::vector<ReusableFormula> &Reusable) {
  std::vector<std::string> RuleTypes;
  if (Options.Rules)
    for (const SavedAttributeRule &Rule : Options.Rules->Rules)
      RuleTypes.push_back(Rule.CppType);
  // A formula costs its function's parameters and its own tokens.
  auto Weight = [&](size_t I) {
    const FormulaInput &In = Misses[I];
    return In.Text.size() + 40 * (In.Arguments.size() + In.Returns.size()) +
           200;
  };
  auto Loc = [&](size_t I) {
    return FormulaLocationMapper::formulaStart(Misses[I]);
  };
  // Parts of the formulas are checked in parallel, each in its own unit.
  runParts(Misses.size(), Weight, Loc,
           [&](size_t Begin, size_t End, Part &P) {
    ArrayRef<FormulaInput> Part = Misses.slice(Begin, End - Begin);
    // A formula identical to an earlier one of the part (identicalCheckKey)
    // is checked as that one: it would come after it in the unit, where
    // every name it looks up means what it meant there and every template
    // it instantiates is instantiated already. Its variables are still
    // declared. KeptIndex: each formula's slot in the unit.
    std::vector<size_t> First = firstIdentical(Part, Options.Rules);
    SmallVector<bool, 0> Repeated(Part.size());
    std::vector<size_t> KeptIndex(Part.size());
    for (size_t J = 0, Slots = 0; J < Part.size(); ++J) {
      Repeated[J] = First[J] != J;
      KeptIndex[J] = Repeated[J] ? KeptIndex[First[J]] : Slots++;
    }
    std::vector<CachedFormula> PartResults;
    std::vector<bool> PartClean;
    std::vector<ReusableFormula> PartReusable;
    std::string Text;
    // Only the last run's diagnostics and results count.
    auto Check = [&](DeclaredVariables Declared, ArrayRef<bool> LeftOutOnly) {
      P.Diagnostics.clear();
      P.CopiedFiles.clear();
      PartReusable.assign(Part.size(), ReusableFormula());
      bool Named = Declared == DeclaredVariables::Named;
      Text = checkFormulaPart(Part, RuleTypes, P, Declared, PartResults,
                              PartClean, Named ? &PartReusable : nullptr,
                              LeftOutOnly);
    };
    auto Reported = [&] {
      return !P.Diagnostics.empty() || is_contained(PartClean, false);
    };
    P.Helpers = HelperForms();
    checkFirstRun(Part, P, [&] { Check(DeclaredVariables::Named, Repeated); },
                  Reported);
    if (P.Helpers.mustRepeat(Reported())) {
      // What the full declarations of the helpers give.
      TimeTraceScope Scope("Formula part again, declaring helpers fully");
      P.Helpers = HelperForms();
      P.Helpers.TemplateAllowed = false;
      Check(DeclaredVariables::Named, Repeated);
    }
    P.Helpers.TemplateAllowed = false;
    if (Reported()) {
      // The diagnostics of the full declarations (typo corrections draw on
      // them), and the results that go with them, of every formula as
      // written.
      TimeTraceScope Scope("Formula part again, declaring all");
      Check(DeclaredVariables::All, {});
      std::iota(KeptIndex.begin(), KeptIndex.end(), 0);
      std::iota(First.begin(), First.end(), 0);
    }
    // Backwards, so that a slot's first formula, after its repeats, takes
    // its result.
    for (size_t J = Part.size(); J--;) {
      size_t K = KeptIndex[J];
      Clean[Begin + J] = PartClean[K];
      if (First[J] != J) {
        Results[Begin + J] = PartResults[K];
        Reusable[Begin + J] = PartReusable[K];
        continue;
      }
      Results[Begin + J] = std::move(PartResults[K]);
      Reusable[Begin + J] = std::move(PartReusable[K]);
    }
    return Text;
  });
}

void FormulaChecker::Impl::checkFirstRun(ArrayRef<FormulaInput> Formulas,
                                         Part &P, function_ref<void()> Check,
                                         function_ref<bool()> Reported) {
  // In an instance kept for the second check (SharedInstance.h), if the
  // texts are fit for one. Its run stands if it reports nothing at all; the
  // instance is kept if the unit declared no helper whose name a header may
  // name (a template of the headers instantiated in it could have found
  // it).
  P.Instance.reset();
  if (!all_of(Formulas, [](const FormulaInput &In) {
        return SharedInstance::mayShare(In.Text);
      })) {
    Check();
    return;
  }
  P.UseInstance = true;
  Check();
  P.UseInstance = false;
  if (!P.Instance || P.Instance->lastUnitReported() || Reported() ||
      P.Helpers.mustRepeat(false)) {
    // In an instance of its own, as without one.
    P.Instance.reset();
    P.Helpers = HelperForms();
    Check();
    return;
  }
  if (P.Helpers.HeaderNameUsed)
    P.Instance.reset();
}

std::string FormulaChecker::Impl::checkFormulaPart(
    ArrayRef<FormulaInput> Formulas, ArrayRef<std::string> RuleTypes, Part &P,
    DeclaredVariables Declared, std::vector<CachedFormula> &PartResults,
    std::vector<bool> &PartClean, std::vector<ReusableFormula> *Reusable,
    ArrayRef<bool> LeftOutOnly) {
  DiagnosticEngine &Engine = P.Engine;
  FormulaUnit Unit =
      buildFormulaUnit(Formulas, RuleTypes, Declared, LeftOutOnly);
  PartResults.assign(Unit.Slots.size(), CachedFormula());
  PartClean.assign(Unit.Slots.size(), false);
  FormulaLocationMapper Mapper(Unit, P.CopiedFiles, Functions, Methods);
  ClangDiagnosticTranslator Translator(Engine, Mapper);
  auto Consumer = makeFormulaConsumer(*this, Engine, Unit, Mapper, Translator,
                                      PartResults, Reusable, P.Helpers);
  if (!runUnit(P, Unit.MainText, std::move(Consumer), Translator) &&
      Translator.OtherErrors == 0 &&
      none_of(Translator.SlotHasErrors, [](bool B) { return B; }))
    Engine.report(diag::formula_clang, SMLoc(),
                  "Clang could not check the formulas");
  Translator.flush();
  for (size_t J = 0; J < Unit.Slots.size(); ++J) {
    if (Translator.SlotHasErrors[J])
      PartResults[J].Result.HasErrors = true;
    PartClean[J] = !PartResults[J].Result.HasErrors &&
                   !Translator.SlotHasDiagnostics[J];
  }
  return std::move(Unit.MainText);
}

void FormulaChecker::Impl::warnUndeclaredHelpers(
    ArrayRef<FormulaInput> Inputs, ArrayRef<CachedFormula> Checked) {
  // One warning per undeclared helper, at its first use in the files.
  StringSet<> Warned;
  for (auto [I, C] : enumerate(Checked))
    for (const HelperUse &U : C.Helpers) {
      if (!Warned.insert(U.Name).second)
        continue;
      const FormulaInput &In = Inputs[I];
      SMLoc Loc = In.Source.tokenRange().Start.isValid()
                      ? In.Source.locForOffset(U.Offset)
                      : In.KeyLoc;
      Diags.report(diag::formula_undeclared_helper, Loc,
                   "'" + U.Name +
                       "' is not declared; give its header with --helpers "
                       "to check its " +
                       (U.Call ? "arguments" : "type"));
    }
}

std::vector<FormulaResult>
FormulaChecker::Impl::check(ArrayRef<FormulaInput> Inputs) {
  prepare(Inputs);
  Instances.clear();
  std::vector<CachedFormula> Checked(Inputs.size());
  std::vector<FormulaInput> Misses;
  std::vector<size_t> MissIndex;
  // The keys of the misses, under the salt they were made with; a cache
  // that is not there (a cold run, no cache folder) is not worth hashing
  // for.
  std::vector<std::string> MissKeys;
  std::string KeySalt = Salt;
  for (auto [I, In] : enumerate(Inputs)) {
    if (Cache->enabled()) {
      std::string Key = FormulaCache::formulaKey(In, Salt);
      if (const CachedFormula *Hit = Cache->lookupFormula(Key)) {
        Checked[I] = *Hit;
        continue;
      }
      MissKeys.push_back(std::move(Key));
    }
    Misses.push_back(In);
    MissIndex.push_back(I);
  }

  std::vector<CachedFormula> MissResults(Misses.size());
  std::vector<bool> Clean(Misses.size(), false);
  std::vector<ReusableFormula> Reusable(Misses.size());
  if (!Misses.empty() && preparePCH()) {
    checkWithClang(Misses, MissResults, Clean, Reusable);
    for (auto [J, In] : enumerate(Misses))
      if (Clean[J] && Options.ReuseFirstCheck)
        FirstResults.add(In.Text, std::move(Reusable[J]));
  } else {
    for (CachedFormula &R : MissResults)
      R.Result.HasErrors = true;
  }
  for (auto [J, R] : enumerate(MissResults)) {
    // Only what Clang and gradgen had nothing to say about is kept (under
    // the salt of the header, which may be new).
    if (Clean[J] && Cache->enabled())
      Cache->addFormula(KeySalt == Salt && J < MissKeys.size()
                            ? MissKeys[J]
                            : FormulaCache::formulaKey(Misses[J], Salt),
                        R);
    Checked[MissIndex[J]] = std::move(R);
  }

  warnUndeclaredHelpers(Inputs, Checked);
  Cache->save();
  attributeDerivedFormulas(Inputs, Checked);
  flush();

  std::vector<FormulaResult> Results;
  for (CachedFormula &C : Checked)
    Results.push_back(std::move(C.Result));
  return Results;
}

FormulaChecker::FormulaChecker(DiagnosticEngine &Diags,
                               FormulaCheckerOptions Options)
    : P(std::make_unique<Impl>(Diags, std::move(Options))) {
#ifndef GRADGEN_NO_CRASH_RECOVERY
  CrashRecoveryContext::Enable();
#endif
}
FormulaChecker::~FormulaChecker() = default;

void FormulaChecker::addOperator(OperatorDeclaration Declaration) {
  P->addOperator(std::move(Declaration));
}

bool FormulaChecker::usesOperatorDeclarations() const {
  return P->Options.Flags.IncludeDirs.empty();
}

void FormulaChecker::setMentionedNames(StringSet<> Names) {
  P->Mentioned = std::move(Names);
}

StringSet<> FormulaChecker::mentionedNames(ArrayRef<FormulaInput> Inputs) {
  StringSet<> Mentioned;
  SmallString<64> Underscored;
  for (const FormulaInput &In : Inputs) {
    StringRef Text = In.Text;
    while (!Text.empty()) {
      size_t B = Text.find_if([](char C) { return isAlpha(C) || C == '_'; });
      if (B == StringRef::npos)
        break;
      Text = Text.drop_front(B);
      size_t E =
          Text.find_if_not([](char C) { return isAlnum(C) || C == '_'; });
      StringRef Name = Text.take_front(E);
      Mentioned.insert(Name);
      // The autograd kernels of in-place variants run a forward formula
      // `self_t.op(...)` as `self_t_raw.op_(...)` or inside `copy_`, and the
      // second check sees them so.
      if (In.Kind == FormulaKind::Forward) {
        Underscored = Name;
        Underscored += '_';
        Mentioned.insert(Underscored);
      }
      Text = Text.drop_front(std::min(E, Text.size()));
    }
    if (In.Kind == FormulaKind::Forward)
      Mentioned.insert("copy_");
  }
  return Mentioned;
}

std::vector<FormulaResult>
FormulaChecker::check(ArrayRef<FormulaInput> Inputs) {
  return P->check(Inputs);
}

bool FormulaChecker::checkGenerated(ArrayRef<GeneratedNode> Nodes) {
  return P->checkGenerated(Nodes);
}

} // namespace gradgen
