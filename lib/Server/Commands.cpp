//===- Commands.cpp - workspace/executeCommand ----------------------------===//
//
// The server's commands: gradgen.showGeneratedCode (the code lens) and
// gradgen.gradcheck (the numeric check of an entry, NumericCheck.cpp).
//
//===----------------------------------------------------------------------===//

#include "ServerImpl.h"

using namespace llvm;

namespace gradgen::server {

using lsp::ErrorCode;
using lsp::makeLSPError;

void LanguageServer::Impl::executeCommand(const json::Value &Params,
                                          lsp::Reply R) {
  // gradgen.showGeneratedCode(uri, position), the command of the code lens.
  const json::Object *O = Params.getAsObject();
  const json::Array *Arguments = O ? O->getArray("arguments") : nullptr;
  std::optional<StringRef> Command = O ? O->getString("command") : std::nullopt;
  if (Command && *Command == GradcheckCommand && Arguments)
    return gradcheck(*Arguments, std::move(R));
  if (!Command || *Command != ShowGeneratedCodeCommand)
    return R(makeLSPError(ErrorCode::InvalidParams,
                          "unknown command: " + Command.value_or("")));
  lsp::PositionParams P;
  json::Path::Root Root;
  if (!Arguments || Arguments->size() != 2 ||
      !fromJSON((*Arguments)[0], P.Document.URI, json::Path(Root)) ||
      !fromJSON((*Arguments)[1], P.Pos, json::Path(Root)))
    return R(makeLSPError(ErrorCode::InvalidParams,
                          ShowGeneratedCodeCommand +
                              " takes a document URI and a position"));
  request(P.Document.URI, P.Pos, WhileChecking::ShiftPosition, nullptr,
          std::move(R),
          [](const Analysis &A, size_t Offset, std::optional<StringRef>) {
            return generatedCode(A, Offset);
          });
}

void LanguageServer::Impl::gradcheck(const json::Array &Arguments,
                                     lsp::Reply R) {
  std::optional<StringRef> URI, Operator;
  if (Arguments.size() == 2) {
    URI = Arguments[0].getAsString();
    Operator = Arguments[1].getAsString();
  }
  // A fuzzed client must not make the server compile and cache code.
  if (Options.NoCache)
    return R(makeLSPError(ErrorCode::RequestFailed,
                          "numeric checks are off: this server keeps no cache"));
  Document Doc;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = URI && Operator ? Files.find(*URI) : Files.end();
    if (It == Files.end() || !It->second.Checked)
      return R(makeLSPError(ErrorCode::InvalidParams,
                            GradcheckCommand + " takes the URI of an open "
                                               "derivatives.yaml and an "
                                               "operator"));
    Doc = It->second.Doc;
  }
  auto Run = [this, Doc, URI = URI->str(), Operator = Operator->str(),
              R = std::move(R)]() mutable {
    NumericCheck Result =
        checkNumerically(TheWorkspace.configFor(Doc.Path), Doc.Path, Doc.Text,
                         Operator, Options.Argv0);
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = Files.find(URI);
      if (It != Files.end() && It->second.Doc.Version == Doc.Version) {
        It->second.Numeric = std::move(Result.Diagnostics);
        It->second.NumericVersion = Doc.Version;
        if (It->second.Latest && It->second.LatestVersion == Doc.Version)
          publish(It->second);
      }
    }
    R(std::move(Result.Summary));
  };
  if (Options.Synchronous)
    return Run();
  // The pool takes copyable tasks; the reply is not.
  auto Task = std::make_shared<decltype(Run)>(std::move(Run));
  NumericChecks.async([Task] { (*Task)(); });
}

} // namespace gradgen::server
