//===- CType.h - C++ types of the generated code ----------------*- C++ -*-===//
//
// torchgen's api/types: a structured C++ type (BaseCType, ConstRefCType,
// MutRefCType, OptionalCType, ListCType, ArrayRefCType, VectorCType,
// ArrayCType, TupleCType, VectorizedCType) that prints exactly as torchgen's
// cpp_type() does. CTypes are small immutable values.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_CTYPE_H
#define GRADGEN_SCHEMA_CTYPE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// A non-templated C++ type name: `at::Tensor`, `int64_t`.
struct BaseCppType {
  llvm::StringRef Namespace;
  llvm::StringRef Name;

  /// `ns::Name`, or `Name` without a namespace.
  std::string str() const;

  friend bool operator==(const BaseCppType &A, const BaseCppType &B) {
    return A.Namespace == B.Namespace && A.Name == B.Name;
  }
  friend bool operator!=(const BaseCppType &A, const BaseCppType &B) {
    return !(A == B);
  }
};

/// The base C++ types torchgen's cpp API uses (torchgen's `*T` singletons).
namespace ctypes {
inline constexpr BaseCppType ByteT{"", "uint8_t"};
inline constexpr BaseCppType CharT{"", "int8_t"};
inline constexpr BaseCppType ShortT{"", "int16_t"};
inline constexpr BaseCppType Int32T{"", "int32_t"};
inline constexpr BaseCppType LongT{"", "int64_t"};
inline constexpr BaseCppType DoubleT{"", "double"};
inline constexpr BaseCppType FloatT{"", "float"};
inline constexpr BaseCppType BoolT{"", "bool"};
inline constexpr BaseCppType VoidT{"", "void"};
inline constexpr BaseCppType StringT{"c10", "string_view"};
inline constexpr BaseCppType GeneratorT{"at", "Generator"};
inline constexpr BaseCppType ScalarTypeT{"at", "ScalarType"};
inline constexpr BaseCppType TensorT{"at", "Tensor"};
inline constexpr BaseCppType OptionalTensorRefT{"at", "OptionalTensorRef"};
inline constexpr BaseCppType TensorListT{"at", "TensorList"};
inline constexpr BaseCppType ITensorListRefT{"at", "ITensorListRef"};
inline constexpr BaseCppType IOptTensorListRefT{"at", "IOptTensorListRef"};
inline constexpr BaseCppType DimnameT{"at", "Dimname"};
inline constexpr BaseCppType DimnameListT{"at", "DimnameList"};
inline constexpr BaseCppType DimVectorT{"at", "DimVector"};
inline constexpr BaseCppType LayoutT{"at", "Layout"};
inline constexpr BaseCppType DeviceT{"at", "Device"};
inline constexpr BaseCppType DeviceIndexT{"at", "DeviceIndex"};
inline constexpr BaseCppType ScalarT{"at", "Scalar"};
inline constexpr BaseCppType OptionalScalarRefT{"at", "OptionalScalarRef"};
inline constexpr BaseCppType MemoryFormatT{"at", "MemoryFormat"};
inline constexpr BaseCppType QSchemeT{"at", "QScheme"};
inline constexpr BaseCppType StorageT{"at", "Storage"};
inline constexpr BaseCppType StreamT{"at", "Stream"};
inline constexpr BaseCppType IntArrayRefT{"at", "IntArrayRef"};
inline constexpr BaseCppType OptionalIntArrayRefT{"at", "OptionalIntArrayRef"};
inline constexpr BaseCppType OptionalSymIntArrayRefT{"at",
                                                     "OptionalSymIntArrayRef"};
inline constexpr BaseCppType TensorOptionsT{"at", "TensorOptions"};
inline constexpr BaseCppType TypeAndSizeT{"torch::autograd::generated",
                                          "TypeAndSize"};
inline constexpr BaseCppType TensorGeometryT{"at", "TensorGeometry"};
inline constexpr BaseCppType SymIntT{"c10", "SymInt"};
inline constexpr BaseCppType SymBoolT{"c10", "SymBool"};
inline constexpr BaseCppType SymIntArrayRefT{"c10", "SymIntArrayRef"};
} // namespace ctypes

class CType {
public:
  enum class Kind {
    Base,
    ConstRef,
    MutRef,
    Optional,
    List,
    ArrayRef,
    Vector,
    Array,
    Tuple,
    Vectorized,
  };

  static CType base(BaseCppType Type);
  static CType constRef(CType Element);
  static CType mutRef(CType Element);
  /// Template is the spelling of the optional template: `::std::optional`
  /// (torchgen 2.x) or `c10::optional` (1.13); see CppAPIOptions.
  static CType optional(CType Element, llvm::StringRef Template);
  static CType list(CType Element);
  static CType arrayRef(CType Element);
  static CType vector(CType Element);
  static CType array(CType Element, unsigned Size);
  static CType tuple(std::vector<CType> Elements);
  static CType vectorized(CType Element);

  Kind getKind() const { return TheKind; }
  /// For Base.
  const BaseCppType &getBase() const { return Base; }
  bool isBase(const BaseCppType &Type) const {
    return TheKind == Kind::Base && Base == Type;
  }
  /// For every kind with one element.
  const CType &getElement() const { return Elements.front(); }
  /// For Array.
  unsigned getSize() const { return Size; }

  /// torchgen's cpp_type(): `const at::Tensor &`, `::std::optional<double>`.
  /// StripRef drops the outermost const/mutable reference only.
  std::string cppType(bool StripRef = false) const;
  /// Appends cppType(StripRef) to Out.
  void appendCppType(std::string &Out, bool StripRef = false) const;
  /// torchgen's remove_const_ref(): drops references at every level.
  CType removeConstRef() const;

  /// The inverse of cppType() for the base types of ctypes:: and the
  /// templates cppType() prints (`::std::optional<c10::SymIntArrayRef>`,
  /// `::std::vector<::std::vector<int64_t>>`, `const at::Tensor &`). Both
  /// `c10::optional` and `::std::optional` are optionals. std::nullopt for
  /// anything else.
  static std::optional<CType> parse(llvm::StringRef Text);

  /// Structural equality; the optional template's spelling is ignored.
  friend bool operator==(const CType &A, const CType &B);
  friend bool operator!=(const CType &A, const CType &B) { return !(A == B); }

private:
  explicit CType(Kind K) : TheKind(K) {}

  Kind TheKind;
  BaseCppType Base;
  std::string Template;
  std::vector<CType> Elements;
  unsigned Size = 0;
};

/// torchgen's ArgName: an argument name, or the special binding of a
/// `memory_format` that may duplicate the one in TensorOptions.
struct ArgName {
  std::string Name;
  bool PossiblyRedundantMemoryFormat = false;

  friend bool operator==(const ArgName &A, const ArgName &B) {
    return A.Name == B.Name &&
           A.PossiblyRedundantMemoryFormat == B.PossiblyRedundantMemoryFormat;
  }
};

/// A C++ type with the semantic name it binds (torchgen's NamedCType).
struct NamedCType {
  ArgName Name;
  CType Type;

  std::string cppType(bool StripRef = false) const {
    return Type.cppType(StripRef);
  }
  NamedCType removeConstRef() const { return {Name, Type.removeConstRef()}; }
  NamedCType withName(llvm::StringRef NewName) const {
    return {ArgName{NewName.str(), false}, Type};
  }
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_CTYPE_H
