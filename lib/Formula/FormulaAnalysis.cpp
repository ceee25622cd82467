//===- FormulaAnalysis.cpp - The Formula stage behind the Derivatives API -===//

#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Formula/FormulaProfile.h"

#include "gradgen/Autograd/NodeModel.h"
#include "gradgen/Formula/FormulaChecker.h"

#include "GeneratedNodes.h"
#include "OperatorDeclarations.h"
#include "StageOptions.h"

#include "llvm/ADT/STLExtras.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <numeric>

using namespace llvm;

namespace gradgen {
namespace {

/// Where the `name:` schema of derivatives.yaml declares each argument and
/// return: the argument's name, a return's name, or an unnamed return's type
/// (`result`, `result0`, ...). Empty unless the scalar is written plainly on
/// one line, so that offsets in its value are offsets in the file.
static StringMap<SMLoc> schemaDeclarations(const Located<std::string> &Name,
                                           ArrayRef<std::string> ReturnNames) {
  StringMap<SMLoc> Locs;
  StringRef S = *Name;
  if (!Name.Range.Start.isValid() ||
      Name.Range.End.getPointer() - Name.Range.Start.getPointer() !=
          ptrdiff_t(S.size()))
    return Locs;
  auto At = [&](size_t Offset) {
    return SMLoc::getFromPointer(Name.Range.Start.getPointer() + Offset);
  };
  // Splits [Begin, End) at top-level commas into trimmed parts.
  auto Parts = [&](size_t Begin, size_t End) {
    std::vector<std::pair<size_t, size_t>> Result;
    int Depth = 0;
    size_t Start = Begin;
    for (size_t I = Begin; I <= End; ++I) {
      char C = I < End ? S[I] : ',';
      if (C == '(' || C == '[')
        ++Depth;
      else if (C == ')' || C == ']')
        --Depth;
      else if (C == ',' && Depth == 0) {
        size_t B = Start, E = I;
        while (B < E && S[B] == ' ')
          ++B;
        while (E > B && S[E - 1] == ' ')
          --E;
        if (B < E)
          Result.push_back({B, E});
        Start = I + 1;
      }
    }
    return Result;
  };
  size_t Open = S.find('('), Arrow = S.rfind("->");
  if (Open == StringRef::npos || Arrow == StringRef::npos || Arrow < Open)
    return Locs;
  size_t Close = S.take_front(Arrow).rfind(')');
  if (Close == StringRef::npos || Close < Open)
    return Locs;
  for (auto [B, E] : Parts(Open + 1, Close)) {
    StringRef Part = S.slice(B, E);
    Part = Part.take_until([](char C) { return C == '='; }).rtrim();
    size_t Space = Part.rfind(' ');
    if (Space != StringRef::npos)
      Locs.try_emplace(Part.drop_front(Space + 1), At(B + Space + 1));
  }
  size_t RB = Arrow + 2, RE = S.size();
  while (RB < RE && S[RB] == ' ')
    ++RB;
  if (RB < RE && S[RB] == '(' && S[RE - 1] == ')')
    ++RB, --RE;
  for (auto [I, Range] : enumerate(Parts(RB, RE))) {
    if (I >= ReturnNames.size())
      break;
    StringRef Part = S.slice(Range.first, Range.second);
    size_t Space = Part.rfind(' ');
    SMLoc Loc = At(Range.first);
    if (Space != StringRef::npos && !Part.drop_front(Space + 1).contains(')'))
      Loc = At(Range.first + Space + 1);
    std::string Name = ReturnNames[I] == "self" ? "result" : ReturnNames[I];
    Locs.try_emplace(Name, Loc);
  }
  return Locs;
}

/// An operator's C++ arguments and return types, which the formulas' inputs
/// and the saved values' types both need: computed once per function.
struct OperatorAPI {
  std::optional<ArrayRef<Binding>> Arguments;
  std::vector<std::string> ReturnNames;
  std::vector<std::optional<CType>> ReturnTypes;

