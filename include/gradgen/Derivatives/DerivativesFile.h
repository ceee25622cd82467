//===- DerivativesFile.h - derivatives.yaml as located records --*- C++ -*-===//
//
// The first half of the Derivatives stage: the YAML of derivatives.yaml read
// into records that remember where every entry, key and formula came from.
// Nothing here knows about schemas; DifferentiabilityInfo.h does.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_DERIVATIVESFILE_H
#define GRADGEN_DERIVATIVES_DERIVATIVESFILE_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLSource.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct Profile;

/// A formula value with the map from its characters back to the YAML source.
struct FormulaText {
  std::string Text;
  ScalarSourceMap Source;

  llvm::SMLoc locAt(size_t Offset) const { return Source.locForOffset(Offset); }
  llvm::SMRange rangeAt(size_t Begin, size_t End) const {
    return Source.rangeForOffsets(Begin, End);
  }
  llvm::SMRange range() const { return Source.tokenRange(); }
};

/// One `names: formula` pair of a dispatch block.
struct FormulaEntry {
  /// The key as written, e.g. "self, other".
  Located<std::string> RawNames;
  /// The key split at commas, each name trimmed and located.
  std::vector<Located<std::string>> Names;
  FormulaText Formula;
};

/// The formulas of one dispatch key ("Default" for entries without
/// `dispatch:`).
struct DispatchBlock {
  Located<std::string> Key;
  std::vector<FormulaEntry> Formulas;
};

/// One element of output_differentiability: a bool or a condition string.
struct OutputDifferentiabilityItem {
  std::optional<bool> Differentiable;
  std::string Condition;
  llvm::SMRange Range;
};

/// One `- name:` item of derivatives.yaml.
struct DerivativesEntry {
  llvm::SMLoc Loc;
  /// The schema string, matched against str(FunctionSchema).
  Located<std::string> Name;
  std::optional<std::vector<OutputDifferentiabilityItem>>
      OutputDifferentiability;
  llvm::SMRange OutputDifferentiabilityRange;
  std::vector<DispatchBlock> Dispatch;
};

/// Reads the entries of a parsed derivatives.yaml. Malformed entries are
/// reported and skipped; the rest are returned.
std::vector<DerivativesEntry> readDerivativesFile(const YAMLSource &Source,
                                                  const Profile &Profile,
                                                  DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_DERIVATIVESFILE_H
