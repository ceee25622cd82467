//===- InfoBuilder.h - Builds DifferentiabilityInfos (private) -*- C++ -*-===//
//
// Shared by LoadDerivatives.cpp (entries, schemas, dispatch keys) and
// SetUpDerivatives.cpp (the formulas of one dispatch block).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_DERIVATIVES_INFOBUILDER_H
#define GRADGEN_LIB_DERIVATIVES_INFOBUILDER_H

#include "gradgen/Derivatives/FormulaTokens.h"
#include "gradgen/Derivatives/LoadDerivatives.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace gradgen {
namespace detail {

/// The valid names of a derivatives.yaml key: arguments and returns of the
/// canonical function.
struct FunctionNames {
  /// The run's DerivativesContext::signatureArguments.
  llvm::ArrayRef<Binding> Arguments;
  std::vector<std::string> ArgumentNames;
  /// cpp::return_names with `self` renamed to `result`.
  std::vector<std::string> ReturnNames;
  /// The schema's return names (absent for unnamed returns).
  std::vector<std::optional<std::string>> SchemaReturnNames;

  bool isArgument(llvm::StringRef Name) const {
    return llvm::is_contained(ArgumentNames, Name);
  }
};

/// The candidate closest to Name by edit distance, if close enough to be a
/// plausible typo.
std::optional<std::string> closestName(llvm::StringRef Name,
                                       llvm::ArrayRef<std::string> Candidates);

/// `'a', 'b'`.
std::string joinQuoted(llvm::ArrayRef<std::string> Names);

/// Replaces whole-identifier tokens of Formula with Replacement(Name), as
/// torchgen's IDENT_REGEX substitutions do, but never inside literals or
/// comments.
std::string replaceIdentifiers(
    const FormulaTokens &Tokens,
    llvm::function_ref<std::optional<std::string>(llvm::StringRef)>
        Replacement);

class InfoBuilder {
public:
  explicit InfoBuilder(const DerivativesContext &Context)
      : Context(Context), Diags(Context.Diags) {}

  void build(const DerivativesEntry &Entry, DerivativesDatabase &Database);

private:
  const NativeFunction *resolve(const DerivativesEntry &Entry,
                                llvm::StringRef DefnName);
  const NativeFunction *canonicalFunction(const DerivativesEntry &Entry,
                                          const NativeFunction &Resolved,
                                          llvm::StringRef DefnName);
  std::optional<FunctionNames> namesOf(const NativeFunction &F,
                                       const DerivativesEntry &Entry);
  std::optional<DifferentiabilityInfo>
  buildInfo(const DerivativesEntry &Entry, const DispatchBlock &Block,
            const NativeFunction &F, const FunctionNames &Names,
            llvm::StringRef DefnName,
            const std::optional<std::vector<bool>> &OutputDifferentiability);
  bool checkBackwardFormula(const FormulaEntry &Formula,
                            const FormulaTokens &Tokens,
                            const NativeFunction &F);
  bool checkGradUsage(llvm::StringRef DefnName,
                      llvm::ArrayRef<std::pair<const FormulaEntry *, FormulaTokens>>
                          Backward,
                      llvm::ArrayRef<Derivative> Derivatives);
  std::optional<ForwardDerivative>
  createForwardDerivative(const FormulaEntry &Formula, const NativeFunction &F,
                          const FunctionNames &Names);
  /// Whether the names of a forward derivative's key are outputs of F;
  /// Failed when they are not and an error was reported.
  enum class OutputMatch { Matched, NotMatched, Failed };
  OutputMatch matchNamedOutputs(const FormulaEntry &Formula,
                                const NativeFunction &F,
                                const FunctionNames &Names,
                                ForwardDerivative &Result);
  OutputMatch matchResultOutputs(const FormulaEntry &Formula,
                                 const NativeFunction &F,
                                 const FunctionNames &Names,
                                 ForwardDerivative &Result);
  OutputMatch matchIndexedResults(const FormulaEntry &Formula,
                                  const NativeFunction &F,
                                  ForwardDerivative &Result);
  void reportUnknownOutput(const Located<std::string> &Name,
                           llvm::ArrayRef<std::string> Outputs,
                           const NativeFunction &F);
  void reportUnknownForwardName(const FormulaEntry &Formula,
                                const NativeFunction &F,
                                const FunctionNames &Names);
  bool postprocessForwardDerivatives(
      DifferentiabilityInfo &Info, const NativeFunction &F,
      const FunctionNames &Names, llvm::StringRef DefnName);
  std::optional<std::vector<std::string>>
  findRequiredInputs(const ForwardDerivative &Derivative,
                     const FormulaTokens &Tokens,
                     const DifferentiabilityInfo &Info,
                     const NativeFunction &F, llvm::StringRef DefnName,
                     llvm::StringRef Postfix);

  const DerivativesContext &Context;
  DiagnosticEngine &Diags;
  llvm::StringMap<unsigned> OpCounter;
  llvm::StringSet<> UsedDispatchKeys;
};

} // namespace detail
} // namespace gradgen

#endif // GRADGEN_LIB_DERIVATIVES_INFOBUILDER_H