  /// Arguments are cpp::signatureArguments(F, /*SymInt=*/true, CppOptions),
  /// which outlive the OperatorAPI.
  OperatorAPI(const NativeFunction &F,
              const std::optional<std::vector<Binding>> &Arguments,
              const CppAPIOptions &CppOptions)
      : ReturnNames(cpp::returnNames(F.func())) {
    if (Arguments)
      this->Arguments = *Arguments;
    CppArgumentContext ArgContext = CppArgumentContext::forFunction(F);
    for (size_t I = 0; I < ReturnNames.size(); ++I)
      ReturnTypes.push_back(cpp::returnType(F.func().Returns[I],
                                            /*SymInt=*/true, ArgContext,
                                            CppOptions));
  }
  /// A return's name in formulas.
  StringRef returnName(size_t I) const {
    return ReturnNames[I] == "self" ? "result" : StringRef(ReturnNames[I]);
  }
};

/// FormulaVariable::NodeType of a variable of type Type, from how the node
/// would save it (as an output, of a _foreach function).
static std::string nodeType(const CType &Type, bool IsOutput, bool IsForeach,
                            const Profile &TheProfile) {
  // What the formula saves of it verbatim has its type without `const &`.
  CType Saved = Type.removeConstRef();
  Expected<SavedFieldLayout> Layout =
      layoutSavedField(Saved, IsOutput, IsForeach, TheProfile, SMRange());
  if (!Layout) {
    consumeError(Layout.takeError());
    return "";
  }
  std::string Unpacked = unpackedType(*Layout, TheProfile);
  if (!StringRef(Unpacked).endswith("&") ||
      StringRef(Unpacked).drop_back() != Saved.cppType())
    return "";
  return Unpacked;
}

/// The operator's arguments and returns as formulas see them; with
/// TheProfile, as its nodes declare them too.
static bool describeOperator(const DifferentiabilityInfo &Info,
                             const OperatorAPI &API, FormulaInput &Op,
                             const Profile *TheProfile = nullptr) {
  const NativeFunction &F = *Info.Func;
  if (!API.Arguments)
    return false;
  Op.OperatorName = F.func().Name.str();
  StringMap<SMLoc> Locs;
  if (Info.Entry)
    Locs = schemaDeclarations(Info.Entry->Name, API.ReturnNames);
  // As NodeModel tells a _foreach function.
  bool Foreach = F.rootName().startswith("_foreach");
  for (const Binding &B : *API.Arguments)
    Op.Arguments.push_back(
        {B.Name, B.type(), Locs.lookup(B.Name),
         TheProfile ? nodeType(B.NCType.Type, /*IsOutput=*/false, Foreach,
                               *TheProfile)
                    : ""});
  for (size_t I = 0; I < API.ReturnNames.size(); ++I) {
    const std::optional<CType> &Type = API.ReturnTypes[I];
    if (!Type)
      return false;
    std::string Name = API.returnName(I).str();
    SMLoc Loc = Locs.lookup(Name);
    Op.Returns.push_back(
        {std::move(Name), Type->removeConstRef().cppType(), Loc,
         TheProfile
             ? nodeType(*Type, /*IsOutput=*/true, Foreach, *TheProfile)
             : ""});
  }
  Op.IsForeach = F.rootName().startswith("_foreach_");
  Op.IsInplace = F.func().kind() == SchemaKind::Inplace;
  return true;
}

/// Where a formula input came from, to write its result back.
struct InputOrigin {
  DifferentiabilityInfo *Info;
  Derivative *Backward;
};

class FormulaAnalysis : public FormulaStage {
public:
  FormulaAnalysis(FormulaAnalysisOptions Options, InputFiles &Files)
      : Options(std::move(Options)), Files(Files),
        SM(Files.getSourceMgr()) {}

  bool analyze(DerivativesDatabase &Database,
               const DerivativesContext &Context) override {
    DiagnosticEngine &Diags = Context.Diags;
    unsigned ErrorsBefore = Diags.getNumErrors();
    const Profile &P = Context.TheProfile;
    Rules = SavedAttributeRules::load(
        P.path(FormulaProfile::of(P).SavedAttributeRules), Files, Diags);
    if (!Rules)
      return false;
    if (Options.SaveTextualMentions)
      Rules->SaveTextualMentions = *Options.SaveTextualMentions;

    Checker = std::make_unique<FormulaChecker>(Diags, checkerOptions(P));
    // An earlier run's entries point into that run's context.
    APIByFunction.clear();
    std::vector<FormulaInput> Inputs;
    std::vector<InputOrigin> Origins;
    for (InfoGroup &Group : Database.Groups)
      for (DifferentiabilityInfo &Info : Group.Infos)
        addInputs(Info, Context, Inputs, Origins);
    if (Checker->usesOperatorDeclarations())
      declareOperators(Inputs, Context);
    sortByPlace(Inputs, Origins);

    std::vector<FormulaResult> Results = Checker->check(Inputs);
    for (size_t I = 0; I < Results.size(); ++I) {
      Derivative *D = Origins[I].Backward;
      if (!D)
        continue;
      writeBack(*Origins[I].Info, *D, Results[I], Context);
      if (D->Source && !Results[I].HasErrors)
        Rewrites[D->Source] = {Results[I].Formula, Results[I].Edits};
    }
    Analyzed = Diags.getNumErrors() == ErrorsBefore;
    return Analyzed;
  }

