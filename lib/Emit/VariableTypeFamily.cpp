//===- VariableTypeFiles.cpp - VariableType.h and the sharded kernels ------===//
//
// torchgen's gen_variable_type and gen_variable_type_func: which functions
// get a kernel (use_derived), the kernels and registrations of each dispatch
// key, the shard of each function, and the files.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "FileFamilies.h"
#include "gradgen/Autograd/NodeOptions.h"
#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Emit/Sharding.h"
#include "gradgen/Schema/DispatcherAPI.h"
#include "gradgen/Schema/SchemaOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

static constexpr const char *KernelTemplateNames[] = {
    "method_definition",
    "registration",
    "fallback_registration",
    "library_impl",
    "save_tensor_storage",
    "enforce_same_tensor_storage",
    "save_tensorlist_storage",
    "enforce_same_tensorlist_storage",
    "save_optionaltensorlist_storage",
    "enforce_same_optionaltensorlist_storage",
    "save_tensor_impl",
    "enforce_same_tensor_impl",
    "enforce_tensor_impl_use_count",
    "enforce_storage_use_count",
    "save_tensorlist_impl",
    "enforce_same_tensorlist_impl",
    "save_optionaltensorlist_impl",
    "enforce_same_optionaltensorlist_impl",
    "declare_grad_fn",
    "any_requires_grad",
    "setup_derivative",
    "forbid_requires_grad",
    "assign_grad_fn",
    "redispatch",
    "call_jvp_decomposition",
    "call_with_result",
    "call_without_result",
    "set_history",
    "rebase_history",
    "fire_node_creation_hooks",
    "conditional",
    "debug_only",
    "fw_grad_defined",
    "fw_grad_defined_list",
    "fw_unpack_tangent",
    "fw_update_wrapped_number",
    "fw_unpack_primal",
    "fw_set_tensor",
    "fw_set_tuple_element",
    "fw_set_tensor_list",
    "fw_derivative",
    "fw_forbid",
    "forbid_reason_out",
    "forbid_reason_not_implemented",
    "any_has_forward_grad",
    "saved_variable_list",
    "fw_grad_defined_required_list",
};

/// Only for profiles with foreach kernels.
static constexpr const char *ForeachTemplateNames[] = {
    "declare_grad_fns",
    "assign_grad_fns",
    "fire_node_creation_hooks_foreach",
    "loop_over_grad_fns",
    "declare_rebased_fns",
    "rebase_history_foreach",
    "fw_list_size_check",
    "fw_set_tensor_foreach",
    "fw_derivative_foreach",
};

std::optional<KernelTemplates> KernelTemplates::load(TemplateSet &Templates,
                                                     bool ForeachKernels,
                                                     DiagnosticEngine &Diags) {
  KernelTemplates Result;
  bool OK = true;
  std::vector<StringRef> Names(std::begin(KernelTemplateNames),
                               std::end(KernelTemplateNames));
  if (ForeachKernels)
    Names.insert(Names.end(), std::begin(ForeachTemplateNames),
                 std::end(ForeachTemplateNames));
  for (StringRef Name : Names) {
    Expected<const CodeTemplate &> Template =
        Templates.get(("variable-type/kernel/" + Name + ".tmpl").str());
    if (!Template) {
      reportTemplateError(Template.takeError(), Diags, diag::emit_template);
      OK = false;
      continue;
    }
    Result.Templates[Name] = &*Template;
  }
  if (!OK)
    return std::nullopt;
  return Result;
}

void KernelTemplates::record(Error E) const {
  if (!E)
    return;
  if (!FirstError)
    FirstError = toString(std::move(E));
  else
    consumeError(std::move(E));
}

std::string KernelTemplates::substitute(StringRef Name,
                                        const TemplateEnv &Env) const {
  std::string Text;
  record(Templates.lookup(Name)->substitute(Env, Text));
  return Text;
}

StringRef KernelTemplates::bindingCheck(StringRef Name,
                                        StringRef Binding) const {
  Expected<const std::string &> Text = BindingChecks.substitute(
      *Templates.lookup(Name), Binding, [&](TemplateEnv &Env) {
        Env.set("tensor", Binding)
            .set("out_tensor", Binding)
            .set("list", Binding);
      });
  if (!Text) {
    record(Text.takeError());
    return "";
  }
  return *Text;
}

Error KernelTemplates::takeError() const {
  if (!FirstError)
    return Error::success();
  std::string Message = std::move(*FirstError);
  FirstError.reset();
  return createStringError(inconvertibleErrorCode(), Message);
}

