//===- DiagnosticKinds.h - The registry of diagnostics ----------*- C++ -*-===//
//
// Every diagnostic gradgen reports is declared once, in DiagnosticKinds.def:
// report sites name it (diag::derivatives_unknown_schema), consumers print
// its stable rule name, and the rules table of docs/diagnostics.md is
// generated from it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_DIAGNOSTICKINDS_H
#define GRADGEN_SUPPORT_DIAGNOSTICKINDS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class raw_ostream;
}

namespace gradgen {

enum class Severity { Error, Warning, Note };

llvm::StringRef severityName(Severity Level);

namespace diag {

enum Kind : unsigned {
#define DIAG(ENUM, SEVERITY, RULE, SUMMARY) ENUM,
#include "gradgen/Support/DiagnosticKinds.def"
  NumKinds
};

struct KindInfo {
  Severity DefaultSeverity;
  /// The stable rule name, "area.check".
  llvm::StringRef Rule;
  /// What the rule checks, one line of Markdown for the docs table.
  llvm::StringRef Summary;
};

const KindInfo &info(Kind K);
inline llvm::StringRef ruleName(Kind K) { return info(K).Rule; }

/// The kind whose rule name is Rule, if one is declared.
std::optional<Kind> lookupRule(llvm::StringRef Rule);

/// Prints the Markdown table of every rule (id, severity, meaning), as
/// docs/diagnostics.md includes it.
void printRulesTable(llvm::raw_ostream &OS);

} // namespace diag
} // namespace gradgen

#endif // GRADGEN_SUPPORT_DIAGNOSTICKINDS_H
