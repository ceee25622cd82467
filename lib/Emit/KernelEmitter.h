//===- KernelEmitter.h - One autograd kernel --------------------*- C++ -*-===//
//
// torchgen's emit_body: the statements of the autograd kernel of one native
// function and one dispatch key. The pieces are in three files: the kernel's
// flow and its grad_fn (KernelEmitter.cpp), forward-mode AD
// (KernelForwardAD.cpp) and the `#ifndef NDEBUG` checks around the call
// (KernelChecks.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_EMIT_KERNELEMITTER_H
#define GRADGEN_LIB_EMIT_KERNELEMITTER_H

#include "NamedTemplates.h"

#include "gradgen/Autograd/GeneratedCode.h"
#include "gradgen/Autograd/NodeModelSet.h"
#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Emit/VariableType.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

class EmitContext;

/// The templates of templates/<profile>/variable-type/kernel/, loaded up
/// front.
class KernelTemplates {
public:
  /// Loads every template the kernels use. Errors are reported to Diags.
  static std::optional<KernelTemplates>
  load(TemplateSet &Templates, bool ForeachKernels, DiagnosticEngine &Diags);

  /// Substitutes the template Name (without `.tmpl`). A missing placeholder
  /// is recorded and reported after the kernel (see takeError).
  std::string substitute(llvm::StringRef Name, const TemplateEnv &Env) const;
  /// A template without placeholders.
  std::string text(llvm::StringRef Name) const {
    return substitute(Name, TemplateEnv());
  }
  /// substitute() with `tensor`, `out_tensor` and `list` all Binding: a
  /// storage check of one argument. Memoized: a few hundred argument names
  /// recur in the checks of thousands of kernels. The text lives as long as
  /// this object.
  llvm::StringRef bindingCheck(llvm::StringRef Name,
                               llvm::StringRef Binding) const;
  /// The first substitution error since the last call.
  llvm::Error takeError() const;

private:
  /// Records E, the first one since takeError() for the report.
  void record(llvm::Error E) const;

  NamedTemplates Templates;
  mutable SubstitutionMemo BindingChecks;
  mutable std::optional<std::string> FirstError;
  mutable std::string FirstErrorTemplate;
};

/// What every kernel reads.
struct KernelContext {
  const VariableTypeLists &Lists;
  const VariableTypeOptions &Options;
  const KernelTemplates &Templates;
  const CppAPIOptions &CppOptions;
  DiagnosticEngine &Diags;
  /// The run's emit context, whose kernel signatures the kernel reuses; null
  /// outside Emit (the forward contexts checked with the formulas).
  EmitContext *Emit = nullptr;
  /// The run's Node models: a kernel saves the fields of its info's Node,
  /// in the Node's order, into its members. Null outside Emit.
  const NodeModelSet *Nodes = nullptr;
};

/// torchgen's DifferentiableInput and DifferentiableOutput.
struct Differentiable {
  std::string Name;
  const Type *Ty = nullptr;
  std::string CppType;

  friend bool operator==(const Differentiable &A, const Differentiable &B) {
    return A.Name == B.Name && A.Ty == B.Ty && A.CppType == B.CppType;
  }
};

/// The forward formulas of one kernel: an in-place function's formula
/// rewritten from its info's (match_differentiability_info).
std::vector<ForwardDerivative>
kernelForwardDerivatives(const NativeFunction &F,
                         const DifferentiabilityInfo &Info, bool ExactMatch);

/// torchgen's gen_differentiable_outputs for one dispatch key's info (null:
/// none).
std::vector<Differentiable>
differentiableOutputs(const NativeFunction &F,
                      const DifferentiabilityInfo *Info,
                      const CppAPIOptions &Options);

/// Python's re.sub(IDENT_REGEX.format(Ident), ...): replaces the whole-word
/// uses of Ident, where a match consumes the character on each side (so of
/// two uses separated by one character only the first is replaced).
std::string replaceIdentifier(llvm::StringRef Text, llvm::StringRef Ident,
                              llvm::StringRef Replacement);

class KernelEmitter {
public:
  KernelEmitter(const KernelContext &Context, const NativeFunction &F,
                const DifferentiabilityInfo *Info,
                std::vector<ForwardDerivative> ForwardDerivatives);

  /// The kernel's statements; std::nullopt after reporting an error.
  std::optional<std::vector<std::string>> emitBody();

  /// Reports what would keep emitBody() from emitting the kernel because of
  /// derivatives.yaml, native_functions.yaml or the profile's lists (not a
  /// template's mistake), as emitBody() reports it, without building a
  /// statement; false after reporting. `gradgen check` and the editor run it
  /// (checkAutogradKernels), so that they report what `generate` would.
  bool check();

