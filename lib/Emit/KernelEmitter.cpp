//===- KernelEmitter.cpp - One autograd kernel ----------------------------===//
//
// The flow of torchgen's emit_body: unpack the arguments, decide whether the
// kernel records a derivative, create and fill the grad_fn, call the
// operator below autograd, attach the outputs, forward AD, saved outputs.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Schema/DispatcherAPI.h"
#include "gradgen/Support/IdentifierSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

static bool isTensorListType(const Type *T) {
  return T->isTensorLike() && T->isListLike();
}

static std::string joined(ArrayRef<std::string> Items, StringRef Separator) {
  return join(Items.begin(), Items.end(), Separator);
}

static std::vector<std::string> namesOf(ArrayRef<Differentiable> List) {
  std::vector<std::string> Names;
  for (const Differentiable &D : List)
    Names.push_back(D.Name);
  return Names;
}

KernelEmitter::KernelEmitter(const KernelContext &Context,
                             const NativeFunction &F,
                             const DifferentiabilityInfo *Info,
                             std::vector<ForwardDerivative> ForwardDerivatives)
    : Context(Context), T(Context.Templates), F(F), Info(Info),
      FwDerivatives(std::move(ForwardDerivatives)) {
  const FunctionSchema &Func = F.func();
  Name = cpp::name(Func);
  BaseName = Func.Name.Name.Base;
  Inplace = Func.kind() == SchemaKind::Inplace;
  IsOutFn = Func.kind() == SchemaKind::Out;
  ReturnsVoid = Func.Returns.empty();
  IsForeach =
      Context.Options.ForeachKernels && StringRef(Name).startswith("_foreach");
  IsInplaceForeach = IsForeach && Inplace;
  if (Info && Context.Nodes)
    TheNode = Context.Nodes->modelOf(*Info);
  auto View = Context.Lists.ViewFunctions.find(BaseName);
  if (View != Context.Lists.ViewFunctions.end())
    ViewInfo = View->second;
  else if (Context.Lists.ReturnsViewsOfInput.contains(BaseName))
    ViewInfo = "self";
}

bool KernelEmitter::error(diag::Kind Rule, const Twine &Message, SMLoc Loc,
                          SMRange Range) {
  Failed = true;
  if (!ReportErrors)
    return false;
  if (!Loc.isValid())
    Loc = Info && Info->Entry ? Info->Entry->Name.loc() : F.funcLoc();
  auto Diag = Context.Diags.report(Rule, Loc, Message);
  if (Range.isValid())
    Diag.range(Range);
  Diag.note(F.funcLoc(), "in the autograd kernel of this function",
            F.Func.Range);
  Failed = true;
  return false;
}

SMLoc KernelEmitter::forwardLoc(const ForwardDerivative &D) const {
  return D.Source ? D.Source->RawNames.loc() : SMLoc();
}

std::optional<Differentiable>
KernelEmitter::differentiableInput(const Argument &A) const {
  if (!A.Ty->isTensorLike())
    return std::nullopt;
  if (Info && is_contained(Info->NonDifferentiableArgNames, A.Name))
    return std::nullopt;
  std::optional<NamedCType> Type =
      cpp::argumentType(A, ArgName{A.Name, false}, /*SymInt=*/true,
                        CppArgumentContext::forFunction(F), Context.CppOptions);
  return Differentiable{A.Name, A.Ty, Type ? Type->cppType() : ""};
}

