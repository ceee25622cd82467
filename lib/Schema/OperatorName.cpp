//===- OperatorName.cpp - Operator names of native functions --------------===//

#include "gradgen/Schema/OperatorName.h"

namespace gradgen {

void BaseOperatorName::printTo(std::string &Out) const {
  if (!Namespace.empty()) {
    Out += Namespace;
    Out += "::";
  }
  if (DunderMethod) {
    Out += Inplace ? "__i" : "__";
    Out += Base;
    Out += "__";
    return;
  }
  Out += Base;
  if (Inplace)
    Out += '_';
  else if (FunctionalOverload)
    Out += "_functional";
}

std::string BaseOperatorName::str() const {
  std::string Result;
  printTo(Result);
  return Result;
}

void OperatorName::printTo(std::string &Out) const {
  Name.printTo(Out);
  if (!OverloadName.empty()) {
    Out += '.';
    Out += OverloadName;
  }
}

std::string OperatorName::str() const {
  std::string Result;
  printTo(Result);
  return Result;
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
