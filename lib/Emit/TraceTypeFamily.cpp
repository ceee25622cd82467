//===- TraceTypeFamily.cpp - TraceType_N.cpp ------------------------------===//
//
// torchgen's gen_trace_type: the Tracer kernels. While the JIT traces, a
// kernel records a node of the operator with its inputs, calls the operator
// below the Tracer key with tracing off, and records its outputs. In-place
// and out= operators are recorded under their out-of-place name when the
// trace forces out-of-place operators.
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"
#include "KernelFamily.h"
#include "ViewKernels.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/Sharding.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Emit/VariableType.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/DispatcherAPI.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {
namespace {

constexpr const char *TemplateNames[] = {
    "method_definition", "registration", "ops_header",    "select",
    "op_name",           "add_input",    "inplace_guard", "pre_record",
    "post_record",       "add_output",   "redispatch",    "out_factory_inputs",
    "rename_add_args",
};

bool hasTensorLikeReturn(const FunctionSchema &Func) {
  return any_of(Func.Returns,
                [](const Return &R) { return R.Ty->isTensorLike(); });
}

class TraceWriter : public KernelWriter {
public:
  TraceWriter(EmitContext &Emit, const VariableTypeLists &Lists,
              const CppAPIOptions &CppOptions,
              const NamedTemplates &Templates)
      : KernelWriter(Emit, Lists, CppOptions, Templates),
        Options(TraceTypeOptions::of(Emit.getProfile())),
        DeclareReturnedVariables(VariableTypeOptions::of(Emit.getProfile())
                                     .DeclareReturnedVariables) {}

  std::optional<KernelText> kernel(const NativeFunction &F);

private:
  std::string select(StringRef True, StringRef False) {
    TemplateEnv Env;
    Env.setRef("cond", "tracer_state->force_outplace")
        .setRef("true", True)
        .setRef("false", False);
    return subst("select", Env);
  }
  std::string opName(StringRef TraceName) {
    auto It = Lists.RenameTrace.find(TraceName);
    TemplateEnv Env;
    Env.setRef("trace_name", It == Lists.RenameTrace.end()
                                 ? TraceName
                                 : StringRef(It->second));
    return subst("op_name", Env);
  }
  /// Records the argument Name as the input of the same name.
  StringRef addInput(StringRef Name) {
    return substFor("add_input", Name,
                    [&](TemplateEnv &Env) {
                      Env.set("name", Name).set("input", Name);
                    })
        .rtrim("\n");
  }
  std::string addOutputs(ArrayRef<std::string> Names) {
    std::string Result;
    for (const std::string &Name : Names)
      Result += substFor("add_output", Name,
                         [&](TemplateEnv &Env) { Env.set("name", Name); });
    return Result;
  }

  bool shouldTrace(const NativeFunction &F) const;
  /// True for in-place and out= functions recorded under two names.
  bool isInplace(const FunctionSchema &Func) const {
    SchemaKind Kind = Func.kind();
    return (Kind == SchemaKind::Inplace || Kind == SchemaKind::Out) &&
           !Func.Name.Name.DunderMethod;
  }
  std::string setOpName(const FunctionSchema &Func);
  std::string traceInputs(const NativeFunction &F);
  std::string preRecord(const NativeFunction &F);
  std::string postRecord(const FunctionSchema &Func);
  std::optional<std::vector<std::string>> body(const NativeFunction &F);

