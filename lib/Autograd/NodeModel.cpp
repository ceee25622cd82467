//===- NodeModel.cpp - What a generated autograd Node contains ------------===//
//
// torchgen's process_function and save_var, minus the text: what they decide
// about a Node, in the order they decide it.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Autograd/NodeModel.h"
#include "gradgen/Autograd/NodeOptions.h"
#include "gradgen/Schema/SchemaSection.h"

#include "gradgen/Autograd/NodeError.h"
#include "gradgen/Support/IdentifierSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace gradgen {

bool hasNode(const DifferentiabilityInfo &Info) {
  return Info.hasDerivatives() && Info.Op.has_value();
}

bool NodeModel::hasReleasableFields() const {
  return llvm::any_of(SavedFields, [](const SavedField &Field) {
    return Field.Layout.TheStorage != SavedFieldLayout::Storage::Value;
  });
}

std::vector<FunctionalParameter> NodeModel::functionalParameters() const {
  std::vector<FunctionalParameter> Parameters;
  for (const IndexRange &Range : IndexRanges)
    if (!Range.SizeMember.empty())
      Parameters.push_back({"size_t", Range.SizeMember});
  for (const SavedField &Field : SavedFields)
    Parameters.push_back({Field.UnpackedType, Field.name().str()});
  if (UsesRetainVariables)
    Parameters.push_back({"bool", "retain_variables"});
  return Parameters;
}

bool readViewFunctions(const Profile &TheProfile, InputFiles &Files,
                       DiagnosticEngine &Diags, StringSet<> &Names) {
  std::string Path = TheProfile.path(NodeOptions::of(TheProfile).ViewFunctions);
  ErrorOr<unsigned> BufferID = Files.addFile(Path);
  if (std::error_code EC = BufferID.getError()) {
    Diags.report(diag::profile_view_functions, SMLoc(),
                "cannot read '" + Path + "': " + EC.message());
    return false;
  }
  StringRef Text =
      Files.getSourceMgr().getMemoryBuffer(*BufferID)->getBuffer();
  bool OK = true;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    StringRef Name = Line.split('#').first.trim();
    if (Name.empty())
      continue;
    bool IsIdentifier = !isDigit(Name.front()) &&
                        llvm::all_of(Name, [](char C) {
                          return isAlnum(C) || C == '_';
                        });
    if (!IsIdentifier) {
      Diags
          .report(diag::profile_view_functions, SMLoc::getFromPointer(Name.data()),
                 "'" + Name + "' is not an operator name")
          .range(SMRange(SMLoc::getFromPointer(Name.data()),
                         SMLoc::getFromPointer(Name.end())));
      OK = false;
      continue;
    }
    Names.insert(Name);
  }
  return OK;
}

