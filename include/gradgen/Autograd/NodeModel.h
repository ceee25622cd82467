//===- NodeModel.h - What a generated autograd Node contains ----*- C++ -*-===//
//
// One model of the backward Node torchgen's gen_autograd_functions.py writes
// for a DifferentiabilityInfo: its class name and superclass, the index range
// of each differentiable input, the fields that keep what the formulas saved
// (with their storage, member name and the type the backward code sees them
// as), the gradient aliases, and one block per formula. Everything that
// decides what a Node is lives here; its users only read it:
//
//   - the Functions file family renders it into Functions.h/.cpp and the
//     python_functions family into the Python bindings (lib/Emit);
//   - the Formula stage's second check type-checks each rewritten formula in
//     the function the model describes (FormulaAnalysis.cpp);
//   - the VariableType family saves the fields at forward time
//     (`grad_fn->self_ = SavedVariable(self, false);`).
//
// Typical use:
//
//   NodeModelBuilder Builder(TheProfile, &ViewFunctions);
//   for (const DifferentiabilityInfo &Info : ...)
//     if (hasNode(Info))
//       if (Expected<NodeModel> Node = Builder.build(Info))
//         for (const SavedField &Field : Node->SavedFields) ...
//
// The forward side (VariableType) saves what the backward side unpacks: for
// each SavedField, in the order the Node declares them (sorted by name where
// the profile says so, as PyTorch 2.x's VariableType saves them),
//
//   Field.Member              the member of grad_fn to assign (`self_`),
//   Field.Attribute->Expr     the expression to save (`self`,
//                             `self.sym_sizes()`),
//   Field.Layout              SavedVariable (one or a list) or a plain value,
//                             and for a value, the copy the save makes
//                             (`.vec()` of an ArrayRef),
//   Field.IsOutput            saved from an output, after the base call:
//                             `SavedVariable(result, true)`;
//
// and NodeModel::Name is the class of `grad_fn`; the kernel renders these
// and decides nothing of them (lib/Emit/KernelSaves.cpp). A run's models are
// built once (NodeModelSet.h).
//
// Building reads nothing but the info and the profile, so Nodes may be built
// on several threads.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_AUTOGRAD_NODEMODEL_H
#define GRADGEN_AUTOGRAD_NODEMODEL_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
}

namespace gradgen {

/// The body of a saved field's Python getter, one per kind of value
/// (templates/<profile>/node/getter_body/).
enum class GetterBody {
  SavedVariable,
  RawSavedVariable,
  SavedVariableList,
  RawSavedVariableList,
  IntList,
  SymIntList,
  DoubleList,
  Int,
  SymInt,
  Double,
  Bool,
  String,
  Scalar,
  ScalarList,
};
constexpr unsigned NumGetterBodies = unsigned(GetterBody::ScalarList) + 1;

/// How a Python getter reaches the value (templates/<profile>/node/getter*).
enum class GetterShape {
  /// `auto prop = node->name;`
  Value,
  /// An optional; None when empty.
  Optional,
  /// A c10::OptionalArray; None when empty.
  OptionalArray,
  SavedVariable,
  RawSavedVariable,
  SavedVariableList,
  RawSavedVariableList,
  ScalarList,
};
constexpr unsigned NumGetterShapes = unsigned(GetterShape::ScalarList) + 1;

/// How one saved attribute is stored, independent of its name (torchgen's
/// save_var).
struct SavedFieldLayout {
  enum class Storage {
    /// `SavedVariable X_;`: tensors, and Scalar outputs.
    SavedVariable,
    /// `std::vector<SavedVariable> X_; bool X_released_`: tensor lists.
    SavedVariableList,
    /// The same, unpacked as a list of optional tensors.
    OptionalSavedVariableList,
    /// `std::vector<at::Scalar> X; bool X_released_` (foreach nodes).
    ScalarList,
    /// Any other value, held by value as `FieldType X;`.
    Value,
  };

