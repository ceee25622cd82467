//===- KernelForwardContext.cpp - Forward formulas where kernels run them -===//
//
// The Formula stage checks each forward formula in an operator's own C++
// context. The kernels run them in another: in-place variants rewrite the
// functional formula (original_self_p, self_t_raw.copy_(...)), the inputs
// are the kernel's parameters, the tangents and primals unpacked locals, the
// outputs the call's results, and the value is stored in an optional of the
// output's tangent type. This describes that context for the second check,
// so that a formula that would not compile in VariableType_N.cpp is reported
// in derivatives.yaml.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "gradgen/Schema/DispatcherAPI.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace gradgen {

std::optional<GeneratedNode>
KernelEmitter::forwardContext(StringRef DispatchKey) {
  ReportErrors = false;
  if (FwDerivatives.empty() || IsForeach || IsOutFn || !computeInputs())
    return std::nullopt;
  DifferentiableOutputs = differentiableOutputs(F, Info, Context.CppOptions);
  bool Undifferentiable =
      Context.Lists.DontRequireDerivative.contains(BaseName) ||
      Context.Lists.DontRequireDerivative.contains(Name);
  if (Undifferentiable || DifferentiableInputs.empty() ||
      DifferentiableOutputs.empty())
    return std::nullopt;

  GeneratedNode Node;
  Node.Name = dispatcher::kernelName(F.func(), DispatchKey);
  StringSet<> Declared;
  auto Declare = [&](StringRef VarName, StringRef Type) {
    if (Declared.insert(VarName).second)
      Node.Variables.push_back({VarName.str(), Type.str()});
  };
  if (!declareKernelVariables(Declare))
    return std::nullopt;
  for (const ForwardDerivative &D : FwDerivatives) {
    if (!declareForwardLocals(D, Declare))
      return std::nullopt;
    std::optional<GeneratedFormula> Formula = forwardFormula(D);
    if (!Formula)
      return std::nullopt;
    Node.Formulas.push_back(std::move(*Formula));
  }
  if (Failed)
    return std::nullopt;
  return Node;
}

bool KernelEmitter::declareKernelVariables(DeclareVariable Declare) {
  std::optional<std::vector<Binding>> Bindings =
      dispatcher::arguments(F, Context.CppOptions);
  if (!Bindings)
    return false;
  for (const Binding &B : *Bindings)
    Declare(B.Name, B.type());
  std::vector<std::string> ReturnNames = cpp::returnNames(F.func());
  for (size_t I = 0; I < F.func().Returns.size(); ++I) {
    std::optional<CType> Type = cpp::returnType(
        F.func().Returns[I], /*SymInt=*/true,
        CppArgumentContext::forFunction(F), Context.CppOptions);
    if (!Type)
      return false;
    Declare(ReturnNames[I], Type->cppType());
  }
  return true;
}

bool KernelEmitter::declareForwardLocals(const ForwardDerivative &D,
                                         DeclareVariable Declare) {
  std::string Tensor = CType::base(ctypes::TensorT).cppType();
  std::vector<std::string> Tangents =
      D.RequiredInputsFwGrad.value_or(std::vector<std::string>());
  std::vector<std::string> Primals =
      D.RequiredInputsPrimal.value_or(std::vector<std::string>());
  for (const Differentiable &Input : DifferentiableInputs) {
    bool Tangent = is_contained(Tangents, Input.Name);
    bool Primal = is_contained(Primals, Input.Name);
    if ((Tangent || Primal) && Input.Ty->isListLike())
      return false;
    if (Tangent)
      for (StringRef Suffix : {"_t_raw", "_tensor", "_t"})
        Declare(Input.Name + Suffix.str(), Tensor);
    if (Primal)
      Declare(Input.Name + "_p", Tensor);
  }
  if (D.RequiredOriginalSelfValue)
    for (StringRef Suffix : {"_t_raw", "_tensor", "_t", "_p"})
      Declare(("original_self" + Suffix).str(), Tensor);
  if (Inplace)
    Declare("self_t_raw", Tensor);
  return true;
}

