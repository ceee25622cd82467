//===- PythonBindingsFamily.cpp - The Python bindings of ATen -------------===//
//
// torchgen's gen_python_functions (gen_autograd_python but the Node
// classes): the bindings of every operator with one (should_generate_py_
// binding), as Tensor methods (python_variable_methods.cpp), torch.*
// functions (python_torch_functions_N.cpp, sharded by base name) and the
// functions of torch.nn, fft, linalg, nested, sparse and special; and the
// structseq types of named returns (python_return_types.cpp/.h). Every
// Python signature comes from gradgen/Schema/PythonAPI.h; the templates
// are the PyTorch tree's files and the profile's python-bindings/.
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"
#include "PythonMethodWriter.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Emit/VariableType.h"
#include "gradgen/Support/NamePatterns.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace gradgen {

using namespace python;

namespace {

/// One file of bindings of functions (or methods) of a Python module.
struct ModuleFile {
  const char *FileName;
  /// The module, "torch.nn"; empty: Tensor methods.
  const char *Module;
  /// The python_module: of the functions it binds; null: none.
  const char *PythonModule;
};

constexpr ModuleFile ModuleFiles[] = {
    {"python_nn_functions.cpp", "torch.nn", "nn"},
    {"python_fft_functions.cpp", "torch.fft", "fft"},
    {"python_linalg_functions.cpp", "torch.linalg", "linalg"},
    {"python_nested_functions.cpp", "torch.nested", "nested"},
    {"python_sparse_functions.cpp", "torch.sparse", "sparse"},
    {"python_special_functions.cpp", "torch.special", "special"},
};

/// The placeholders of python_return_types.cpp that list the structseqs for
/// the module, in some version.
constexpr StringRef ReturnTypesLists[] = {"py_return_types_map",
                                          "py_return_types_registrations"};

/// The overloads of one Python name (a BaseOperatorName), in the order the
/// pairs list them.
struct NameGroup {
  std::string Name;
  /// The base name: the ops header and the shard key.
  std::string Base;
  bool DunderMethod = false;
  std::vector<const SignaturePair *> Overloads;
};

/// group_filter_overloads: the pairs Pred accepts by name, in order of
/// first appearance.
std::vector<NameGroup>
groupByName(ArrayRef<SignaturePair> Pairs,
            function_ref<bool(const NativeFunction &)> Pred) {
  std::vector<NameGroup> Groups;
  StringMap<size_t> Index;
  for (const SignaturePair &Pair : Pairs) {
    if (!Pred(*Pair.Function))
      continue;
    const BaseOperatorName &Name = Pair.Function->func().Name.Name;
    std::string Key = Name.str();
    auto [It, Inserted] = Index.try_emplace(Key, Groups.size());
    if (Inserted)
      Groups.push_back({Key, Name.Base, Name.DunderMethod, {}});
    Groups[It->second].Overloads.push_back(&Pair);
  }
  return Groups;
}

std::vector<const NameGroup *>
sortedByName(const std::vector<NameGroup> &Groups) {
  std::vector<const NameGroup *> Sorted;
  for (const NameGroup &G : Groups)
    Sorted.push_back(&G);
  llvm::sort(Sorted, [](const NameGroup *A, const NameGroup *B) {
    return A->Name < B->Name;
  });
  return Sorted;
}

bool isPythonModule(const NativeFunction &F, const char *Module) {
  const std::optional<std::string> &Of = *F.PythonModule;
  return Module ? Of && *Of == Module : !Of;
}

class PythonBindingsFamily : public FileFamily {
public:
  bool loadTemplates(TemplateSet &Templates, EmitContext &Context) override;
  bool emit(EmitContext &Context) override;

private:
  bool shouldGenerate(const NativeFunction &F) const;
  bool shouldTrace(const NativeFunction &F) const;
  PythonMethodWriter writer(EmitContext &Context) const;
  bool writeModuleFile(EmitContext &Context, const CodeTemplate &Template,
                       StringRef FileName, StringRef Module,
                       ArrayRef<SignaturePair> Pairs, const char *PythonModule,
                       bool Method);
  bool writeTorchFunctions(EmitContext &Context, ArrayRef<SignaturePair> Pairs);
  bool writeReturnTypes(EmitContext &Context, ArrayRef<SignaturePair> Pairs);
  std::optional<std::vector<PythonMethodText>>
  render(EmitContext &Context, ArrayRef<const NameGroup *> Groups,
         StringRef Module, bool Method);