namespace {

/// torchgen's TENSOR_LIST_LIKE_CTYPES: arguments whose gradient range has
/// one slot per list element.
bool isTensorListLike(const CType &T) {
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

bool isForeachName(StringRef InfoName) {
  return InfoName.startswith("_foreach_");
}

/// Where the first formula that saves Attribute mentions the value it is
/// computed from (`self` of `self.sym_sizes()`), else where that formula or
/// the entry starts.
SMRange locOfSaved(const DifferentiabilityInfo &Info,
                   const SavedAttribute &Attribute, bool IsOutput) {
  for (const Derivative &D : Info.Derivatives) {
    const std::vector<SavedAttribute> &Saved =
        IsOutput ? D.SavedOutputs : D.SavedInputs;
    bool Found = llvm::any_of(Saved, [&](const SavedAttribute &A) {
      return A.name() == Attribute.name();
    });
    if (!Found || !D.Source)
      continue;
    const FormulaText &Formula = D.Source->Formula;
    StringRef Root = StringRef(Attribute.Expr).take_while([](char C) {
      return isAlnum(C) || C == '_';
    });
    if (std::optional<size_t> Offset = findIdentifier(Formula.Text, Root))
      return Formula.rangeAt(*Offset, *Offset + Root.size());
    SMLoc Start = Formula.range().Start;
    return SMRange(Start, Start);
  }
  SMLoc Entry = Info.Entry ? Info.Entry->Name.loc() : SMLoc();
  return SMRange(Entry, Entry);
}

/// The state of process_function for one info.
class Builder {
public:
  Builder(const DifferentiabilityInfo &Info, const Profile &TheProfile,
          NodeModel &Node)
      : Info(Info), TheProfile(TheProfile), Node(Node) {}

  Error build() {
    addIndexRanges();
    if (Error E = addSavedFields())
      return E;
    if (Error E = addGradAliases())
      return E;
    for (const Derivative &D : Info.Derivatives) {
      UsesRetainVariables(D);
      Expected<FormulaBlock> Block = block(D);
      if (!Block)
        return Block.takeError();
      Node.UsesAnyGradDefined |= Block->ChecksAnyGradDefined;
      Node.Blocks.push_back(std::move(*Block));
    }
    return Error::success();
  }

private:
  SMLoc entryLoc() const {
    return Info.Entry ? Info.Entry->Name.loc() : SMLoc();
  }

  void UsesRetainVariables(const Derivative &D) {
    Node.UsesRetainVariables |= usesIdentifier(D.Formula, "retain_variables");
  }

  void addIndexRanges() {
    for (const Binding &Arg : Info.ArgsWithDerivatives) {
      IndexRange &Range = Node.IndexRanges.emplace_back();
      Range.Name = Arg.Name;
      if (isTensorListLike(Arg.NCType.Type))
        Range.SizeMember = Arg.Name + "_size_";
      // As torchgen's input_name_to_idx dict: a repeated name keeps its
      // first place in the order and takes the last index.
      size_t Position = &Arg - Info.ArgsWithDerivatives.data();
      if (!InputPosition.try_emplace(Arg.Name, Position).second)
        InputPosition[Arg.Name] = Position;
      else
        Node.InputNames.push_back(Arg.Name);
    }
  }

  Error addSavedFields() {
    bool IsForeachFunction =
        Info.Func && Info.Func->rootName().startswith("_foreach");
    for (bool IsOutput : {false, true}) {
      std::vector<const SavedAttribute *> Order;
      for (const SavedAttribute &A :
           IsOutput ? Info.AllSavedOutputs : Info.AllSavedInputs)
        Order.push_back(&A);
      if (NodeOptions::of(TheProfile).SortSavedAttributes)
        llvm::stable_sort(Order, [](const SavedAttribute *A,
                                    const SavedAttribute *B) {
          return A->name() < B->name();
        });
      for (const SavedAttribute *A : Order)
        if (Error E = addSavedField(*A, IsOutput, IsForeachFunction))
          return E;
    }
    return Error::success();
  }

  Error addSavedField(const SavedAttribute &Attribute, bool IsOutput,
                      bool IsForeachFunction) {
    Expected<SavedFieldLayout> Layout = layoutSavedField(
        Attribute.NCType.Type, IsOutput, IsForeachFunction, TheProfile,
        locOfSaved(Info, Attribute, IsOutput));
    if (!Layout)
      return Layout.takeError();
    SavedField &Field = Node.SavedFields.emplace_back();
    Field.Attribute = &Attribute;
    Field.IsOutput = IsOutput;
    Field.Layout = std::move(*Layout);
    Field.Member = Attribute.name().str();
    if (Field.Layout.isSavedVariable()) {
      Field.Member += "_";
      if (IsOutput)
        Field.UnpackOwner = NodeOptions::of(TheProfile).SavedOutputOwner;
    }
    Field.UnpackedType = unpackedType(Field.Layout, TheProfile);
    return Error::success();
  }

  Error addGradAliases() {
    bool UsesGrad = llvm::any_of(Info.Derivatives, [](const Derivative &D) {
      return usesIdentifier(D.Formula, "grad");
    });
    if (UsesGrad) {
      Node.GradAliases.push_back({"grad", 0});
      return Error::success();
    }
    // torchgen 1.13 iterated a set here; its order depended on the hash
    // seed. Later versions sort, as gradgen always does.
    for (const std::string &Name : Info.UsedNamedGradients) {
      auto It = llvm::find(Info.AvailableNamedGradients, Name);
      if (It == Info.AvailableNamedGradients.end())
        return make_error<NodeError>(
            diag::emit_unknown_named_gradient, entryLoc(),
            "'" + Name + "' names no output of '" + Info.Name + "'");
      Node.GradAliases.push_back(
          {Name, size_t(It - Info.AvailableNamedGradients.begin())});
    }
    return Error::success();
  }

  /// needs_input_grad's index of the input Name.
  Expected<size_t> inputIndex(StringRef Name, const Derivative &D) const {
    auto It = InputPosition.find(Name);
    if (It != InputPosition.end())
      return It->second;
    return make_error<NodeError>(
        diag::emit_unknown_derivative_input,
        D.Source ? D.Source->Formula.range().Start : entryLoc(),
        "'" + Name + "' has a derivative formula but is not a "
                     "differentiable input of '" + Node.Name + "'");
  }

  /// Undefined gradients give undefined results for a Tensor input.
  bool checksAnyGradDefined(const Derivative &D) const {
    if (StringRef(D.Formula).contains("not_implemented"))
      return false;
    const Binding *Match = nullptr;
    unsigned Matches = 0;
    for (const Binding &Arg : Info.ArgsWithDerivatives)
      if (Arg.Name == D.VarNames.front()) {
        Match = &Arg;
        ++Matches;
      }
    if (Matches != 1 || !Match->Arg.Arg || Match->Arg.isTensorOptions())
      return false;
    std::string Type = Match->Arg.Arg->Ty->str();
    return Type == "Tensor" || Type == "Tensor?";
  }

  Expected<FormulaBlock> block(const Derivative &D) const {
    FormulaBlock Block;
    Block.TheDerivative = &D;
    if (D.VarNames.size() == 1) {
      Block.TheKind =
          NodeOptions::of(TheProfile).ForeachNodes && isForeachName(Info.Name)
              ? FormulaBlock::Kind::ForeachSingle
              : FormulaBlock::Kind::Single;
      Block.ChecksAnyGradDefined = checksAnyGradDefined(D);
    } else {
      Block.TheKind = FormulaBlock::Kind::Multi;
      Block.UsesGradInputMask =
          StringRef(D.Formula).contains("grad_input_mask");
    }
    if (NodeOptions::of(TheProfile).CompiledAutogradNodes)
      for (const std::string &Name : D.VarNames) {
        Expected<size_t> Index = inputIndex(Name, D);
        if (!Index)
          return Index.takeError();
        Block.InputIndices.push_back(*Index);
      }
    return Block;
  }

  const DifferentiabilityInfo &Info;
  const Profile &TheProfile;
  NodeModel &Node;
  /// A name's index in needs_input_grad: its position among the arguments
  /// with derivatives (the last one, should a name repeat).
  StringMap<size_t> InputPosition;
};

} // namespace

std::string unpackedType(const SavedFieldLayout &Layout,
                         const Profile &TheProfile) {
  using Storage = SavedFieldLayout::Storage;
  switch (Layout.TheStorage) {
  case Storage::SavedVariable:
    return "Tensor&";
  case Storage::SavedVariableList:
    return "std::vector<Tensor>&";
  case Storage::OptionalSavedVariableList:
    return ("torch::List<" +
            SchemaSection::of(TheProfile).CppAPI.unqualifiedOptional() +
            "<Tensor>>&")
        .str();
  case Storage::ScalarList:
    return "std::vector<at::Scalar>&";
  case Storage::Value:
    // torchgen takes the first word of the declaration.
    return (StringRef(Layout.FieldType).split(' ').first + "&").str();
  }
  llvm_unreachable("unknown storage");
}

Expected<NodeModel> NodeModelBuilder::build(const DifferentiabilityInfo &Info) const {
  NodeModel Node;
  Node.Info = &Info;
  if (!Info.Op)
    return make_error<NodeError>(
        diag::emit_no_node, Info.Entry ? Info.Entry->Name.loc() : SMLoc(),
        "'" + Info.Name + "' has no differentiable input and gets no Node");
  Node.Name = *Info.Op;
  Node.Superclass = ViewFunctions && ViewFunctions->contains(Info.Name)
                        ? "Node"
                        : "TraceableFunction";
  if (Error E = Builder(Info, TheProfile, Node).build())
    return E;
  return Node;
}

} // namespace gradgen
