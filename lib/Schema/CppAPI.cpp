//===- CppAPI.cpp - The public C++ API of an operator ---------------------===//
//
// A transliteration of torchgen's api/cpp.py. Where torchgen raises, these
// functions return std::nullopt.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Schema/CppAPI.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

CppArgumentContext CppArgumentContext::forFunction(const NativeFunction &F) {
  return {*F.UseConstRefForMutableTensors, F.partOfStructuredGroup()};
}

std::string Binding::decl(bool FuncPtrCast) const {
  if (FuncPtrCast)
    return type();
  std::string Result = type() + " " + Name;
  if (Default)
    Result += "=" + *Default;
  return Result;
}

std::string Binding::defn() const {
  std::string Result;
  appendDefn(Result);
  return Result;
}

void Binding::appendDefn(std::string &Out) const {
  NCType.Type.appendCppType(Out);
  Out += ' ';
  Out += Name;
}

namespace cpp {

std::string name(const FunctionSchema &Func, bool FaithfulNameForOutOverloads,
                 bool SymIntOverload) {
  std::string Result = Func.Name.Name.str();
  if (SymIntOverload)
    Result += "_symint";
  if (Func.isOutFn())
    Result += FaithfulNameForOutOverloads ? "_outf" : "_out";
  return Result;
}

static std::optional<BaseCppType> baseCppType(BaseTy Ty) {
  switch (Ty) {
  case BaseTy::Int:
    return ctypes::LongT;
  case BaseTy::Float:
    return ctypes::DoubleT;
  case BaseTy::Bool:
    return ctypes::BoolT;
  case BaseTy::Str:
    return ctypes::StringT;
  case BaseTy::Generator:
    return ctypes::GeneratorT;
  case BaseTy::ScalarType:
    return ctypes::ScalarTypeT;
  case BaseTy::Tensor:
    return ctypes::TensorT;
  case BaseTy::Dimname:
    return ctypes::DimnameT;
  case BaseTy::DimVector:
    return ctypes::DimVectorT;
  case BaseTy::Layout:
    return ctypes::LayoutT;
  case BaseTy::Device:
    return ctypes::DeviceT;
  case BaseTy::DeviceIndex:
    return ctypes::DeviceIndexT;
  case BaseTy::Scalar:
    return ctypes::ScalarT;
  case BaseTy::MemoryFormat:
    return ctypes::MemoryFormatT;
  case BaseTy::QScheme:
    return ctypes::QSchemeT;
  case BaseTy::Storage:
    return ctypes::StorageT;
  case BaseTy::Stream:
    return ctypes::StreamT;
  case BaseTy::SymInt:
    return ctypes::SymIntT;
  case BaseTy::SymBool:
    return ctypes::SymBoolT;
  case BaseTy::GraphModule:
  case BaseTy::ConstQuantizerPtr:
    return std::nullopt;
  }
  return std::nullopt;
}

namespace {
/// valuetype_type distinguishes "not a value type" (std::nullopt in Python)
/// from a raised error.
struct ValueType {
  enum { NotValue, Value, Error } State = NotValue;
  std::optional<CType> Type;

