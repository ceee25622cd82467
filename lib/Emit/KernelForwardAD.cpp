//===- KernelForwardAD.cpp - Forward-mode AD in a kernel ------------------===//
//
// The forward formulas of derivatives.yaml are compiled into the kernels:
// each formula's tangent and primal inputs are unpacked, the formula runs
// when an input has a tangent, and the results become the outputs' tangents.
// Kernels without formulas reject tangents (or, for functional ops, try the
// JIT decomposition). In-place variants rewrite the functional formula
// (match_differentiability_info).
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "gradgen/Support/IdentifierSearch.h"
#include "gradgen/Support/PythonString.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

static bool isWordChar(char C) { return isAlnum(C) || C == '_'; }

std::string replaceIdentifier(StringRef Text, StringRef Ident,
                              StringRef Replacement) {
  // re.sub(r"(^|\W)Ident($|\W)", ...): a match consumes the non-word
  // character on each side, so the next match cannot reuse it.
  auto MatchEnd = [&](size_t IdentStart) -> std::optional<size_t> {
    if (!Text.substr(IdentStart).startswith(Ident))
      return std::nullopt;
    size_t End = IdentStart + Ident.size();
    if (End == Text.size())
      return End;
    if (isWordChar(Text[End]))
      return std::nullopt;
    return End + 1;
  };
  std::string Result;
  size_t Pos = 0;
  for (size_t S = 0; S < Text.size(); ++S) {
    if (S < Pos)
      continue;
    std::optional<size_t> End;
    size_t IdentStart = S;
    if (S == 0)
      End = MatchEnd(0);
    if (!End && !isWordChar(Text[S])) {
      IdentStart = S + 1;
      End = MatchEnd(IdentStart);
    }
    if (!End)
      continue;
    Result += Text.slice(Pos, IdentStart);
    Result += Replacement;
    Result += Text.slice(IdentStart + Ident.size(), *End);
    Pos = *End;
    S = Pos - 1;
  }
  Result += Text.drop_front(Pos);
  return Result;
}

/// `self_t.op(args)` where the parentheses of args stay nested: the formula
/// is one method call on self_t.
static bool isSingleMethodOnSelfT(StringRef Formula, StringRef &Op,
                                  StringRef &Args) {
  if (!Formula.consume_front("self_t") || Formula.empty())
    return false;
  Formula = Formula.drop_front(); // torchgen's regex has an unescaped `.`.
  size_t Open = Formula.find('(');
  if (Open == StringRef::npos || !Formula.endswith(")"))
    return false;
  Op = Formula.take_front(Open);
  if (!all_of(Op, isWordChar))
    return false;
  Args = Formula.slice(Open + 1, Formula.size() - 1);
  if (Args.contains('\n'))
    return false;
  int Level = 1;
  for (char C : Args) {
    if (C == ')' && --Level == 0)
      return false;
    if (C == '(')
      ++Level;
  }
  return true;
}

std::vector<ForwardDerivative>
kernelForwardDerivatives(const NativeFunction &F,
                         const DifferentiabilityInfo &Info, bool ExactMatch) {
  if (F.func().kind() != SchemaKind::Inplace ||
      Info.ForwardDerivatives.size() != 1)
    return Info.ForwardDerivatives;
  const ForwardDerivative &Original = Info.ForwardDerivatives.front();
  std::string Formula = Original.Formula;
  if (usesIdentifier(Formula, "self_p") && !ExactMatch) {
    Formula = replaceIdentifier(Formula, "self_p", "original_self_p");
    Formula = replaceIdentifier(Formula, "self_t", "original_self_t");
  }
  Formula = replaceIdentifier(Formula, "result", "self_p");
  std::optional<std::vector<std::string>> Primals =
      Original.RequiredInputsPrimal;
  if (usesIdentifier(Formula, "self_p")) {
    if (!Primals)
      Primals.emplace();
    Primals->push_back("self");
  }
  if (!ExactMatch) {
    StringRef Op, Args;
    if (isSingleMethodOnSelfT(Formula, Op, Args) && Op == Info.Name)
      Formula = ("self_t_raw.defined() ? self_t_raw." + Op + "_(" + Args +
                 ") : " + Formula)
                    .str();
    else
      Formula = "self_t_raw.defined() ? self_t_raw.copy_(" + Formula +
                ") : " + Formula;
  }
  ForwardDerivative Result = Original;
  Result.Formula = Formula;
  Result.VarNames = {"self"};
  Result.RequiredInputsPrimal = Primals;
  Result.RequiredOriginalSelfValue =
      usesIdentifier(Formula, "original_self_p") ||
      usesIdentifier(Formula, "original_self_t");
  Result.IsReusingOutplaceFormula = !ExactMatch;
  return {Result};
}