/// What the kernel stores the value of D in (before the optional): a
/// tensor, a tuple of them, or a vector for a list; std::nullopt for any
/// other kind of output.
static std::optional<CType> forwardValueType(const ForwardDerivative &D) {
  bool AllTensors = all_of(D.VarTypes, [](const Type *Ty) {
    return Ty->isBase() && Ty->isTensorLike();
  });
  CType TensorT = CType::base(ctypes::TensorT);
  if (AllTensors && D.VarTypes.size() == 1)
    return TensorT;
  if (AllTensors)
    return CType::tuple(std::vector<CType>(D.VarTypes.size(), TensorT));
  if (!D.VarTypes.empty() && D.VarTypes.front()->isList() &&
      D.VarTypes.front()->isTensorLike())
    return CType::vector(TensorT);
  return std::nullopt;
}

std::optional<GeneratedFormula>
KernelEmitter::forwardFormula(const ForwardDerivative &D) const {
  GeneratedFormula Formula;
  Formula.Formula = D.Formula;
  Formula.VarNames = D.VarNames;
  std::optional<CType> Value = forwardValueType(D);
  if (!Value)
    return std::nullopt;
  Formula.ForwardResultType =
      CType::optional(*Value, Context.CppOptions.OptionalTemplate).cppType();
  if (D.Source) {
    Formula.KeyLoc = D.Source->RawNames.loc();
    // Diagnostics map into the formula only where the kernel runs it as
    // written; a rewritten one is reported at its key.
    if (D.Source->Formula.Text == D.Formula)
      Formula.Source = D.Source->Formula.Source;
  } else {
    Formula.KeyLoc = F.funcLoc();
  }
  return Formula;
}

std::vector<GeneratedNode> kernelForwardFormulas(
    const DerivativesDatabase &Database, const VariableTypeLists &Lists,
    const VariableTypeOptions &Options, const CppAPIOptions &CppOptions,
    DiagnosticEngine &Diags) {
  KernelTemplates NoTemplates;
  KernelContext Context{Lists, Options, NoTemplates, CppOptions, Diags};
  std::vector<GeneratedNode> Nodes;
  StringSet<> Seen;
  for (const FunctionInfos &Fn : Database.Functions) {
    if (Lists.isManualAutograd(cpp::name(Fn.Func->func())))
      continue;
    for (const DifferentiabilityInfo *Info : Database.infosOf(Fn)) {
      if (Info->ForwardDerivatives.empty())
        continue;
      KernelEmitter Emitter(Context, *Fn.Func, Info,
                            kernelForwardDerivatives(*Fn.Func, *Info,
                                                     Fn.ExactMatch));
      std::optional<GeneratedNode> Node =
          Emitter.forwardContext(Info->DispatchKey);
      if (!Node)
        continue;
      // Identical contexts (a view and its view_copy) once.
      // Sized first: it is written piece by piece without temporaries.
      size_t KeySize = 0;
      for (const GeneratedVariable &V : Node->Variables)
        KeySize += V.CppType.size() + V.Name.size() + 2;
      for (const GeneratedFormula &Formula : Node->Formulas)
        KeySize +=
            Formula.ForwardResultType.size() + Formula.Formula.size() + 2;
      std::string Key;
      Key.reserve(KeySize);
      for (const GeneratedVariable &V : Node->Variables) {
        Key += V.CppType;
        Key += ' ';
        Key += V.Name;
        Key += ',';
      }
      for (const GeneratedFormula &Formula : Node->Formulas) {
        Key += Formula.ForwardResultType;
        Key += '=';
        Key += Formula.Formula;
        Key += ';';
      }
      if (Seen.insert(Key).second)
        Nodes.push_back(std::move(*Node));
    }
  }
  return Nodes;
}

} // namespace gradgen
