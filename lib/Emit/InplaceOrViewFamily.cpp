//===- InplaceOrViewFamily.cpp - ADInplaceOrViewType_N.cpp ----------------===//
//
// torchgen's gen_inplace_or_view_type: the ADInplaceOrView kernels. An
// in-place or out= kernel calls the operator below ADInplaceOrView and bumps
// the version counter of what it returns; a view kernel makes its output a
// view of its base (as_view), with the functions that replay the view and its
// inverse when the base cannot be as_strided.
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"
#include "KernelEmitter.h"
#include "KernelFamily.h"
#include "ViewKernels.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/Sharding.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Emit/VariableType.h"
#include "gradgen/Schema/DispatcherAPI.h"
#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {
namespace {

constexpr const char *TemplateNames[] = {
    "method_definition",  "registration",         "ops_header",
    "inplace_redispatch", "view_redispatch",      "assign_return_value",
    "setup_replay_view",  "replay_view_func",     "arrayref_to_vec",
    "optional_to_val",    "multi_output_as_view", "single_output_as_view",
    "no_grad_as_view",
};

/// Only for profiles whose views are replayed by ViewFunc classes.
constexpr const char *ViewFuncTemplateNames[] = {"reverse_replay_view",
                                                 "multi_output_view"};

class InplaceOrViewWriter : public KernelWriter {
public:
  InplaceOrViewWriter(EmitContext &Emit, const VariableTypeLists &Lists,
                      const CppAPIOptions &CppOptions,
                      const NamedTemplates &Templates)
      : KernelWriter(Emit, Lists, CppOptions, Templates),
        ViewFuncClasses(
            InplaceOrViewOptions::of(Emit.getProfile()).ViewFuncClasses) {}

  /// The view info of F: the argument its outputs view, if it is a view.
  std::optional<std::string> viewInfo(const NativeFunction &F) const {
    return viewInfoOf(F, Lists);
  }

  bool hasKernel(const NativeFunction &F) const {
    return viewInfo(F) || (modifiesArguments(F) && !F.func().Returns.empty());
  }

  std::optional<KernelText> kernel(const NativeFunction &F,
                                   const DifferentiabilityInfo *DefaultInfo);

private:
  std::optional<std::string> viewFunc(const NativeFunction &F,
                                      ArrayRef<Binding> Bindings,
                                      StringRef ViewIdx);
  std::optional<std::pair<std::string, std::string>>
  viewBody(const NativeFunction &F, const DifferentiabilityInfo *DefaultInfo,
           StringRef Var);