/// gen_differentiable_inputs and find_args_with_derivatives.
bool KernelEmitter::computeInputs() {
  const Arguments &Args = F.func().Args;
  std::string ForeachName = F.func().Name.Name.Base;
  if (!F.func().Name.OverloadName.empty())
    ForeachName += "." + F.func().Name.OverloadName;
  if (IsInplaceForeach && !Info &&
      !Context.Lists.ForeachWithoutDerivatives.contains(ForeachName))
    return error(diag::kernel_foreach_without_reference,
                 "no derivatives for the in-place foreach function '" +
                     F.func().Name.str() +
                     "': derivatives.yaml defines none for the operator it "
                     "applies to each element",
                 F.funcLoc());
  if (IsInplaceForeach && Info) {
    ArgumentRefs Mine = Args.flatNonOut();
    ArgumentRefs Ref = Info->Func->func().Args.flatNonOut();
    if (Mine.size() != Ref.size() &&
        !Context.Lists.ForeachWithDifferentArity.contains(ForeachName))
      return error(diag::kernel_foreach_arity,
                   "the in-place foreach function '" + F.func().Name.str() +
                       "' takes " + Twine(Mine.size()) +
                       " arguments, but '" + Info->Func->func().Name.str() +
                       "', whose formulas it reuses, takes " +
                       Twine(Ref.size()));
    for (size_t I = 0, E = std::min(Mine.size(), Ref.size()); I < E; ++I) {
      const Type *Element = Mine[I]->Ty->isList() ? Mine[I]->Ty->getElement()
                                                  : Mine[I]->Ty;
      if (Element != Ref[I]->Ty)
        return error(diag::kernel_foreach_argument_type,
                     "the argument '" + Mine[I]->Name + "' of type '" +
                         Mine[I]->Ty->str() + "' does not match '" +
                         Ref[I]->Name + "' of type '" + Ref[I]->Ty->str() +
                         "' of '" + Info->Func->func().Name.str() +
                         "', whose formulas it reuses");
      ForeachToRef.push_back({Mine[I], Ref[I]});
      RefNameToForeach[Ref[I]->Name] = Mine[I];
    }
  }
  ArgumentRefs Flat = Args.flatNonOut();
  for (size_t I = 0; I < Flat.size(); ++I) {
    const Argument *A = Flat[I];
    if (I < ForeachToRef.size())
      A = ForeachToRef[I].second;
    if (std::optional<Differentiable> D = differentiableInput(*A))
      DifferentiableInputs.push_back(std::move(*D));
  }

  if (!Info || !Info->hasDerivatives()) {
    ArgsWithDerivatives = DifferentiableInputs;
    return true;
  }
  std::vector<std::string> Names;
  for (const Derivative &D : Info->Derivatives)
    for (const std::string &VarName : D.VarNames)
      if (!is_contained(Names, VarName))
        Names.push_back(VarName);
  for (const Differentiable &Input : DifferentiableInputs)
    if (is_contained(Names, Input.Name))
      ArgsWithDerivatives.push_back(Input);
  if (ArgsWithDerivatives.size() != Names.size()) {
    for (const Derivative &D : Info->Derivatives)
      for (size_t I = 0; I < D.VarNames.size(); ++I) {
        const std::string &N = D.VarNames[I];
        if (any_of(ArgsWithDerivatives,
                   [&](const Differentiable &A) { return A.Name == N; }))
          continue;
        SMRange Range;
        if (D.Source && I < D.Source->Names.size())
          Range = D.Source->Names[I].Range;
        return error(diag::kernel_missing_derivative_arguments,
                     "'" + N + "' is no differentiable argument of '" + Name +
                         "', but a gradient formula is given for it",
                     Range.Start, Range);
      }
  }
  return true;
}

std::vector<std::string> KernelEmitter::unpackArguments() {
  std::vector<std::string> Body;
  std::optional<std::vector<Binding>> Computed;
  if (!Context.Emit)
    Computed = dispatcher::arguments(F, Context.CppOptions);
  const std::optional<std::vector<Binding>> &Bindings =
      Context.Emit ? Context.Emit->kernelSignature(F).Arguments
                   : Computed;
  if (!Bindings) {
    error(diag::kernel_argument_type,
          "an argument type of '" + Name + "' has no C++ spelling");
    return Body;
  }
  UnpackedBindings.reserve(UnpackedBindings.size() + Bindings->size());
  for (size_t I = 0; I < Bindings->size(); ++I) {
    Binding B = (*Bindings)[I];
    const Type *Ty = B.Arg.Arg->Ty;
    if (!Ty->isTensorLike() || Ty->isNullable()) {
      UnpackedBindings.push_back(std::move(B));
      continue;
    }
    bool IsList = isTensorListType(Ty);
    // `auto& self_ = unpack(self, "self", 0);` in one allocation.
    std::string Index = std::to_string(I);
    std::string &Line = Body.emplace_back();
    Line.reserve(36 + 3 * B.Name.size() + Index.size());
    Line += IsList ? "auto " : "auto& ";
    Line += B.Name;
    Line += "_ = unpack(";
    Line += B.Name;
    Line += ", \"";
    Line += B.Name;
    Line += "\", ";
    Line += Index;
    Line += ");";
    B.Name += "_";
    UnpackedBindings.push_back(std::move(B));
  }
  return Body;
}

