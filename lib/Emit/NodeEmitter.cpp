//===- NodeEmitter.cpp - One autograd Node class --------------------------===//
//
// The variable names and the short statements built here follow torchgen's
// process_function, whose template environments they fill; the blocks and
// files themselves are the profile's templates, and what the Node contains
// is its NodeModel.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Emit/NodeEmitter.h"
#include "gradgen/Autograd/NodeOptions.h"

#include "gradgen/Emit/CppCode.h"
#include "gradgen/Emit/SavedFields.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

void NodeTemplates::load(const Profile &TheProfile, TemplateLoader &Loader) {
  Declaration = Loader.get("node/declaration.h.tmpl");
  Definition = Loader.get("node/definition.cpp.tmpl");
  WillReleaseVariables = Loader.get("node/will_release_variables.tmpl");
  GradInputMask = Loader.get("node/grad_input_mask.tmpl");
  DerivativeSingle = Loader.get("node/derivative_single.tmpl");
  DerivativeMulti = Loader.get("node/derivative_multi.tmpl");
  DerivativeMultiCopyRange = Loader.get("node/derivative_multi_copy_range.tmpl");
  if (NodeOptions::of(TheProfile).ForeachNodes)
    DerivativeSingleForeach = Loader.get("node/derivative_single_foreach.tmpl");
  if (NodeOptions::of(TheProfile).CompiledAutogradNodes) {
    ComputeNeedsInputGrad = Loader.get("node/compute_needs_input_grad.tmpl");
    IValueSchema = Loader.get("node/ivalue_schema.tmpl");
    IValuePackedType = Loader.get("node/ivalue_packed_type.tmpl");
  }
}

static std::string joinLines(ArrayRef<std::string> Lines) {
  return join(Lines, "\n");
}

/// `task_should_compute_output({ X_ix }),`
static std::string shouldComputeOutput(StringRef Input) {
  return cpp::call("task_should_compute_output",
                   {cpp::braced({Input.str() + "_ix"})}) +
         ",";
}

namespace {

/// The text of one Node, piece by piece.
class NodeRenderer {
public:
  NodeRenderer(const NodeModel &Node, const NodeTemplates &Templates,
               const Profile &TheProfile)
      : Node(Node), Templates(Templates),
        Compiled(NodeOptions::of(TheProfile).CompiledAutogradNodes),
        Code(renderSavedFields(Node, TheProfile)) {}

  Expected<NodeText> render() {
    for (const IndexRange &Range : Node.IndexRanges) {
      StringRef Size = "1";
      if (!Range.SizeMember.empty()) {
        Size = Range.SizeMember;
        SavedListSizes.push_back(cpp::declaration("size_t", Size));
      }
      ComputeIndexRanges.push_back(cpp::declaration(
          "auto", Range.Name + "_ix", cpp::memberCall("gen", "range", {Size})));
    }
    if (Node.UsesRetainVariables) {
      Expected<std::string> Text =
          Templates.WillReleaseVariables->substitute(TemplateEnv());
      if (!Text)
        return Text.takeError();
      WillReleaseVariables = std::move(*Text);
    }
    if (Error E = addBody())
      return E;
    NodeText Text;
    if (Error E = renderDeclaration(Text.Declaration))
      return E;
    if (Error E = renderDefinition(Text.Definition))
      return E;
    return Text;
  }

private:
  Error addBody() {
    for (const GradAlias &Alias : Node.GradAliases)
      Body.push_back(cpp::declaration(
          "const auto&", Alias.Name,
          cpp::subscript("grads", std::to_string(Alias.Index))));
    if (!Compiled)
      llvm::append_range(Body, Code.Unpacks);
    if (Node.UsesAnyGradDefined)
      Body.push_back(cpp::declaration("bool", "any_grad_defined",
                                      cpp::call("any_variable_defined",
                                                {"grads"})));
    for (const FormulaBlock &Block : Node.Blocks) {
      std::string Text;
      Error E = Block.TheKind == FormulaBlock::Kind::Multi
                    ? renderMulti(Block, Text)
                    : renderSingle(Block, Text);
      if (E)
        return E;
      Body.push_back(std::move(Text));
    }
    return Error::success();
  }

