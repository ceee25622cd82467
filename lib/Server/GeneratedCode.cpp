//===- GeneratedCode.cpp - The Node classes an entry generates ------------===//
//
// gradgen/generatedCode: the declaration and definition of each Node an
// entry of derivatives.yaml generates, rendered by the Emit stage's
// NodeEmitter from the profile's templates, as `gradgen generate` writes
// them into Functions.h and Functions.cpp.
//
//===----------------------------------------------------------------------===//

#include "Features.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/NodeEmitter.h"
#include "gradgen/Server/Document.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::server {

/// The infos of Entry that get a Node: the view_copy and foreach infos
/// generated from it are not its own.
static std::vector<const DifferentiabilityInfo *>
nodeInfosOf(const Analysis &A, const DerivativesEntry *Entry) {
  std::vector<const DifferentiabilityInfo *> Infos;
  for (const InfoGroup &Group : A.database().Groups)
    for (const DifferentiabilityInfo &Info : Group.Infos)
      if (Info.Entry == Entry && Info.Origin == InfoOrigin::DerivativesFile &&
          hasNode(Info))
        Infos.push_back(&Info);
  return Infos;
}

json::Value codeLenses(const Analysis &A, StringRef URI) {
  json::Array Lenses;
  for (const DerivativesEntry &Entry : A.entries()) {
    std::vector<const DifferentiabilityInfo *> Infos = nodeInfosOf(A, &Entry);
    if (Infos.empty())
      continue;
    std::string Title = "generated code: " + *Infos.front()->Op;
    for (const DifferentiabilityInfo *Info : ArrayRef(Infos).drop_front())
      Title += ", " + *Info->Op;
    lsp::Range Range = rangeOf(A.sourceMgr(), Entry.Name.Range);
    Lenses.push_back(json::Object{
        {"range", Range},
        {"command", json::Object{{"title", Title},
                                 {"command", ShowGeneratedCodeCommand},
                                 {"arguments", json::Array{URI.str(), Range.Start}}}}});
  }
  return Lenses;
}

Expected<json::Value> generatedCode(const Analysis &A, size_t Offset) {
  const DerivativesEntry *Entry = A.entryAt(A.locOf(Offset));
  const Profile *TheProfile = A.profile();
  if (!Entry || !TheProfile)
    return json::Value(nullptr);
  std::vector<const DifferentiabilityInfo *> Infos = nodeInfosOf(A, Entry);
  if (Infos.empty())
    return json::Value(nullptr);

  const NodeModelSet *NodeModels = A.compilation().getNodeModels();
  if (!NodeModels)
    return lsp::makeLSPError(lsp::ErrorCode::RequestFailed,
                             "cannot render the Node: the infos of "
                             "derivatives.yaml did not finalize");
  SourceMgr SM;
  std::vector<Diagnostic> Problems;
  DiagnosticEngine Diags(SM);
  InputFiles Files(SM);
  Diags.setConsumer(std::make_unique<CollectingDiagnosticConsumer>(Problems));
  auto Failed = [&]() -> Error {
    Diags.finish();
    std::string Message = "cannot render the Node";
    for (const Diagnostic &Problem : Problems)
      Message +=
          (&Problem == &Problems.front() ? ": " : "; ") + Problem.Message;
    return lsp::makeLSPError(lsp::ErrorCode::RequestFailed, Message);
  };
  // The Node is made of the profile's snippets alone.
  Expected<TemplateSet> Templates =
      TemplateSet::open(*TheProfile, /*PyTorchTemplates=*/"", Files);
  if (!Templates) {
    reportEmitError(Templates.takeError(), Diags);
    return Failed();
  }
  TemplateLoader Loader(*Templates, Diags);
  NodeTemplates NodeTemplates;
  NodeTemplates.load(*TheProfile, Loader);
  if (!Loader.ok())
    return Failed();

  json::Array Nodes;
  for (const DifferentiabilityInfo *Info : Infos) {
    const AutogradNode *Node = NodeModels->nodeOf(*Info);
    if (Node->Problem) {
      reportEmitError(make_error<NodeError>(*Node->Problem), Diags);
      return Failed();
    }
    Expected<NodeText> Text =
        renderNode(Node->Model, NodeTemplates, *TheProfile);
    if (!Text) {
      reportEmitError(Text.takeError(), Diags);
      return Failed();
    }
    Nodes.push_back(json::Object{{"name", *Info->Op},
                                 {"dispatchKey", Info->DispatchKey},
                                 {"declaration", Text->Declaration},
                                 {"definition", Text->Definition}});
  }
  return json::Object{{"nodes", std::move(Nodes)}};
}

} // namespace gradgen::server
