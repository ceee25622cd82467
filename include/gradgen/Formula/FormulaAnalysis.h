//===- FormulaAnalysis.h - The Formula stage behind the Derivatives API -*- C++
//-*-===//
//
// Connects the FormulaChecker to the rest of the pipeline: declares every
// operator of the NativeFunctionSet, type-checks every formula of a
// DerivativesDatabase, and writes the rewritten backward formulas and their
// saved attributes (with structured C++ types) back into the database.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_FORMULAANALYSIS_H
#define GRADGEN_FORMULA_FORMULAANALYSIS_H

#include "gradgen/Autograd/NodeModelSet.h"
#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Formula/FormulaChecker.h"
#include "gradgen/Formula/FormulaFlags.h"
#include "gradgen/Support/InputFiles.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct FormulaAnalysisOptions {
  FormulaFlags Flags;
  /// Where precompiled headers are cached: defaultCacheDir() if not given,
  /// none if empty.
  std::optional<std::string> CacheDir;
  /// A folder replacing the built-in prelude; empty for the built-in one.
  std::string PreludeDir;
  /// Writes the generated translation unit here (debugging).
  std::string DumpTranslationUnit;
  /// Overrides the rule table's save-textual-mentions switch.
  std::optional<bool> SaveTextualMentions;
  /// FormulaCheckerOptions::ReuseFirstCheck.
  bool ReuseFirstCheck = true;
  /// The forward formulas as the autograd kernels compute them (the
  /// VariableType stage decides), checked in the second check; none
  /// without it.
  std::function<std::vector<GeneratedNode>(const DerivativesDatabase &,
                                           const DerivativesContext &)>
      KernelForwardFormulas;
};

/// $GRADGEN_CACHE_DIR, else $XDG_CACHE_HOME/gradgen, else
/// $HOME/.cache/gradgen; empty if none is set.
std::string defaultCacheDir();

/// The Formula stage: the first check (SavedAttributeAnalysis::analyze) and
/// the second, of the code generated from the final infos.
class FormulaStage : public SavedAttributeAnalysis {
public:
  /// After finalizeDifferentiabilityInfos succeeded: checks each formula as
  /// its Node of Nodes evaluates it, and each forward formula as its kernel
  /// computes it. Returns false after reporting errors.
  virtual bool checkGenerated(const DerivativesDatabase &Database,
                              const NodeModelSet &Nodes,
                              const DerivativesContext &Context) = 0;
};

/// The Formula stage. It reads the profile's rule table and the helper
/// headers through Files, which records them as inputs.
std::unique_ptr<FormulaStage>
createFormulaAnalysis(FormulaAnalysisOptions Options, InputFiles &Files);

/// For an editor: Formula, written in Entry of derivatives.yaml for F, framed
/// as the check frames it (with F's arguments and returns), even if the
/// entry has errors (Entry, which locates the arguments, may be null);
/// std::nullopt for auto_element_wise and auto_linear.
std::optional<FormulaInput> formulaInputOf(const NativeFunction &F,
                                           const DerivativesEntry *Entry,
                                           const FormulaEntry &Formula,
                                           const CppAPIOptions &CppOptions);

} // namespace gradgen

#endif // GRADGEN_FORMULA_FORMULAANALYSIS_H
