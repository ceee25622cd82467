//===- FormulaAnalysis.cpp - The Formula stage behind the Derivatives API -===//

#include "gradgen/Formula/FormulaAnalysis.h"

#include "gradgen/Formula/FormulaChecker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace gradgen {
namespace {

OperatorEntry operatorEntryFor(const NativeFunction &F) {
  OperatorEntry Entry;
  Entry.Func = F.func().str();
  Entry.FuncLoc = F.funcLoc();
  const VariantSet &Variants = *F.Variants;
  if (Variants.Function && Variants.Method)
    Entry.Variants = "function, method";
  else if (Variants.Method)
    Entry.Variants = "method";
  else
    Entry.Variants = "function";
  Entry.PartOfStructuredGroup = F.partOfStructuredGroup();
  Entry.ConstRefForMutableTensors = *F.UseConstRefForMutableTensors;
  Entry.ManualCppBinding = *F.ManualCppBinding;
  for (const Located<std::string> &Name : F.CppNoDefaultArgs)
    Entry.CppNoDefaultArgs.push_back(Name.Value);
  return Entry;
}

/// Where a formula input came from, to write its result back.
struct InputOrigin {
  DifferentiabilityInfo *Info;
  Derivative *Backward;
};

class FormulaAnalysis : public SavedAttributeAnalysis {
public:
  FormulaAnalysis(FormulaAnalysisOptions Options, SourceMgr &SM)
      : Options(std::move(Options)), SM(SM) {}

  bool analyze(DerivativesDatabase &Database,
               const DerivativesContext &Context) override {
    DiagnosticEngine &Diags = Context.Diags;
    unsigned ErrorsBefore = Diags.getNumErrors();
    const Profile &P = Context.TheProfile;
    std::optional<SavedAttributeRules> Rules = SavedAttributeRules::load(
        P.path(P.SavedAttributeRules), SM, Diags);
    if (!Rules)
      return false;

    FormulaCheckerOptions CheckerOptions;
    CheckerOptions.Standard =
        Options.Standard.empty() ? P.CxxStandard : Options.Standard;
    CheckerOptions.TorchVersion = torchVersionNumber(P.PyTorchVersion);
    if (P.Optionals == OptionalSpelling::C10) {
      CheckerOptions.OptionalSpelling = "c10::optional";
      CheckerOptions.NulloptSpelling = "c10::nullopt";
    }
    // The translation unit lives in memory: relative paths would resolve
    // against its virtual folder, not the user's working directory.
    for (const std::string &Helper : Options.HelperFiles) {
      SmallString<256> Absolute(Helper);
      sys::fs::make_absolute(Absolute);
      CheckerOptions.HelperFiles.push_back(std::string(Absolute));
    }
    CheckerOptions.Defines = Options.Defines;
    CheckerOptions.PreludeDir = Options.PreludeDir;
    CheckerOptions.DumpTranslationUnit = Options.DumpTranslationUnit;
    CheckerOptions.Rules = &*Rules;

    FormulaChecker Checker(Diags, CheckerOptions);
    for (const NativeFunction *F : Context.Functions.functions())
      Checker.addOperator(operatorEntryFor(*F));

    std::vector<FormulaInput> Inputs;
    std::vector<InputOrigin> Origins;
    for (InfoGroup &Group : Database.Groups)
      for (DifferentiabilityInfo &Info : Group.Infos)
        addInputs(Info, Context, Inputs, Origins);

    std::vector<FormulaResult> Results = Checker.check(Inputs);
    for (size_t I = 0; I < Results.size(); ++I)
      if (Origins[I].Backward)
        writeBack(*Origins[I].Info, *Origins[I].Backward, Results[I], Context);
    return Diags.getNumErrors() == ErrorsBefore;
  }

private:
  static unsigned torchVersionNumber(StringRef Version) {
    SmallVector<StringRef, 3> Parts;
    Version.split(Parts, '.');
    unsigned Result = 0, Scale = 10000;
    for (StringRef Part : Parts) {
      unsigned N = 0;
      Part.getAsInteger(10, N);
      Result += N * Scale;
      Scale /= 100;
      if (!Scale)
        break;
    }
    return Result;
  }

  /// The operator's arguments and returns as formulas see them.
  bool describe(const DifferentiabilityInfo &Info,
                const DerivativesContext &Context, FormulaInput &Op) {
    const NativeFunction &F = *Info.Func;
    std::optional<std::vector<Binding>> Arguments =
        cpp::signatureArguments(F, /*SymInt=*/true, Context.CppOptions);
    if (!Arguments)
      return false;
    Op.OperatorName = F.func().Name.str();
    for (const Binding &B : *Arguments)
      Op.Arguments.push_back({B.Name, B.type()});
    std::vector<std::string> Names = cpp::returnNames(F.func());
    CppArgumentContext ArgContext = CppArgumentContext::forFunction(F);
    for (size_t I = 0; I < Names.size(); ++I) {
      std::optional<CType> Type =
          cpp::returnType(F.func().Returns[I], /*SymInt=*/true, ArgContext,
                          Context.CppOptions);
      if (!Type)
        return false;
      Op.Returns.push_back({Names[I] == "self" ? "result" : Names[I],
                            Type->removeConstRef().cppType()});
    }
    Op.IsForeach = F.rootName().startswith("_foreach_");
    Op.IsInplace = F.func().kind() == SchemaKind::Inplace;
    return true;
  }

  void addInputs(DifferentiabilityInfo &Info, const DerivativesContext &Context,
                 std::vector<FormulaInput> &Inputs,
                 std::vector<InputOrigin> &Origins) {
    if (Info.Origin != InfoOrigin::DerivativesFile)
      return;
    FormulaInput Op;
    if (!describe(Info, Context, Op))
      return;
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

  void writeBack(DifferentiabilityInfo &Info, Derivative &D,
                 const FormulaResult &Result,
                 const DerivativesContext &Context) {
    if (Result.HasErrors)
      return;
    const NativeFunction &F = *Info.Func;
    std::vector<std::pair<std::string, CType>> Arguments, Returns;
    if (std::optional<std::vector<Binding>> Bindings =
            cpp::signatureArguments(F, /*SymInt=*/true, Context.CppOptions))
      for (const Binding &B : *Bindings)
        Arguments.emplace_back(B.Name, B.NCType.Type.removeConstRef());
    std::vector<std::string> Names = cpp::returnNames(F.func());
    CppArgumentContext ArgContext = CppArgumentContext::forFunction(F);
    for (size_t I = 0; I < Names.size(); ++I)
      if (std::optional<CType> Type =
              cpp::returnType(F.func().Returns[I], /*SymInt=*/true, ArgContext,
                              Context.CppOptions))
        Returns.emplace_back(Names[I] == "self" ? "result" : Names[I],
                             Type->removeConstRef());

    auto Convert = [&](ArrayRef<FormulaSavedValue> Values,
                       ArrayRef<std::pair<std::string, CType>> Variables,
                       std::vector<SavedAttribute> &Into) {
      for (const FormulaSavedValue &Value : Values) {
        std::optional<NamedCType> Type = savedType(Value, Variables);
        if (!Type) {
          Context.Diags.error(
              "formula.saved-type",
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
  SourceMgr &SM;
};

} // namespace

std::unique_ptr<SavedAttributeAnalysis>
createFormulaAnalysis(FormulaAnalysisOptions Options, SourceMgr &SM) {
  return std::make_unique<FormulaAnalysis>(std::move(Options), SM);
}

} // namespace gradgen