  Error renderSingle(const FormulaBlock &Block, std::string &Out) const {
    std::string Formula = Block.formula().str();
    if (Block.ChecksAnyGradDefined)
      Formula = cpp::conditional("any_grad_defined", Formula, "Tensor()");
    // The node and the locals outlive the substitutions of their
    // environments, here and below.
    TemplateEnv Env;
    Env.setRef("name", Block.varNames().front()).setRef("derivative", Formula);
    if (Compiled)
      Env.set("idx", Twine(Block.InputIndices.front()));
    const CodeTemplate *Template =
        Block.TheKind == FormulaBlock::Kind::ForeachSingle
            ? Templates.DerivativeSingleForeach
            : Templates.DerivativeSingle;
    return Template->substitute(Env, Out);
  }

  Error renderMulti(const FormulaBlock &Block, std::string &Out) const {
    std::vector<std::string> Guards, CopyRanges, Masks;
    for (auto [I, Name] : llvm::enumerate(Block.varNames())) {
      TemplateEnv Env;
      Env.setRef("name", Name).set("i", Twine(I));
      if (Compiled) {
        std::string Index = std::to_string(Block.InputIndices[I]);
        std::string Guard = cpp::subscript("needs_input_grad", Index);
        Masks.push_back(Guard + ",");
        Guards.push_back(std::move(Guard));
        Env.setRef("idx", Index);
      } else {
        Masks.push_back(shouldComputeOutput(Name));
        Guards.push_back(Name + "_ix");
      }
      std::string Copy;
      if (Error E = Templates.DerivativeMultiCopyRange->substitute(Env, Copy))
        return E;
      CopyRanges.push_back(std::move(Copy));
    }
    std::string GradInputMask;
    if (Block.UsesGradInputMask) {
      TemplateEnv Env;
      Env.set("n", Twine(Block.varNames().size())).setList("masks", Masks);
      if (Error E = Templates.GradInputMask->substitute(Env, GradInputMask))
        return E;
    }
    TemplateEnv Env;
    Env.set("needs_input_grad", join(Guards, " || "))
        .set("idx_ranges", join(Guards, ", "))
        .setList("copy_ranges", std::move(CopyRanges))
        .setRef("derivative", Block.formula())
        .setRef("grad_input_mask", GradInputMask);
    return Templates.DerivativeMulti->substitute(Env, Out);
  }

  StringRef threadLock() const {
    return Code.ReleaseVariables.empty()
               ? ""
               : "std::lock_guard<std::mutex> lock(mutex_);";
  }

  Error renderDeclaration(std::string &Out) const {
    TemplateEnv Env;
    Env.setRef("op", Node.Name)
        .setRef("superclass", Node.Superclass)
        .setRef("thread_lock", threadLock())
        .setListOfRefs("release_variables", Code.ReleaseVariables)
        .setRef("will_release_variables", WillReleaseVariables)
        .setListOfRefs("saved_variables", Code.SavedVariables)
        .setListOfRefs("saved_list_sizes", SavedListSizes);
    return Templates.Declaration->substitute(Env, Out);
  }

  Error renderDefinition(std::string &Out) const {
    TemplateEnv Env;
    Env.setRef("op", Node.Name)
        .setRef("thread_lock", threadLock())
        .setListOfRefs("asserts", Code.Asserts)
        .setListOfRefs("compute_index_ranges", ComputeIndexRanges)
        .setListOfRefs("body", Body);
    if (Compiled)
      if (Error E = addCompiledAutograd(Env))
        return E;
    return Templates.Definition->substitute(Env, Out);
  }

