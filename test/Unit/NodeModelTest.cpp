//===- NodeModelTest.cpp - What a generated Node contains -----------------===//

#include "gradgen/Autograd/NodeModel.h"
#include "gradgen/Autograd/NodeError.h"
#include "gradgen/Autograd/NodeOptions.h"
#include "gradgen/Schema/SchemaParser.h"
#include "gradgen/Schema/SchemaSection.h"

#include "gtest/gtest.h"

using namespace gradgen;
using namespace llvm;

namespace {

/// The message of E's error, or "success".
template <typename T> std::string errorOf(Expected<T> E) {
  if (E)
    return "success";
  return toString(E.takeError());
}

template <typename T> bool isNodeError(Expected<T> E) {
  if (E)
    return false;
  bool Result = E.template errorIsA<NodeError>();
  consumeError(E.takeError());
  return Result;
}

/// An info built by hand, as the Derivatives and Formula stages would.
class NodeModelTest : public ::testing::Test {
protected:
  NodeModelTest() = default;

  /// The schema's arguments, by name.
  const Argument *argument(StringRef Name) {
    for (const Argument *A : Schema->schemaOrderArguments())
      if (A->Name == Name)
        return A;
    return nullptr;
  }

  void parse(StringRef Text) {
    Schema = parseSchemaQuietly(Text, Context, Options);
    ASSERT_TRUE(Schema.has_value());
  }

  /// An argument with a derivative, with its C++ type.
  void addInput(StringRef Name, StringRef CppType) {
    std::optional<CType> Type = CType::parse(CppType);
    ASSERT_TRUE(Type.has_value()) << CppType.str();
    ArgumentItem Item;
    Item.Arg = argument(Name);
    Info.ArgsWithDerivatives.push_back(
        Binding{Name.str(), NamedCType{ArgName{Name.str()}, *Type}, Item,
                std::nullopt});
  }

  static SavedAttribute saved(StringRef Name, StringRef CppType) {
    std::optional<CType> Type = CType::parse(CppType);
    EXPECT_TRUE(Type.has_value()) << CppType.str();
    return {NamedCType{ArgName{Name.str()}, *Type}, Name.str()};
  }

  void addDerivative(std::vector<std::string> VarNames, StringRef Formula) {
    Derivative D;
    D.Formula = D.OriginalFormula = Formula.str();
    D.VarNames = std::move(VarNames);
    Info.Derivatives.push_back(std::move(D));
  }

  Expected<NodeModel> build() { return NodeModelBuilder(P).build(Info); }