  const PythonBindingsOptions *Options = nullptr;
  const TraceTypeOptions *TraceOptions = nullptr;
  const VariableTypeLists *Lists = nullptr;
  NamePatterns SkipFunctions;
  PythonMethodTemplates Snippets;
  const CodeTemplate *TorchFunctions = nullptr;
  const CodeTemplate *VariableMethods = nullptr;
  std::vector<const CodeTemplate *> ModuleTemplates;
  const CodeTemplate *ReturnTypes = nullptr;
  const CodeTemplate *ReturnTypesHeader = nullptr;
  const CodeTemplate *ReturnTypeDefinition = nullptr;
  const CodeTemplate *ReturnTypeEntry = nullptr;
  const CodeTemplate *ReturnTypeDeclaration = nullptr;
};

} // namespace

bool PythonBindingsFamily::loadTemplates(TemplateSet &Templates,
                                         EmitContext &Context) {
  const Profile &P = Context.getProfile();
  Options = &PythonBindingsOptions::of(P);
  TraceOptions = &TraceTypeOptions::of(P);
  Lists = Context.variableTypeLists();
  SkipFunctions = NamePatterns(Options->SkipFunctions);
  TemplateLoader Loader(Templates, Context.getDiags());
  TorchFunctions =
      Loader.getPyTorch("python_torch_functions.cpp",
                        {"generated_comment", "ops_headers", "py_forwards",
                         "py_method_defs", "shard_id", "py_methods"});
  VariableMethods = Loader.getPyTorch(
      "python_variable_methods.cpp",
      {"generated_comment", "ops_headers", "py_methods", "py_method_defs"});
  for (const ModuleFile &File : ModuleFiles)
    ModuleTemplates.push_back(Loader.getPyTorch(
        File.FileName, {"generated_comment", "ops_headers", "py_forwards",
                        "py_method_defs", "py_methods"}));
  // The profile's list placeholder is required, the other versions' may be
  // there (the example tree's template serves every profile).
  std::vector<std::string> ReturnTypesFills = {"generated_comment",
                                               "py_return_types"};
  for (StringRef List : ReturnTypesLists)
    ReturnTypesFills.push_back((List == Options->ReturnTypesList ? "" : "?") +
                               List.str());
  if (!is_contained(ReturnTypesLists, StringRef(Options->ReturnTypesList)))
    ReturnTypesFills.push_back(Options->ReturnTypesList);
  ReturnTypes = Loader.getPyTorch(
      "python_return_types.cpp",
      std::vector<StringRef>(ReturnTypesFills.begin(), ReturnTypesFills.end()));
  if (Options->ReturnTypesHeader)
    ReturnTypesHeader = Loader.getPyTorch(
        "python_return_types.h",
        {"generated_comment", "py_return_types_declarations"});
  ReturnTypeDefinition =
      Loader.get("python-bindings/return_type_definition.tmpl");
  ReturnTypeEntry = Loader.get("python-bindings/return_type_entry.tmpl");
  if (Options->ReturnTypesHeader)
    ReturnTypeDeclaration =
        Loader.get("python-bindings/return_type_declaration.tmpl");
  Snippets.load(Loader, *Options);
  return Loader.ok() && Lists;
}

bool PythonBindingsFamily::shouldGenerate(const NativeFunction &F) const {
  if (F.hasTag("generated") &&
      !(Options->BindGeneratedViewCopies && F.hasTag("view_copy")))
    return false;
  if (SkipFunctions.matches(cpp::name(F.func())))
    return false;
  return !is_contained(Options->SkipSignatures, F.func().str());
}

bool PythonBindingsFamily::shouldTrace(const NativeFunction &F) const {
  return gradgen::shouldTrace(F.func(), *TraceOptions, *Lists);
}