std::string KernelEmitter::emitAnyRequiresGrad() {
  std::string Extra;
  if (Info && Info->OutputDifferentiabilityConditions &&
      !Info->OutputDifferentiabilityConditions->empty())
    Extra = "_any_requires_grad &= (" +
            Info->OutputDifferentiabilityConditions->front() + ");";
  std::vector<std::string> Names = namesOf(ArgsWithDerivatives);
  if (IsInplaceForeach && Info)
    for (std::string &N : Names)
      for (auto [Mine, Ref] : ForeachToRef)
        if (N == Ref->Name)
          N = Mine->Name;
  TemplateEnv Env;
  Env.setList("args", Names).set("extra_conditions", Extra);
  return T.substitute("any_requires_grad", Env);
}

std::vector<std::string> KernelEmitter::emitCheckInplace() {
  std::vector<std::string> Body;
  if (!Inplace)
    return Body;
  for (const Differentiable &Out : DifferentiableOutputs)
    Body.push_back("check_inplace(" + Out.Name + ", _any_requires_grad);");
  return Body;
}

std::vector<std::string> KernelEmitter::emitOriginalSelfDefinition() {
  std::vector<std::string> Body;
  if (!Inplace)
    return Body;
  Body.push_back(IsInplaceForeach
                     ? "std::vector<::std::optional<at::Tensor>> "
                       "original_selfs(self.size());"
                     : Context.CppOptions.OptionalTemplate +
                           "<at::Tensor> original_self;");
  std::vector<std::string> Conditions;
  for (const ForwardDerivative &D : FwDerivatives)
    if (D.RequiredOriginalSelfValue)
      Conditions.push_back(anyHasForwardGradName(D));
  if (Conditions.empty())
    return Body;
  if (!IsInplaceForeach) {
    Body.push_back("if (" + joined(Conditions, " || ") + ") {");
    Body.push_back("  original_self = self.clone();");
    Body.push_back("}");
    return Body;
  }
  for (std::string &C : Conditions)
    C += "[i]";
  Body.push_back("for (const auto& i : c10::irange(self.size())) {");
  Body.push_back("  if (" + joined(Conditions, " || ") + ") {");
  Body.push_back("    original_selfs[i] = self[i].clone();");
  Body.push_back("  }");
  Body.push_back("}");
  return Body;
}

std::vector<std::string> KernelEmitter::setupDerivative() {
  std::vector<std::string> Body;
  if (IsOutFn) {
    TemplateEnv Declare;
    Declare.set("op", "Node");
    Body.push_back(T.substitute("declare_grad_fn", Declare));
    for (const std::vector<Differentiable> *List :
         {&DifferentiableInputs, &DifferentiableOutputs}) {
      TemplateEnv Env;
      Env.set("base_name", BaseName).setList("args", namesOf(*List));
      Body.push_back(T.substitute("forbid_requires_grad", Env));
    }
    return Body;
  }
  bool HasDerivatives = Info && Info->hasDerivatives();
  std::string Op = HasDerivatives ? *Info->Op : "NotImplemented";
  std::string OpCtor = HasDerivatives ? "" : "\"" + Name + "\"";
  std::vector<std::string> Setup;
  std::vector<std::string> Args = namesOf(ArgsWithDerivatives);
  TemplateEnv Env;
  Env.set("op", Op).set("op_ctor", OpCtor);
  if (!IsInplaceForeach) {
    Env.setList("args", Args);
    Setup.push_back(T.substitute("assign_grad_fn", Env));
  } else {
    for (std::string &A : Args) {
      if (Info) {
        auto Foreach = RefNameToForeach.find(A);
        if (Foreach != RefNameToForeach.end())
          A = Foreach->second->Name +
              (Foreach->second->Ty->isList() ? "[i]" : "");
      } else if (A == "self") {
        A += "[i]";
      }
    }
    Env.setList("args", Args).set("irange", "self.size()");
    Setup.push_back(T.substitute("assign_grad_fns", Env));
  }
  append_range(Setup, emitSaveInputs());

  append_range(Body, emitCheckNoRequiresGrad());
  TemplateEnv Declare;
  Declare.set("op", Op);
  Body.push_back(T.substitute(
      IsInplaceForeach ? "declare_grad_fns" : "declare_grad_fn", Declare));
  TemplateEnv SetupEnv;
  SetupEnv.setList("setup", std::move(Setup));
  Body.push_back(T.substitute("setup_derivative", SetupEnv));
  return Body;
}