  SchemaContext Context;
  SchemaOptions Options;
  std::optional<FunctionSchema> Schema;
  Profile P;
  DifferentiabilityInfo Info;
};

TEST_F(NodeModelTest, SavedFieldsAndTheirUnpackedTypes) {
  parse("mul.Tensor(Tensor self, Tensor other) -> Tensor");
  Info.Name = "mul.Tensor";
  Info.Op = "MulBackward0";
  addInput("self", "const at::Tensor &");
  addInput("other", "const at::Tensor &");
  Info.AllSavedInputs = {saved("self", "at::Tensor"),
                         saved("other_sym_argsize_0", "c10::SymInt"),
                         saved("dim", "int64_t")};
  Info.AllSavedOutputs = {saved("result", "at::Tensor")};
  addDerivative({"self"}, "grad * other");
  ASSERT_TRUE(hasNode(Info));

  Expected<NodeModel> Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_EQ(Node->Name, "MulBackward0");
  EXPECT_EQ(Node->Superclass, "TraceableFunction");
  ASSERT_EQ(Node->SavedFields.size(), 4u);
  // Inputs sorted by name (sort-saved-attributes), then outputs.
  const SavedField &Dim = Node->SavedFields[0];
  EXPECT_EQ(Dim.name(), "dim");
  EXPECT_EQ(Dim.Member, "dim");
  EXPECT_EQ(Dim.Layout.TheStorage, SavedFieldLayout::Storage::Value);
  EXPECT_TRUE(Dim.Layout.ZeroInitialized);
  EXPECT_EQ(Dim.UnpackedType, "int64_t&");
  EXPECT_EQ(Node->SavedFields[1].UnpackedType, "c10::SymInt&");
  const SavedField &Self = Node->SavedFields[2];
  EXPECT_EQ(Self.Member, "self_");
  EXPECT_EQ(Self.UnpackedType, "Tensor&");
  EXPECT_TRUE(Self.UnpackOwner.empty());
  const SavedField &Result = Node->SavedFields[3];
  EXPECT_TRUE(Result.IsOutput);
  EXPECT_EQ(Result.UnpackOwner, "getptr()");
  EXPECT_TRUE(Node->hasReleasableFields());

  // Without sorting the fields keep their first-use order.
  P.getMutable<NodeOptions>().SortSavedAttributes = false;
  Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_EQ(Node->SavedFields[0].name(), "self");
}

TEST_F(NodeModelTest, OptionalTensorListsFollowTheOptionalSpelling) {
  parse("index.Tensor(Tensor self, Tensor?[] indices) -> Tensor");
  Info.Name = "index.Tensor";
  Info.Op = "IndexBackward0";
  addInput("self", "const at::Tensor &");
  Info.AllSavedInputs = {saved("indices", "c10::List<::std::optional<at::Tensor>>")};
  addDerivative({"self"}, "index_backward(grad, indices)");
  Expected<NodeModel> Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_EQ(Node->SavedFields[0].Layout.TheStorage,
            SavedFieldLayout::Storage::OptionalSavedVariableList);
  EXPECT_EQ(Node->SavedFields[0].UnpackedType,
            "torch::List<std::optional<Tensor>>&");
  P.getMutable<SchemaSection>().CppAPI.OptionalTemplate = "c10::optional";
  Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_EQ(Node->SavedFields[0].UnpackedType,
            "torch::List<c10::optional<Tensor>>&");
}

TEST_F(NodeModelTest, BlocksAliasesAndParameters) {
  parse("cat(Tensor[] tensors, Tensor other) -> Tensor");
  Info.Name = "cat";
  Info.Op = "CatBackward0";
  addInput("tensors", "const at::ITensorListRef &");
  addInput("other", "const at::Tensor &");
  Info.AllSavedInputs = {saved("other", "at::Tensor")};
  addDerivative({"other"}, "grad * 2");
  addDerivative({"tensors", "other"},
                "some_backward(grad, grad_input_mask, retain_variables)");
  Expected<NodeModel> Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());

  ASSERT_EQ(Node->IndexRanges.size(), 2u);
  EXPECT_EQ(Node->IndexRanges[0].SizeMember, "tensors_size_");
  EXPECT_EQ(Node->IndexRanges[1].SizeMember, "");
  EXPECT_EQ(Node->InputNames, (std::vector<std::string>{"tensors", "other"}));
  ASSERT_EQ(Node->GradAliases.size(), 1u);
  EXPECT_EQ(Node->GradAliases[0].Name, "grad");
  EXPECT_TRUE(Node->UsesRetainVariables);

  ASSERT_EQ(Node->Blocks.size(), 2u);
  const FormulaBlock &Single = Node->Blocks[0];
  EXPECT_EQ(Single.TheKind, FormulaBlock::Kind::Single);
  // A Tensor input: undefined gradients give an undefined result.
  EXPECT_TRUE(Single.ChecksAnyGradDefined);
  EXPECT_EQ(Single.InputIndices, (std::vector<size_t>{1}));
  const FormulaBlock &Multi = Node->Blocks[1];
  EXPECT_EQ(Multi.TheKind, FormulaBlock::Kind::Multi);
  EXPECT_TRUE(Multi.UsesGradInputMask);
  EXPECT_FALSE(Multi.ChecksAnyGradDefined);
  EXPECT_EQ(Multi.InputIndices, (std::vector<size_t>{0, 1}));
  EXPECT_TRUE(Node->UsesAnyGradDefined);