PythonMethodWriter PythonBindingsFamily::writer(EmitContext &Context) const {
  return PythonMethodWriter{
      Snippets, *Options, cppAPIOptionsOf(Context),
      [this](const NativeFunction &F) { return shouldTrace(F); }};
}

std::optional<std::vector<PythonMethodText>>
PythonBindingsFamily::render(EmitContext &Context,
                             ArrayRef<const NameGroup *> Groups,
                             StringRef Module, bool Method) {
  PythonMethodWriter Writer = writer(Context);
  return Context.map<PythonMethodText>(Groups.size(), [&](size_t I) {
    const NameGroup &G = *Groups[I];
    return Writer.write(G.Name, G.DunderMethod, Module, G.Overloads, Method);
  });
}

bool PythonBindingsFamily::writeModuleFile(EmitContext &Context,
                                           const CodeTemplate &Template,
                                           StringRef FileName, StringRef Module,
                                           ArrayRef<SignaturePair> Pairs,
                                           const char *PythonModule,
                                           bool Method) {
  // A module's file binds every variant of its functions.
  std::vector<NameGroup> Groups =
      groupByName(Pairs, [&](const NativeFunction &F) {
        return isPythonModule(F, PythonModule) &&
               (PythonModule || F.Variants->contains(Variant::Method));
      });
  std::vector<const NameGroup *> Sorted = sortedByName(Groups);
  std::optional<std::vector<PythonMethodText>> Texts =
      render(Context, Sorted, Module, Method);
  if (!Texts)
    return false;
  std::vector<std::string> Headers, Forwards, Methods, Defs;
  for (auto [G, Text] : zip(Sorted, *Texts)) {
    Methods.push_back(std::move(Text.Impl));
    Defs.push_back(std::move(Text.Def));
    if (!Method)
      Forwards.push_back(std::move(Text.ForwardDecl));
    Headers.push_back("#include <ATen/ops/" + G->Base + ".h>");
  }
  TemplateEnv Env;
  Env.setList("ops_headers", std::move(Headers))
      .setList("py_methods", std::move(Methods))
      .setList("py_method_defs", std::move(Defs));
  if (!Method)
    Env.setList("py_forwards", std::move(Forwards));
  return writeFromTemplate(Context, FileName, FileName, Template, Env);
}

bool PythonBindingsFamily::writeTorchFunctions(EmitContext &Context,
                                               ArrayRef<SignaturePair> Pairs) {
  std::vector<NameGroup> Groups =
      groupByName(Pairs, [](const NativeFunction &F) {
        return !F.PythonModule->has_value() &&
               F.Variants->contains(Variant::Function);
      });
  std::vector<const NameGroup *> InOrder;
  for (const NameGroup &G : Groups)
    InOrder.push_back(&G);
  std::optional<std::vector<PythonMethodText>> Texts =
      render(Context, InOrder, "torch", /*Method=*/false);
  if (!Texts)
    return false;
  ShardedFile Shards(
      "python_torch_functions.cpp", Options->TorchFunctionsShards,
      {"ops_headers", "py_forwards", "py_methods", "py_method_defs"});
  for (auto [G, Text] : zip(InOrder, *Texts)) {
    unsigned Shard = Shards.shardOf(G->Base);
    Shards.append(Shard, "ops_headers",
                  "#include <ATen/ops/" + G->Base + ".h>");
    Shards.append(Shard, "py_forwards", std::move(Text.ForwardDecl));
    Shards.append(Shard, "py_methods", std::move(Text.Impl));
    Shards.append(Shard, "py_method_defs", std::move(Text.Def));
  }
  return Shards.write(*TorchFunctions, Context);
}