std::vector<std::string> KernelEmitter::emitCheckNoRequiresGrad() {
  std::vector<std::string> Body;
  for (const Differentiable &Arg : DifferentiableInputs) {
    if (is_contained(ArgsWithDerivatives, Arg))
      continue;
    if (Info && is_contained(Info->NonDifferentiableArgNames, Arg.Name))
      continue;
    if (Arg.Name == "output")
      continue;
    Body.push_back("check_no_requires_grad(" + Arg.Name + ", \"" + Arg.Name +
                   "\", \"" + Name + "\");");
  }
  return Body;
}

std::string KernelEmitter::emitCall() {
  std::vector<std::string> Args = {"ks & c10::after_autograd_keyset"};
  for (const Binding &B : UnpackedBindings)
    Args.push_back(B.Name);
  TemplateEnv CallEnv;
  CallEnv.set("name", dispatcher::redispatchName(F.func()))
      .setList("args", Args);
  std::string Call = T.substitute("redispatch", CallEnv);
  bool ModifiesArguments = Inplace || IsOutFn;
  std::string Guard = ViewInfo || ModifiesArguments
                          ? "at::AutoDispatchBelowAutograd guard;"
                          : "at::AutoDispatchBelowADInplaceOrView guard;";
  std::string Result;
  if (!ModifiesArguments && !ReturnsVoid) {
    TemplateEnv Env;
    Env.set("tmp", "_tmp").set("guard", Guard).set("call", Call);
    if (TryJitDecomposition) {
      std::optional<std::string> AnyHasForwardGrad =
          RequiresDerivative ? anyHasForwardGradCondition(nullptr)
                             : std::optional<std::string>("false");
      std::vector<std::string> ReturnTypes;
      for (const Return &R : F.func().Returns)
        if (std::optional<CType> Type =
                cpp::returnType(R, /*SymInt=*/true,
                                CppArgumentContext::forFunction(F),
                                Context.CppOptions))
          ReturnTypes.push_back(Type->cppType());
      std::string ReturnType = joined(ReturnTypes, ", ");
      if (ReturnTypes.size() > 1)
        ReturnType = "std::tuple<" + ReturnType + ">";
      std::vector<std::string> ArgNames;
      if (std::optional<std::vector<Binding>> Faithful = cpp::arguments(
              F.func().Args, /*Faithful=*/true, /*SymInt=*/true,
              /*Method=*/false, {}, CppArgumentContext::forFunction(F),
              Context.CppOptions))
        for (const Binding &B : *Faithful)
          ArgNames.push_back(B.Name);
      Env.set("any_has_forward_grad", AnyHasForwardGrad.value_or(""))
          .set("op_name", Name)
          .set("overload_name", F.func().Name.OverloadName)
          .set("return_types", ReturnType)
          .setList("arg_names", ArgNames);
      Result = T.substitute("call_jvp_decomposition", Env);
    } else {
      Result = T.substitute("call_with_result", Env);
    }
    bool ReturnsTensors = any_of(F.func().Returns, [](const Return &R) {
      return R.Ty->isTensorLike();
    });
    Result += tieReturnValues() + " = " +
              (ReturnsTensors ? "std::move(_tmp)" : "_tmp") + ";\n";
  } else {
    TemplateEnv Env;
    Env.set("guard", Guard).set("call", Call);
    Result = T.substitute("call_without_result", Env);
  }
  return wrapWithStorageChecks(std::move(Result));
}

std::string KernelEmitter::tieReturnValues() const {
  const std::vector<Return> &Returns = F.func().Returns;
  if (Returns.size() == 1)
    return "auto " + Returns.front().Name.value_or("result");
  std::string Names = joined(cpp::returnNames(F.func()), ", ");
  if (Context.Options.DeclareReturnedVariables)
    return "std::tie(" + Names + ")";
  return "auto [" + Names + "]";
}

