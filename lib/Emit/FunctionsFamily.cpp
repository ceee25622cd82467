//===- FunctionsFamily.cpp - Functions.h and Functions.cpp ----------------===//
//
// torchgen's gen_autograd_functions_lib: every Node's declaration and
// definition, the generated _foreach_ ones included. As in torchgen, both
// files see both lists.
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"

#include "gradgen/Emit/NodeEmitter.h"

using namespace llvm;

namespace gradgen {

namespace {

class FunctionsFamily : public FileFamily {
public:
  bool loadTemplates(TemplateSet &Templates, EmitContext &Context) override {
    TemplateLoader Loader(Templates, Context.getDiags());
    FunctionsH = Loader.getPyTorch(
        "Functions.h", {"generated_comment", "autograd_function_declarations"});
    FunctionsCpp =
        Loader.getPyTorch("Functions.cpp", {"generated_comment",
                                            "autograd_function_definitions"});
    Node.load(Context.getProfile(), Loader);
    return Loader.ok();
  }

  bool emit(EmitContext &Context) override {
    const NodeModelSet *Nodes = Context.nodes();
    if (!Nodes)
      return false;
    const Profile &TheProfile = Context.getProfile();
    std::vector<size_t> Selected;
    for (size_t I = 0; I < Nodes->nodes().size(); ++I)
      if (Context.selects(Nodes->nodes()[I].info()))
        Selected.push_back(I);
    std::optional<std::vector<NodeText>> Texts =
        Context.map<NodeText>(Selected.size(), [&](size_t I) {
          return renderNode(Nodes->nodes()[Selected[I]].Model, Node,
                            TheProfile);
        });
    if (!Texts)
      return false;
    std::vector<std::string> Declarations, Definitions;
    for (NodeText &Text : *Texts) {
      Declarations.push_back(std::move(Text.Declaration));
      Definitions.push_back(std::move(Text.Definition));
    }
    TemplateEnv Env;
    Env.setList("autograd_function_declarations", std::move(Declarations))
        .setList("autograd_function_definitions", std::move(Definitions));
    bool OK = writeFromTemplate(Context, "Functions.h", "Functions.h",
                                *FunctionsH, Env);
    OK &= writeFromTemplate(Context, "Functions.cpp", "Functions.cpp",
                            *FunctionsCpp, Env);
    return OK;
  }

private:
  const CodeTemplate *FunctionsH = nullptr;
  const CodeTemplate *FunctionsCpp = nullptr;
  NodeTemplates Node;
};

} // namespace

std::unique_ptr<FileFamily> createFunctionsFamily() {
  return std::make_unique<FunctionsFamily>();
}

} // namespace gradgen
