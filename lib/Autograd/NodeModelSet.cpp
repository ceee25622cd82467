//===- NodeModelSet.cpp - The Node models of a run ------------------------===//

#include "gradgen/Autograd/NodeModelSet.h"

#include "llvm/Support/ThreadPool.h"

using namespace llvm;

namespace gradgen {

NodeModelSet NodeModelSet::build(const DerivativesDatabase &Database,
                                 const NodeModelBuilder &Builder,
                                 unsigned Threads) {
  NodeModelSet Set;
  for (size_t G = 0; G < Database.Groups.size(); ++G)
    for (const DifferentiabilityInfo &Info : Database.Groups[G].Infos)
      if (hasNode(Info)) {
        Set.IndexOf[&Info] = Set.Nodes.size();
        AutogradNode &Node = Set.Nodes.emplace_back();
        Node.Model.Info = &Info;
        Node.PythonVisible = G < Database.NumPythonVisibleGroups;
      }
  // Each task writes only its own slots; small chunks balance the load.
  auto Build = [&](size_t Begin, size_t End) {
    for (size_t I = Begin; I < End; ++I) {
      AutogradNode &Node = Set.Nodes[I];
      Expected<NodeModel> Model = Builder.build(Node.info());
      if (Model) {
        Node.Model = std::move(*Model);
        continue;
      }
      handleAllErrors(Model.takeError(), [&](const NodeError &Problem) {
        Node.Problem = Problem;
      });
    }
  };
  constexpr size_t ChunkSize = 64;
  size_t N = Set.Nodes.size();
  if (Threads == 1 || N <= ChunkSize) {
    Build(0, N);
  } else {
    ThreadPool Pool(hardware_concurrency(Threads));
    for (size_t Begin = 0; Begin < N; Begin += ChunkSize)
      Pool.async(Build, Begin, std::min(Begin + ChunkSize, N));
    Pool.wait();
  }
  for (const AutogradNode &Node : Set.Nodes)
    Set.NumProblems += !Node.isBuilt();
  return Set;
}

const AutogradNode *
NodeModelSet::nodeOf(const DifferentiabilityInfo &Info) const {
  auto It = IndexOf.find(&Info);
  return It == IndexOf.end() ? nullptr : &Nodes[It->second];
}

const NodeModel *
NodeModelSet::modelOf(const DifferentiabilityInfo &Info) const {
  const AutogradNode *Node = nodeOf(Info);
  return Node && Node->isBuilt() ? &Node->Model : nullptr;
}

} // namespace gradgen