std::string KernelEmitter::declareReturnedVariables() const {
  const std::vector<Return> &Returns = F.func().Returns;
  if (!Context.Options.DeclareReturnedVariables || Inplace || IsOutFn ||
      Returns.size() == 1)
    return "";
  std::vector<std::string> Names = cpp::returnNames(F.func());
  std::vector<std::string> Lines;
  for (size_t I = 0; I < Returns.size(); ++I) {
    std::optional<CType> Type =
        cpp::returnType(Returns[I], /*SymInt=*/true,
                        CppArgumentContext::forFunction(F), Context.CppOptions);
    Lines.push_back((Type ? Type->cppType() : "") + " " + Names[I] + ";");
  }
  return joined(Lines, "\n");
}

std::string KernelEmitter::returnValue() const {
  std::vector<std::string> Names = cpp::returnNames(F.func());
  if (F.func().Returns.size() == 1)
    return Names.front();
  if (IsOutFn)
    return "std::forward_as_tuple(" + joined(Names, ", ") + ")";
  for (std::string &N : Names)
    N = "std::move(" + N + ")";
  return "std::make_tuple(" + joined(Names, ", ") + ")";
}

std::string KernelEmitter::emitHistory() {
  bool Rebase = (Inplace || IsOutFn) && !ViewInfo;
  std::string Outputs =
      "flatten_tensor_args( " +
      (IsInplaceForeach ? std::string("self")
                        : joined(namesOf(DifferentiableOutputs), ", ")) +
      " )";
  if (!IsInplaceForeach) {
    TemplateEnv Env;
    Env.set("outputs", Outputs).set("fn", Rebase ? "rebase" : "set");
    return T.substitute(Rebase ? "rebase_history" : "set_history", Env);
  }
  // The rebasing statement and what it may need declared before the loop
  // (the nodes it returns, for the creation hooks) are the profile's.
  TemplateEnv Env;
  Env.set("preamble", "auto differentiable_outputs = " + Outputs +
                          ";\nTORCH_INTERNAL_ASSERT(differentiable_outputs."
                          "size() == grad_fns.size());")
      .set("statements",
           Rebase ? T.text("rebase_history_foreach")
                  : "set_history(differentiable_outputs[i], grad_fns[i]);");
  std::string Declare = Rebase ? T.text("declare_rebased_fns") : "";
  return Declare + T.substitute("loop_over_grad_fns", Env);
}

std::string KernelEmitter::emitFireCreationHooks() {
  bool Rebase = (Inplace || IsOutFn) && !ViewInfo;
  TemplateEnv Env;
  if (!IsInplaceForeach) {
    Env.set("node", Rebase ? "_rebased_fn" : "grad_fn");
    return T.substitute("fire_node_creation_hooks", Env);
  }
  Env.set("node", Rebase ? "_rebased_fns[i]" : "grad_fns[i]");
  return T.substitute("fire_node_creation_hooks_foreach", Env);
}

std::vector<std::string> KernelEmitter::emitComplexCheck() {
  std::vector<std::string> Body;
  if (Context.Lists.GradientImplementedForComplex.contains(BaseName))
    return Body;
  // torchgen compares the spelling with TENSOR_LIST_LIKE_CTYPES.
  CType Tensor = CType::base(ctypes::TensorT);
  std::string ListLike[] = {
      CType::base(ctypes::TensorListT).cppType(),
      CType::constRef(CType::list(CType::optional(
                          Tensor, Context.CppOptions.OptionalTemplate)))
          .cppType(),
      CType::constRef(CType::base(ctypes::ITensorListRefT)).cppType()};
  for (const Differentiable &Out : DifferentiableOutputs)
    if (Out.CppType == Tensor.cppType() || is_contained(ListLike, Out.CppType))
      Body.push_back("throw_error_for_complex_autograd(" + Out.Name + ", \"" +
                     BaseName + "\");");
  return Body;
}

std::string KernelEmitter::emitSaveOutputs() {
  if (IsOutFn || !Info || !Info->hasDerivatives())
    return "";
  std::vector<std::string> Statements =
      saveFields(/*IsOutput=*/true, /*Guarded=*/false);
  if (Statements.empty())
    return "";
  TemplateEnv Env;
  Env.setList("statements", std::move(Statements));
  if (!IsInplaceForeach)
    return T.substitute("conditional", Env.set("cond", "grad_fn"));
  return T.substitute("loop_over_grad_fns", Env.set("preamble", ""));
}