/// gen_variable_type's use_derived: whether Fn gets a kernel of its own.
static bool useDerived(const VariableTypeLists &Lists, const FunctionInfos &Fn,
                       ArrayRef<const DifferentiabilityInfo *> Infos) {
  if (Lists.isManualAutograd(cpp::name(Fn.Func->func())))
    return false;
  return Fn.Func->IsAbstract ||
         any_of(Infos, [](const DifferentiabilityInfo *Info) {
           return Info->hasDerivatives();
         });
}

/// Whether F, without infos, only registers the autograd fallback instead
/// of a kernel of its own.
static bool registersFallback(const KernelContext &Context,
                              const NativeFunction &F) {
  const VariableTypeLists &Lists = Context.Lists;
  std::string Name = cpp::name(F.func());
  std::string KernelName = dispatcher::kernelName(F.func());
  return !Lists.ResetGradAccumulator.contains(F.func().Name.Name.str()) &&
         !Lists.DontRequireDerivative.contains(F.func().Name.Name.Base) &&
         !differentiableOutputs(F, nullptr, Context.CppOptions).empty() &&
         !Lists.DontEnforceSameTensorImplOrStorage.contains(Name) &&
         !Lists.DontEnforceStorageImplUseCount.contains(KernelName) &&
         !Lists.DontEnforceTensorImplUseCount.contains(KernelName);
}

namespace {

/// One kernel (or fallback registration) in the shard of its function.
struct ShardItem {
  std::string Key;
  unsigned Shard;
  std::string Kernel, Registration;
};

class VariableTypeWriter {
public:
  VariableTypeWriter(const DerivativesDatabase &Database,
                     const KernelContext &Context, EmitContext &Emit)
      : Database(Database), Context(Context), Emit(Emit) {}

  /// Emits every kernel; false after reporting errors.
  bool run();
  /// The files, from the file template (with a placeholder per dispatch
  /// key's section) and the header's.
  bool write(const CodeTemplate &FileTemplate, const CodeTemplate &Header,
             EmitContext &Emit);

private:
  void addFunction(const FunctionInfos &Fn,
                   ArrayRef<const DifferentiabilityInfo *> Infos);
  void addKernel(const FunctionInfos &Fn, const DifferentiabilityInfo *Info,
                 StringRef Key, unsigned Shard);
  void add(StringRef Key, unsigned Shard, std::string Kernel,
           std::string Registration);
  std::vector<std::string> sectionKeys() const;

  const DerivativesDatabase &Database;
  const KernelContext &Context;
  EmitContext &Emit;
  std::vector<ShardItem> Items;
  bool Failed = false;
};

} // namespace

void VariableTypeWriter::add(StringRef Key, unsigned Shard, std::string Kernel,
                             std::string Registration) {
  Items.push_back(
      {Key.str(), Shard, std::move(Kernel), std::move(Registration)});
}

void VariableTypeWriter::addKernel(const FunctionInfos &Fn,
                                   const DifferentiabilityInfo *Info,
                                   StringRef Key, unsigned Shard) {
  const NativeFunction &F = *Fn.Func;
  std::vector<ForwardDerivative> Forward;
  if (Info)
    Forward = kernelForwardDerivatives(F, *Info, Fn.ExactMatch);
  KernelEmitter Emitter(Context, F, Info, std::move(Forward));
  std::optional<std::vector<std::string>> Body = Emitter.emitBody();
  if (Error E = Context.Templates.takeError()) {
    reportTemplateError(std::move(E), Context.Diags, diag::emit_template);
    Failed = true;
    return;
  }
  if (!Body) {
    Failed = true;
    return;
  }
  std::string KernelName = dispatcher::kernelName(F.func(), Key);
  std::optional<CType> ReturnType = cpp::returnsType(
      F.func().Returns, /*SymInt=*/true, CppArgumentContext::forFunction(F),
      Context.CppOptions);
  TemplateEnv Env;
  Env.set("return_type", ReturnType ? ReturnType->cppType() : "")
      .set("kernel_name", KernelName)
      .set("formals",
           Emit.kernelSignature(F).Formals.value_or(""))
      .setList("body", std::move(*Body))
      .set("operator_name", F.func().Name.str());
  add(Key, Shard, Context.Templates.substitute("method_definition", Env),
      Context.Templates.substitute("registration", Env));
}

