//===- FormulaTestCommand.cpp - gradgen formula-test (hidden) -------------===//
//
// A debugging entry point into the Formula stage until the Derivatives stage
// drives it: reads derivatives.yaml with a minimal loader, type-checks every
// formula and prints the rewritten backward formulas with what they save.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Config.h"
#include "gradgen/Formula/FormulaChecker.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand FormulaTestCommand("formula-test",
                                  "Type-check the formulas of derivatives.yaml "
                                  "(debugging)");

static cl::opt<std::string> NativeFunctions("native-functions",
                                            cl::desc("native_functions.yaml"),
                                            cl::value_desc("file"),
                                            cl::sub(FormulaTestCommand));
static cl::opt<std::string> Derivatives("derivatives",
                                        cl::desc("derivatives.yaml"),
                                        cl::value_desc("file"), cl::Required,
                                        cl::sub(FormulaTestCommand));
static cl::opt<std::string> Profile("profile", cl::desc("pytorch-2.14 or pytorch-1.13"),
                                    cl::init("pytorch-2.14"),
                                    cl::sub(FormulaTestCommand));
static cl::list<std::string> Helpers("helpers",
                                     cl::desc("Header declaring the helpers"),
                                     cl::value_desc("file"),
                                     cl::sub(FormulaTestCommand));
static cl::list<std::string> Defines("D", cl::desc("Define a macro"),
                                     cl::Prefix, cl::sub(FormulaTestCommand));
static cl::opt<std::string> Standard("std", cl::desc("c++17 or c++20"),
                                     cl::sub(FormulaTestCommand));
static cl::opt<std::string> RulesFile("rules",
                                      cl::desc("Saved-attribute table"),
                                      cl::sub(FormulaTestCommand));
static cl::opt<std::string> PreludeDir("prelude",
                                       cl::desc("Replace the built-in prelude"),
                                       cl::sub(FormulaTestCommand));
static cl::opt<std::string> DumpTU("dump-tu",
                                   cl::desc("Write the translation unit here"),
                                   cl::sub(FormulaTestCommand));
static cl::opt<bool> ExactSaves(
    "exact-saves",
    cl::desc("Save only what the AST references, not every textual mention "
             "as torchgen does"),
    cl::sub(FormulaTestCommand));
static cl::opt<bool> PrintResults("print", cl::desc("Print every result"),
                                  cl::sub(FormulaTestCommand));

static bool isTrue(const YAML::Node &N) {
  return N && N.IsScalar() && (N.Scalar() == "True" || N.Scalar() == "true");
}

static void loadOperators(YAMLSource &Native, FormulaChecker &Checker) {
  if (!Native.root().IsSequence())
    return;
  for (const YAML::Node &Entry : Native.root()) {
    YAML::Node Func = Entry["func"];
    if (!Func || !Func.IsScalar())
      continue;
    OperatorEntry Op;
    Op.Func = Func.Scalar();
    Op.FuncLoc = Native.locOf(Func);
    if (YAML::Node V = Entry["variants"])
      Op.Variants = V.Scalar();
    Op.PartOfStructuredGroup =
        isTrue(Entry["structured"]) || Entry["structured_delegate"];
    Op.ManualCppBinding = isTrue(Entry["manual_cpp_binding"]);
    Op.ConstRefForMutableTensors =
        isTrue(Entry["use_const_ref_for_mutable_tensors"]);
    if (YAML::Node N = Entry["cpp_no_default_args"])
      for (const YAML::Node &A : N)
        Op.CppNoDefaultArgs.push_back(A.Scalar());
    Checker.addOperator(Op);
  }
}

