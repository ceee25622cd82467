//===- Gradcheck.h - Formulas checked numerically against libtorch -*- C++ -*-//
//
// `gradgen gradcheck`: builds gradgen's own Node classes and autograd kernels
// for some operators of a derivatives.yaml into a small library against a
// real libtorch, loads it in a harness in place of that libtorch's kernels
// for those operators, and compares every backward and forward formula with
// central finite differences of the forward pass (docs/gradcheck.md). A
// disagreement is a diagnostic at the formula.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_GRADCHECK_GRADCHECK_H
#define GRADGEN_GRADCHECK_GRADCHECK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace gradgen {

class Compilation;

struct GradcheckOptions {
  /// Operators (name.overload) to check; empty: every one with a formula.
  std::vector<std::string> Operators;
  /// The libtorch under test: PREFIX/include and PREFIX/lib.
  std::string LibtorchPrefix = "/usr";
  /// Also check the derivatives of the backward pass.
  bool SecondOrder = false;
  /// Where objects, libraries and the harness are cached.
  std::string CacheDir;
  /// What a run removes from the cache when it ends, in the syntax of
  /// llvm::parseCachePruningPolicy (lld's --thinlto-cache-policy): products
  /// unused for a week, the least recently used beyond 2 GiB.
  std::string CachePolicy =
      "prune_interval=1h:prune_after=168h:cache_size_bytes=2g";
  /// The C++ compiler; empty: $CXX, else clang++-16, clang++, g++, c++.
  std::string Compiler;
  /// The check of one operator that takes longer is stopped and reported.
  unsigned TimeoutSeconds = 120;
  /// Sample tables read after the profile's (gradcheck-samples.yaml beside
  /// derivatives.yaml, if it exists, is one).
  std::vector<std::string> SampleTables;
  /// Writes every operator's outcome here as JSON (for scripts), if set.
  std::string ReportPath;
  /// Compiler processes run at once.
  unsigned Jobs = 2;
  /// Extra compiler flags (e.g. from a PyTorch build's compile database).
  std::vector<std::string> ExtraFlags;
};

/// What a run checked; printed as the summary line.
struct GradcheckSummary {
  unsigned OperatorsChecked = 0, FormulasChecked = 0, Failures = 0;
  /// Per operator: {"op", "status" (checked, failed, skipped), "reason"}.
  std::vector<std::string> Report;
  /// Reason -> operators skipped for it.
  std::vector<std::pair<std::string, std::vector<std::string>>> Skipped;
  void print(llvm::raw_ostream &OS) const;
};

/// Checks the operators of Options in C, whose infos are loaded (RunGoal::
/// Infos). Reports every disagreement and problem to C's diagnostics;
/// returns false if it could not run at all.
bool runGradcheck(Compilation &C, const GradcheckOptions &Options,
                  GradcheckSummary &Summary);

} // namespace gradgen

#endif // GRADGEN_GRADCHECK_GRADCHECK_H