/// gen_variable_type_func's checks of the function itself.
static bool checkFunction(const KernelContext &Context, const NativeFunction &F,
                          ArrayRef<const DifferentiabilityInfo *> Infos) {
  std::string Name = cpp::name(F.func());
  const VariableTypeLists &Lists = Context.Lists;
  bool OK = true;
  if (Lists.ManualBackend.contains(Name) != *F.ManualKernelRegistration) {
    SMLoc Loc = F.ManualKernelRegistration.Range.isValid()
                    ? F.ManualKernelRegistration.loc()
                    : F.funcLoc();
    Context.Diags.report(diag::kernel_manual_kernel_registration, Loc,
        *F.ManualKernelRegistration
            ? "'" + Name +
                  "' registers its kernels by hand, but the profile does not "
                  "list it in manual-backend"
            : "the profile lists '" + Name +
                  "' in manual-backend, but it does not set "
                  "'manual_kernel_registration: True'");
    OK = false;
  }
  const DifferentiabilityInfo *WithDerivatives = nullptr;
  for (const DifferentiabilityInfo *Info : Infos)
    if (Info->hasDerivatives() && !WithDerivatives)
      WithDerivatives = Info;
  if ((Lists.ManualAutogradAndTracer.contains(Name) || WithDerivatives) &&
      !F.IsAbstract) {
    SMLoc Loc = WithDerivatives && WithDerivatives->Entry
                    ? WithDerivatives->Entry->Name.loc()
                    : F.funcLoc();
    Context.Diags
        .report(diag::kernel_no_dispatch, Loc,
               "'" + Name +
                   "' has a derivative formula, so its native function needs "
                   "a 'dispatch:' section with explicit backends (e.g. CPU, "
                   "CUDA or CompositeExplicitAutograd)")
        .note(F.funcLoc(), "declared here without one", F.Func.Range);
    OK = false;
  }
  return OK;
}

void VariableTypeWriter::addFunction(
    const FunctionInfos &Fn, ArrayRef<const DifferentiabilityInfo *> Infos) {
  const NativeFunction &F = *Fn.Func;
  if (!checkFunction(Context, F, Infos)) {
    Failed = true;
    return;
  }
  std::string Name = cpp::name(F.func());
  unsigned Shard = Emit.shardOf(Name, Context.Options.Shards);
  if (Infos.empty() && registersFallback(Context, F)) {
    TemplateEnv Env;
    Env.set("operator_name", F.func().Name.str());
    add("Default", Shard, "",
        Context.Templates.substitute("fallback_registration", Env));
    return;
  }
  if (Infos.empty()) {
    addKernel(Fn, nullptr, "Default", Shard);
    return;
  }
  for (const DifferentiabilityInfo *Info : Infos)
    addKernel(Fn, Info, Info->DispatchKey, Shard);
}

std::vector<std::string> VariableTypeWriter::sectionKeys() const {
  std::vector<std::string> Keys = Database.UsedDispatchKeys;
  if (Context.Options.SectionOrder.empty()) {
    llvm::sort(Keys);
    return Keys;
  }
  std::vector<std::string> Ordered;
  for (const std::string &Key : Context.Options.SectionOrder)
    if (is_contained(Keys, Key))
      Ordered.push_back(Key);
  for (const std::string &Key : Keys)
    if (!is_contained(Ordered, Key))
      Ordered.push_back(Key);
  return Ordered;
}

bool VariableTypeWriter::run() {
  for (const FunctionInfos &Fn : Database.Functions) {
    std::vector<const DifferentiabilityInfo *> Infos = Database.infosOf(Fn);
    if (useDerived(Context.Lists, Fn, Infos) && Emit.selectsAny(Infos))
      addFunction(Fn, Infos);
  }
  return !Failed;
}

static std::string definitionsKey(StringRef Key) {
  return ("type_derived_method_definitions_" + Key).str();
}
static std::string registrationsKey(StringRef Key) {
  return ("wrapper_registrations_" + Key).str();
}