static void addFormulas(YAMLSource &Source, const YAML::Node &Block,
                        const FormulaInput &Op,
                        std::vector<FormulaInput> &Inputs,
                        FormulaCheckerOptions &Options) {
  static const char *const NonFormulaKeys[] = {
      "name", "dispatch", "output_differentiability", "python_module"};
  for (auto It = Block.begin(); It != Block.end(); ++It) {
    std::string Key = It->first.Scalar();
    if (is_contained(NonFormulaKeys, Key) || !It->second.IsScalar())
      continue;
    std::string Text = It->second.Scalar();
    if (Text == "non_differentiable" || Text == "auto_element_wise" ||
        Text == "auto_linear")
      continue;
    FormulaInput In = Op;
    SmallVector<StringRef, 4> Names;
    StringRef(Key).split(Names, ',');
    for (StringRef N : Names)
      In.VarNames.push_back(N.trim().str());
    bool Backward = any_of(Op.Arguments, [&](const FormulaVariable &A) {
      return A.Name == In.VarNames[0];
    });
    In.Kind = Backward ? FormulaKind::Backward : FormulaKind::Forward;
    In.Text = Text;
    In.Source = Source.scalarMap(It->second);
    In.KeyLoc = Source.locOf(It->first);
    Inputs.push_back(std::move(In));
  }
}

int runFormulaTestCommand(DriverContext &Context) {
  bool Old = StringRef(Profile).startswith("pytorch-1.");
  FormulaCheckerOptions Options;
  Options.Standard = Standard.empty() ? std::string("c++17") : Standard.getValue();
  Options.TorchVersion = Old ? 11301 : 21401;
  if (Old) {
    Options.OptionalSpelling = "c10::optional";
    Options.NulloptSpelling = "c10::nullopt";
  }
  Options.HelperFiles = Helpers;
  Options.Defines = Defines;
  Options.PreludeDir = PreludeDir;
  Options.DumpTranslationUnit = DumpTU;

  std::string Rules = RulesFile;
  if (Rules.empty())
    Rules = std::string(GRADGEN_SOURCE_DIR) + "/templates/" + Profile.getValue() +
            "/saved-attributes.yaml";
  std::optional<SavedAttributeRules> Table =
      SavedAttributeRules::load(Rules, Context.SourceMgr, Context.Diags);
  if (!Table)
    return Context.finish();
  if (ExactSaves)
    Table->SaveTextualMentions = false;
  Options.Rules = &*Table;

  FormulaChecker Checker(Context.Diags, Options);
  std::optional<YAMLSource> Native;
  if (!NativeFunctions.empty()) {
    Native = YAMLSource::load(NativeFunctions, Context.SourceMgr, Context.Diags);
    if (!Native)
      return Context.finish();
    loadOperators(*Native, Checker);
  }
  std::optional<YAMLSource> Derivs =
      YAMLSource::load(Derivatives, Context.SourceMgr, Context.Diags);
  if (!Derivs || !Derivs->root().IsSequence())
    return Context.finish();

  std::vector<FormulaInput> Inputs;
  for (const YAML::Node &Entry : Derivs->root()) {
    YAML::Node Name = Entry["name"];
    if (!Name || !Name.IsScalar())
      continue;
    FormulaInput Op;
    std::string Error;
    if (!FormulaChecker::describeOperator(Name.Scalar(), Op, Options, Error)) {
      Context.Diags.error("formula.schema", Derivs->locOf(Name), Error);
      continue;
    }
    if (YAML::Node Dispatch = Entry["dispatch"]) {
      for (auto It = Dispatch.begin(); It != Dispatch.end(); ++It)
        addFormulas(*Derivs, It->second, Op, Inputs, Options);
    } else {
      addFormulas(*Derivs, Entry, Op, Inputs, Options);
    }
  }

  std::vector<FormulaResult> Results = Checker.check(Inputs);
  if (PrintResults)
    for (auto [I, R] : enumerate(Results)) {
      const FormulaInput &In = Inputs[I];
      outs() << In.OperatorName << " "
             << (In.Kind == FormulaKind::Backward ? "backward" : "forward")
             << " " << join(In.VarNames, ", ") << ": " << R.Formula << "\n";
      for (const FormulaSavedValue &S : R.SavedInputs)
        outs() << "  saved input " << S.Name << " : " << S.CppType << " = "
               << S.Expr << "\n";
      for (const FormulaSavedValue &S : R.SavedOutputs)
        outs() << "  saved output " << S.Name << " : " << S.CppType << " = "
               << S.Expr << "\n";
    }
  return Context.finish();
}

} // namespace gradgen::driver
