//===- ViewFuncsFamily.cpp - ViewFuncs.h and ViewFuncs.cpp ----------------===//
//
// torchgen's gen_view_funcs: a ViewFunc class for every out-of-place view
// with generated kernels. It keeps the view's arguments by value, replays
// the view on a new base, and exposes its SymInts and Tensors so that they
// can be swapped (clone_and_set).
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"
#include "ViewKernels.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Schema/DispatcherAPI.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {
namespace {

/// The getter and setter statements of a ViewFunc's SymInts or Tensors, and
/// the expression of their number (generate_state_getter_setter).
struct StateAccess {
  std::vector<std::string> Get, Set;
  std::string Num;
};

/// The lines of a substituted template: a state template's lines are the
/// getter, the setter and the number of items of one argument; the vector
/// template's are the declaration, the reservation, the return, the index and
/// the index's advance.
SmallVector<std::string, 5> templateLines(const CodeTemplate &Template,
                                          const TemplateEnv &Env,
                                          EmitContext &Emit) {
  SmallVector<StringRef, 5> Lines;
  std::string Text = substituteOrReport(Template, Env, Emit);
  StringRef(Text).rtrim("\n").split(Lines, '\n');
  SmallVector<std::string, 5> Result(Lines.begin(), Lines.end());
  Result.resize(5);
  return Result;
}

/// The type a ViewFunc keeps an argument of C++ type Type in: owning, without
/// const and reference.
std::string storedType(StringRef Type) {
  if (Type == "at::IntArrayRef")
    return "::std::vector<int64_t>";
  if (Type == "c10::SymIntArrayRef")
    return "::std::vector<c10::SymInt>";
  Type.consume_front("const ");
  Type.consume_back(" &");
  return Type.str();
}

class ViewFuncsFamily : public FileFamily {
public:
  bool loadTemplates(TemplateSet &Templates, EmitContext &Emit) override {
    if (!loadKernelFamilyInputs(Emit, CppOptions, Lists))
      return false;
    bool OK = loadPyTorchTemplate(
        Templates, Emit, "ViewFuncs.h",
        {"generated_comment", "ops_headers", "view_func_declarations"},
        HeaderTemplate);
    OK &= loadPyTorchTemplate(Templates, Emit, "ViewFuncs.cpp",
                              {"generated_comment", "view_func_definitions"},
                              SourceTemplate);
    OK &= loadFamilyTemplates(
        Templates, Emit,
        {{"view-funcs/declaration.tmpl", &DeclarationTemplate},
         {"view-funcs/definition.tmpl", &DefinitionTemplate},
         {"view-funcs/call.tmpl", &CallTemplate},
         {"view-funcs/ops_header.tmpl", &OpsHeaderTemplate},
         {"view-funcs/state_list.tmpl", &ListStateTemplate},
         {"view-funcs/state_optional.tmpl", &OptionalStateTemplate},
         {"view-funcs/state_single.tmpl", &SingleStateTemplate},
         {"view-funcs/state_vector.tmpl", &VectorTemplate}});
    return OK;
  }

  bool emit(EmitContext &Emit) override {
    const DerivativesDatabase &Database = Emit.getDatabase();
    std::vector<std::string> Declarations, Definitions, Headers;
    for (const FunctionInfos &Fn : Database.Functions) {
      const NativeFunction &F = *Fn.Func;
      if (!usesDerivedKernels(Fn, Database, *Lists) || !viewInfoOf(F, *Lists) ||
          modifiesArguments(F))
        continue;
      std::optional<TemplateEnv> Env = classEnv(F, Emit);
      if (!Env)
        return false;
      Declarations.push_back(
          substituteOrReport(*DeclarationTemplate, *Env, Emit));
      Definitions.push_back(
          substituteOrReport(*DefinitionTemplate, *Env, Emit));
      Headers.push_back(substituteOrReport(*OpsHeaderTemplate, *Env, Emit));
    }
    TemplateEnv Env;
    Env.setList("view_func_declarations", std::move(Declarations))
        .setList("view_func_definitions", std::move(Definitions))
        .setList("ops_headers", std::move(Headers));
    return !Emit.getDiags().hasErrors() &&
           writeFromTemplate(Emit, "ViewFuncs.h", "ViewFuncs.h",
                             *HeaderTemplate, Env) &&
           writeFromTemplate(Emit, "ViewFuncs.cpp", "ViewFuncs.cpp",
                             *SourceTemplate, Env);
  }

private:
  std::optional<TemplateEnv> classEnv(const NativeFunction &F,
                                      EmitContext &Emit);
  StateAccess stateAccess(ArrayRef<const Binding *> Bindings, StringRef Vec,
                          StringRef VecType, EmitContext &Emit);