  FormulaCheckerOptions checkerOptions(const Profile &P) {
    for (const std::string &Helper : Options.Flags.HelperFiles)
      Files.recordInput(Helper);
    FormulaCheckerOptions CheckerOptions;
    static_cast<FormulaCompilerOptions &>(CheckerOptions) =
        formula::compilerOptions(Options, P, Files.getFileSystem());
    for (const std::string &Addition : CheckerOptions.PreludeAdditions)
      Files.recordInput(Addition);
    CheckerOptions.DumpTranslationUnit = Options.DumpTranslationUnit;
    CheckerOptions.ReuseFirstCheck = Options.ReuseFirstCheck;
    CheckerOptions.Rules = &*Rules;
    return CheckerOptions;
  }

  /// Declares the operators some formula names: computing the C++ API of
  /// all of them would cost more than checking the formulas.
  void declareOperators(ArrayRef<FormulaInput> Inputs,
                        const DerivativesContext &Context) {
    StringSet<> Mentioned = FormulaChecker::mentionedNames(Inputs);
    auto Wanted = [&](StringRef Name) { return Mentioned.contains(Name); };
    std::vector<OperatorDeclaration> Declarations;
    for (const NativeFunction *F : Context.Functions.functions())
      if (!formula::declareOperator(*F, Context.CppOptions, Wanted,
                                    Declarations))
        Context.Diags.report(diag::formula_schema, F->funcLoc(),
                             "cannot declare '" + F->func().Name.str() +
                                 "' in C++: its C++ API has no type for an "
                                 "argument or return");
    // The autograd kernels of in-place variants update tangents with
    // Tensor::copy_, which every PyTorch has; inputs that leave it out
    // still get it.
    if (none_of(Declarations, [](const OperatorDeclaration &D) {
          return D.Method && D.Name == "copy_";
        })) {
      OperatorDeclaration Copy;
      Copy.Name = "copy_";
      Copy.Text = "at::Tensor & copy_(const at::Tensor & src, bool "
                  "non_blocking=false) const";
      Copy.Method = true;
      Declarations.push_back(std::move(Copy));
    }
    for (OperatorDeclaration &D : Declarations)
      Checker->addOperator(std::move(D));
    // Sorting the inputs by place keeps the names they mention.
    Checker->setMentionedNames(std::move(Mentioned));
  }

  /// Clang reports in the order of the translation unit: put the formulas
  /// in the order of derivatives.yaml.
  static void sortByPlace(std::vector<FormulaInput> &Inputs,
                          std::vector<InputOrigin> &Origins) {
    std::vector<size_t> Order(Inputs.size());
    std::iota(Order.begin(), Order.end(), 0);
    llvm::stable_sort(Order, [&](size_t A, size_t B) {
      const char *PA = Inputs[A].KeyLoc.getPointer();
      const char *PB = Inputs[B].KeyLoc.getPointer();
      return PA && PB ? PA < PB : PA != nullptr && PB == nullptr;
    });
    std::vector<FormulaInput> Sorted;
    std::vector<InputOrigin> SortedOrigins;
    std::vector<size_t> NewIndex(Order.size());
    for (size_t I : Order) {
      NewIndex[I] = Sorted.size();
      Sorted.push_back(std::move(Inputs[I]));
      SortedOrigins.push_back(Origins[I]);
    }
    for (FormulaInput &In : Sorted)
      if (In.DerivedFrom)
        In.DerivedFrom = NewIndex[*In.DerivedFrom];
    Inputs = std::move(Sorted);
    Origins = std::move(SortedOrigins);
  }

