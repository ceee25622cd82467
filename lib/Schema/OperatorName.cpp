//===- OperatorName.cpp - Operator names of native functions --------------===//

#include "gradgen/Schema/OperatorName.h"

namespace gradgen {

std::string BaseOperatorName::str() const {
  std::string Result = Namespace.empty() ? std::string() : Namespace + "::";
  if (DunderMethod)
    return Result + "__" + (Inplace ? "i" : "") + Base + "__";
  Result += Base;
  if (Inplace)
    Result += "_";
  else if (FunctionalOverload)
    Result += "_functional";
  return Result;
}

std::string OperatorName::str() const {
  if (OverloadName.empty())
    return Name.str();
  return Name.str() + "." + OverloadName;
}

std::string OperatorName::unambiguousName() const {
  if (OverloadName.empty())
    return Name.str();
  return Name.str() + "_" + OverloadName;
}

OperatorName OperatorName::removeInplace() const {
  OperatorName Result;
  Result.Name.Base = Name.Base;
  Result.Name.DunderMethod = Name.DunderMethod;
  Result.OverloadName = OverloadName;
  return Result;
}

OperatorName OperatorName::withOverload(llvm::StringRef Overload) const {
  OperatorName Result;
  Result.Name.Base = Name.Base;
  Result.Name.DunderMethod = Name.DunderMethod;
  Result.OverloadName = Overload.str();
  return Result;
}

} // namespace gradgen
