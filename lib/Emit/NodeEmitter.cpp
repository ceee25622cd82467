//===- NodeEmitter.cpp - One autograd Node class --------------------------===//
//
// The variable names and the short statements built here follow torchgen's
// process_function, whose template environments they fill; the blocks and
// files themselves are the profile's templates.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Emit/NodeEmitter.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Support/IdentifierSearch.h"
#include "gradgen/Emit/PythonBindings.h"
#include "gradgen/Emit/SavedFields.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace gradgen {

/// torchgen's TENSOR_LIST_LIKE_CTYPES: arguments whose gradient range has
/// one slot per list element.
static bool isTensorListLike(const CType &T) {
  using namespace ctypes;
  if (T.isBase(TensorListT))
    return true;
  if (T.getKind() != CType::Kind::ConstRef)
    return false;
  const CType &Element = T.getElement();
  if (Element.isBase(ITensorListRefT))
    return true;
  return Element.getKind() == CType::Kind::List &&
         Element.getElement().getKind() == CType::Kind::Optional &&
         Element.getElement().getElement().isBase(TensorT);
}

static std::string joinLines(ArrayRef<std::string> Lines) {
  return join(Lines, "\n");
}

namespace {

/// The state of process_function for one info.
class NodeBuilder {
public:
  NodeBuilder(const DifferentiabilityInfo &Info, const NodeTemplates &Templates,
              bool WithPython)
      : Info(Info), Templates(Templates), TheProfile(*Templates.TheProfile),
        WithPython(WithPython), Op(*Info.Op) {}

  Expected<NodeText> build() {
    addIndexRanges();
    if (Error E = addSavedFields())
      return E;
    if (Error E = addBody())
      return E;
    NodeText Text;
    if (Error E = renderDeclaration(Text.Declaration))
      return E;
    if (Error E = renderDefinition(Text.Definition))
      return E;
    if (WithPython) {
      Expected<std::string> Props = renderPropsAndGetters(
          Templates, Op, Code.Getters, Code.GetSetDefs);
      if (!Props)
        return Props.takeError();
      Text.PyPropsAndGetters = std::move(*Props);
      Expected<std::string> Init = renderPyFunctionDefinition(Templates, Op);
      if (!Init)
        return Init.takeError();
      Text.PyInitializer = std::move(*Init);
    }
    return Text;
  }

private:
  SMLoc entryLoc() const {
    return Info.Entry ? Info.Entry->Name.loc() : SMLoc();
  }

  void addIndexRanges() {
    for (const Binding &Arg : Info.ArgsWithDerivatives) {
      std::string Size = "1";
      if (isTensorListLike(Arg.NCType.Type)) {
        Size = Arg.Name + "_size_";
        SavedListSizes.push_back("size_t " + Size + ";");
        Code.FunctionalArgs.push_back(Size);
        Code.FunctionalArgTypes.push_back("size_t");
      }
      ComputeIndexRanges.push_back("auto " + Arg.Name + "_ix = gen.range(" +
                                   Size + ");");
      // As torchgen's input_name_to_idx dict: a repeated name keeps its
      // first place in the order and takes the last index.
      size_t Position = &Arg - Info.ArgsWithDerivatives.data();
      if (!InputPosition.try_emplace(Arg.Name, Position).second)
        InputPosition[Arg.Name] = Position;
      else
        InputNames.push_back(Arg.Name);
    }
  }

  Error addSavedFields() {
    auto Add = [&](ArrayRef<SavedAttribute> Attributes,
                   bool IsOutput) -> Error {
      std::vector<const SavedAttribute *> Order;
      for (const SavedAttribute &A : Attributes)
        Order.push_back(&A);
      if (TheProfile.SortSavedAttributes)
        llvm::stable_sort(Order, [](const SavedAttribute *A,
                                    const SavedAttribute *B) {
          return A->name() < B->name();
        });
      for (const SavedAttribute *A : Order)
        if (Error E = addSavedField(Info, *A, IsOutput, Templates, WithPython,
                                    Code))
          return E;
      return Error::success();
    };
    if (Error E = Add(Info.AllSavedInputs, /*IsOutput=*/false))
      return E;
    return Add(Info.AllSavedOutputs, /*IsOutput=*/true);
  }

  /// needs_input_grad's index of the input Name (its index among the
  /// differentiable inputs).
  Expected<size_t> inputIndex(StringRef Name, const Derivative &D) const {
    auto It = InputPosition.find(Name);
    if (It != InputPosition.end())
      return It->second;
    return make_error<NodeError>(diag::emit_unknown_derivative_input,
                                 D.Source ? D.Source->Formula.range().Start
                                          : entryLoc(),
                                 "'" + Name +
                                     "' has a derivative formula but is not a "
                                     "differentiable input of '" +
                                     Op + "'");
  }