  /// How the kernel turns the saved expression into a Value or ScalarList
  /// member (torchgen's save_variables); SavedVariables are made by Storage.
  enum class Copy {
    /// Assigned as it is.
    AsIs,
    /// An ArrayRef into its vector: `expr.vec()`.
    Vector,
    /// A string_view into a string: `std::string(expr)`.
    String,
    /// An optional string_view into an optional string.
    OptionalString,
  };

  Storage TheStorage = Storage::Value;
  Copy TheCopy = Copy::AsIs;
  /// The member type of a Value or ScalarList: `std::vector<int64_t>`.
  std::string FieldType;
  /// A Value member initialised with `= 0`.
  bool ZeroInitialized = false;
  /// Where a Value has a Python getter, its shape and body.
  std::optional<GetterShape> Getter;
  GetterBody Body = GetterBody::Int;

  /// Held in SavedVariables (one or a list): released with the graph,
  /// unpacked before use, visible to Python raw too.
  bool isSavedVariable() const {
    return TheStorage == Storage::SavedVariable ||
           TheStorage == Storage::SavedVariableList ||
           TheStorage == Storage::OptionalSavedVariableList;
  }
  /// A list that carries a `X_released_` flag.
  bool isList() const {
    return TheStorage == Storage::SavedVariableList ||
           TheStorage == Storage::OptionalSavedVariableList ||
           TheStorage == Storage::ScalarList;
  }
};

/// The layout of a saved attribute of type Type, or a NodeError explaining
/// why a Node cannot keep it (a non-owning reference; a std::vector<Tensor>
/// anywhere but an output of a _foreach_ function), located at Loc.
llvm::Expected<SavedFieldLayout> layoutSavedField(const CType &Type,
                                                  bool IsOutput,
                                                  bool IsForeachFunction,
                                                  const Profile &TheProfile,
                                                  llvm::SMRange Loc);

/// The type `<Op>_apply_functional` gives the unpacked field of Layout, as
/// it spells its parameter: `Tensor&`, `int64_t&`. The second check's nodes
/// declare their variables so, and the first check backward formulas'
/// arguments where it is the argument's own type.
std::string unpackedType(const SavedFieldLayout &Layout,
                         const Profile &TheProfile);

/// A saved attribute as a field of its Node.
struct SavedField {
  const SavedAttribute *Attribute = nullptr;
  /// Saved from an output (`result`) rather than an input.
  bool IsOutput = false;
  SavedFieldLayout Layout;
  /// The member holding it: `self_` for SavedVariables, else `self`.
  std::string Member;
  /// The type the backward code sees the unpacked value as, spelled as the
  /// generated `<Op>_apply_functional` declares its parameter: `Tensor&`,
  /// `std::vector<Tensor>&`, `std::vector<int64_t>&`.
  std::string UnpackedType;
  /// For SavedVariables of outputs, what unpack() is given: the profile's
  /// saved-output-owner (`getptr()`); empty otherwise.
  std::string UnpackOwner;

  llvm::StringRef name() const { return Attribute->name(); }
};

/// A differentiable input's slots in the list of gradients the Node returns.
struct IndexRange {
  /// The argument, e.g. `self`; its range is the local `self_ix`.
  std::string Name;
  /// For tensor lists (one slot per element), the member holding the list's
  /// length, e.g. `self_size_`; empty for a single slot.
  std::string SizeMember;
};

/// `const auto& Name = grads[Index];`
struct GradAlias {
  std::string Name;
  size_t Index = 0;
};

/// One derivative formula in the Node's backward function.
struct FormulaBlock {
  enum class Kind {
    /// One input: `derivative_single`.
    Single,
    /// One input of a _foreach_ Node, evaluated per element with the loop
    /// index `i` over `grads` (`derivative_single_foreach`).
    ForeachSingle,
    /// Several inputs: the formula returns a tuple (`derivative_multi`).
    Multi,
  };