  const TraceTypeOptions &Options;
  /// The kernels' VariableTypeOptions::DeclareReturnedVariables.
  bool DeclareReturnedVariables;
};

bool TraceWriter::shouldTrace(const NativeFunction &F) const {
  return gradgen::shouldTrace(F.func(), Options, Lists);
}

std::string TraceWriter::setOpName(const FunctionSchema &Func) {
  SchemaKind Kind = Func.kind();
  if (Kind == SchemaKind::Functional || Kind == SchemaKind::Out ||
      Func.Name.Name.DunderMethod)
    return opName(Func.Name.Name.str());
  return select(opName(Func.Name.Name.Base), opName(cpp::name(Func)));
}

std::string TraceWriter::traceInputs(const NativeFunction &F) {
  const FunctionSchema &Func = F.func();
  ArgumentRefs Args = Func.schemaOrderArguments();
  const std::vector<Argument> &Out = Func.Args.Out;
  if (!Out.empty())
    Args.resize(Args.size() - (Options.AllOutArguments ? Out.size() : 1));
  std::vector<StringRef> Inputs;
  Inputs.reserve(Args.size() + 1);
  for (const Argument *A : Args)
    Inputs.push_back(addInput(A->Name));
  std::string Selected;
  if (!Out.empty()) {
    std::vector<StringRef> Inplace;
    for (const Argument &A :
         ArrayRef(Out).take_front(Options.AllOutArguments ? Out.size() : 1))
      Inplace.push_back(addInput(A.Name));
    bool HasTensorInput = any_of(Func.Args.flatNonOut(), [](const Argument *A) {
      return A->Ty->isTensorLike();
    });
    bool IsFactory = (F.CategoryOverride->has_value() &&
                      **F.CategoryOverride == "factory") ||
                     (hasTensorLikeReturn(Func) && !HasTensorInput) ||
                     Func.Name.Name.Base == "normal";
    std::string Outplace =
        IsFactory ? subst("out_factory_inputs", TemplateEnv()) : "";
    Selected = select(StringRef(Outplace).rtrim("\n"), join(Inplace, "\n"));
    Inputs.push_back(Selected);
  }
  return join(Inputs, "\n");
}

std::string TraceWriter::preRecord(const NativeFunction &F) {
  const FunctionSchema &Func = F.func();
  std::string Inputs = traceInputs(F);
  std::string Guard;
  if (isInplace(Func)) {
    if (Lists.RenameTraceAddArgs.contains(Func.Name.Name.Base))
      Inputs += select(subst("rename_add_args", TemplateEnv()), "");
    TemplateEnv GuardEnv;
    GuardEnv.set("name", cpp::name(Func))
        .setRef("mutable_input", Func.Args.Out.empty()
                                     ? StringRef("self")
                                     : StringRef(Func.Args.Out.front().Name));
    Guard = subst("inplace_guard", GuardEnv);
  }
  TemplateEnv Env;
  Env.set("set_op_name", setOpName(Func))
      .setRef("add_trace_inputs", Inputs)
      .setRef("inplace_guard", Guard);
  return subst("pre_record", Env);
}

std::string TraceWriter::postRecord(const FunctionSchema &Func) {
  std::vector<std::string> Returns = cpp::returnNames(Func);
  std::string Outputs = addOutputs(Returns);
  if (Func.isOutFn()) {
    std::vector<std::string> OutNames;
    for (const Argument &A : Func.Args.Out)
      OutNames.push_back(A.Name);
    if (OutNames != Returns) {
      TemplateEnv Env;
      Env.set("cond", "force_outplace")
          .set("true", StringRef(addOutputs(OutNames)).rtrim("\n"))
          .set("false", StringRef(Outputs).rtrim("\n"));
      Outputs = subst("select", Env);
    }
  }
  TemplateEnv Env;
  Env.setRef("add_trace_outputs", Outputs);
  return subst("post_record", Env);
}

std::optional<std::vector<std::string>>
TraceWriter::body(const NativeFunction &F) {
  const FunctionSchema &Func = F.func();
  bool Traced = shouldTrace(F);
  std::vector<std::string> Body;
  Body.reserve(6);
  Body.push_back(Traced ? preRecord(F) : "");
  std::vector<std::string> Returns = cpp::returnNames(Func);
  SchemaKind Kind = Func.kind();
  bool Declared = DeclareReturnedVariables && !modifiesArguments(F) &&
                  Func.Returns.size() > 1;
  if (DeclareReturnedVariables) {
    std::vector<std::string> Declarations;
    for (size_t I = 0; Declared && I < Func.Returns.size(); ++I) {
      std::optional<CType> Ty =
          cpp::returnType(Func.Returns[I], /*SymInt=*/true,
                          CppArgumentContext::forFunction(F), CppOptions);
      if (!Ty)
        return std::nullopt;
      Declarations.push_back(Ty->cppType() + " " + Returns[I] + ";");
    }
    Body.push_back(join(Declarations, "\n"));
  }
  const std::optional<std::vector<Binding>> &Bindings =
      Emit.kernelSignature(F).Arguments;
  if (!Bindings)
    return std::nullopt;
  std::vector<std::string> Args;
  Args.reserve(Bindings->size() + 1);
  Args.push_back("ks & c10::DispatchKeySet(c10::DispatchKeySet::FULL_AFTER, "
                 "c10::DispatchKey::Tracer)");
  for (const Binding &B : *Bindings)
    Args.push_back(B.Name);
  std::string Assign;
  if ((Kind == SchemaKind::Functional || Kind == SchemaKind::Mutable) &&
      !Func.Returns.empty()) {
    if (Func.Returns.size() == 1)
      Assign = "auto " + Func.Returns.front().Name.value_or("result") + " = ";
    else if (DeclareReturnedVariables)
      Assign = "std::tie(" + join(Returns, ", ") + ") = ";
    else
      Assign = "auto [" + join(Returns, ", ") + "] = ";
  }
  TemplateEnv CallEnv;
  CallEnv.setRef("assign_return_values", Assign)
      .set("unambiguous_name", Func.Name.unambiguousName())
      .set("unpacked_args", join(Args, ", "));
  Body.push_back(subst("redispatch", CallEnv));
  Body.push_back(Traced ? postRecord(Func) : "");
  if (!Func.Returns.empty())
    Body.push_back("return " + kernelReturnValue(Func) + ";");
  return Body;
}

std::optional<KernelText> TraceWriter::kernel(const NativeFunction &F) {
  const FunctionSchema &Func = F.func();
  std::optional<std::vector<std::string>> Body = body(F);
  const std::optional<std::string> &Formals =
      Emit.kernelSignature(F).Formals;
  std::optional<CType> ReturnType =
      cpp::returnsType(Func.Returns, /*SymInt=*/true,
                       CppArgumentContext::forFunction(F), CppOptions);
  if (!Body || !Formals || !ReturnType) {
    Emit.getDiags().report(diag::kernel_argument_type, F.funcLoc(),
                           "'" + Func.Name.str() +
                               "' has a type without a C++ spelling");
    return std::nullopt;
  }
  return render(F, ReturnType->cppType(), *Formals, std::move(*Body));
}

class TraceTypeFamily : public ShardedKernelFamily {
public:
  TraceTypeFamily()
      : ShardedKernelFamily("trace-type", "TraceType.cpp", "trace") {}