std::vector<Differentiable>
differentiableOutputs(const NativeFunction &F,
                      const DifferentiabilityInfo *Info,
                      const CppAPIOptions &Options) {
  std::vector<std::string> Names = cpp::returnNames(F.func());
  const std::vector<Return> &Returns = F.func().Returns;
  std::vector<Differentiable> Outputs;
  for (size_t I : differentiableReturns(F, Info)) {
    std::optional<CType> Type =
        cpp::returnType(Returns[I], /*SymInt=*/true,
                        CppArgumentContext::forFunction(F), Options);
    Outputs.push_back({Names[I], Returns[I].Ty, Type ? Type->cppType() : ""});
  }
  return Outputs;
}

std::string
KernelEmitter::anyHasForwardGradName(const ForwardDerivative &D) const {
  return "_any_has_forward_grad_" + join(D.VarNames, "_");
}

static bool isListOfTensors(const Type *Ty) {
  return Ty->isTensorLike() && Ty->isListLike();
}

bool KernelEmitter::checkTangentFree(const ForwardDerivative &D) {
  if (DifferentiableInputs.size() == 1 &&
      isListOfTensors(DifferentiableInputs.front().Ty))
    return true;
  return error(diag::kernel_forward_no_tangent,
               "the forward formula of '" + Name +
                   "' uses no input tangent; that is supported only for "
                   "functions whose one differentiable input is a tensor list",
               forwardLoc(D));
}

std::optional<std::string>
KernelEmitter::anyHasForwardGradCondition(const ForwardDerivative *D) {
  std::vector<std::string> Checks;
  auto Check = [&](const Differentiable &Input, StringRef Suffix = "") {
    TemplateEnv Env;
    Env.set("input", Input.Name + Suffix);
    return T.substitute(isListOfTensors(Input.Ty) ? "fw_grad_defined_list"
                                                  : "fw_grad_defined",
                        Env);
  };
  if (!D) {
    ArgumentRefs Args = F.func().Args.flatNonOut();
    for (const Argument &Out : F.func().Args.Out)
      Args.push_back(&Out);
    for (const Argument *A : Args)
      if (std::optional<Differentiable> Input = differentiableInput(*A))
        Checks.push_back(Check(*Input));
    return "(" + join(Checks, " || ") + ")";
  }
  std::vector<std::string> Required =
      D->RequiredInputsFwGrad.value_or(std::vector<std::string>());
  if (Required.empty()) {
    if (!checkTangentFree(*D))
      return std::nullopt;
    return std::string("true");
  }
  for (const Differentiable &Input : DifferentiableInputs)
    if (is_contained(Required, Input.Name))
      Checks.push_back(T.substitute(isListOfTensors(Input.Ty)
                                        ? "fw_grad_defined_required_list"
                                        : "fw_grad_defined",
                                    TemplateEnv().set("input", Input.Name)));
  return "(" + join(Checks, " || ") + ")";
}

