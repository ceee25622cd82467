//===- OperatorSchema.h - The C++ API of native_functions.yaml --*- C++ -*-===//
//
// A small reader of operator schemas and torchgen's mapping of them to the
// C++ API (torchgen/api/cpp.py), enough to declare every operator for the
// formula type-checker and to type a formula's arguments and returns.
//
// The Schema stage owns the full model; this private header is the Formula
// stage's stand-in until that model lands, after which it becomes an adapter.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_OPERATORSCHEMA_H
#define GRADGEN_LIB_FORMULA_OPERATORSCHEMA_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen::formula {

/// A JIT schema type: `Tensor(a!)?`, `int[2]`, `SymInt[]`, `Tensor?[]`, ...
struct SchemaType {
  std::string Base;           // Tensor, int, SymInt, float, str, ...
  bool Optional = false;      // the whole type is optional: `T?` / `T[]?`
  bool List = false;          // `T[]` or `T[N]`
  bool ElementOptional = false; // `T?[]`
  std::optional<unsigned> Size; // `T[N]`
  bool IsWrite = false;       // alias annotation with `!`

  bool isTensorLike() const { return Base == "Tensor"; }
  bool hasSymInt() const { return Base == "SymInt"; }
  std::string str() const;
};

struct SchemaArgument {
  SchemaType Type;
  std::string Name;
  std::optional<std::string> Default;
  bool KwargOnly = false;
  bool IsOut = false;
};

struct SchemaReturn {
  SchemaType Type;
  std::string Name;
};

struct OperatorSchema {
  std::string Name;     // base name, e.g. "add_" or "__iand__"
  std::string Overload; // e.g. "Tensor"
  std::vector<SchemaArgument> Arguments; // schema order
  std::vector<SchemaReturn> Returns;
  /// Index of the first of the four grouped dtype/layout/device/pin_memory
  /// arguments, if the schema has them.
  std::optional<size_t> TensorOptionsBegin;

  bool isInplace() const;
  bool isOutFn() const;
  bool hasSymInt() const;
  std::string fullName() const {
    return Overload.empty() ? Name : Name + "." + Overload;
  }
};

/// Parses a `func:` string; returns std::nullopt and sets Error on failure.
std::optional<OperatorSchema> parseOperatorSchema(llvm::StringRef Func,
                                                  std::string &Error);

/// Spelling choices of the profile's C++ API.
struct CppSpelling {
  /// `::std::optional` (PyTorch 2.x) or `c10::optional` (1.13).
  std::string Optional = "::std::optional";
  std::string Nullopt = "::std::nullopt";
};

/// Per-operator options of native_functions.yaml that change the C++ API.
struct CppApiOptions {
  bool Symint = false;
  bool Method = false;
  /// Out arguments last, TensorOptions unpacked, no defaults.
  bool Faithful = false;
  /// Part of a structured group: Tensor[] is `const at::ITensorListRef &`.
  bool UseIListRef = false;
  bool ConstRefForMutableTensors = false;
  std::vector<std::string> NoDefaultArgs;
};

/// torchgen's cpp.argumenttype_type: the C++ type of an argument.
std::string cppArgumentType(const SchemaType &Type, bool Symint,
                            const CppSpelling &Spelling,
                            const CppApiOptions &Options = {});
/// torchgen's cpp.returns_type.
std::string cppReturnsType(const OperatorSchema &Schema,
                           const CppSpelling &Spelling);
/// torchgen's cpp.default_expr.
std::string cppDefaultExpr(llvm::StringRef Default, const SchemaType &Type,
                           bool Symint, const CppSpelling &Spelling);
/// torchgen's cpp.return_names.
std::vector<std::string> cppReturnNames(const OperatorSchema &Schema);

/// The C++ name: `add`, `add_symint`, `add_out`, `add_outf`.
std::string cppName(const OperatorSchema &Schema, const CppApiOptions &Options);

/// One C++ declaration of an operator: `at::Tensor add(const at::Tensor &
/// self, ...)`, without the trailing `;`, for the function or the method
/// variant.
std::string cppDeclaration(const OperatorSchema &Schema,
                           const CppSpelling &Spelling,
                           const CppApiOptions &Options);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_OPERATORSCHEMA_H
