//===- CType.cpp - C++ types of the generated code ------------------------===//

#include "gradgen/Schema/CType.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

std::string BaseCppType::str() const {
  if (Namespace.empty())
    return Name.str();
  std::string Result;
  Result.reserve(Namespace.size() + 2 + Name.size());
  Result += Namespace;
  Result += "::";
  Result += Name;
  return Result;
}

CType CType::base(BaseCppType Type) {
  CType Result(Kind::Base);
  Result.Base = Type;
  return Result;
}

CType CType::constRef(CType Element) {
  CType Result(Kind::ConstRef);
  Result.Elements.push_back(std::move(Element));
  return Result;
}

CType CType::mutRef(CType Element) {
  CType Result(Kind::MutRef);
  Result.Elements.push_back(std::move(Element));
  return Result;
}

CType CType::optional(CType Element, StringRef Template) {
  CType Result(Kind::Optional);
  Result.Elements.push_back(std::move(Element));
  Result.Template = Template.str();
  return Result;
}

CType CType::list(CType Element) {
  CType Result(Kind::List);
  Result.Elements.push_back(std::move(Element));
  return Result;
}

CType CType::arrayRef(CType Element) {
  CType Result(Kind::ArrayRef);
  Result.Elements.push_back(std::move(Element));
  return Result;
}

CType CType::vector(CType Element) {
  CType Result(Kind::Vector);
  Result.Elements.push_back(std::move(Element));
  return Result;
}

CType CType::array(CType Element, unsigned Size) {
  CType Result(Kind::Array);
  Result.Elements.push_back(std::move(Element));
  Result.Size = Size;
  return Result;
}

CType CType::tuple(std::vector<CType> Elements) {
  CType Result(Kind::Tuple);
  Result.Elements = std::move(Elements);
  return Result;
}

CType CType::vectorized(CType Element) {
  CType Result(Kind::Vectorized);
  Result.Elements.push_back(std::move(Element));
  return Result;
}

std::string CType::cppType(bool StripRef) const {
  std::string Out;
  appendCppType(Out, StripRef);
  return Out;
}

void CType::appendCppType(std::string &Out, bool StripRef) const {
  // Only references pass StripRef on; templates print their arguments whole.
  auto Template = [&](StringRef Open, const CType &Element) {
    Out += Open;
    Out += '<';
    Element.appendCppType(Out, /*StripRef=*/false);
  };
  switch (TheKind) {
  case Kind::Base:
    if (!Base.Namespace.empty()) {
      Out += Base.Namespace;
      Out += "::";
    }
    Out += Base.Name;
    return;
  case Kind::ConstRef:
    if (StripRef)
      return getElement().appendCppType(Out, StripRef);
    Out += "const ";
    getElement().appendCppType(Out, /*StripRef=*/false);
    Out += " &";
    return;
  case Kind::MutRef:
    if (StripRef)
      return getElement().appendCppType(Out, StripRef);
    getElement().appendCppType(Out, /*StripRef=*/false);
    Out += " &";
    return;
  case Kind::Optional:
    Template(this->Template, getElement());
    break;
  case Kind::List:
    Template("c10::List", getElement());
    break;
  case Kind::ArrayRef:
    Template("at::ArrayRef", getElement());
    break;
  case Kind::Vector:
    Template("::std::vector", getElement());
    break;
  case Kind::Array:
    Template("::std::array", getElement());
    Out += ',';
    Out += std::to_string(Size);
    break;
  case Kind::Tuple:
    Out += "::std::tuple<";
    for (auto [I, E] : enumerate(Elements)) {
      if (I)
        Out += ',';
      E.appendCppType(Out, /*StripRef=*/false);
    }
    break;
  case Kind::Vectorized:
    Template("at::vec::Vectorized", getElement());
    break;
  }
  Out += '>';
}

CType CType::removeConstRef() const {
  switch (TheKind) {
  case Kind::Base:
  case Kind::Vectorized:
    return *this;
  case Kind::ConstRef:
  case Kind::MutRef:
    return getElement().removeConstRef();
  case Kind::Optional:
  case Kind::List:
  case Kind::ArrayRef:
  case Kind::Vector:
  case Kind::Array:
  case Kind::Tuple: {
    CType Result = *this;
    for (CType &E : Result.Elements)
      E = E.removeConstRef();
    return Result;
  }
  }
  return *this;
}

bool operator==(const CType &A, const CType &B) {
  return A.TheKind == B.TheKind && A.Base == B.Base && A.Size == B.Size &&
         A.Elements == B.Elements;
}

} // namespace gradgen