  bool loadTemplates(TemplateSet &Templates, EmitContext &Emit) override {
    return loadKernelFamilyInputs(Emit, CppOptions, Lists) &&
           loadKernelTemplates(Templates, Emit, TemplateNames);
  }

  bool emit(EmitContext &Emit) override {
    TraceWriter Writer(Emit, *Lists, *CppOptions, KernelTemplates);
    ShardedFile Files =
        shardedFiles(TraceTypeOptions::of(Emit.getProfile()).Shards);
    for (const NativeFunction *F : Emit.getDatabase().NativeFunctions) {
      if (Lists->isManualAutograd(cpp::name(F->func())))
        continue;
      std::optional<KernelText> Kernel = Writer.kernel(*F);
      if (!Kernel)
        return false;
      append(Files, *F, std::move(*Kernel), Emit);
    }
    return write(Files, Emit);
  }
};

} // namespace

bool shouldTrace(const FunctionSchema &Func, const TraceTypeOptions &Options,
                 const VariableTypeLists &Lists) {
  for (const Argument *A : Func.schemaOrderArguments())
    if (Options.isUntraceable(A->Ty->str()))
      return false;
  return hasTensorLikeReturn(Func) &&
         !Lists.DontRecordTrace.contains(Func.Name.Name.Base);
}

std::unique_ptr<FileFamily> createTraceTypeFamily() {
  return std::make_unique<TraceTypeFamily>();
}

} // namespace gradgen