bool VariableTypeWriter::write(const CodeTemplate &FileTemplate,
                               const CodeTemplate &Header, EmitContext &Emit) {
  DiagnosticEngine &Diags = Context.Diags;
  // torchgen writes the file template with a placeholder per dispatch key,
  // then fills those per shard.
  std::vector<std::string> Keys = sectionKeys();
  std::vector<std::string> Definitions, Libraries, ListKeys;
  for (const std::string &Key : Keys) {
    Definitions.push_back("${" + definitionsKey(Key) + "}");
    TemplateEnv Env;
    Env.set("dispatch_key", Key == "Default" ? "Autograd" : Key)
        .set("registrations", "${" + registrationsKey(Key) + "}");
    Libraries.push_back(Context.Templates.substitute("library_impl", Env));
    ListKeys.push_back(definitionsKey(Key));
    ListKeys.push_back(registrationsKey(Key));
  }
  TemplateEnv OuterEnv;
  // torchgen's FileManager writes this comment where the caller gives none,
  // naming itself as the generator.
  OuterEnv
      .set("generated_comment",
           "@generated by torchgen/gen.py from VariableType.cpp")
      .set("type_derived_method_definitions", join(Definitions, "\n\n"))
      .set("wrapper_registrations", join(Libraries, "\n\n"));
  Expected<std::string> Intermediate = FileTemplate.substitute(OuterEnv);
  if (!Intermediate) {
    reportTemplateError(Intermediate.takeError(), Diags, diag::emit_template);
    return false;
  }
  Expected<CodeTemplate> PerShard = CodeTemplate::compile(
      *Intermediate, "VariableType.cpp (per dispatch key)",
      FileTemplate.getStyle());
  if (!PerShard) {
    reportTemplateError(PerShard.takeError(), Diags, diag::emit_template);
    return false;
  }

  std::vector<StringRef> ListKeyRefs(ListKeys.begin(), ListKeys.end());
  ShardedFile Files("VariableType.cpp", Context.Options.Shards, ListKeyRefs);
  for (ShardItem &Item : Items) {
    Files.append(Item.Shard, definitionsKey(Item.Key), std::move(Item.Kernel));
    Files.append(Item.Shard, registrationsKey(Item.Key),
                 std::move(Item.Registration));
  }
  TemplateEnv HeaderEnv;
  return writeFromTemplate(Emit, "VariableType.h", "VariableType.h", Header,
                           HeaderEnv) &&
         Files.write(*PerShard, Emit);
}

namespace {

/// torchgen's gen_variable_type as a file family.
class VariableTypeFamily : public FileFamily {
public:
  bool loadTemplates(TemplateSet &Templates, EmitContext &Emit) override {
    DiagnosticEngine &Diags = Emit.getDiags();
    const Profile &TheProfile = Emit.getProfile();
    Lists = Emit.variableTypeLists();
    if (!Lists)
      return false;
    CppOptions = cppAPIOptionsOf(Emit);
    Kernel = KernelTemplates::load(
        Templates, VariableTypeOptions::of(TheProfile).ForeachKernels, Diags);
    bool OK = Kernel.has_value();
    OK &= loadPyTorchTemplate(Templates, Emit, "VariableType.cpp",
                              {"generated_comment",
                               "type_derived_method_definitions",
                               "wrapper_registrations"},
                              FileTemplate);
    OK &= loadPyTorchTemplate(Templates, Emit, "VariableType.h",
                              {"generated_comment"}, HeaderTemplate);
    return OK;
  }

  bool emit(EmitContext &Emit) override {
    const NodeModelSet *Nodes = Emit.nodes();
    if (!Nodes)
      return false;
    KernelContext Context{*Lists,
                          VariableTypeOptions::of(Emit.getProfile()),
                          *Kernel,
                          CppOptions,
                          Emit.getDiags(),
                          &Emit,
                          Nodes};
    VariableTypeWriter Writer(Emit.getDatabase(), Context, Emit);
    return Writer.run() && Writer.write(*FileTemplate, *HeaderTemplate, Emit);
  }

private:
  const VariableTypeLists *Lists = nullptr;
  CppAPIOptions CppOptions;
  std::optional<KernelTemplates> Kernel;
  const CodeTemplate *FileTemplate = nullptr;
  const CodeTemplate *HeaderTemplate = nullptr;
};

} // namespace

bool checkAutogradKernels(const DerivativesDatabase &Database,
                          const VariableTypeLists &Lists,
                          const VariableTypeOptions &Options,
                          const CppAPIOptions &CppOptions,
                          DiagnosticEngine &Diags) {
  // The kernels VariableTypeWriter::run emits, every one of them: no
  // selection of operators applies to a check.
  KernelTemplates NoTemplates;
  KernelContext Context{Lists, Options, NoTemplates, CppOptions, Diags};
  bool OK = true;
  for (const FunctionInfos &Fn : Database.Functions) {
    std::vector<const DifferentiabilityInfo *> Infos = Database.infosOf(Fn);
    if (!useDerived(Lists, Fn, Infos))
      continue;
    const NativeFunction &F = *Fn.Func;
    if (!checkFunction(Context, F, Infos)) {
      OK = false;
      continue;
    }
    if (Infos.empty()) {
      if (!registersFallback(Context, F))
        OK &= KernelEmitter(Context, F, nullptr, {}).check();
      continue;
    }
    for (const DifferentiabilityInfo *Info : Infos)
      OK &= KernelEmitter(Context, F, Info,
                          kernelForwardDerivatives(F, *Info, Fn.ExactMatch))
                .check();
  }
  return OK;
}

std::unique_ptr<FileFamily> createVariableTypeFamily() {
  return std::make_unique<VariableTypeFamily>();
}

} // namespace gradgen
