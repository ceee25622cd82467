//===- Type.cpp - Types of the operator schema language -------------------===//

#include "gradgen/Schema/Type.h"

using namespace llvm;

namespace gradgen {

static constexpr StringLiteral BaseTyNames[NumBaseTys] = {
    "Generator",        "ScalarType",  "Tensor", "int",          "Dimname",
    "DimVector",        "float",       "str",    "bool",         "Layout",
    "Device",           "DeviceIndex", "Scalar", "MemoryFormat", "QScheme",
    "Storage",          "Stream",      "SymInt", "SymBool",      "GraphModule",
    "ConstQuantizerPtr"};

StringRef baseTyName(BaseTy Ty) { return BaseTyNames[unsigned(Ty)]; }

std::optional<BaseTy> lookupBaseTy(StringRef Name) {
  for (unsigned I = 0; I != NumBaseTys; ++I)
    if (BaseTyNames[I] == Name)
      return BaseTy(I);
  return std::nullopt;
}

void Type::printTo(std::string &Out) const {
  switch (TheKind) {
  case Kind::Base:
    Out += baseTyName(Base);
    return;
  case Kind::Optional:
    Element->printTo(Out);
    Out += '?';
    return;
  case Kind::List:
    Element->printTo(Out);
    Out += '[';
    // torchgen prints a size of 0 as no size at all.
    if (Size && *Size)
      Out += std::to_string(*Size);
    Out += ']';
    return;
  case Kind::CustomClass:
    Out += "__torch__.torch.classes.";
    Out += ClassName;
    return;
  }
}

std::string Type::str() const {
  std::string Result;
  printTo(Result);
  return Result;
}

bool Type::isBaseTyLike(BaseTy Ty) const {
  switch (TheKind) {
  case Kind::Base:
    return Base == Ty;
  case Kind::Optional:
  case Kind::List:
    return Element->isBaseTyLike(Ty);
  case Kind::CustomClass:
    return false;
  }
  return false;
}

bool Type::isNullable() const {
  switch (TheKind) {
  case Kind::Optional:
    return true;
  case Kind::List:
    return Element->isNullable();
  case Kind::Base:
  case Kind::CustomClass:
    return false;
  }
  return false;
}

const Type *Type::isListLike() const {
  switch (TheKind) {
  case Kind::List:
    return this;
  case Kind::Optional:
    return Element->isListLike();
  case Kind::Base:
  case Kind::CustomClass:
    return nullptr;
  }
  return nullptr;
}

SchemaContext::SchemaContext() = default;
SchemaContext::~SchemaContext() = default;

const Type *SchemaContext::getBase(BaseTy Ty) {
  const Type *&Slot = BaseTypes[unsigned(Ty)];
  if (!Slot) {
    Type *T = new (Allocator.Allocate<Type>()) Type(Type::Kind::Base);
    T->Base = Ty;
    Slot = T;
  }
  return Slot;
}

const Type *SchemaContext::getOptional(const Type *Element) {
  const Type *&Slot = OptionalTypes[Element];
  if (!Slot) {
    Type *T = new (Allocator.Allocate<Type>()) Type(Type::Kind::Optional);
    T->Element = Element;
    Slot = T;
  }
  return Slot;
}

const Type *SchemaContext::getList(const Type *Element,
                                   std::optional<unsigned> Size) {
  // Sizes are small; ~0u stands for "no size" in the key.
  const Type *&Slot = ListTypes[{Element, Size ? *Size : ~0u}];
  if (!Slot) {
    Type *T = new (Allocator.Allocate<Type>()) Type(Type::Kind::List);
    T->Element = Element;
    T->Size = Size;
    Slot = T;
  }
  return Slot;
}

const Type *SchemaContext::getCustomClass(StringRef ClassName) {
  auto [It, Inserted] = CustomClassTypes.try_emplace(ClassName, nullptr);
  if (Inserted) {
    Type *T = new (Allocator.Allocate<Type>()) Type(Type::Kind::CustomClass);
    T->ClassName = It->getKey();
    It->second = T;
  }
  return It->second;
}

} // namespace gradgen
