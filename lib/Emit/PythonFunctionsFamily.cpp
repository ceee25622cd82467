//===- PythonFunctionsFamily.cpp - python_functions* ----------------------===//
//
// torchgen's gen_autograd_functions_python: the Python classes of the Nodes
// whose infos the bindings see (PyTorch's build writes them before it adds
// the generated _foreach_ infos), in python_functions_<i>.cpp shards keyed by
// the info's name, plus python_functionsEverything.cpp, and the header that
// declares and calls each shard's initializer.
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/PythonBindings.h"
#include "gradgen/Emit/Sharding.h"

using namespace llvm;

namespace gradgen {

namespace {

class PythonFunctionsFamily : public FileFamily {
public:
  bool loadTemplates(TemplateSet &Templates, EmitContext &Context) override {
    TemplateLoader Loader(Templates, Context.getDiags());
    Header = Loader.getPyTorch(
        "python_functions.h",
        {"generated_comment", "shard_forward_declare", "shard_call"});
    Shard = Loader.getPyTorch("python_functions.cpp",
                              {"generated_comment", "shard_id",
                               "py_function_props_and_getters",
                               "py_function_initializers"});
    ShardForwardDeclare = Loader.get("shard/forward_declare.tmpl");
    ShardCall = Loader.get("shard/call.tmpl");
    Node.load(Context.getProfile(), Loader);
    return Loader.ok();
  }

  bool emit(EmitContext &Context) override {
    const NodeModelSet *Nodes = Context.nodes();
    if (!Nodes)
      return false;
    std::vector<const AutogradNode *> Visible;
    for (const AutogradNode &N : Nodes->nodes())
      if (N.PythonVisible)
        Visible.push_back(&N);
    std::optional<std::vector<PythonNodeText>> Texts =
        Context.map<PythonNodeText>(Visible.size(), [&](size_t I) {
          return renderPythonBindings(Visible[I]->Model, Node);
        });
    if (!Texts)
      return false;

    unsigned NumShards =
        PythonFunctionsOptions::of(Context.getProfile()).Shards;
    TemplateEnv HeaderEnv;
    for (unsigned I = 0; I < NumShards; ++I) {
      TemplateEnv Env;
      Env.set("i", Twine(I));
      for (auto [Key, Template] :
           {std::pair("shard_forward_declare", ShardForwardDeclare),
            std::pair("shard_call", ShardCall)}) {
        Expected<std::string> Line = Template->substitute(Env);
        if (!Line) {
          reportEmitError(Line.takeError(), Context.getDiags());
          return false;
        }
        HeaderEnv.append(Key, *Line);
      }
    }
    bool OK = writeFromTemplate(Context, "python_functions.h",
                            "python_functions.h", *Header, HeaderEnv);

    ShardedFile Shards("python_functions.cpp", NumShards,
                       {"py_function_initializers",
                        "py_function_props_and_getters"});
    for (auto [N, Text] : llvm::zip(Visible, *Texts)) {
      unsigned I = Shards.shardOf(N->info().Name);
      Shards.append(I, "py_function_initializers", std::move(Text.Initializer));
      Shards.append(I, "py_function_props_and_getters",
                    std::move(Text.PropsAndGetters));
    }
    return Shards.write(*Shard, Context) && OK;
  }

private:
  const CodeTemplate *Header = nullptr;
  const CodeTemplate *Shard = nullptr;
  const CodeTemplate *ShardForwardDeclare = nullptr;
  const CodeTemplate *ShardCall = nullptr;
  PythonNodeTemplates Node;
};

} // namespace

std::unique_ptr<FileFamily> createPythonFunctionsFamily() {
  return std::make_unique<PythonFunctionsFamily>();
}

} // namespace gradgen