  bool checkGenerated(const DerivativesDatabase &Database,
                      const NodeModelSet &NodeModels,
                      const DerivativesContext &Context) override {
    if (!Checker || !Analyzed)
      return true;
    std::vector<GeneratedNode> Nodes =
        formula::generatedNodes(NodeModels, Rewrites);
    if (Options.KernelForwardFormulas) {
      std::vector<GeneratedNode> Kernels =
          Options.KernelForwardFormulas(Database, Context);
      std::move(Kernels.begin(), Kernels.end(), std::back_inserter(Nodes));
    }
    return Checker->checkGenerated(Nodes);
  }

private:
  void addInputs(DifferentiabilityInfo &Info, const DerivativesContext &Context,
                 std::vector<FormulaInput> &Inputs,
                 std::vector<InputOrigin> &Origins) {
    if (Info.Origin != InfoOrigin::DerivativesFile)
      return;
    FormulaInput Op;
    if (!describeOperator(Info, apiOf(*Info.Func, Context), Op,
                          &Context.TheProfile))
      return;
    size_t FirstBackward = Inputs.size();
    for (Derivative &D : Info.Derivatives) {
      FormulaInput In = Op;
      In.Kind = FormulaKind::Backward;
      In.VarNames = D.VarNames;
      In.Text = D.OriginalFormula;
      if (D.Source) {
        In.Source = D.Source->Formula.Source;
        In.KeyLoc = D.Source->RawNames.loc();
      }
      Inputs.push_back(std::move(In));
      Origins.push_back({&Info, &D});
    }
    for (ForwardDerivative &D : Info.ForwardDerivatives) {
      FormulaInput In = Op;
      In.Kind = FormulaKind::Forward;
      In.VarNames = D.VarNames;
      In.Text = D.Formula;
      if (D.Source) {
        // auto_element_wise and auto_linear expand to text that is not in
        // the file: their diagnostics point at the key.
        if (D.Source->Formula.Text == D.Formula)
          In.Source = D.Source->Formula.Source;
        In.KeyLoc = D.Source->RawNames.loc();
        // auto_element_wise rewrites the one backward formula.
        if (D.Source->Formula.Text == "auto_element_wise" &&
            Info.Derivatives.size() == 1)
          In.DerivedFrom = FirstBackward;
      }
      Inputs.push_back(std::move(In));
      Origins.push_back({&Info, nullptr});
    }
  }

  /// The structured type of a saved value: the argument's or return's own
  /// type for a whole-variable save, the rule's type otherwise.
  static std::optional<NamedCType>
  savedType(const FormulaSavedValue &Value,
            ArrayRef<std::pair<std::string, CType>> Variables) {
    if (Value.Expr == Value.Name)
      for (const auto &[Name, Type] : Variables)
        if (Name == Value.Name)
          return NamedCType{ArgName{Name, false}, Type};
    std::optional<CType> Type = CType::parse(Value.CppType);
    if (!Type)
      return std::nullopt;
    return NamedCType{ArgName{Value.Name, false}, *Type};
  }

  const OperatorAPI &apiOf(const NativeFunction &F,
                          const DerivativesContext &Context) {
    auto It = APIByFunction.find(&F);
    if (It == APIByFunction.end())
      It = APIByFunction
               .try_emplace(&F, F, Context.signatureArguments(F),
                            Context.CppOptions)
               .first;
    return It->second;
  }

  using Variables = std::vector<std::pair<std::string, CType>>;
  /// F's arguments and returns under their names in formulas, with their
  /// types; once per function of a run.
  const std::pair<Variables, Variables> &
  variablesOf(const NativeFunction &F, const DerivativesContext &Context) {
    auto [It, New] = VariablesByFunction.try_emplace(&F);
    if (!New)
      return It->second;
    auto &[Arguments, Returns] = It->second;
    const OperatorAPI &API = apiOf(F, Context);
    if (API.Arguments)
      for (const Binding &B : *API.Arguments)
        Arguments.emplace_back(B.Name, B.NCType.Type.removeConstRef());
    for (size_t I = 0; I < API.ReturnNames.size(); ++I)
      if (const std::optional<CType> &Type = API.ReturnTypes[I])
        Returns.emplace_back(API.returnName(I).str(), Type->removeConstRef());
    return It->second;
  }

  void writeBack(DifferentiabilityInfo &Info, Derivative &D,
                 const FormulaResult &Result,
                 const DerivativesContext &Context) {
    if (Result.HasErrors)
      return;
    const auto &[Arguments, Returns] = variablesOf(*Info.Func, Context);
    auto Convert = [&](ArrayRef<FormulaSavedValue> Values,
                       ArrayRef<std::pair<std::string, CType>> Variables,
                       std::vector<SavedAttribute> &Into) {
      for (const FormulaSavedValue &Value : Values) {
        std::optional<NamedCType> Type = savedType(Value, Variables);
        if (!Type) {
          Context.Diags.report(
              diag::formula_saved_type,
              D.Source ? D.Source->Formula.range().Start : SMLoc(),
              "internal error: the saved type '" + Value.CppType + "' of '" +
                  Value.Name + "' is not a C++ type gradgen can emit");
          continue;
        }
        Into.push_back({std::move(*Type), Value.Expr});
      }
    };
    D.Formula = Result.Formula;
    D.SavedInputs.clear();
    D.SavedOutputs.clear();
    Convert(Result.SavedInputs, Arguments, D.SavedInputs);
    Convert(Result.SavedOutputs, Returns, D.SavedOutputs);
  }