bool KernelEmitter::decideDerivatives() {
  DifferentiableOutputs = differentiableOutputs(F, Info, Context.CppOptions);
  bool Undifferentiable =
      Context.Lists.DontRequireDerivative.contains(BaseName) ||
      Context.Lists.DontRequireDerivative.contains(Name);
  RequiresDerivative = !Undifferentiable && !DifferentiableInputs.empty() &&
                       (!DifferentiableOutputs.empty() || IsInplaceForeach);
  if (Info && Info->hasDerivatives() && !RequiresDerivative &&
      !F.func().Returns.empty())
    return error(diag::kernel_derivative_ignored,
                 "the derivatives of '" + Name +
                     "' would be ignored: it has no differentiable " +
                     (DifferentiableInputs.empty() ? "input" : "output"));
  if (RequiresDerivative && !FwDerivatives.empty() && !IsInplaceForeach) {
    size_t NumVarNames = 0;
    for (const ForwardDerivative &D : FwDerivatives)
      NumVarNames += D.VarNames.size();
    if (NumVarNames != DifferentiableOutputs.size())
      return error(
          diag::kernel_forward_arity,
          "the forward formulas define " + Twine(NumVarNames) +
              (NumVarNames == 1 ? " output" : " outputs") + ", but '" +
              F.func().Name.str() + "' has " +
              Twine(DifferentiableOutputs.size()) + " differentiable " +
              (DifferentiableOutputs.size() == 1 ? "output" : "outputs") +
              "; define all of them or none",
          forwardLoc(FwDerivatives.front()));
  }
  bool ModifiesArguments = Inplace || IsOutFn;
  TryJitDecomposition = RequiresDerivative && FwDerivatives.empty() &&
                        !ModifiesArguments && !ReturnsVoid;
  return true;
}

std::vector<std::string> KernelEmitter::emitForwardAD() {
  if (IsOutFn) {
    if (std::optional<std::string> Forbid = emitForbidForwardDerivatives(true))
      return {*Forbid};
    return {};
  }
  if (!RequiresDerivative || TryJitDecomposition)
    return {};
  if (!FwDerivatives.empty())
    return emitForwardDerivatives();
  if (std::optional<std::string> Forbid = emitForbidForwardDerivatives(false))
    return {*Forbid};
  return {};
}

bool KernelEmitter::checkResetGradAccumulator() {
  if (Inplace ||
      !Context.Lists.ResetGradAccumulator.contains(F.func().Name.Name.str()))
    return true;
  return error(diag::kernel_reset_grad_accumulator,
               "'" + F.func().Name.Name.str() +
                   "' is listed to reset the grad accumulator, which only an "
                   "in-place function can do",
               F.funcLoc());
}

bool KernelEmitter::check() {
  if (!computeInputs() || !decideDerivatives())
    return false;
  // emitAnyHasForwardGrad's checks, of the kernels that have the block.
  if (RequiresDerivative && !IsForeach)
    for (const ForwardDerivative &D : FwDerivatives)
      if (!D.RequiredInputsFwGrad || D.RequiredInputsFwGrad->empty())
        checkTangentFree(D);
  checkResetGradAccumulator();
  return !Failed;
}

std::optional<std::vector<std::string>> KernelEmitter::emitBody() {
  if (!computeInputs() || !decideDerivatives())
    return std::nullopt;
  std::vector<std::string> Body = unpackArguments();
  if (RequiresDerivative) {
    Body.push_back(emitAnyRequiresGrad());
    append_range(Body, emitAnyHasForwardGrad());
    append_range(Body, emitCheckInplace());
    append_range(Body, emitOriginalSelfDefinition());
    append_range(Body, setupDerivative());
  }
  if (Context.Options.DeclareReturnedVariables)
    Body.push_back(declareReturnedVariables());
  Body.push_back(emitCall());
  if (RequiresDerivative) {
    Body.push_back(emitHistory());
    append_range(Body, emitComplexCheck());
  }
  append_range(Body, emitForwardAD());
  if (RequiresDerivative) {
    Body.push_back(emitSaveOutputs());
    Body.push_back(emitFireCreationHooks());
  }
  if (Context.Lists.ResetGradAccumulator.contains(F.func().Name.Name.str())) {
    if (!checkResetGradAccumulator())
      return std::nullopt;
    Body.push_back("reset_grad_accumulator(self);");
  }
  if (!ReturnsVoid)
    Body.push_back("return " + returnValue() + ";");
  if (Failed)
    return std::nullopt;
  return Body;
}

} // namespace gradgen
