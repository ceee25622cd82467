//===- CType.cpp - C++ types of the generated code ------------------------===//

#include "gradgen/Schema/CType.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

std::string BaseCppType::str() const {
  if (Namespace.empty())
    return Name.str();
  return (Namespace + "::" + Name).str();
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
  // Only references pass StripRef on; templates print their arguments whole.
  switch (TheKind) {
  case Kind::Base:
    return Base.str();
  case Kind::ConstRef:
    if (StripRef)
      return getElement().cppType(StripRef);
    return "const " + getElement().cppType() + " &";
  case Kind::MutRef:
    if (StripRef)
      return getElement().cppType(StripRef);
    return getElement().cppType() + " &";
  case Kind::Optional:
    return Template + "<" + getElement().cppType() + ">";
  case Kind::List:
    return "c10::List<" + getElement().cppType() + ">";
  case Kind::ArrayRef:
    return "at::ArrayRef<" + getElement().cppType() + ">";
  case Kind::Vector:
    return "::std::vector<" + getElement().cppType() + ">";
  case Kind::Array:
    return "::std::array<" + getElement().cppType() + "," +
           std::to_string(Size) + ">";
  case Kind::Tuple: {
    SmallVector<std::string, 4> Parts;
    for (const CType &E : Elements)
      Parts.push_back(E.cppType());
    return "::std::tuple<" + join(Parts, ",") + ">";
  }
  case Kind::Vectorized:
    return "at::vec::Vectorized<" + getElement().cppType() + ">";
  }
  return std::string();
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
