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

namespace {
/// Keeps the messages of what went wrong, for the error reply.
class MessageConsumer : public DiagnosticConsumer {
public:
  explicit MessageConsumer(std::string &Out) : Out(Out) {}
  void handle(const Diagnostic &Diag, const SourceMgr &) override {
    if (!Out.empty())
      Out += "; ";
    Out += Diag.Message;
  }

private:
  std::string &Out;
};
} // namespace

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

  SourceMgr SM;
  std::string Problems;
  DiagnosticEngine Diags(SM);
  InputFiles Files(SM);
  Diags.setConsumer(std::make_unique<MessageConsumer>(Problems));
  auto Failed = [&]() -> Error {
    Diags.finish();
    return lsp::makeLSPError(lsp::ErrorCode::RequestFailed,
                             "cannot render the Node: " + Problems);
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
  StringSet<> ViewFunctions;
  if (!Loader.ok() || !readViewFunctions(*TheProfile, Files, Diags, ViewFunctions))
    return Failed();
  NodeModelBuilder Builder(*TheProfile, &ViewFunctions);

  json::Array Nodes;
  for (const DifferentiabilityInfo *Info : Infos) {
    Expected<NodeModel> Model = Builder.build(*Info);
    if (!Model) {
      reportEmitError(Model.takeError(), Diags);
      return Failed();
    }
    Expected<NodeText> Text = renderNode(*Model, NodeTemplates, *TheProfile);
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