std::vector<std::string> KernelEmitter::emitAnyHasForwardGrad() {
  std::vector<std::string> Content;
  const auto &Conditions = Info ? Info->OutputDifferentiabilityConditions
                                : std::nullopt;
  if (!IsForeach) {
    for (const ForwardDerivative &D : FwDerivatives) {
      std::string Condition = anyHasForwardGradCondition(&D).value_or("");
      if (Conditions && !Conditions->empty())
        Condition = "(" + Conditions->front() + ") && " + Condition;
      Content.push_back(T.substitute(
          "any_has_forward_grad", TemplateEnv()
                                      .set("name", anyHasForwardGradName(D))
                                      .set("condition", Condition)));
    }
    return Content;
  }
  for (const ForwardDerivative &D : FwDerivatives) {
    std::string VectorName = anyHasForwardGradName(D);
    std::vector<std::string> Current;
    for (const Differentiable &Input : DifferentiableInputs) {
      if (!D.RequiredInputsFwGrad ||
          !is_contained(*D.RequiredInputsFwGrad, Input.Name))
        continue;
      std::string InputName = Input.Name;
      const Type *InputType = Input.Ty;
      if (Inplace) {
        auto Foreach = RefNameToForeach.find(Input.Name);
        if (Foreach != RefNameToForeach.end()) {
          InputName = Foreach->second->Name;
          InputType = Foreach->second->Ty;
        }
      }
      TemplateEnv Env;
      if (isListOfTensors(InputType)) {
        if (InputName != "self")
          Content.push_back(T.substitute(
              "fw_list_size_check", TemplateEnv().set("input", InputName)));
        Env.set("input", InputName + "[i]");
      } else {
        Env.set("input", InputName);
      }
      Current.push_back(T.substitute("fw_grad_defined", Env));
    }
    Content.push_back("std::vector<bool> " + VectorName + "(self.size());");
    Content.push_back("for (const auto& i : c10::irange(self.size())) {");
    Content.push_back("  " + VectorName + "[i] = " + join(Current, " || ") +
                      ";");
    Content.push_back("}");
  }
  return Content;
}

std::string KernelEmitter::unpackForwardInputs(const ForwardDerivative &D) {
  std::string Unpacked;
  std::string ZerosFn;
  std::vector<std::string> Required =
      D.RequiredInputsFwGrad.value_or(std::vector<std::string>());
  std::vector<std::string> Primals =
      D.RequiredInputsPrimal.value_or(std::vector<std::string>());
  for (const Differentiable &Input : DifferentiableInputs) {
    std::string InputName = Input.Name;
    const Type *InputType = Input.Ty;
    auto Foreach = RefNameToForeach.find(Input.Name);
    if (Inplace && Foreach != RefNameToForeach.end())
      InputType = Foreach->second->Ty;
    std::string Suffix =
        IsForeach && isListOfTensors(InputType) ? "[i]" : "";
    if (IsInplaceForeach && Foreach != RefNameToForeach.end())
      InputName = Foreach->second->Name;
    ZerosFn = Inplace && Input.Name == "self"
                  ? Context.Options.ZerosForInplaceSelfTangent
                  : Context.Options.ZerosForTangent;
    TemplateEnv Env;
    Env.set("name", Input.Name)
        .set("input", InputName + Suffix)
        .set("zeros_fn", ZerosFn);
    if (is_contained(Required, Input.Name)) {
      Unpacked += T.substitute("fw_unpack_tangent", Env);
      if (ZerosFn == Context.Options.ZerosForTangent)
        Unpacked += T.substitute("fw_update_wrapped_number", Env);
    }
    if (is_contained(Primals, Input.Name))
      Unpacked += T.substitute("fw_unpack_primal", Env);
  }
  if (D.RequiredOriginalSelfValue) {
    TemplateEnv Env;
    Env.set("name", "original_self")
        .set("input", IsInplaceForeach ? "original_selfs[i]" : "original_self")
        .set("zeros_fn", ZerosFn);
    Unpacked += T.substitute("fw_unpack_tangent", Env);
    Unpacked += T.substitute("fw_unpack_primal", Env);
  } else if (Inplace && D.IsReusingOutplaceFormula) {
    Unpacked += "self_t = GradMode::is_enabled() ? self_t.clone() : self_t;";
  }
  return Unpacked;
}

std::vector<std::string> KernelEmitter::emitForwardDerivatives() {
  std::vector<std::string> Content;
  std::vector<std::string> Setters;
  for (const ForwardDerivative &D : FwDerivatives) {
    std::vector<std::string> Results = D.VarNames;
    if (F.func().Name.Name.Inplace)
      Results = {"self"};
    std::string Unpacked = unpackForwardInputs(D);
    std::string Condition = anyHasForwardGradName(D);
    std::optional<std::string> OptionalType =
        forwardGradType(D, Results, Condition, Setters);
    if (!OptionalType)
      return Content;
    std::string All = join(Results, "_");
    TemplateEnv Env;
    Env.set("unpacked", Unpacked);
    if (IsForeach) {
      Content.push_back(foreachForwardDerivative(D, *OptionalType, All, Env));
      continue;
    }
    Env.set("definition", *OptionalType + " " + All + "_new_fw_grad_opt = " +
                              Context.CppOptions.Nullopt + ";")
        .set("condition", Condition)
        .set("formula", D.Formula)
        .set("out", All);
    Content.push_back(T.substitute("fw_derivative", Env));
  }
  Content.push_back(join(Setters, "\n"));
  return Content;
}