  Kind TheKind = Kind::Single;
  const Derivative *TheDerivative = nullptr;
  /// Single: the Node writes `any_grad_defined ? (formula) : Tensor()`
  /// because the input is a Tensor (or Tensor?) and undefined gradients
  /// give undefined results.
  bool ChecksAnyGradDefined = false;
  /// Multi: the formula reads `grad_input_mask`, which the Node declares.
  bool UsesGradInputMask = false;
  /// Each input's index in needs_input_grad (its position among the
  /// differentiable inputs). Filled only for profiles with compiled-autograd
  /// Nodes, whose code reads it.
  std::vector<size_t> InputIndices;

  /// The rewritten formula, as the Node evaluates it.
  llvm::StringRef formula() const { return TheDerivative->Formula; }
  llvm::ArrayRef<std::string> varNames() const {
    return TheDerivative->VarNames;
  }
};

/// A parameter of the static `<Op>_apply_functional` that computes the
/// gradients (compiled-autograd Nodes): after `needs_input_grad`, the list
/// sizes, the unpacked fields and `retain_variables`.
struct FunctionalParameter {
  std::string Type;
  std::string Name;
};

struct NodeModel {
  const DifferentiabilityInfo *Info = nullptr;
  /// The class, e.g. `MulBackward0`.
  std::string Name;
  /// `Node` for the profile's view functions (which cannot be traced),
  /// `TraceableFunction` otherwise.
  llvm::StringRef Superclass;

  /// One per argument with a derivative, in C++ signature order.
  std::vector<IndexRange> IndexRanges;
  /// The differentiable inputs, each name once, in signature order: the
  /// order of needs_input_grad.
  std::vector<std::string> InputNames;
  /// Saved inputs, then saved outputs; each group sorted by name where the
  /// profile says so (sort-saved-attributes), else in first-use order.
  std::vector<SavedField> SavedFields;
  /// `grad` if a formula uses it, else the named gradients used, sorted.
  std::vector<GradAlias> GradAliases;
  /// A formula reads `retain_variables`.
  bool UsesRetainVariables = false;
  /// Some block checks `any_grad_defined`, which the Node then computes.
  bool UsesAnyGradDefined = false;
  /// One per formula, in the info's order.
  std::vector<FormulaBlock> Blocks;

  /// Some field has something to release (any but a plain value), so the
  /// Node's release_variables() takes its mutex.
  bool hasReleasableFields() const;

  /// `<Op>_apply_functional`'s parameters after needs_input_grad.
  std::vector<FunctionalParameter> functionalParameters() const;
};

/// Whether Info gets a Node: it has an op and some input has a derivative
/// (torchgen's get_infos_with_derivatives_list).
bool hasNode(const DifferentiabilityInfo &Info);

/// Reads the profile's list of view functions (Profile::ViewFunctions: a name
/// a line, `#` comments), whose Nodes derive from Node. The file becomes a
/// buffer of SM; errors are reported to Diags.
bool readViewFunctions(const Profile &TheProfile, InputFiles &Files,
                       DiagnosticEngine &Diags, llvm::StringSet<> &Names);

class NodeModelBuilder {
public:
  /// ViewFunctions decide the superclass; without them every Node is a
  /// TraceableFunction (the Formula stage's check does not need it).
  explicit NodeModelBuilder(const Profile &TheProfile,
                            const llvm::StringSet<> *ViewFunctions = nullptr)
      : TheProfile(TheProfile), ViewFunctions(ViewFunctions) {}

  /// The Node of Info, which must satisfy hasNode(). A mistake in the input
  /// that makes the Node impossible (a field it cannot keep, a formula for
  /// an input that is not differentiable, an unknown gradient name) is a
  /// NodeError located in derivatives.yaml.
  llvm::Expected<NodeModel> build(const DifferentiabilityInfo &Info) const;

  const Profile &getProfile() const { return TheProfile; }

private:
  const Profile &TheProfile;
  const llvm::StringSet<> *ViewFunctions;
};

} // namespace gradgen

#endif // GRADGEN_AUTOGRAD_NODEMODEL_H