  /// InplaceOrViewOptions::ViewFuncClasses.
  bool ViewFuncClasses;
};

std::optional<std::string>
InplaceOrViewWriter::viewFunc(const NativeFunction &F,
                              ArrayRef<Binding> Bindings, StringRef ViewIdx) {
  std::string Optional = CppOptions.OptionalTemplate;
  std::string Replay;
  std::vector<std::string> UpdatedArgs, ViewFuncArgs;
  for (const Binding &B : Bindings) {
    if (B.Name == "self") {
      UpdatedArgs.push_back("input_base");
      continue;
    }
    std::string Name = B.Name;
    // 1.13's lambda names its tensors as unpacked (`other_`), but the
    // nested tensors' sizes and strides by their own names.
    if (!ViewFuncClasses && B.Arg.Arg && B.Arg.Arg->Ty->isTensorLike() &&
        !B.Arg.Arg->Ty->isNullable() &&
        !((Name == "nested_size" || Name == "nested_strides") &&
          B.type() == "const at::Tensor &"))
      Name += "_";
    ViewFuncArgs.push_back(B.Name);
    std::string Type = B.type();
    if (Type == "at::IntArrayRef" || Type == "c10::SymIntArrayRef") {
      TemplateEnv Env;
      Env.set("arg", B.Name).set("vec", B.Name + "_vec");
      Replay += subst("arrayref_to_vec", Env);
      UpdatedArgs.push_back(B.Name + "_vec");
    } else if (Type == Optional + "<int64_t>") {
      TemplateEnv Env;
      Env.set("arg", B.Name).set("val", B.Name + "_val").set("default", "0");
      Replay += subst("optional_to_val", Env);
      UpdatedArgs.push_back(B.Name + "_val");
    } else if (is_contained({std::string("int64_t"), std::string("c10::SymInt"),
                             Optional + "<c10::SymInt>", std::string("bool"),
                             std::string("const at::Tensor &"),
                             "const " + Optional + "<at::Tensor> &"},
                            Type)) {
      UpdatedArgs.push_back(Name);
    } else {
      Emit.getDiags().report(diag::kernel_argument_type, F.funcLoc(),
          "the view '" + cpp::name(F.func()) + "' has an argument '" + B.Name +
              "' of type '" + Type +
              "', which its view replay function cannot capture by value");
      return std::nullopt;
    }
  }
  if (!ViewIdx.empty())
    ViewFuncArgs.push_back(ViewIdx.str());
  TemplateEnv ReplayEnv;
  ReplayEnv.set("view_func_name", viewFuncName(F, /*Qualified=*/true))
      .setList("view_func_args", ViewFuncArgs)
      .set("unambiguous_name", F.func().Name.unambiguousName())
      .setList("unpacked_args", UpdatedArgs);
  Replay += subst("replay_view_func", ReplayEnv);

  std::string Reverse;
  if (ViewFuncClasses) {
    std::vector<std::string> ReverseArgs = {
        "self", "input_view",
        "at::functionalization::InverseReturnMode::AlwaysView"};
    if (!ViewIdx.empty())
      ReverseArgs.push_back(ViewIdx.str());
    ReverseArgs.insert(ReverseArgs.end(), UpdatedArgs.begin() + 1,
                       UpdatedArgs.end());
    TemplateEnv ReverseEnv;
    ReverseEnv.set("unambiguous_name", F.func().Name.unambiguousName())
        .setList("unpacked_args", ReverseArgs);
    Reverse = subst("reverse_replay_view", ReverseEnv);
  }
  TemplateEnv SetupEnv;
  SetupEnv
      .set("is_view_with_metadata_change",
           Lists.ViewFunctionsWithMetadataChange.contains(cpp::name(F.func()))
               ? "true"
               : "false")
      .set("replay_view_func", Replay)
      .set("reverse_replay_view_func", Reverse);
  return subst("setup_replay_view", SetupEnv);
}

std::optional<std::pair<std::string, std::string>>
InplaceOrViewWriter::viewBody(const NativeFunction &F,
                              const DifferentiabilityInfo *DefaultInfo,
                              StringRef Var) {
  std::string ViewInfo = *viewInfo(F);
  std::vector<Differentiable> Outputs =
      differentiableOutputs(F, DefaultInfo, CppOptions);
  TemplateEnv Env;
  Env.set("base", ViewInfo).set("var", Var);
  if (Outputs.empty())
    return std::pair(std::string(), subst("no_grad_as_view", Env));
  bool Unique = all_of(Outputs, [&](const Differentiable &D) {
    return D.Name == Outputs.front().Name;
  });
  const Type *Ty = Outputs.front().Ty;
  if (!Unique || !Ty->isTensorLike()) {
    Emit.getDiags().report(diag::emit_error, F.funcLoc(),
        "the view '" + cpp::name(F.func()) +
            "' must return one differentiable Tensor or Tensor[]");
    return std::nullopt;
  }
  std::optional<std::optional<std::string>> Call;
  const std::optional<std::vector<Binding>> &Bindings =
      Emit.kernelSignature(F).Arguments;
  if (!Bindings)
    return std::nullopt;
  if (Ty->isListLike() && !ViewFuncClasses) {
    // 1.13: the list is one view of its base, without a replay function.
    return std::pair(subst("multi_output_as_view", Env),
                     "std::move(" + Var.str() + ")");
  }
  if (Ty->isListLike()) {
    std::optional<std::string> Func = viewFunc(F, *Bindings, "view_idx");
    if (!Func)
      return std::nullopt;
    Env.set("view_idx", "view_idx");
    TemplateEnv LoopEnv;
    LoopEnv.set("var", Var)
        .set("view_idx", "view_idx")
        .set("body", StringRef(*Func).trim().str() + "\n" +
                         subst("multi_output_as_view", Env));
    return std::pair(subst("multi_output_view", LoopEnv),
                     "std::move(" + Var.str() + ")");
  }
  std::optional<std::string> Func = viewFunc(F, *Bindings, "");
  if (!Func)
    return std::nullopt;
  return std::pair(*Func, subst("single_output_as_view", Env));
}

std::optional<KernelText>
InplaceOrViewWriter::kernel(const NativeFunction &F,
                            const DifferentiabilityInfo *DefaultInfo) {
  const FunctionSchema &Func = F.func();
  const std::optional<std::vector<Binding>> &Bindings =
      Emit.kernelSignature(F).Arguments;
  if (!Bindings)
    return std::nullopt;
  std::vector<std::string> Args = {"ks & c10::after_ADInplaceOrView_keyset"};
  for (const Binding &B : *Bindings)
    Args.push_back(B.Name);
  std::vector<std::string> Returns = cpp::returnNames(Func);
  std::vector<std::string> Body;
  TemplateEnv CallEnv;
  CallEnv.set("unambiguous_name", Func.Name.unambiguousName())
      .set("unpacked_args", join(Args, ", "));
  if (modifiesArguments(F)) {
    Body.push_back(subst("inplace_redispatch", CallEnv));
    for (const std::string &Name : Returns)
      Body.push_back("increment_version(" + Name + ");");
  } else {
    CallEnv.set("assign_return_values", "auto _tmp = ");
    Body.push_back(subst("view_redispatch", CallEnv));
    std::optional<std::pair<std::string, std::string>> View =
        viewBody(F, DefaultInfo, "_tmp");
    if (!View)
      return std::nullopt;
    Body.push_back(View->first);
    std::string Tie =
        Func.Returns.size() == 1
            ? "auto " + Func.Returns.front().Name.value_or("result")
            : "auto [" + join(Returns, ", ") + "]";
    TemplateEnv AssignEnv;
    AssignEnv.set("return_values", Tie).set("rhs_value", View->second);
    Body.push_back(subst("assign_return_value", AssignEnv));
  }
  if (!Func.Returns.empty())
    Body.push_back("return " + kernelReturnValue(Func) + ";");
  std::optional<CType> ReturnType =
      cpp::returnsType(Func.Returns, /*SymInt=*/true,
                       CppArgumentContext::forFunction(F), CppOptions);
  return render(F, ReturnType ? ReturnType->cppType() : "",
                Emit.kernelSignature(F).Formals.value_or(""),
                std::move(Body));
}

class InplaceOrViewFamily : public ShardedKernelFamily {
public:
  InplaceOrViewFamily()
      : ShardedKernelFamily("inplace-or-view", "ADInplaceOrViewType.cpp",
                            "inplace_or_view") {}

