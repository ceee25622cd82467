//===- CppAPI.h - The public C++ API of an operator -------------*- C++ -*-===//
//
// torchgen's api/cpp: how a schema appears in the ATen C++ API that generated
// code calls (at::add, Tensor::add_) -- function names, argument and return
// types for the SymInt and plain signatures, argument and return names,
// default expressions. Spellings differ between torchgen versions
// (`c10::optional` in 1.13, `::std::optional` in 2.x); CppAPIOptions holds
// them.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_CPPAPI_H
#define GRADGEN_SCHEMA_CPPAPI_H

#include "gradgen/Schema/CType.h"
#include "gradgen/Schema/NativeFunction.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct CppAPIOptions {
  /// The optional template: `::std::optional` (2.x) or `c10::optional`.
  std::string OptionalTemplate = "::std::optional";
  /// The default of `None`: `::std::nullopt` or `c10::nullopt`.
  std::string Nullopt = "::std::nullopt";
  /// The default of `contiguous_format`.
  std::string ContiguousFormat = "c10::MemoryFormat::Contiguous";
  /// 2.x: a digit default of a SymInt list is `c10::SymInt(N)` in the SymInt
  /// signature.
  bool SymIntListDefaults = true;
  /// 2.x: SymInt returns are c10::SymInt in every signature.
  bool ReturnsAlwaysSymInt = true;
  /// 2.x: `Tensor?` returns are supported.
  bool OptionalTensorReturns = true;
  /// 2.x: owning types for Tensor and Scalar arguments when non-owning
  /// reference types are removed.
  bool OwningTensorAndScalar = true;
  /// 1.13: `Dimname[]` is DimnameList.
  bool DimnameList = false;

  /// The optional template as the autograd generators write it in their own
  /// code (saved fields, unpacked types): OptionalTemplate without the
  /// leading `::`.
  llvm::StringRef unqualifiedOptional() const {
    llvm::StringRef Template = OptionalTemplate;
    Template.consume_front("::");
    return Template;
  }
};

/// torchgen's dynamically scoped `local` settings, set per function by
/// with_native_function.
struct CppArgumentContext {
  bool UseConstRefForMutableTensors = false;
  bool UseIListRefForTensorLists = false;

  /// The settings with_native_function installs for F.
  static CppArgumentContext forFunction(const NativeFunction &F);
};

/// A C++ binding site for a formal parameter (torchgen's Binding).
struct Binding {
  std::string Name;
  NamedCType NCType;
  ArgumentItem Arg;
  std::optional<std::string> Default;

  std::string type() const { return NCType.cppType(); }
  /// `const at::Tensor & self`, with `=default` unless FuncPtrCast.
  std::string decl(bool FuncPtrCast = false) const;
  std::string defn() const;
  /// Appends defn() to Out.
  void appendDefn(std::string &Out) const;
};

namespace cpp {

/// The C++ function name: `add`, `add_`, `add_out` (`add_outf` with
/// FaithfulNameForOutOverloads), with `_symint` for SymIntOverload.
std::string name(const FunctionSchema &Func,
                 bool FaithfulNameForOutOverloads = false,
                 bool SymIntOverload = false);

/// valuetype_type: the C++ type of a value type, or std::nullopt for Tensor,
/// Scalar and types that are no value types.
std::optional<NamedCType> valueTypeType(const Type *T, const ArgName &Binds,
                                        bool SymInt,
                                        const CppAPIOptions &Options);

/// argumenttype_type. std::nullopt where torchgen asserts (e.g. `bool[]`).
std::optional<NamedCType> argumentTypeType(const Type *T, bool Mutable,
                                           const ArgName &Binds,
                                           const CppArgumentContext &Context,
                                           const CppAPIOptions &Options,
                                           bool RemoveNonOwningRefTypes = false,
                                           bool SymInt = false);

/// argument_type: the C++ type of an argument.
std::optional<NamedCType> argumentType(const Argument &A, const ArgName &Binds,
                                       bool SymInt,
                                       const CppArgumentContext &Context,
                                       const CppAPIOptions &Options);

/// return_type / returns_type: `at::Tensor`, `at::Tensor &`, `void`,
/// `::std::tuple<at::Tensor,at::Tensor>`.
std::optional<CType> returnType(const Return &R, bool SymInt,
                                const CppArgumentContext &Context,
                                const CppAPIOptions &Options);
std::optional<CType> returnsType(llvm::ArrayRef<Return> Returns, bool SymInt,
                                 const CppArgumentContext &Context,
                                 const CppAPIOptions &Options);

/// return_names: `self` for in-place functions, the out argument names of out=
/// functions, explicit names (with `_return` on a clash), else Fallback or
/// Fallback0, Fallback1, ...
std::vector<std::string> returnNames(const FunctionSchema &Func,
                                     llvm::StringRef Fallback = "result");

/// default_expr: the C++ expression of schema default D for type T, or
/// std::nullopt where torchgen raises.
std::optional<std::string> defaultExpr(llvm::StringRef D, const Type *T,
                                       bool SymInt,
                                       const CppAPIOptions &Options);

/// arguments: the C++ bindings of Args. Non-faithful signatures put out
/// arguments first and bundle TensorOptions; Method drops `self`.
std::optional<std::vector<Binding>>
arguments(const Arguments &Args, bool Faithful, bool SymInt, bool Method,
          llvm::ArrayRef<std::string> CppNoDefaultArgs,
          const CppArgumentContext &Context, const CppAPIOptions &Options);

/// The arguments of F's non-faithful, non-method C++ signature, the SymInt one
/// when SymInt and F has SymInt arguments: what load_derivatives's
/// cpp_arguments returns (CppSignatureGroup.from_native_function).
std::optional<std::vector<Binding>>
signatureArguments(const NativeFunction &F, bool SymInt,
                   const CppAPIOptions &Options);

} // namespace cpp
} // namespace gradgen

#endif // GRADGEN_SCHEMA_CPPAPI_H