  Error addBody() {
    bool UsesRetainVariables = false, UsesGrad = false;
    for (const Derivative &D : Info.Derivatives) {
      UsesRetainVariables |= usesIdentifier(D.Formula, "retain_variables");
      UsesGrad |= usesIdentifier(D.Formula, "grad");
    }
    if (UsesRetainVariables) {
      Code.FunctionalArgs.push_back("retain_variables");
      Code.FunctionalArgTypes.push_back("bool");
      Expected<std::string> Text =
          Templates.WillReleaseVariables->substitute(TemplateEnv());
      if (!Text)
        return Text.takeError();
      WillReleaseVariables = std::move(*Text);
    }

    if (UsesGrad) {
      Body.push_back("const auto& grad = grads[0];");
    } else {
      // torchgen 1.13 iterated a set here; its order depended on the hash
      // seed. Later versions sort, as gradgen always does.
      for (const std::string &Name : Info.UsedNamedGradients) {
        auto It = llvm::find(Info.AvailableNamedGradients, Name);
        if (It == Info.AvailableNamedGradients.end())
          return make_error<NodeError>(
              diag::emit_unknown_named_gradient, entryLoc(),
              "'" + Name + "' names no output of '" + Info.Name + "'");
        size_t Index = It - Info.AvailableNamedGradients.begin();
        Body.push_back("const auto& " + Name + " = grads[" +
                       std::to_string(Index) + "];");
      }
    }
    if (!TheProfile.CompiledAutogradNodes)
      llvm::append_range(Body, Code.Unpacks);

    bool NeedsAnyGradDefined = false;
    for (const Derivative &D : Info.Derivatives) {
      std::string Text;
      Error E = D.VarNames.size() == 1
                    ? emitSingle(D, NeedsAnyGradDefined, Text)
                    : emitMulti(D, Text);
      if (E)
        return E;
      Body.push_back(std::move(Text));
    }
    if (NeedsAnyGradDefined)
      Body.insert(Body.end() - Info.Derivatives.size(),
                  "bool any_grad_defined = any_variable_defined(grads);");
    return Error::success();
  }

  Error emitSingle(const Derivative &D, bool &NeedsAnyGradDefined,
                   std::string &Out) {
    const std::string &Name = D.VarNames.front();
    std::string Formula = D.Formula;
    if (!StringRef(Formula).contains("not_implemented")) {
      const Binding *Match = nullptr;
      unsigned Matches = 0;
      for (const Binding &Arg : Info.ArgsWithDerivatives)
        if (Arg.Name == Name) {
          Match = &Arg;
          ++Matches;
        }
      // Undefined gradients give undefined results for Tensor inputs.
      if (Matches == 1 && Match->Arg.Arg && !Match->Arg.isTensorOptions()) {
        std::string Type = Match->Arg.Arg->Ty->str();
        if (Type == "Tensor" || Type == "Tensor?") {
          Formula = "any_grad_defined ? (" + Formula + ") : Tensor()";
          NeedsAnyGradDefined = true;
        }
      }
    }
    TemplateEnv Env;
    Env.set("name", Name).set("derivative", Formula);
    if (TheProfile.CompiledAutogradNodes) {
      Expected<size_t> Index = inputIndex(Name, D);
      if (!Index)
        return Index.takeError();
      Env.set("idx", Twine(*Index));
    }
    const CodeTemplate *Template = Templates.DerivativeSingle;
    if (TheProfile.ForeachNodes && StringRef(Info.Name).startswith("_foreach_"))
      Template = Templates.DerivativeSingleForeach;
    return Template->substitute(Env, Out);
  }

  Error emitMulti(const Derivative &D, std::string &Out) {
    bool Compiled = TheProfile.CompiledAutogradNodes;
    std::vector<std::string> Guards, CopyRanges;
    std::vector<std::string> Masks;
    for (auto [I, Name] : llvm::enumerate(D.VarNames)) {
      TemplateEnv Env;
      Env.set("name", Name).set("i", Twine(I));
      if (Compiled) {
        Expected<size_t> Index = inputIndex(Name, D);
        if (!Index)
          return Index.takeError();
        std::string Guard = "needs_input_grad[" + std::to_string(*Index) + "]";
        Masks.push_back(Guard + ",");
        Guards.push_back(std::move(Guard));
        Env.set("idx", Twine(*Index));
      } else {
        Masks.push_back("task_should_compute_output({ " + Name + "_ix }),");
        Guards.push_back(Name + "_ix");
      }
      std::string Copy;
      if (Error E = Templates.DerivativeMultiCopyRange->substitute(Env, Copy))
        return E;
      CopyRanges.push_back(std::move(Copy));
    }
    std::string GradInputMask;
    if (StringRef(D.Formula).contains("grad_input_mask")) {
      TemplateEnv Env;
      Env.set("n", Twine(D.VarNames.size())).setList("masks", Masks);
      if (Error E = Templates.GradInputMask->substitute(Env, GradInputMask))
        return E;
    }
    TemplateEnv Env;
    Env.set("needs_input_grad", join(Guards, " || "))
        .set("idx_ranges", join(Guards, ", "))
        .setList("copy_ranges", std::move(CopyRanges))
        .set("derivative", D.Formula)
        .set("grad_input_mask", GradInputMask);
    return Templates.DerivativeMulti->substitute(Env, Out);
  }