std::optional<std::string>
KernelEmitter::forwardGradType(const ForwardDerivative &D,
                               ArrayRef<std::string> Results,
                               std::string &Condition,
                               std::vector<std::string> &Setters) {
  const std::string &Optional = Context.CppOptions.OptionalTemplate;
  CType TensorT = CType::base(ctypes::TensorT);
  bool AllTensors = all_of(D.VarTypes, [](const Type *Ty) {
    return Ty->isBase() && Ty->isTensorLike();
  });
  TemplateEnv SetterEnv;
  SetterEnv.set("out", Results.front())
      .set("is_inplace", Inplace ? "true" : "false");
  if (AllTensors && D.VarTypes.size() == 1) {
    Setters.push_back(T.substitute(
        IsForeach ? "fw_set_tensor_foreach" : "fw_set_tensor", SetterEnv));
    Condition += " && (" + D.VarNames.front() + ".defined())";
    return CType::optional(TensorT, Optional).cppType();
  }
  if (AllTensors) {
    std::string All = join(Results, "_");
    for (size_t I = 0; I < Results.size(); ++I)
      Setters.push_back(T.substitute(
          "fw_set_tuple_element", TemplateEnv()
                                      .set("idx", std::to_string(I))
                                      .set("all", All)
                                      .set("out", Results[I])));
    return CType::optional(
               CType::tuple(std::vector<CType>(D.VarTypes.size(), TensorT)),
               Optional)
        .cppType();
  }
  if (!D.VarTypes.empty() && D.VarTypes.front()->isList() &&
      D.VarTypes.front()->isTensorLike()) {
    if (IsForeach) {
      Setters.push_back(T.substitute("fw_set_tensor_foreach", SetterEnv));
      return CType::optional(TensorT, Optional).cppType();
    }
    Setters.push_back(T.substitute("fw_set_tensor_list", SetterEnv));
    return CType::optional(CType::vector(TensorT), Optional).cppType();
  }
  error(diag::kernel_forward_output_type,
        "a forward formula cannot set the tangent of an output of type '" +
            (D.VarTypes.empty() ? std::string("?")
                                : D.VarTypes.front()->str()) +
            "'",
        forwardLoc(D));
  return std::nullopt;
}

std::string KernelEmitter::foreachForwardDerivative(
    const ForwardDerivative &D, StringRef OptionalType, StringRef All,
    TemplateEnv &Env) {
  std::string Formula = D.Formula;
  if (Inplace) {
    for (auto [Mine, Ref] : ForeachToRef)
      if (!Mine->Ty->isTensorLike())
        Formula = python::replace(
            Formula, Ref->Name, Mine->Name + (Mine->Ty->isList() ? "[i]" : ""));
  } else if (StringRef(Formula).contains("result") &&
             !StringRef(Formula).contains("result[i]")) {
    Formula = python::replace(Formula, "result", "result[i]");
  }
  std::vector<std::string> Current;
  for (const ForwardDerivative &Other : FwDerivatives)
    Current.push_back(anyHasForwardGradName(Other) + "[i]");
  Env.set("definition", "std::vector<" + OptionalType.str() + "> " +
                            All.str() + "_new_fw_grad_opts(self.size(), " +
                            Context.CppOptions.Nullopt + ");")
      .set("grads", All.str() + "_new_fw_grad_opts")
      .set("condition", join(Current, " || "))
      .set("formula", Formula);
  return T.substitute("fw_derivative_foreach", Env);
}

std::optional<std::string>
KernelEmitter::emitForbidForwardDerivatives(bool IsOutFn) {
  std::optional<std::string> Condition = anyHasForwardGradCondition(nullptr);
  if (!Condition || Condition->empty())
    return std::nullopt;
  TemplateEnv Env;
  Env.set("cond", *Condition)
      .set("name", Name)
      .set("msg", T.text(IsOutFn ? "forbid_reason_out"
                                 : "forbid_reason_not_implemented"));
  return T.substitute("fw_forbid", Env);
}

} // namespace gradgen
