//===- SavedFields.h - How a Node keeps what its formulas saved -*- C++ -*-===//
//
// torchgen's save_var: the type a saved attribute has in the derivatives
// model decides the member that holds it (`SavedVariable self_;`,
// `std::vector<c10::SymInt> self_sym_sizes;`), how it is released, unpacked
// and checked before use, how compiled autograd visits it, and which Python
// getter exposes it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_SAVEDFIELDS_H
#define GRADGEN_EMIT_SAVEDFIELDS_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Emit/NodeTemplates.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// How one saved attribute is stored, independent of its name.
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

  Storage TheStorage = Storage::Value;
  /// The member type of a Value: `std::vector<int64_t>`, `int64_t`.
  std::string FieldType;
  /// A Value member initialised with `= 0`.
  bool ZeroInitialized = false;
  /// Where a Value has a Python getter, its shape and body.
  std::optional<GetterShape> Getter;
  GetterBody Body = GetterBody::Int;
};

/// The layout of a saved attribute of type Type, or a NodeError explaining
/// why a Node cannot keep it (a non-owning reference; a std::vector<Tensor>
/// anywhere but an output of a _foreach_ function).
llvm::Expected<SavedFieldLayout> layoutSavedField(const CType &Type,
                                                  bool IsOutput,
                                                  bool IsForeachFunction,
                                                  const Profile &TheProfile,
                                                  llvm::SMRange Loc);

/// The code a Node's saved attributes contribute, in emission order.
struct SavedFieldCode {
  /// Member declarations.
  std::vector<std::string> SavedVariables;
  std::vector<std::string> ReleaseVariables;
  std::vector<std::string> Unpacks;
  std::vector<std::string> Asserts;
  /// Compiled autograd: CompiledNodeArgs::collect and SwapSavedVariables.
  std::vector<std::string> CompiledArgs;
  std::vector<std::string> ApplyWithSavedBefore;
  std::vector<std::string> ApplyWithSavedAfter;
  /// The arguments `<Op>_apply_functional` takes after needs_input_grad and
  /// their types (`Tensor&`, `size_t`), in order.
  std::vector<std::string> FunctionalArgs;
  std::vector<std::string> FunctionalArgTypes;
  /// Python getter definitions and PyGetSetDef entries.
  std::vector<std::string> Getters;
  std::vector<std::string> GetSetDefs;
};

/// Appends the code of one saved attribute of Info to Code. Python getters
/// are rendered only WithPython.
llvm::Error addSavedField(const DifferentiabilityInfo &Info,
                          const SavedAttribute &Attribute, bool IsOutput,
                          const NodeTemplates &Templates, bool WithPython,
                          SavedFieldCode &Code);

} // namespace gradgen

#endif // GRADGEN_EMIT_SAVEDFIELDS_H