bool PythonBindingsFamily::writeReturnTypes(EmitContext &Context,
                                            ArrayRef<SignaturePair> Pairs) {
  std::vector<NameGroup> Groups =
      groupByName(Pairs, [](const NativeFunction &) { return true; });
  std::vector<std::string> Definitions, Entries, Declarations;
  for (const NameGroup *G : sortedByName(Groups)) {
    std::vector<std::string> Keys, GroupDefinitions, GroupEntries,
        GroupDeclarations;
    for (const SignaturePair *Overload : G->Overloads) {
      const NativeFunction &F = *Overload->Function;
      Expected<std::vector<std::string>> Fields =
          structseqFieldNames(F.func().Returns, F.funcLoc());
      if (!Fields) {
        reportEmitError(Fields.takeError(), Context.getDiags());
        return false;
      }
      if (Fields->empty())
        continue;
      std::string Key = cpp::name(F.func()) + "_" + join(*Fields, "_");
      if (is_contained(Keys, Key))
        continue;
      std::string Name = cpp::name(F.func());
      std::string Typename =
          Name + "NamedTuple" +
          (Keys.empty() ? std::string() : std::to_string(Keys.size()));
      Keys.push_back(Key);
      std::vector<std::string> FieldPairs;
      for (const std::string &Field : *Fields)
        FieldPairs.push_back("{\"" + Field + "\", \"\"}");
      TemplateEnv Env;
      Env.set("name", Name)
          .set("typename", Typename)
          .set("fields", join(FieldPairs, ", "))
          .set("size", Twine(Fields->size()));
      GroupDefinitions.push_back(
          substituteOrReport(*ReturnTypeDefinition, Env, Context));
      GroupEntries.push_back(
          substituteOrReport(*ReturnTypeEntry, Env, Context));
      if (ReturnTypeDeclaration)
        GroupDeclarations.push_back(
            substituteOrReport(*ReturnTypeDeclaration, Env, Context));
    }
    Definitions.push_back(join(GroupDefinitions, "\n"));
    Entries.push_back(join(GroupEntries, "\n"));
    Declarations.push_back(join(GroupDeclarations, "\n"));
  }
  TemplateEnv Env;
  for (StringRef List : ReturnTypesLists)
    Env.setList(List, {});
  Env.setList("py_return_types", std::move(Definitions))
      .setList(Options->ReturnTypesList, std::move(Entries));
  bool OK = writeFromTemplate(Context, "python_return_types.cpp",
                              "python_return_types.cpp", *ReturnTypes, Env);
  if (!ReturnTypesHeader)
    return OK;
  TemplateEnv HeaderEnv;
  HeaderEnv.setList("py_return_types_declarations", std::move(Declarations));
  return writeFromTemplate(Context, "python_return_types.h",
                           "python_return_types.h", *ReturnTypesHeader,
                           HeaderEnv) &&
         OK;
}

bool PythonBindingsFamily::emit(EmitContext &Context) {
  std::vector<const NativeFunction *> Functions;
  for (const NativeFunction *F : Context.getDatabase().NativeFunctions)
    if (shouldGenerate(*F))
      Functions.push_back(F);
  const CppAPIOptions &Cpp = cppAPIOptionsOf(Context);
  PythonTypes Types;
  auto Load = [&](bool Method) -> std::optional<std::vector<SignaturePair>> {
    Expected<std::vector<SignaturePair>> Pairs =
        loadSignatures(Functions, Context.deprecatedSignatures(), Method, Types,
                       Cpp, Options->API);
    if (!Pairs) {
      reportEmitError(Pairs.takeError(), Context.getDiags());
      return std::nullopt;
    }
    return std::move(*Pairs);
  };
  std::optional<std::vector<SignaturePair>> Methods = Load(true);
  if (!Methods)
    return false;
  std::optional<std::vector<SignaturePair>> TorchFunctionPairs = Load(false);
  if (!TorchFunctionPairs)
    return false;
  // One error is reported once: the files after a failed one are not
  // written.
  if (!writeModuleFile(Context, *VariableMethods, "python_variable_methods.cpp",
                       "", *Methods, nullptr, /*Method=*/true) ||
      !writeTorchFunctions(Context, *TorchFunctionPairs))
    return false;
  for (auto [File, Template] : zip(ModuleFiles, ModuleTemplates))
    if (!writeModuleFile(Context, *Template, File.FileName, File.Module,
                         *TorchFunctionPairs, File.PythonModule,
                         /*Method=*/false))
      return false;
  return writeReturnTypes(Context, *TorchFunctionPairs);
}

std::unique_ptr<FileFamily> createPythonBindingsFamily() {
  return std::make_unique<PythonBindingsFamily>();
}

} // namespace gradgen