  static ValueType value(CType T) { return {Value, std::move(T)}; }
  static ValueType error() { return {Error, std::nullopt}; }
};
} // namespace

static ValueType valueType(const Type *T, bool SymInt,
                           const CppAPIOptions &Options) {
  switch (T->getKind()) {
  case Type::Kind::Base: {
    BaseTy Ty = T->getBaseTy();
    if (Ty == BaseTy::Tensor || Ty == BaseTy::Scalar)
      return {};
    if (Ty == BaseTy::SymInt)
      return ValueType::value(
          CType::base(SymInt ? ctypes::SymIntT : ctypes::LongT));
    if (std::optional<BaseCppType> Base = baseCppType(Ty))
      return ValueType::value(CType::base(*Base));
    return ValueType::error();
  }
  case Type::Kind::Optional: {
    ValueType Element = valueType(T->getElement(), SymInt, Options);
    if (Element.State != ValueType::Value)
      return Element;
    return ValueType::value(
        CType::optional(*Element.Type, Options.OptionalTemplate));
  }
  case Type::Kind::List:
    if (T->getElement()->isBase(BaseTy::Bool)) {
      if (!T->getSize())
        return ValueType::error();
      return ValueType::value(
          CType::array(CType::base(ctypes::BoolT), *T->getSize()));
    }
    return {};
  case Type::Kind::CustomClass:
    return ValueType::error();
  }
  return ValueType::error();
}

std::optional<NamedCType> valueTypeType(const Type *T, const ArgName &Binds,
                                        bool SymInt,
                                        const CppAPIOptions &Options) {
  ValueType Result = valueType(T, SymInt, Options);
  if (Result.State != ValueType::Value)
    return std::nullopt;
  return NamedCType{Binds, *Result.Type};
}

static std::optional<CType> argumentCType(const Type *T, bool Mutable,
                                          const CppArgumentContext &Context,
                                          const CppAPIOptions &Options,
                                          bool RemoveNonOwning, bool SymInt) {
  ValueType Value = valueType(T, SymInt, Options);
  if (Value.State == ValueType::Value)
    return Value.Type;
  if (Value.State == ValueType::Error)
    return std::nullopt;

  bool Owning = RemoveNonOwning && Options.OwningTensorAndScalar;
  CType Tensor = CType::base(ctypes::TensorT);
  CType Scalar = CType::base(ctypes::ScalarT);
  auto Optional = [&](CType Element) {
    return CType::optional(std::move(Element), Options.OptionalTemplate);
  };
  switch (T->getKind()) {
  case Type::Kind::Base:
    if (T->isBase(BaseTy::Tensor)) {
      if (Mutable && !Context.UseConstRefForMutableTensors)
        return CType::mutRef(Tensor);
      return Owning ? Tensor : CType::constRef(Tensor);
    }
    if (T->isBase(BaseTy::Scalar))
      return Owning ? Scalar : CType::constRef(Scalar);
    return std::nullopt;
  case Type::Kind::Optional: {
    const Type *Element = T->getElement();
    if (Element->isBase(BaseTy::Tensor)) {
      if (Mutable && !Context.UseConstRefForMutableTensors)
        return CType::mutRef(Tensor); // torchgen's "TODO: fix this discrepancy"
      return Owning ? Optional(Tensor) : CType::constRef(Optional(Tensor));
    }
    if (Element->isBase(BaseTy::Scalar))
      return Owning ? Optional(Scalar) : CType::constRef(Optional(Scalar));
    if (Element->isList() && Element->getElement()->isBase(BaseTy::Int))
      return CType::base(ctypes::OptionalIntArrayRefT);
    if (Element->isList() && Element->getElement()->isBase(BaseTy::SymInt))
      return CType::base(SymInt ? ctypes::OptionalSymIntArrayRefT
                                : ctypes::OptionalIntArrayRefT);
    std::optional<CType> Inner =
        argumentCType(Element, Mutable, Context, Options, false, SymInt);
    if (!Inner)
      return std::nullopt;
    return Optional(*Inner);
  }
  case Type::Kind::List: {
    const Type *Element = T->getElement();
    if (Element->isBase(BaseTy::Int))
      return RemoveNonOwning ? CType::vector(CType::base(ctypes::LongT))
                             : CType::base(ctypes::IntArrayRefT);
    if (Element->isBase(BaseTy::SymInt)) {
      if (RemoveNonOwning)
        return CType::vector(
            CType::base(SymInt ? ctypes::SymIntT : ctypes::LongT));
      return CType::base(SymInt ? ctypes::SymIntArrayRefT
                                : ctypes::IntArrayRefT);
    }
    if (Element->isBase(BaseTy::Tensor))
      return Context.UseIListRefForTensorLists
                 ? CType::constRef(CType::base(ctypes::ITensorListRefT))
                 : CType::base(ctypes::TensorListT);
    if (Element->isBase(BaseTy::Scalar))
      return CType::arrayRef(Scalar);
    if (Options.DimnameList && Element->isBase(BaseTy::Dimname))
      return CType::base(ctypes::DimnameListT);
    if (Element->isOptional() && Element->getElement()->isBase(BaseTy::Tensor))
      return CType::constRef(CType::list(Optional(Tensor)));
    std::optional<CType> Inner =
        argumentCType(Element, Mutable, Context, Options, false, SymInt);
    if (!Inner)
      return std::nullopt;
    return CType::arrayRef(*Inner);
  }
  case Type::Kind::CustomClass:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<NamedCType> argumentTypeType(const Type *T, bool Mutable,
                                           const ArgName &Binds,
                                           const CppArgumentContext &Context,
                                           const CppAPIOptions &Options,
                                           bool RemoveNonOwningRefTypes,
                                           bool SymInt) {
  std::optional<CType> Result = argumentCType(T, Mutable, Context, Options,
                                              RemoveNonOwningRefTypes, SymInt);
  if (!Result)
    return std::nullopt;
  return NamedCType{Binds, std::move(*Result)};
}

std::optional<NamedCType> argumentType(const Argument &A, const ArgName &Binds,
                                       bool SymInt,
                                       const CppArgumentContext &Context,
                                       const CppAPIOptions &Options) {
  return argumentTypeType(A.Ty, A.isWrite(), Binds, Context, Options,
                          /*RemoveNonOwningRefTypes=*/false, SymInt);
}

static std::optional<CType> returnCType(const Type *T, bool Mutable,
                                        bool SymInt,
                                        const CppArgumentContext &Context,
                                        const CppAPIOptions &Options) {
  bool ValueSymInt = Options.ReturnsAlwaysSymInt || SymInt;
  ValueType Value = valueType(T, ValueSymInt, Options);
  if (Value.State == ValueType::Value)
    return Value.Type;
  if (Value.State == ValueType::Error)
    return std::nullopt;
  switch (T->getKind()) {
  case Type::Kind::Base:
    if (T->isBase(BaseTy::Tensor)) {
      CType Tensor = CType::base(ctypes::TensorT);
      if (!Mutable)
        return Tensor;
      return Context.UseConstRefForMutableTensors ? CType::constRef(Tensor)
                                                  : CType::mutRef(Tensor);
    }
    if (T->isBase(BaseTy::Scalar))
      return CType::base(ctypes::ScalarT);
    return std::nullopt;
  case Type::Kind::List: {
    if (Mutable || T->getSize())
      return std::nullopt;
    std::optional<CType> Element =
        returnCType(T->getElement(), false, SymInt, Context, Options);
    if (!Element)
      return std::nullopt;
    return CType::vector(*Element);
  }
  case Type::Kind::Optional: {
    if (!Options.OptionalTensorReturns ||
        !T->getElement()->isBase(BaseTy::Tensor))
      return std::nullopt;
    std::optional<CType> Element =
        returnCType(T->getElement(), Mutable, SymInt, Context, Options);
    if (!Element)
      return std::nullopt;
    return CType::optional(*Element, Options.OptionalTemplate);
  }
  case Type::Kind::CustomClass:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<CType> returnType(const Return &R, bool SymInt,
                                const CppArgumentContext &Context,
                                const CppAPIOptions &Options) {
  return returnCType(R.Ty, R.isWrite(), SymInt, Context, Options);
}

std::optional<CType> returnsType(ArrayRef<Return> Returns, bool SymInt,
                                 const CppArgumentContext &Context,
                                 const CppAPIOptions &Options) {
  if (Returns.empty())
    return CType::base(ctypes::VoidT);
  if (Returns.size() == 1)
    return returnType(Returns.front(), SymInt, Context, Options);
  std::vector<CType> Elements;
  for (const Return &R : Returns) {
    std::optional<CType> Element = returnType(R, SymInt, Context, Options);
    if (!Element)
      return std::nullopt;
    Elements.push_back(std::move(*Element));
  }
  return CType::tuple(std::move(Elements));
}

std::vector<std::string> returnNames(const FunctionSchema &Func,
                                     StringRef Fallback) {
  std::vector<std::string> Names;
  Names.reserve(Func.Returns.size());
  // Only named returns look at the arguments.
  std::optional<ArgumentRefs> Args;
  for (auto [I, R] : enumerate(Func.Returns)) {
    if (Func.Name.Name.Inplace) {
      Names.push_back("self");
    } else if (Func.isOutFn()) {
      Names.push_back(I < Func.Args.Out.size() ? Func.Args.Out[I].Name
                                               : std::string());
    } else if (R.Name && !R.Name->empty()) {
      if (!Args)
        Args = Func.schemaOrderArguments();
      const std::string &Name = *R.Name;
      bool Conflict =
          any_of(*Args, [&](const Argument *A) { return A->Name == Name; });
      Names.push_back(Conflict ? Name + "_return" : Name);
    } else if (Func.Returns.size() == 1) {
      Names.push_back(Fallback.str());
    } else {
      Names.push_back(Fallback.str() + std::to_string(I));
    }
  }
  return Names;
}

/// A single-quoted schema string as a C++ string literal.
static std::string singleToDoubleQuoted(StringRef D) {
  std::string S;
  size_t I = 1;
  while (I + 1 < D.size()) {
    if (D[I] != '\\') {
      S += D[I] == '"' ? std::string("\\\"") : std::string(1, D[I]);
      ++I;
    } else {
      S += D[I + 1] == '\'' ? std::string("'") : D.substr(I, 2).str();
      I += 2;
    }
  }
  return "\"" + S + "\"";
}

std::optional<std::string> defaultExpr(StringRef D, const Type *T, bool SymInt,
                                       const CppAPIOptions &Options) {
  if (D == "None" && T->str() == "Tensor?")
    return std::string("{}");
  if (T->isBase(BaseTy::Str) && D.size() >= 2 && D.front() == '\'' &&
      D.back() == '\'')
    return singleToDoubleQuoted(D);
  if (T->isOptional()) {
    if (D == "None")
      return Options.Nullopt;
    return defaultExpr(D, T->getElement(), SymInt, Options);
  }
  if (T->isList()) {
    if (D.startswith("[") && D.endswith("]"))
      return ("{" + D.drop_front().drop_back() + "}").str();
    if (Options.SymIntListDefaults && SymInt && !D.empty() &&
        all_of(D, isDigit) && T->getElement()->isBase(BaseTy::SymInt))
      return ("c10::SymInt(" + D + ")").str();
    if (!T->getSize())
      return std::nullopt;
  }
  if (D == "False")
    return std::string("false");
  if (D == "True")
    return std::string("true");
  if (D == "None")
    return Options.Nullopt;
  if (D == "Mean")
    return std::string("at::Reduction::Mean");
  if (D == "[]")
    return std::string("{}");
  if (D == "contiguous_format")
    return Options.ContiguousFormat;
  if (D == "long")
    return std::string("at::kLong");
  return D.str();
}

namespace {
struct ArgumentsBuilder {
  const Arguments &Args;
  bool Faithful, SymInt, Method;
  ArrayRef<std::string> CppNoDefaultArgs;
  const CppArgumentContext &Context;
  const CppAPIOptions &Options;
  std::vector<Binding> Result;

  bool add(const Argument &A) {
    ArgName Binds{A.Name,
                  A.Name == "memory_format" && Args.TensorOptions.has_value()};
    std::optional<NamedCType> Type =
        argumentType(A, Binds, SymInt, Context, Options);
    if (!Type)
      return false;
    Binding B{A.Name, std::move(*Type),
              ArgumentItem{ArgumentItem::Kind::Plain, &A, nullptr},
              std::nullopt};
    if (A.Default && !is_contained(CppNoDefaultArgs, A.Name)) {
      B.Default = defaultExpr(*A.Default, A.Ty, SymInt, Options);
      if (!B.Default)
        return false;
    }
    Result.push_back(std::move(B));
    return true;
  }

  bool add(const ArgumentItem &Item) {
    switch (Item.TheKind) {
    case ArgumentItem::Kind::Plain:
      return add(*Item.Arg);
    case ArgumentItem::Kind::Self:
      return Method || add(*Item.Arg);
    case ArgumentItem::Kind::TensorOptions: {
      const TensorOptionsArguments &TO = *Item.Options;
      if (Faithful)
        return add(TO.DType) && add(TO.Layout) && add(TO.Device) &&
               add(TO.PinMemory);
      std::optional<std::string> Default;
      if (all_of(TO.all(), [](const Argument *A) {
            return A->Default && *A->Default == "None";
          }))
        Default = "{}";
      else if (TO.DType.Default && *TO.DType.Default == "long")
        Default = "at::kLong";
      Result.push_back(Binding{"options",
                               NamedCType{ArgName{"options", false},
                                          CType::base(ctypes::TensorOptionsT)},
                               Item, Default});
      return true;
    }
    }
    return false;
  }
};
} // namespace

std::optional<std::vector<Binding>>
arguments(const Arguments &Args, bool Faithful, bool SymInt, bool Method,
          ArrayRef<std::string> CppNoDefaultArgs,
          const CppArgumentContext &Context, const CppAPIOptions &Options) {
  ArgumentsBuilder Builder{Args,    Faithful, SymInt, Method, CppNoDefaultArgs,
                           Context, Options,  {}};
  ArgumentItems Items;
  if (Faithful) {
    Items = Args.nonOut();
    for (const Argument &A : Args.Out)
      Items.push_back({ArgumentItem::Kind::Plain, &A, nullptr});
  } else {
    for (const Argument &A : Args.Out)
      Items.push_back({ArgumentItem::Kind::Plain, &A, nullptr});
    Items.append(Args.nonOut());
  }
  for (const ArgumentItem &Item : Items)
    if (!Builder.add(Item))
      return std::nullopt;
  if (Faithful)
    for (Binding &B : Builder.Result)
      B.Default.reset();
  return std::move(Builder.Result);
}

std::optional<std::vector<Binding>>
signatureArguments(const NativeFunction &F, bool SymInt,
                   const CppAPIOptions &Options) {
  std::vector<std::string> NoDefaults;
  for (const Located<std::string> &Name : F.CppNoDefaultArgs)
    NoDefaults.push_back(*Name);
  bool UseSymInt = SymInt && F.func().hasSymInt();
  return arguments(F.func().Args, /*Faithful=*/false, UseSymInt,
                   /*Method=*/false, NoDefaults,
                   CppArgumentContext::forFunction(F), Options);
}

} // namespace cpp
} // namespace gradgen
