//===- GeneratedNodes.cpp - The context of the second check ---------------===//

#include "GeneratedNodes.h"

#include "gradgen/Autograd/NodeModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace gradgen::formula {

static GeneratedFormula formulaOf(const NodeModel &Node,
                                  const FormulaBlock &Block,
                                  const RewriteMap &Rewrites) {
  GeneratedFormula F;
  F.Formula = Block.formula().str();
  F.VarNames = Block.varNames();
  F.Foreach = Block.TheKind == FormulaBlock::Kind::ForeachSingle;
  F.ChecksAnyGradDefined = Block.ChecksAnyGradDefined;
  F.DeclaresGradInputMask = Block.UsesGradInputMask;
  const Derivative &D = *Block.TheDerivative;
  if (D.Source) {
    F.KeyLoc = D.Source->RawNames.loc();
    auto It = Rewrites.find(D.Source);
    if (It != Rewrites.end() && It->second.first == D.Formula) {
      F.Source = D.Source->Formula.Source;
      F.Edits = It->second.second;
    }
  } else if (Node.Info->Func) {
    F.KeyLoc = Node.Info->Func->funcLoc();
  }
  return F;
}

static GeneratedNode nodeFor(const NodeModel &Node,
                             const RewriteMap &Rewrites) {
  GeneratedNode Result;
  Result.Name = Node.Name;
  for (const SavedField &Field : Node.SavedFields)
    Result.Variables.push_back({Field.name().str(), Field.UnpackedType});
  for (const GradAlias &Alias : Node.GradAliases)
    Result.Variables.push_back({Alias.Name, "const at::Tensor &"});
  if (Node.UsesRetainVariables)
    Result.Variables.push_back({"retain_variables", "bool"});
  for (const FormulaBlock &Block : Node.Blocks)
    Result.Formulas.push_back(formulaOf(Node, Block, Rewrites));
  return Result;
}

std::vector<GeneratedNode> generatedNodes(const NodeModelSet &NodeModels,
                                          const RewriteMap &Rewrites) {
  std::vector<GeneratedNode> Nodes;
  // view_copy infos repeat their view's node: check what differs once.
  StringSet<> Seen;
  for (const AutogradNode &Model : NodeModels.nodes()) {
    if (!Model.isBuilt() || Model.info().Derivatives.empty())
      continue;
    GeneratedNode Node = nodeFor(Model.Model, Rewrites);
    std::string Key;
    for (const GeneratedVariable &V : Node.Variables)
      Key += V.CppType + " " + V.Name + ",";
    for (const GeneratedFormula &F : Node.Formulas)
      Key += join(F.VarNames, ",") + (F.ChecksAnyGradDefined ? "?" : ":") +
             (F.Foreach ? "[]" : "") + F.Formula + ";";
    if (Seen.insert(Key).second)
      Nodes.push_back(std::move(Node));
  }
  return Nodes;
}

} // namespace gradgen::formula