namespace gradgen {
namespace {

const BaseCppType *lookupBaseCppType(StringRef Spelling) {
  static const BaseCppType *const All[] = {
      &ctypes::ByteT,          &ctypes::CharT,
      &ctypes::ShortT,         &ctypes::Int32T,
      &ctypes::LongT,          &ctypes::DoubleT,
      &ctypes::FloatT,         &ctypes::BoolT,
      &ctypes::VoidT,          &ctypes::StringT,
      &ctypes::GeneratorT,     &ctypes::ScalarTypeT,
      &ctypes::TensorT,        &ctypes::OptionalTensorRefT,
      &ctypes::TensorListT,    &ctypes::ITensorListRefT,
      &ctypes::IOptTensorListRefT, &ctypes::DimnameT,
      &ctypes::DimnameListT,   &ctypes::DimVectorT,
      &ctypes::LayoutT,        &ctypes::DeviceT,
      &ctypes::DeviceIndexT,   &ctypes::ScalarT,
      &ctypes::OptionalScalarRefT, &ctypes::MemoryFormatT,
      &ctypes::QSchemeT,       &ctypes::StorageT,
      &ctypes::StreamT,        &ctypes::IntArrayRefT,
      &ctypes::OptionalIntArrayRefT, &ctypes::OptionalSymIntArrayRefT,
      &ctypes::TensorOptionsT, &ctypes::TypeAndSizeT,
      &ctypes::TensorGeometryT, &ctypes::SymIntT,
      &ctypes::SymBoolT,       &ctypes::SymIntArrayRefT};
  for (const BaseCppType *T : All)
    if (T->str() == Spelling)
      return T;
  return nullptr;
}

/// Recursive descent over `Name`, `Template<Arg, ...>`, `const T &`, `T &`.
class CTypeParser {
public:
  explicit CTypeParser(StringRef Text) : Rest(Text.trim()) {}

  std::optional<CType> parseAll() {
    std::optional<CType> Result = parseType();
    if (!Result || !Rest.trim().empty())
      return std::nullopt;
    return Result;
  }

private:
  std::optional<CType> parseType() {
    Rest = Rest.ltrim();
    bool Const = Rest.consume_front("const ");
    std::optional<CType> Inner = parseUnqualified();
    if (!Inner)
      return std::nullopt;
    Rest = Rest.ltrim();
    if (Rest.consume_front("&"))
      return Const ? CType::constRef(*Inner) : CType::mutRef(*Inner);
    if (Const)
      return std::nullopt;
    return Inner;
  }

  std::optional<CType> parseUnqualified() {
    Rest = Rest.ltrim();
    size_t End = Rest.find_first_of("<>,&");
    StringRef Name = Rest.take_front(End).trim();
    Rest = Rest.drop_front(std::min(End, Rest.size()));
    if (!Rest.consume_front("<")) {
      if (const BaseCppType *Base = lookupBaseCppType(Name))
        return CType::base(*Base);
      return std::nullopt;
    }
    std::vector<std::string> Numbers;
    std::vector<CType> Args;
    while (true) {
      Rest = Rest.ltrim();
      StringRef Digits = Rest.take_while([](char C) { return isDigit(C); });
      if (!Digits.empty()) {
        Numbers.push_back(Digits.str());
        Rest = Rest.drop_front(Digits.size());
      } else {
        std::optional<CType> Arg = parseType();
        if (!Arg)
          return std::nullopt;
        Args.push_back(std::move(*Arg));
      }
      Rest = Rest.ltrim();
      if (Rest.consume_front(","))
        continue;
      if (!Rest.consume_front(">"))
        return std::nullopt;
      break;
    }
    StringRef Template = Name;
    if (Args.size() == 1 && Numbers.empty()) {
      if (Template == "::std::optional" || Template == "std::optional" ||
          Template == "c10::optional")
        return CType::optional(Args.front(), Template);
      if (Template == "::std::vector" || Template == "std::vector")
        return CType::vector(Args.front());
      if (Template == "at::ArrayRef" || Template == "c10::ArrayRef")
        return CType::arrayRef(Args.front());
      if (Template == "c10::List")
        return CType::list(Args.front());
    }
    if (Args.size() == 1 && Numbers.size() == 1 &&
        (Template == "::std::array" || Template == "std::array")) {
      unsigned Size;
      if (StringRef(Numbers.front()).getAsInteger(10, Size))
        return std::nullopt;
      return CType::array(Args.front(), Size);
    }
    if (Numbers.empty() &&
        (Template == "::std::tuple" || Template == "std::tuple"))
      return CType::tuple(std::move(Args));
    return std::nullopt;
  }

  StringRef Rest;
};

} // namespace

std::optional<CType> CType::parse(StringRef Text) {
  return CTypeParser(Text).parseAll();
}

} // namespace gradgen
