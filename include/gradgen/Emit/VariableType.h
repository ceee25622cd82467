//===- VariableType.h - The autograd kernels of every operator --*- C++ -*-===//
//
// torchgen's gen_variable_type, the `variable-type` file family
// (createVariableTypeFamily): VariableType.h and the autograd kernels of
// every operator, VariableType_0..N-1.cpp and VariableTypeEverything.cpp. A
// kernel unpacks its arguments, creates the operator's Node when an input
// requires grad, saves what the backward formulas use, calls the operator
// below autograd (`at::redispatch::`), attaches the outputs to the graph and
// computes forward-mode tangents. docs/variable-type.md describes a kernel
// and how the profile changes it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_VARIABLETYPE_H
#define GRADGEN_EMIT_VARIABLETYPE_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Autograd/GeneratedCode.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct TraceTypeOptions;
struct VariableTypeOptions;

/// The names gen_variable_type of a PyTorch version treats specially: the
/// rule table the profile's variable-type: section names (`lists:`, by
/// default templates/<profile>/variable-type/lists.yaml). The families'
/// switches are the sections of gradgen/Emit/FamilyOptions.h.
struct VariableTypeLists {
  llvm::StringSet<> DontRequireDerivative;
  llvm::StringSet<> GradientImplementedForComplex;
  llvm::StringSet<> ResetGradAccumulator;
  llvm::StringSet<> DontEnforceSameTensorImplOrStorage;
  llvm::StringSet<> DontEnforceTensorImplUseCount;
  /// DONT_ENFORCE_STORAGE_IMPL_USE_COUNT: these and
  /// DontEnforceTensorImplUseCount.
  llvm::StringSet<> DontEnforceStorageImplUseCount;
  llvm::StringSet<> ManualBackend;
  llvm::StringSet<> ManualAutogradAndTracer;
  /// Base name -> the argument its outputs view (VIEW_FUNCTIONS).
  llvm::StringMap<std::string> ViewFunctions;
  /// Views whose output's metadata differs from the base's: their view is
  /// always replayed (VIEW_FUNCTIONS_WITH_METADATA_CHANGE, ADInplaceOrView).
  llvm::StringSet<> ViewFunctionsWithMetadataChange;
  /// Further base names returning views of self (RETURNS_VIEWS_OF_INPUT).
  llvm::StringSet<> ReturnsViewsOfInput;
  /// Views only for the storage checks (ALL_VIEW_FUNCTIONS beyond
  /// ViewFunctions).
  llvm::StringMap<std::string> UnsafeViewFunctions;
  /// In-place _foreach_ functions (`base.overload`) that need no
  /// reference op, and those whose reference takes other arguments.
  llvm::StringSet<> ForeachWithoutDerivatives;
  llvm::StringSet<> ForeachWithDifferentArity;
  /// gen_trace_type: base names never recorded by the tracer
  /// (DONT_RECORD_TRACE), names recorded under another name (RENAME_TRACE)
  /// and those of them whose out-of-place replacement takes the extra inputs
  /// of `trace-type/rename_add_args.tmpl`.
  llvm::StringSet<> DontRecordTrace;
  llvm::StringMap<std::string> RenameTrace;
  llvm::StringSet<> RenameTraceAddArgs;

  bool isManualAutograd(llvm::StringRef CppName) const {
    return ManualBackend.contains(CppName) ||
           ManualAutogradAndTracer.contains(CppName);
  }

  /// Reads Path. Errors are reported to Diags.
  static std::optional<VariableTypeLists> load(llvm::StringRef Path,
                                               InputFiles &Files,
                                               DiagnosticEngine &Diags);
};

/// The VariableType lists of one run, read from the file its profile's
/// variable-type: section names (`lists:`) on first use: the Formula stage's kernel check
/// and the kernel families share them, and a run that needs neither does not
/// read the file. The run (a Compilation) owns it, so nothing outlives the
/// run. Not thread-safe: the families ask before they start their threads.
class VariableTypeListsLoader {
public:
  /// The lists of TheProfile; null after reporting an error (on the first
  /// call only).
  const VariableTypeLists *get(const Profile &TheProfile, InputFiles &Files,
                               DiagnosticEngine &Diags);

private:
  bool Tried = false;
  std::optional<VariableTypeLists> Lists;
};

/// The forward-AD blocks of the kernels, as the Formula stage's second check
/// takes them: each forward formula in its kernel's context.
std::vector<GeneratedNode>
kernelForwardFormulas(const DerivativesDatabase &Database,
                      const VariableTypeLists &Lists,
                      const VariableTypeOptions &Options,
                      const CppAPIOptions &CppOptions, DiagnosticEngine &Diags);

/// Reports, as the kernels' emission would, each mistake of derivatives.yaml,
/// native_functions.yaml or the profile's lists that would keep an autograd
/// kernel from being emitted (a gradient for an argument that is not
/// differentiable, derivatives of a function without differentiable
/// outputs, a missing `dispatch:`, ...); false after reporting. The check
/// path runs it, so that `gradgen check` and the editor report what
/// `generate` does.
bool checkAutogradKernels(const DerivativesDatabase &Database,
                          const VariableTypeLists &Lists,
                          const VariableTypeOptions &Options,
                          const CppAPIOptions &CppOptions,
                          DiagnosticEngine &Diags);

/// gen_trace_type's should_trace: the tracer records Func (TraceType) and
/// its Python binding is traceable.
bool shouldTrace(const FunctionSchema &Func, const TraceTypeOptions &Options,
                 const VariableTypeLists &Lists);

} // namespace gradgen

#endif // GRADGEN_EMIT_VARIABLETYPE_H