  std::optional<CppAPIOptions> CppOptions;
  const VariableTypeLists *Lists = nullptr;
  const CodeTemplate *HeaderTemplate = nullptr;
  const CodeTemplate *SourceTemplate = nullptr;
  const CodeTemplate *DeclarationTemplate = nullptr;
  const CodeTemplate *DefinitionTemplate = nullptr;
  const CodeTemplate *CallTemplate = nullptr;
  const CodeTemplate *OpsHeaderTemplate = nullptr;
  const CodeTemplate *ListStateTemplate = nullptr;
  const CodeTemplate *OptionalStateTemplate = nullptr;
  const CodeTemplate *SingleStateTemplate = nullptr;
  const CodeTemplate *VectorTemplate = nullptr;
};

StateAccess ViewFuncsFamily::stateAccess(ArrayRef<const Binding *> Bindings,
                                         StringRef Vec, StringRef VecType,
                                         EmitContext &Emit) {
  StateAccess Access;
  std::vector<std::string> Nums;
  for (size_t I = 0; I < Bindings.size(); ++I) {
    const Type *Ty = Bindings[I]->Arg.Arg->Ty;
    const CodeTemplate *Template = Ty->isListLike()   ? ListStateTemplate
                                   : Ty->isOptional() ? OptionalStateTemplate
                                                      : SingleStateTemplate;
    TemplateEnv Env;
    Env.set("vec", Vec).set("name", Bindings[I]->Name);
    SmallVector<std::string, 5> Lines = templateLines(*Template, Env, Emit);
    Access.Get.push_back(Lines[0]);
    Access.Set.push_back(Lines[1]);
    Nums.push_back(Lines[2]);
  }
  Access.Num = Nums.empty() ? "0" : join(Nums, " + ");
  TemplateEnv Env;
  Env.set("vec", Vec).set("vec_type", VecType).set("num", Access.Num);
  SmallVector<std::string, 5> Vector =
      templateLines(*VectorTemplate, Env, Emit);
  if (!Bindings.empty()) {
    Access.Get.insert(Access.Get.begin(), Vector[1]);
    // Every setter but the last advances the index by its items.
    for (size_t I = Nums.size() - 1; I-- > 0;) {
      TemplateEnv Advance;
      Advance.set("vec", Vec).set("vec_type", VecType).set("num", Nums[I]);
      Access.Set.insert(Access.Set.begin() + I + 1,
                        templateLines(*VectorTemplate, Advance, Emit)[4]);
    }
    Access.Set.insert(Access.Set.begin(), Vector[3]);
  }
  Access.Get.insert(Access.Get.begin(), Vector[0]);
  Access.Get.push_back(Vector[2]);
  return Access;
}

std::optional<TemplateEnv> ViewFuncsFamily::classEnv(const NativeFunction &F,
                                                     EmitContext &Emit) {
  const FunctionSchema &Func = F.func();
  const std::optional<std::vector<Binding>> &Bindings =
      Emit.kernelSignature(F).Arguments;
  if (!Bindings) {
    Emit.getDiags().report(diag::kernel_argument_type, F.funcLoc(),
                          "the view '" + Func.Name.str() +
                              "' has an argument type without a C++ spelling");
    return std::nullopt;
  }
  std::vector<std::string> ConstructorArgs, CloneArgs, State, Initializers;
  std::vector<std::string> CallArgs = {"input_base"};
  std::vector<const Binding *> SymInts, Tensors;
  for (const Binding &B : *Bindings) {
    if (B.Name == "self")
      continue;
    ConstructorArgs.push_back(B.type() + " " + B.Name);
    CloneArgs.push_back(B.Name);
    CallArgs.push_back(B.Name);
    std::string Stored = storedType(B.type());
    State.push_back(Stored + " " + B.Name + ";");
    bool Owning =
        Stored != B.type() && StringRef(Stored).starts_with("::std::vector");
    Initializers.push_back(B.Name + "(" + B.Name + (Owning ? ".vec()" : "") +
                           ")");
    if (B.Arg.Arg && B.Arg.Arg->Ty->isSymIntLike())
      SymInts.push_back(&B);
    if (B.Arg.Arg && B.Arg.Arg->Ty->isTensorLike())
      Tensors.push_back(&B);
  }
  TemplateEnv CallEnv;
  CallEnv.set("unambiguous_name", Func.Name.unambiguousName())
      .setList("unpacked_args", CallArgs);
  std::string Call = substituteOrReport(*CallTemplate, CallEnv, Emit);
  const Type *Ret =
      Func.Returns.size() == 1 ? Func.Returns.front().Ty : nullptr;
  if (Ret && Ret->isListLike() && Ret->isTensorLike()) {
    ConstructorArgs.push_back("int64_t view_idx");
    CloneArgs.push_back("view_idx");
    State.push_back("int64_t view_idx;");
    Initializers.push_back("view_idx(view_idx)");
    Call += "[view_idx]";
  }
  StateAccess SymIntAccess =
      stateAccess(SymInts, "symints", "::std::vector<c10::SymInt>", Emit);
  StateAccess TensorAccess =
      stateAccess(Tensors, "tensors", "::std::vector<at::Tensor>", Emit);
  TemplateEnv Env;
  Env.set("op", viewFuncName(F, /*Qualified=*/false))
      .set("uppercase_op",
           StringRef(viewFuncName(F, /*Qualified=*/false, /*CamelCase=*/false))
               .upper())
      .set("initializer_list",
           Initializers.empty() ? "" : ": " + join(Initializers, ", "))
      .setList("state", std::move(State))
      .setList("constructor_args", std::move(ConstructorArgs))
      .setList("clone_args", std::move(CloneArgs))
      .setList("get_symints", std::move(SymIntAccess.Get))
      .setList("set_symints", std::move(SymIntAccess.Set))
      .set("num_symints", SymIntAccess.Num)
      .setList("get_tensors", std::move(TensorAccess.Get))
      .setList("set_tensors", std::move(TensorAccess.Set))
      .set("num_tensors", TensorAccess.Num)
      .set("op_call", Call)
      .set("root_name", F.rootName());
  return Env;
}

} // namespace

std::unique_ptr<FileFamily> createViewFuncsFamily() {
  return std::make_unique<ViewFuncsFamily>();
}

} // namespace gradgen