  StringRef superclass() const {
    return Templates.ViewFunctions.contains(Info.Name) ? "Node"
                                                       : "TraceableFunction";
  }

  StringRef threadLock() const {
    return Code.ReleaseVariables.empty()
               ? ""
               : "std::lock_guard<std::mutex> lock(mutex_);";
  }

  Error renderDeclaration(std::string &Out) const {
    TemplateEnv Env;
    Env.set("op", Op)
        .set("superclass", superclass())
        .set("thread_lock", threadLock())
        .setList("release_variables", Code.ReleaseVariables)
        .set("will_release_variables", WillReleaseVariables)
        .setList("saved_variables", Code.SavedVariables)
        .setList("saved_list_sizes", SavedListSizes);
    return Templates.Declaration->substitute(Env, Out);
  }

  Error renderDefinition(std::string &Out) const {
    TemplateEnv Env;
    Env.set("op", Op)
        .set("thread_lock", threadLock())
        .setList("asserts", Code.Asserts)
        .setList("compute_index_ranges", ComputeIndexRanges)
        .setList("body", Body);
    if (TheProfile.CompiledAutogradNodes)
      if (Error E = addCompiledAutograd(Env))
        return E;
    return Templates.Definition->substitute(Env, Out);
  }

  /// The pieces of apply_functional, its IValue entry point and
  /// apply_with_saved.
  Error addCompiledAutograd(TemplateEnv &Env) const {
    std::vector<std::string> NeedsInputGrad;
    for (const std::string &Name : InputNames)
      NeedsInputGrad.push_back("task_should_compute_output({ " + Name +
                               "_ix }),");
    TemplateEnv MaskEnv;
    MaskEnv.set("n", Twine(NeedsInputGrad.size()))
        .setList("compute_index_ranges", ComputeIndexRanges)
        .setList("masks", std::move(NeedsInputGrad));
    std::string ComputeNeedsInputGrad;
    if (Error E = Templates.ComputeNeedsInputGrad->substitute(
            MaskEnv, ComputeNeedsInputGrad))
      return E;

    std::vector<std::string> Signature, PackArgs, UnpackIValues;
    std::vector<std::string> Schema{"std::vector<at::TypePtr> schema = {"};
    auto SchemaArg = [&](StringRef Type) {
      Schema.push_back(("  torch::dynamo::autograd::IValuePacker<" + Type +
                        ">::packed_type(),")
                           .str());
    };
    SchemaArg("std::array<bool, " + std::to_string(InputNames.size()) + ">");
    for (auto [Type, Name] :
         llvm::zip(Code.FunctionalArgTypes, Code.FunctionalArgs)) {
      Signature.push_back(Type + " " + Name);
      PackArgs.push_back("packed_args.pack(" + Name + ");");
      StringRef Value = StringRef(Type);
      Value.consume_back("&");
      UnpackIValues.push_back(
          ("auto " + Name + " = packed_args.unpack<" + Value + ">();").str());
      Value.consume_front("const");
      SchemaArg(Value.trim());
    }
    Schema.push_back("};");

    Env.set("num_inputs", Twine(InputNames.size()))
        .setList("apply_functional_args_signature", std::move(Signature))
        .setList("apply_functional_args", Code.FunctionalArgs)
        .set("unpacks", joinLines(Code.Unpacks))
        .set("unpack_ivalues", joinLines(UnpackIValues))
        .set("compute_needs_input_grad", ComputeNeedsInputGrad)
        .set("compute_schema", joinLines(Schema))
        .set("get_packed_args", joinLines(PackArgs))
        .setList("compiled_args", Code.CompiledArgs)
        .setList("apply_with_saved_before", Code.ApplyWithSavedBefore)
        .setList("apply_with_saved_after", Code.ApplyWithSavedAfter);
    return Error::success();
  }

  const DifferentiabilityInfo &Info;
  const NodeTemplates &Templates;
  const Profile &TheProfile;
  bool WithPython;
  StringRef Op;

  SavedFieldCode Code;
  std::vector<std::string> ComputeIndexRanges;
  std::vector<std::string> SavedListSizes;
  /// The differentiable inputs, each name once, in signature order.
  std::vector<std::string> InputNames;
  /// A name's index in needs_input_grad: its position among the arguments
  /// with derivatives (the last one, should a name repeat).
  StringMap<size_t> InputPosition;
  std::string WillReleaseVariables;
  std::vector<std::string> Body;
};

} // namespace

Expected<NodeText> NodeEmitter::emit(const DifferentiabilityInfo &Info,
                                     bool WithPython) const {
  return NodeBuilder(Info, Templates, WithPython).build();
}

} // namespace gradgen
