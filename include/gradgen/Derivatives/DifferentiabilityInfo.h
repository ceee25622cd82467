//===- DifferentiabilityInfo.h - The autograd model of an op ----*- C++ -*-===//
//
// torchgen's api/autograd model: what derivatives.yaml says about one
// operator and one dispatch key. Formulas keep a pointer to their located
// source so that every later stage can report at the right place.
//
// Saved attributes (which inputs and outputs a backward node keeps, and the
// formula rewritten to use them) are filled in by the Formula stage through
// SavedAttributeAnalysis; this stage never looks inside a formula beyond its
// tokens.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_DIFFERENTIABILITYINFO_H
#define GRADGEN_DERIVATIVES_DIFFERENTIABILITYINFO_H

#include "gradgen/Derivatives/DerivativesFile.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/NativeFunction.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// A value a backward node saves at forward time: the whole input or output,
/// or a property of it such as `self.sym_sizes()`.
struct SavedAttribute {
  /// The field's name and the type torchgen's rule gives it (before the
  /// emitter maps it to a field type).
  NamedCType NCType;
  /// The expression evaluated at save time, e.g. `self.sym_sizes()`.
  std::string Expr;

  llvm::StringRef name() const { return NCType.Name.Name; }
};

/// A backward formula for one or more inputs.
struct Derivative {
  /// The formula with saved attributes substituted (the Formula stage's
  /// output); equal to OriginalFormula until then.
  std::string Formula;
  std::string OriginalFormula;
  /// The inputs this formula computes gradients for.
  std::vector<std::string> VarNames;
  std::vector<SavedAttribute> SavedInputs;
  std::vector<SavedAttribute> SavedOutputs;
  /// `grad_<return>` names the formula uses, sorted.
  std::vector<std::string> NamedGradients;
  /// Where the formula was written; null for generated infos.
  const FormulaEntry *Source = nullptr;
};

/// A forward-mode formula for one or more outputs.
struct ForwardDerivative {
  /// auto_element_wise and auto_linear already expanded.
  std::string Formula;
  std::vector<std::string> VarNames;
  std::vector<const Type *> VarTypes;
  std::optional<std::vector<std::string>> RequiredInputsFwGrad;
  std::optional<std::vector<std::string>> RequiredInputsPrimal;
  bool RequiredOriginalSelfValue = false;
  bool IsReusingOutplaceFormula = false;
  const FormulaEntry *Source = nullptr;
};

enum class InfoOrigin {
  /// An entry (and dispatch key) of derivatives.yaml.
  DerivativesFile,
  /// Added for the view_copy function of a view op.
  ViewCopy,
  /// Generated for a _foreach_ function from its reference op.
  GeneratedForeach,
};

struct DifferentiabilityInfo {
  /// The base name of the derivatives.yaml entry (`add` for add.Tensor);
  /// `<view>_copy.` for view_copy infos.
  std::string Name;
  /// The canonical function of the entry.
  const NativeFunction *Func = nullptr;
  /// The Node class name; set only when some input has a derivative.
  std::optional<std::string> Op;
  std::vector<Derivative> Derivatives;
  std::vector<ForwardDerivative> ForwardDerivatives;
  /// The union of the derivatives' saved inputs and outputs, first use first.
  std::vector<SavedAttribute> AllSavedInputs;
  std::vector<SavedAttribute> AllSavedOutputs;
  std::vector<std::string> AvailableNamedGradients;
  /// Sorted.
  std::vector<std::string> UsedNamedGradients;
  /// The inputs with a derivative, in C++ signature order.
  std::vector<Binding> ArgsWithDerivatives;
  std::vector<std::string> NonDifferentiableArgNames;
  std::optional<std::vector<bool>> OutputDifferentiability;
  std::optional<std::vector<std::string>> OutputDifferentiabilityConditions;

  InfoOrigin Origin = InfoOrigin::DerivativesFile;
  std::string DispatchKey = "Default";
  /// The entry it came from (the view's entry for view_copy infos); null for
  /// generated foreach infos.
  const DerivativesEntry *Entry = nullptr;

  bool hasDerivatives() const { return !ArgsWithDerivatives.empty(); }
};

/// The infos of one schema, one per dispatch key in the order written.
struct InfoGroup {
  const NativeFunction *Func = nullptr;
  std::vector<DifferentiabilityInfo> Infos;

  const DifferentiabilityInfo *lookup(llvm::StringRef DispatchKey) const;
};

/// torchgen's NativeFunctionWithDifferentiabilityInfo: a native function
/// with the infos it uses (match_differentiability_info). In-place and out=
/// variants use the infos of their functional variant; generated functional
/// variants those of the mutable one; in-place `_foreach_` functions the
/// "Default" info of the op they apply element by element.
struct FunctionInfos {
  const NativeFunction *Func = nullptr;
  /// The group whose infos the function uses (an index into
  /// DerivativesDatabase::Groups), if any.
  std::optional<size_t> Group;
  /// Only the group's "Default" info (in-place _foreach_ functions).
  bool DefaultKeyOnly = false;
  /// The infos were written for Func itself, not for another variant.
  bool ExactMatch = false;
};

/// torchgen's gen_differentiable_outputs: the indices of F's returns that
/// are differentiable under Info (null: none), those output_differentiability
/// marks, else the tensors not declared non-differentiable, only the first
/// when a backward formula uses `grad`.
std::vector<size_t> differentiableReturns(const NativeFunction &F,
                                          const DifferentiabilityInfo *Info);

/// Everything derivatives.yaml defines, in torchgen's order: the file's
/// entries, then view_copy infos, then (after finalization) generated foreach
/// infos.
struct DerivativesDatabase {
  std::vector<InfoGroup> Groups;
  /// Dispatch keys used by the file, in first-use order.
  std::vector<std::string> UsedDispatchKeys;
  /// Groups before this index are what the python bindings see; the
  /// generated foreach groups come after it.
  size_t NumPythonVisibleGroups = 0;
  /// Every native function sorted by its C++ name (stable), with the infos
  /// it uses; filled by finalizeDifferentiabilityInfos.
  std::vector<FunctionInfos> Functions;
  /// Every native function in torchgen's order (native_functions.yaml's,
  /// then the generated ones): the order of the families that walk all
  /// operators (variable_factories.h).
  std::vector<const NativeFunction *> NativeFunctions;
  /// In-place _foreach_ functions without infos of their own and the group
  /// of the op they refer to.
  std::vector<std::pair<const NativeFunction *, size_t>> ForeachReferences;

  /// The group of F, or null. Groups are only ever appended, or replaced
  /// by a group of the same function: lookup() indexes the ones appended
  /// since its last call, so it must not run on several threads while
  /// groups are being added.
  const InfoGroup *lookup(const NativeFunction &F) const;
  /// The infos F uses, one per dispatch key in the order written; empty if
  /// none.
  std::vector<const DifferentiabilityInfo *>
  infosOf(const FunctionInfos &F) const;
  /// Every info with an op, in emission order.
  std::vector<const DifferentiabilityInfo *> infosWithDerivatives() const;

private:
  mutable llvm::DenseMap<const NativeFunction *, size_t> GroupIndex;
  mutable size_t NumIndexed = 0;
};

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_DIFFERENTIABILITYINFO_H