  std::vector<FunctionalParameter> Parameters = Node->functionalParameters();
  ASSERT_EQ(Parameters.size(), 3u);
  EXPECT_EQ(Parameters[0].Type + " " + Parameters[0].Name,
            "size_t tensors_size_");
  EXPECT_EQ(Parameters[1].Type + " " + Parameters[1].Name, "Tensor& other");
  EXPECT_EQ(Parameters[2].Type + " " + Parameters[2].Name,
            "bool retain_variables");

  // Without compiled-autograd Nodes nothing reads the indices.
  P.getMutable<NodeOptions>().CompiledAutogradNodes = false;
  Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_TRUE(Node->Blocks[0].InputIndices.empty());
}

TEST_F(NodeModelTest, NotImplementedFormulasAreNotWrapped) {
  parse("sin(Tensor self) -> Tensor");
  Info.Name = "sin";
  Info.Op = "SinBackward0";
  addInput("self", "const at::Tensor &");
  addDerivative({"self"}, "not_implemented(\"sin\")");
  Expected<NodeModel> Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_FALSE(Node->Blocks[0].ChecksAnyGradDefined);
  EXPECT_FALSE(Node->UsesAnyGradDefined);
  EXPECT_TRUE(Node->GradAliases.empty());
  EXPECT_FALSE(Node->hasReleasableFields());
}

TEST_F(NodeModelTest, ForeachBlocksNeedForeachNodes) {
  parse("_foreach_sin(Tensor[] self) -> Tensor[]");
  Info.Name = "_foreach_sin";
  Info.Op = "ForeachSinBackward0";
  addInput("self", "at::TensorList");
  addDerivative({"self"}, "grads[i] * self[i].cos()");
  Expected<NodeModel> Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_EQ(Node->Blocks[0].TheKind, FormulaBlock::Kind::ForeachSingle);
  // What the emitter writes and the second check sees without the switch:
  // an ordinary block, with no loop index.
  P.getMutable<NodeOptions>().ForeachNodes = false;
  Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  EXPECT_EQ(Node->Blocks[0].TheKind, FormulaBlock::Kind::Single);
}

TEST_F(NodeModelTest, NamedGradients) {
  parse("svd(Tensor self) -> (Tensor U, Tensor S)");
  Info.Name = "svd";
  Info.Op = "SvdBackward0";
  addInput("self", "const at::Tensor &");
  Info.AvailableNamedGradients = {"grad_U", "grad_S"};
  Info.UsedNamedGradients = {"grad_S", "grad_U"};
  addDerivative({"self"}, "svd_backward(grad_U, grad_S)");
  Expected<NodeModel> Node = build();
  ASSERT_TRUE(bool(Node)) << toString(Node.takeError());
  ASSERT_EQ(Node->GradAliases.size(), 2u);
  EXPECT_EQ(Node->GradAliases[0].Name, "grad_S");
  EXPECT_EQ(Node->GradAliases[0].Index, 1u);
  EXPECT_EQ(Node->GradAliases[1].Index, 0u);

  Info.UsedNamedGradients.push_back("grad_V");
  EXPECT_EQ(errorOf(build()), "'grad_V' names no output of 'svd'");
}

TEST_F(NodeModelTest, ImpossibleNodesAreErrors) {
  parse("f(Tensor self) -> Tensor");
  Info.Name = "f";
  addInput("self", "const at::Tensor &");
  EXPECT_FALSE(hasNode(Info));
  // No op: a NodeError, not a null dereference.
  EXPECT_TRUE(isNodeError(build()));

  Info.Op = "FBackward0";
  addDerivative({"other"}, "grad");
  EXPECT_EQ(errorOf(build()), "'other' has a derivative formula but is "
                                 "not a differentiable input of "
                                 "'FBackward0'");

  Info.Derivatives.clear();
  Info.AllSavedInputs = {saved("tensors", "::std::vector<at::Tensor>")};
  EXPECT_TRUE(isNodeError(build()));
}

} // namespace