  /// `std::vector<at::TypePtr> schema = {...};`: the IValue type of
  /// needs_input_grad and of each parameter of apply_functional.
  Expected<std::string>
  renderIValueSchema(ArrayRef<FunctionalParameter> Parameters) const {
    std::vector<std::string> PackedTypes;
    auto Add = [&](StringRef Type) -> Error {
      TemplateEnv Env;
      Env.set("type", Type);
      return Templates.IValuePackedType->substitute(Env, PackedTypes.emplace_back());
    };
    if (Error E = Add(cpp::templateId(
            "std::array", {"bool", std::to_string(Node.InputNames.size())})))
      return E;
    for (const FunctionalParameter &P : Parameters) {
      StringRef Value = StringRef(P.Type);
      Value.consume_back("&");
      Value.consume_front("const");
      if (Error E = Add(Value.trim()))
        return E;
    }
    TemplateEnv Env;
    Env.setList("packed_types", std::move(PackedTypes));
    return Templates.IValueSchema->substitute(Env);
  }

  /// The pieces of apply_functional, its IValue entry point and
  /// apply_with_saved.
  Error addCompiledAutograd(TemplateEnv &Env) const {
    std::vector<std::string> NeedsInputGrad;
    for (const std::string &Name : Node.InputNames)
      NeedsInputGrad.push_back(shouldComputeOutput(Name));
    TemplateEnv MaskEnv;
    MaskEnv.set("n", Twine(NeedsInputGrad.size()))
        .setListOfRefs("compute_index_ranges", ComputeIndexRanges)
        .setList("masks", std::move(NeedsInputGrad));
    std::string ComputeNeedsInputGrad;
    if (Error E = Templates.ComputeNeedsInputGrad->substitute(
            MaskEnv, ComputeNeedsInputGrad))
      return E;

    std::vector<FunctionalParameter> Parameters = Node.functionalParameters();
    Expected<std::string> Schema = renderIValueSchema(Parameters);
    if (!Schema)
      return Schema.takeError();
    std::vector<std::string> Signature, Names, PackArgs, UnpackIValues;
    for (const FunctionalParameter &P : Parameters) {
      Signature.push_back(cpp::parameter(P.Type, P.Name));
      Names.push_back(P.Name);
      PackArgs.push_back(
          cpp::statement(cpp::memberCall("packed_args", "pack", {P.Name})));
      StringRef Value = StringRef(P.Type);
      Value.consume_back("&");
      UnpackIValues.push_back(cpp::declaration(
          "auto", P.Name,
          cpp::memberCall("packed_args", cpp::templateId("unpack", {Value}))));
    }

    Env.set("num_inputs", Twine(Node.InputNames.size()))
        .setList("apply_functional_args_signature", std::move(Signature))
        .setList("apply_functional_args", std::move(Names))
        .set("unpacks", joinLines(Code.Unpacks))
        .set("unpack_ivalues", joinLines(UnpackIValues))
        .set("compute_needs_input_grad", ComputeNeedsInputGrad)
        .set("compute_schema", *Schema)
        .set("get_packed_args", joinLines(PackArgs))
        .setListOfRefs("compiled_args", Code.CompiledArgs)
        .setListOfRefs("apply_with_saved_before", Code.ApplyWithSavedBefore)
        .setListOfRefs("apply_with_saved_after", Code.ApplyWithSavedAfter);
    return Error::success();
  }

  const NodeModel &Node;
  const NodeTemplates &Templates;
  bool Compiled;
  SavedFieldCode Code;
  std::vector<std::string> ComputeIndexRanges;
  std::vector<std::string> SavedListSizes;
  std::string WillReleaseVariables;
  std::vector<std::string> Body;
};

} // namespace

Expected<NodeText> renderNode(const NodeModel &Node,
                              const NodeTemplates &Templates,
                              const Profile &TheProfile) {
  return NodeRenderer(Node, Templates, TheProfile).render();
}

} // namespace gradgen
