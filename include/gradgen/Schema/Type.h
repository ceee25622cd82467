//===- Type.h - Types of the operator schema language -----------*- C++ -*-===//
//
// The JIT schema types of native_functions.yaml (`Tensor`, `int[2]`,
// `ScalarType?`, `Tensor?[]`, ...), modelled on torchgen's BaseType,
// OptionalType, ListType and CustomClassType. Types are immutable and uniqued
// in a SchemaContext, as llvm::Type is in an LLVMContext, so two types are
// equal exactly when their pointers are.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_TYPE_H
#define GRADGEN_SCHEMA_TYPE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

#include <optional>
#include <string>

namespace gradgen {

/// torchgen's BaseTy: every atomic type name any supported version knows.
/// Which of them a schema may use depends on the version (SchemaOptions).
enum class BaseTy : unsigned char {
  Generator,
  ScalarType,
  Tensor,
  Int,
  Dimname,
  DimVector,
  Float,
  Str,
  Bool,
  Layout,
  Device,
  DeviceIndex,
  Scalar,
  MemoryFormat,
  QScheme,
  Storage,
  Stream,
  SymInt,
  SymBool,
  GraphModule,
  ConstQuantizerPtr,
};
constexpr unsigned NumBaseTys = unsigned(BaseTy::ConstQuantizerPtr) + 1;

/// The spelling of a base type in a schema ("int", "Tensor", ...).
llvm::StringRef baseTyName(BaseTy Ty);
/// The base type spelled Name, whatever the version.
std::optional<BaseTy> lookupBaseTy(llvm::StringRef Name);

class SchemaContext;

class Type {
public:
  enum class Kind : unsigned char { Base, Optional, List, CustomClass };

  Kind getKind() const { return TheKind; }
  bool isBase() const { return TheKind == Kind::Base; }
  bool isOptional() const { return TheKind == Kind::Optional; }
  bool isList() const { return TheKind == Kind::List; }

  /// For base types.
  BaseTy getBaseTy() const { return Base; }
  bool isBase(BaseTy Ty) const { return isBase() && Base == Ty; }
  /// For optional and list types.
  const Type *getElement() const { return Element; }
  /// For list types: the fixed size `N` of `T[N]`, or std::nullopt for `T[]`.
  std::optional<unsigned> getSize() const { return Size; }
  /// For custom classes: the name after `__torch__.torch.classes.`.
  llvm::StringRef getClassName() const { return ClassName; }

  /// The schema spelling, as torchgen's str(Type).
  std::string str() const;
  /// Appends str() to Out.
  void printTo(std::string &Out) const;

  // torchgen's Type predicates.
  bool isBaseTyLike(BaseTy Ty) const;
  bool isTensorLike() const { return isBaseTyLike(BaseTy::Tensor); }
  bool isGeneratorLike() const { return isBaseTyLike(BaseTy::Generator); }
  bool isSymIntLike() const { return isBaseTyLike(BaseTy::SymInt); }
  bool isNullable() const;
  /// The list type this type is or wraps (T[] or T[]?), or null.
  const Type *isListLike() const;

private:
  friend class SchemaContext;
  Type(Kind K) : TheKind(K) {}

  Kind TheKind;
  BaseTy Base = BaseTy::Tensor;
  const Type *Element = nullptr;
  std::optional<unsigned> Size;
  llvm::StringRef ClassName;
};

/// Owns and uniques the types of every schema parsed with it. Schemas refer to
/// their types by pointer, so the context must outlive them.
class SchemaContext {
public:
  SchemaContext();
  SchemaContext(const SchemaContext &) = delete;
  SchemaContext &operator=(const SchemaContext &) = delete;
  ~SchemaContext();

  const Type *getBase(BaseTy Ty);
  const Type *getOptional(const Type *Element);
  const Type *getList(const Type *Element, std::optional<unsigned> Size);
  const Type *getCustomClass(llvm::StringRef ClassName);

private:
  llvm::BumpPtrAllocator Allocator;
  const Type *BaseTypes[NumBaseTys] = {};
  llvm::DenseMap<const Type *, const Type *> OptionalTypes;
  llvm::DenseMap<std::pair<const Type *, unsigned>, const Type *> ListTypes;
  llvm::StringMap<const Type *> CustomClassTypes;
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_TYPE_H
