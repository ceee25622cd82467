//===- KernelFamily.cpp - Sharded files of per-operator kernels -----------===//

#include "KernelFamily.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Schema/DispatcherAPI.h"
#include "gradgen/Support/Diagnostics.h"

using namespace llvm;

namespace gradgen {

StringRef KernelWriter::substFor(StringRef Name, StringRef Key,
                                 function_ref<void(TemplateEnv &)> Fill) {
  Expected<const std::string &> Text =
      Memo.substitute(*Templates.lookup(Name), Key, Fill);
  if (!Text) {
    reportEmitError(Text.takeError(), Emit.getDiags());
    return "";
  }
  return *Text;
}

KernelText KernelWriter::render(const NativeFunction &F, StringRef ReturnType,
                                StringRef Formals,
                                std::vector<std::string> Body) {
  const FunctionSchema &Func = F.func();
  TemplateEnv Env;
  // The parameters outlive the three substitutions; the root name is F's.
  Env.setRef("return_type", ReturnType)
      .set("type_wrapper_name", dispatcher::kernelName(Func))
      .setRef("formals", Formals)
      .setList("type_definition_body", std::move(Body))
      .set("unqual_operator_name_with_overload", Func.Name.str())
      .setRef("root_name", F.rootName());
  return {subst("method_definition", Env), subst("registration", Env),
          subst("ops_header", Env)};
}

bool ShardedKernelFamily::loadKernelTemplates(TemplateSet &Templates,
                                              EmitContext &Emit,
                                              ArrayRef<const char *> Names) {
  std::vector<std::string> Paths;
  for (StringRef Name : Names)
    Paths.push_back(Folder + "/" + Name.str() + ".tmpl");
  std::vector<std::pair<StringRef, const CodeTemplate **>> Slots;
  for (size_t I = 0; I < Paths.size(); ++I)
    Slots.push_back({Paths[I], &KernelTemplates[Names[I]]});
  std::string Definitions = Prefix + "_method_definitions";
  std::string Registrations = Prefix + "_wrapper_registrations";
  bool OK = loadPyTorchTemplate(
      Templates, Emit, File,
      {"generated_comment", "ops_headers", Definitions, Registrations},
      FileTemplate);
  return loadFamilyTemplates(Templates, Emit, Slots) && OK;
}

ShardedFile ShardedKernelFamily::shardedFiles(unsigned NumShards) const {
  std::string Definitions = Prefix + "_method_definitions";
  std::string Registrations = Prefix + "_wrapper_registrations";
  return ShardedFile(File, NumShards,
                     {"ops_headers", Definitions, Registrations});
}

void ShardedKernelFamily::append(ShardedFile &Files, const NativeFunction &F,
                                 KernelText Kernel, EmitContext &Emit) const {
  unsigned Shard = Emit.shardOf(F.rootName(), Files.getNumShards());
  Files.append(Shard, "ops_headers", std::move(Kernel.OpsHeader));
  Files.append(Shard, Prefix + "_method_definitions",
               std::move(Kernel.Definition));
  Files.append(Shard, Prefix + "_wrapper_registrations",
               std::move(Kernel.Registration));
}

bool ShardedKernelFamily::write(ShardedFile &Files, EmitContext &Emit) const {
  return !Emit.getDiags().hasErrors() && Files.write(*FileTemplate, Emit);
}

} // namespace gradgen
