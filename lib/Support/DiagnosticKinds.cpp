//===- DiagnosticKinds.cpp - The registry of diagnostics ------------------===//

#include "gradgen/Support/DiagnosticKinds.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {

StringRef severityName(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

namespace diag {

static const KindInfo Infos[] = {
#define DIAG(ENUM, SEVERITY, RULE, SUMMARY) {Severity::SEVERITY, RULE, SUMMARY},
#include "gradgen/Support/DiagnosticKinds.def"
};
static_assert(std::size(Infos) == NumKinds);

const KindInfo &info(Kind K) { return Infos[K]; }

std::optional<Kind> lookupRule(StringRef Rule) {
  for (unsigned K = 0; K != NumKinds; ++K)
    if (Infos[K].Rule == Rule)
      return static_cast<Kind>(K);
  return std::nullopt;
}

void printRulesTable(raw_ostream &OS) {
  OS << "| id | severity | meaning |\n"
     << "|---|---|---|\n";
  for (const KindInfo &Info : Infos)
    OS << "| `" << Info.Rule << "` | " << severityName(Info.DefaultSeverity)
       << " | " << Info.Summary << " |\n";
}

} // namespace diag
} // namespace gradgen