  /// The variables and forward formulas of the kernel's forward-AD block,
  /// for the Formula stage's second check; std::nullopt if the kernel has
  /// none (or uses the foreach loops, or is an out= kernel). Reports
  /// nothing: the kernel's own emission does.
  std::optional<GeneratedNode> forwardContext(llvm::StringRef DispatchKey);

private:
  // KernelEmitter.cpp
  bool computeInputs();
  /// Whether the kernel records a grad_fn (RequiresDerivative) and tries
  /// the JIT decomposition; false after reporting derivatives it would
  /// ignore or forward formulas for the wrong number of outputs.
  bool decideDerivatives();
  /// Reports a function the profile lists to reset the grad accumulator
  /// that is not in-place.
  bool checkResetGradAccumulator();
  /// The forward-AD block after the call, or the check that forbids it.
  std::vector<std::string> emitForwardAD();
  std::optional<Differentiable> differentiableInput(const Argument &A) const;
  std::vector<std::string> unpackArguments();
  std::string emitAnyRequiresGrad();
  std::vector<std::string> emitCheckInplace();
  std::vector<std::string> emitOriginalSelfDefinition();
  std::vector<std::string> setupDerivative();
  std::vector<std::string> emitSaveInputs();
  std::optional<std::string> guardFor(const SavedAttribute &Saved);
  /// The assignments of the saved inputs (IsOutput false) or outputs of the
  /// info's Node to the grad_fn.
  std::vector<std::string> saveFields(bool IsOutput, bool Guarded);
  /// In an in-place foreach kernel, the foreach argument that a saved
  /// attribute of the reference op names (Arg null: none), and the names to
  /// replace in its expression.
  struct ForeachRename {
    const Argument *Arg = nullptr;
    bool IsList = false;
    std::string NameInExpr, SourceName;
  };
  ForeachRename foreachRename(llvm::StringRef FieldName) const;
  /// How a saved attribute is stored: `grad_fn->Field = Expr;`, after
  /// Prepend.
  struct SavedStore {
    std::string Field, Expr;
    std::optional<std::string> Prepend;
  };
  SavedStore savedStore(const SavedField &Field);
  /// A tensor (or an output scalar) saved as a SavedVariable.
  void storeAsSavedVariable(SavedStore &Store, llvm::StringRef Name,
                            bool IsOutput, const ForeachRename &Rename);
  std::vector<std::string> emitCheckNoRequiresGrad();
  std::string emitCall();
  std::string emitHistory();
  std::vector<std::string> emitComplexCheck();
  std::string emitSaveOutputs();
  std::string emitFireCreationHooks();
  std::string returnValue() const;
  std::string tieReturnValues() const;
  std::string declareReturnedVariables() const;
  /// Reports Rule at Loc (the entry of derivatives.yaml if invalid) with a
  /// note at the function; returns false.
  bool error(diag::Kind Rule, const llvm::Twine &Message,
             llvm::SMLoc Loc = llvm::SMLoc(), llvm::SMRange Range = {});
  /// Where a forward formula was written.
  llvm::SMLoc forwardLoc(const ForwardDerivative &D) const;

  // KernelForwardContext.cpp: the parts of forwardContext(). Each is false
  // (or std::nullopt) where the second check cannot describe the kernel.
  using DeclareVariable =
      llvm::function_ref<void(llvm::StringRef Name, llvm::StringRef Type)>;
  /// The kernel's parameters and the call's results.
  bool declareKernelVariables(DeclareVariable Declare);
  /// The unpacked tangents and primals D reads.
  bool declareForwardLocals(const ForwardDerivative &D,
                            DeclareVariable Declare);
  std::optional<GeneratedFormula>
  forwardFormula(const ForwardDerivative &D) const;

  // KernelForwardAD.cpp
  std::string anyHasForwardGradName(const ForwardDerivative &D) const;
  std::vector<std::string> emitAnyHasForwardGrad();
  std::optional<std::string> anyHasForwardGradCondition(
      const ForwardDerivative *D);
  /// Whether D, which uses no input tangent, may: only where the one
  /// differentiable input is a tensor list. Reports it otherwise.
  bool checkTangentFree(const ForwardDerivative &D);
  std::vector<std::string> emitForwardDerivatives();
  /// The optional type D's new tangent is computed in; appends the
  /// statements that set the outputs' tangents from it to Setters, and what
  /// else the output needs to Condition. std::nullopt after reporting an
  /// output whose tangent cannot be set.
  std::optional<std::string> forwardGradType(const ForwardDerivative &D,
                                             llvm::ArrayRef<std::string> Results,
                                             std::string &Condition,
                                             std::vector<std::string> &Setters);
  /// D's block in a foreach kernel, computed element by element.
  std::string foreachForwardDerivative(const ForwardDerivative &D,
                                       llvm::StringRef OptionalType,
                                       llvm::StringRef All, TemplateEnv &Env);
  std::optional<std::string> emitForbidForwardDerivatives(bool IsOutFn);
  std::string unpackForwardInputs(const ForwardDerivative &D);

  // KernelChecks.cpp
  std::string wrapWithStorageChecks(std::string Call);

  const KernelContext &Context;
  const KernelTemplates &T;
  const NativeFunction &F;
  const DifferentiabilityInfo *Info;
  /// The model of Info's Node, whose fields the kernel saves; null without
  /// one (or outside Emit).
  const NodeModel *TheNode = nullptr;
  std::vector<ForwardDerivative> FwDerivatives;

  std::string Name;     // cpp.name
  std::string BaseName; // get_base_name
  bool Inplace = false, IsOutFn = false, ReturnsVoid = false;
  bool IsForeach = false, IsInplaceForeach = false;
  std::optional<std::string> ViewInfo;
  bool RequiresDerivative = false, TryJitDecomposition = false;
  std::vector<Differentiable> DifferentiableInputs;
  std::vector<Differentiable> ArgsWithDerivatives;
  std::vector<Differentiable> DifferentiableOutputs;
  std::vector<Binding> UnpackedBindings;
  /// In-place foreach: the reference op's argument for each argument, and
  /// the foreach argument for each reference argument name.
  std::vector<std::pair<const Argument *, const Argument *>> ForeachToRef;
  llvm::StringMap<const Argument *> RefNameToForeach;
  bool Failed = false;
  /// false while computing forwardContext().
  bool ReportErrors = true;
};

} // namespace gradgen

#endif // GRADGEN_LIB_EMIT_KERNELEMITTER_H
