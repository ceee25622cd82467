//===- GeneratedNodes.cpp - The context of the second check ---------------===//

#include "GeneratedNodes.h"

#include "FormulaUnit.h"
#include "gradgen/Support/IdentifierSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace gradgen::formula {

static GeneratedNode nodeFor(const DifferentiabilityInfo &Info,
                             const RewriteMap &Rewrites,
                             const SavedFieldTypeFn &FieldType) {
  GeneratedNode Node;
  Node.Name = Info.Op.value_or(Info.Name);
  bool Foreach = StringRef(Info.Name).startswith("_foreach_");

  auto SortedByName = [](ArrayRef<SavedAttribute> Saved) {
    std::vector<const SavedAttribute *> Result;
    for (const SavedAttribute &S : Saved)
      Result.push_back(&S);
    llvm::stable_sort(Result,
                      [](const SavedAttribute *A, const SavedAttribute *B) {
                        return A->name() < B->name();
                      });
    return Result;
  };
  StringSet<> Declared;
  for (bool IsOutput : {false, true})
    for (const SavedAttribute *S :
         SortedByName(IsOutput ? Info.AllSavedOutputs : Info.AllSavedInputs))
      if (Declared.insert(S->name()).second)
        Node.Variables.push_back(
            {S->name().str(), FieldType(S->NCType.Type, IsOutput, Foreach)});

  auto UsedByAny = [&](StringRef Ident) {
    return any_of(Info.Derivatives, [&](const Derivative &D) {
      return usesIdentifier(D.Formula, Ident);
    });
  };
  if (UsedByAny("grad")) {
    Node.Variables.push_back({"grad", "const at::Tensor &"});
  } else {
    for (const std::string &Name : Info.UsedNamedGradients)
      Node.Variables.push_back({Name, "const at::Tensor &"});
  }
  if (UsedByAny("retain_variables"))
    Node.Variables.push_back({"retain_variables", "bool"});

  for (const Derivative &D : Info.Derivatives) {
    GeneratedFormula F;
    F.Formula = D.Formula;
    F.VarNames = D.VarNames;
    F.Foreach = Foreach;
    if (D.VarNames.size() == 1 && !Foreach &&
        !StringRef(D.Formula).contains("not_implemented"))
      for (const Binding &B : Info.ArgsWithDerivatives)
        if (B.Name == D.VarNames[0] && B.Arg.Arg) {
          std::string Type = B.Arg.Arg->Ty->str();
          F.ChecksAnyGradDefined = Type == "Tensor" || Type == "Tensor?";
        }
    if (D.Source) {
      F.KeyLoc = D.Source->RawNames.loc();
      auto It = Rewrites.find(D.Source);
      if (It != Rewrites.end() && It->second.first == D.Formula) {
        F.Source = D.Source->Formula.Source;
        F.Edits = It->second.second;
      }
    } else if (Info.Func) {
      F.KeyLoc = Info.Func->funcLoc();
    }
    Node.Formulas.push_back(std::move(F));
  }
  return Node;
}

std::vector<GeneratedNode> generatedNodes(const DerivativesDatabase &Database,
                                          const RewriteMap &Rewrites,
                                          const SavedFieldTypeFn &FieldType) {
  std::vector<GeneratedNode> Nodes;
  // view_copy infos repeat their view's node: check what differs once.
  StringSet<> Seen;
  for (const InfoGroup &Group : Database.Groups)
    for (const DifferentiabilityInfo &Info : Group.Infos) {
      if (!Info.hasDerivatives() || Info.Derivatives.empty())
        continue;
      GeneratedNode Node = nodeFor(Info, Rewrites, FieldType);
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