  FormulaAnalysisOptions Options;
  InputFiles &Files;
  SourceMgr &SM;
  std::optional<SavedAttributeRules> Rules;
  std::unique_ptr<FormulaChecker> Checker;
  /// The rewritten text of each backward formula, for the second check.
  formula::RewriteMap Rewrites;
  /// This run's: the arguments are its context's signatureArguments.
  DenseMap<const NativeFunction *, OperatorAPI> APIByFunction;
  DenseMap<const NativeFunction *, std::pair<Variables, Variables>>
      VariablesByFunction;
  bool Analyzed = false;
};

} // namespace

std::string defaultCacheDir() {
  if (const char *Dir = getenv("GRADGEN_CACHE_DIR"))
    return Dir;
  SmallString<256> Path;
  if (const char *Xdg = getenv("XDG_CACHE_HOME"); Xdg && *Xdg) {
    Path = Xdg;
  } else if (const char *Home = getenv("HOME"); Home && *Home) {
    Path = Home;
    sys::path::append(Path, ".cache");
  } else {
    return "";
  }
  sys::path::append(Path, "gradgen");
  return Path.str().str();
}

std::optional<FormulaInput> formulaInputOf(const NativeFunction &F,
                                           const DerivativesEntry *Entry,
                                           const FormulaEntry &Formula,
                                           const CppAPIOptions &CppOptions) {
  // auto_element_wise and auto_linear are not C++.
  StringRef Text = Formula.Formula.Text;
  if (Text == "auto_element_wise" || Text == "auto_linear")
    return std::nullopt;
  FormulaInput In;
  for (const Located<std::string> &Name : Formula.Names)
    In.VarNames.push_back(*Name);
  // The keys that name outputs hold forward formulas.
  std::vector<std::string> Outputs = cpp::returnNames(F.func());
  for (std::string &Output : Outputs)
    if (Output == "self")
      Output = "result";
  if (!In.VarNames.empty() && all_of(In.VarNames, [&](const std::string &N) {
        return is_contained(Outputs, N);
      }))
    In.Kind = FormulaKind::Forward;
  In.Text = Text.str();
  In.Source = Formula.Formula.Source;
  In.KeyLoc = Formula.RawNames.loc();
  DifferentiabilityInfo Info;
  Info.Func = &F;
  Info.Entry = Entry;
  std::optional<std::vector<Binding>> Arguments =
      cpp::signatureArguments(F, /*SymInt=*/true, CppOptions);
  if (!describeOperator(Info, OperatorAPI(F, Arguments, CppOptions), In))
    return std::nullopt;
  return In;
}

FormulaCompilerOptions
formula::compilerOptions(const FormulaAnalysisOptions &Options,
                         const Profile &P,
                         IntrusiveRefCntPtr<vfs::FileSystem> FS) {
  FormulaCompilerOptions Result;
  Result.Flags.Standard = Options.Flags.Standard.empty()
                              ? FormulaProfile::of(P).CxxStandard
                              : Options.Flags.Standard;
  // The translation unit lives in memory: relative paths would resolve
  // against its virtual folder, not the user's working directory.
  for (const std::string &Helper : Options.Flags.HelperFiles) {
    SmallString<256> Absolute(Helper);
    FS->makeAbsolute(Absolute);
    Result.Flags.HelperFiles.push_back(std::string(Absolute));
  }
  const std::string &Additions = FormulaProfile::of(P).PreludeAdditions;
  if (!Additions.empty() && Options.Flags.IncludeDirs.empty()) {
    SmallString<256> Absolute(P.path(Additions));
    FS->makeAbsolute(Absolute);
    Result.PreludeAdditions.push_back(std::string(Absolute));
  }
  Result.Flags.Defines = Options.Flags.Defines;
  Result.Flags.IncludeDirs = Options.Flags.IncludeDirs;
  Result.CacheDir = Options.CacheDir.value_or(defaultCacheDir());
  Result.PreludeDir = Options.PreludeDir;
  Result.FileSystem = FS;
  return Result;
}

std::unique_ptr<FormulaStage>
createFormulaAnalysis(FormulaAnalysisOptions Options, InputFiles &Files) {
  return std::make_unique<FormulaAnalysis>(std::move(Options), Files);
}

} // namespace gradgen
