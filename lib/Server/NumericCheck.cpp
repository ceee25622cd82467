//===- NumericCheck.cpp - An entry's formulas checked numerically ---------===//
//
// The code action "Check this derivative numerically" on an entry's name
// runs `gradgen gradcheck --op` on the editor's text (docs/gradcheck.md):
// the same Gradcheck library, whose disagreements arrive as the entry's
// diagnostics.
//
//===----------------------------------------------------------------------===//

#include "Features.h"

#include "gradgen/Gradcheck/Gradcheck.h"
#include "gradgen/Server/Document.h"

using namespace llvm;

namespace gradgen::server {

/// The operator an entry names, `name.overload` as `--op` takes it.
static StringRef operatorOf(const DerivativesEntry &Entry) {
  return StringRef(*Entry.Name).split('(').first.trim();
}

std::optional<lsp::CodeAction> gradcheckAction(const Analysis &A, StringRef URI,
                                               lsp::Range Range) {
  if (!A.derivativesBuffer() || !A.profile() || !A.functions())
    return std::nullopt;
  SMLoc Loc = A.locOf(offsetOf(A.derivativesText(), Range.Start));
  const DerivativesEntry *Entry = A.entryAt(Loc);
  // On the name only: a formula's code actions are its fixes.
  if (!Entry || operatorOf(*Entry).empty() ||
      Loc.getPointer() < Entry->Name.Range.Start.getPointer() ||
      Loc.getPointer() > Entry->Name.Range.End.getPointer())
    return std::nullopt;
  std::string Operator = operatorOf(*Entry).str();
  lsp::CodeAction Action;
  Action.Title = "Check this derivative numerically (" + Operator + ")";
  Action.URI = URI.str();
  Action.Command =
      json::Object{{"title", Action.Title},
                   {"command", GradcheckCommand},
                   {"arguments", json::Array{URI.str(), Operator}}};
  return Action;
}

/// The summary; for a check that could not run, the first error that
/// stopped it.
static json::Value summaryOf(const GradcheckSummary &Summary, bool Ran,
                             const Analysis &A) {
  json::Array Skipped;
  for (const auto &[Reason, Operators] : Summary.Skipped)
    Skipped.push_back(json::Object{{"reason", Reason},
                                   {"operators", json::Array(Operators)}});
  json::Object Result{{"ran", Ran},
                      {"operatorsChecked", Summary.OperatorsChecked},
                      {"formulasChecked", Summary.FormulasChecked},
                      {"disagreements", Summary.Failures},
                      {"skipped", std::move(Skipped)}};
  if (!Ran)
    for (const Diagnostic &D : A.diagnostics())
      if (D.Level == Severity::Error) {
        Result["problem"] = D.Message;
        break;
      }
  return Result;
}

NumericCheck checkNumerically(const CheckConfig &Config, StringRef Path,
                              StringRef Text, StringRef Operator,
                              const char *Argv0) {
  Invocation Inv = makeInvocation(Config, Path, Argv0);
  Inv.Families = {"functions", "variable-type"};
  Session S(std::move(Inv));
  S.setUnsavedFile(Path, Text);
  GradcheckOptions Options;
  Options.Operators = {Operator.str()};
  Options.LibtorchPrefix = Config.Libtorch;
  if (Config.CacheDir && !Config.CacheDir->empty())
    Options.CacheDir = *Config.CacheDir + "/gradcheck";
  GradcheckSummary Summary;
  bool Ran = false;
  std::shared_ptr<const Analysis> A =
      Analysis::run(S, nullptr, [&](Compilation &C) {
        if (!C.getDiags().hasErrors() && C.getNodeModels())
          Ran = runGradcheck(C, Options, Summary);
      });
  NumericCheck Result;
  // The check's own diagnostics are published by the document's checks.
  std::map<std::string, std::vector<lsp::Diagnostic>> ByFile =
      toLSPDiagnostics(*A);
  for (lsp::Diagnostic &D : ByFile[Path.str()])
    if (StringRef(D.Code).starts_with("gradcheck."))
      Result.Diagnostics.push_back(std::move(D));
  Result.Summary = summaryOf(Summary, Ran, *A);
  return Result;
}

} // namespace gradgen::server