  bool loadTemplates(TemplateSet &Templates, EmitContext &Emit) override {
    if (!loadKernelFamilyInputs(Emit, CppOptions, Lists))
      return false;
    std::vector<const char *> Names(std::begin(TemplateNames),
                                    std::end(TemplateNames));
    if (InplaceOrViewOptions::of(Emit.getProfile()).ViewFuncClasses)
      Names.insert(Names.end(), std::begin(ViewFuncTemplateNames),
                   std::end(ViewFuncTemplateNames));
    return loadKernelTemplates(Templates, Emit, Names);
  }

  bool emit(EmitContext &Emit) override {
    const DerivativesDatabase &Database = Emit.getDatabase();
    InplaceOrViewWriter Writer(Emit, *Lists, *CppOptions, KernelTemplates);
    ShardedFile Files =
        shardedFiles(InplaceOrViewOptions::of(Emit.getProfile()).Shards);
    for (const FunctionInfos &Fn : Database.Functions) {
      const NativeFunction &F = *Fn.Func;
      if (!usesDerivedKernels(Fn, Database, *Lists) || !Writer.hasKernel(F))
        continue;
      const DifferentiabilityInfo *DefaultInfo = nullptr;
      for (const DifferentiabilityInfo *Info : Database.infosOf(Fn))
        if (Info->DispatchKey == "Default")
          DefaultInfo = Info;
      std::optional<KernelText> Kernel = Writer.kernel(F, DefaultInfo);
      if (!Kernel)
        return false;
      append(Files, F, std::move(*Kernel), Emit);
    }
    return write(Files, Emit);
  }
};

} // namespace

std::optional<std::string> viewInfoOf(const NativeFunction &F,
                                      const VariableTypeLists &Lists) {
  StringRef Base = F.func().Name.Name.Base;
  auto It = Lists.ViewFunctions.find(Base);
  if (It != Lists.ViewFunctions.end())
    return It->second;
  if (Lists.ReturnsViewsOfInput.contains(Base))
    return std::string("self");
  return std::nullopt;
}

bool modifiesArguments(const NativeFunction &F) {
  SchemaKind Kind = F.func().kind();
  return Kind == SchemaKind::Inplace || Kind == SchemaKind::Out;
}

bool usesDerivedKernels(const FunctionInfos &Fn,
                        const DerivativesDatabase &Database,
                        const VariableTypeLists &Lists) {
  const NativeFunction &F = *Fn.Func;
  return !Lists.isManualAutograd(cpp::name(F.func())) &&
         (F.IsAbstract ||
          any_of(Database.infosOf(Fn), [](const DifferentiabilityInfo *I) {
            return I->hasDerivatives();
          }));
}

std::string viewFuncName(const NativeFunction &F, bool Qualified,
                         bool CamelCase) {
  std::string Name = F.func().Name.unambiguousName() + "_view_func";
  std::string Result = Qualified ? "torch::autograd::generated::" : "";
  if (!CamelCase)
    return Result + Name;
  if (StringRef(Name).starts_with("_"))
    Result += "_";
  SmallVector<StringRef, 8> Parts;
  StringRef(Name).split(Parts, '_');
  for (StringRef Part : Parts) {
    // Python's str.title(): upper after a non-letter, lower after a letter.
    bool AfterLetter = false;
    for (char C : Part) {
      Result += AfterLetter ? toLower(C) : toUpper(C);
      AfterLetter = isAlpha(C);
    }
  }
  return Result;
}

std::string kernelReturnValue(const FunctionSchema &Func) {
  std::vector<std::string> Names = cpp::returnNames(Func);
  if (Func.Returns.size() == 1)
    return Names.front();
  if (Func.kind() == SchemaKind::Out)
    return "std::forward_as_tuple(" + join(Names, ", ") + ")";
  for (std::string &Name : Names)
    Name = "std::move(" + Name + ")";
  return "std::make_tuple(" + join(Names, ", ") + ")";
}

std::unique_ptr<FileFamily> createInplaceOrViewFamily() {
  return std::make_unique<InplaceOrViewFamily>();
}

} // namespace gradgen
