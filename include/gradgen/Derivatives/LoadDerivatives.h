//===- LoadDerivatives.h - derivatives.yaml to DifferentiabilityInfos -*- C++ -*-===//
//
// The Derivatives stage, in three steps with the Formula stage in between:
//
//   1. buildDifferentiabilityInfos: every entry resolved against the schemas,
//      every check of torchgen's load_derivatives reported where the mistake
//      is;
//   2. a SavedAttributeAnalysis (the Formula stage) fills in each backward
//      formula's saved inputs, saved outputs and rewritten text;
//   3. finalizeDifferentiabilityInfos: saved attributes merged per info,
//      view_copy infos added, and torchgen's match_differentiability_info
//      checks (and, for 2.x profiles, the generated _foreach_ infos).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_LOADDERIVATIVES_H
#define GRADGEN_DERIVATIVES_LOADDERIVATIVES_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/SchemaIndex.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace gradgen {

/// What the Derivatives stage reads besides derivatives.yaml.
struct DerivativesContext {
  const NativeFunctionSet &Functions;
  const SchemaIndex &Index;
  const Profile &TheProfile;
  const CppAPIOptions &CppOptions;
  DiagnosticEngine &Diags;

  /// cpp::signatureArguments(F, /*SymInt=*/true, CppOptions), which the
  /// infos' names and the formulas' variables both need: once per function
  /// of a run. The reference stays valid for the context's life.
  const std::optional<std::vector<Binding>> &
  signatureArguments(const NativeFunction &F) const;

  /// The memo of signatureArguments(); set by nobody else.
  mutable std::unordered_map<const NativeFunction *,
                             std::optional<std::vector<Binding>>>
      SignatureArgumentsMemo = {};
};

/// Step 1. Entries with errors are reported and left out.
DerivativesDatabase
buildDifferentiabilityInfos(llvm::ArrayRef<DerivativesEntry> Entries,
                            const DerivativesContext &Context);

/// Step 2: implemented by the Formula stage.
class SavedAttributeAnalysis {
public:
  virtual ~SavedAttributeAnalysis();
  /// Fills Derivative::Formula, SavedInputs and SavedOutputs of every
  /// backward formula of Database. Returns false after reporting errors.
  virtual bool analyze(DerivativesDatabase &Database,
                       const DerivativesContext &Context) = 0;
};

/// Step 3. Returns false after reporting errors.
bool finalizeDifferentiabilityInfos(DerivativesDatabase &Database,
                                    const DerivativesContext &Context);

/// torchgen's _create_op_prefix: `add_relu` -> `AddReluBackward`, with
/// Python's str.title() per `_`-separated part.
std::string opPrefixFor(llvm::StringRef Name);

/// The `name` of `name.overload(args) -> returns` (torchgen's
/// split_name_params), or std::nullopt if Schema does not start that way.
std::optional<llvm::StringRef> schemaBaseName(llvm::StringRef Schema);

/// Reports that the `name:` Name resolves to no schema of Index, with the
/// signatures of the same name or the closest schema as notes, and a fix-it
/// only where one schema of the same operator is a near miss. The caller may
/// add notes before the builder goes.
DiagnosticBuilder reportUnknownSchema(const Located<std::string> &Name,
                                      const SchemaIndex &Index,
                                      DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_LOADDERIVATIVES_H
