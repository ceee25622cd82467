//===- DifferentiabilityInfo.cpp - Looking infos up -----------------------===//
//
// Kept apart from the loading code so that the stages that only read the
// database (the file families) do not pull in derivatives.yaml's reader.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Derivatives/DifferentiabilityInfo.h"

using namespace llvm;

namespace gradgen {

const DifferentiabilityInfo *InfoGroup::lookup(StringRef DispatchKey) const {
  for (const DifferentiabilityInfo &Info : Infos)
    if (Info.DispatchKey == DispatchKey)
      return &Info;
  return nullptr;
}

const InfoGroup *DerivativesDatabase::lookup(const NativeFunction &F) const {
  for (const InfoGroup &Group : Groups)
    if (Group.Func == &F)
      return &Group;
  return nullptr;
}

std::vector<const DifferentiabilityInfo *>
DerivativesDatabase::infosOf(const FunctionInfos &F) const {
  std::vector<const DifferentiabilityInfo *> Result;
  if (!F.Group)
    return Result;
  const InfoGroup &Group = Groups[*F.Group];
  if (F.DefaultKeyOnly) {
    if (const DifferentiabilityInfo *Info = Group.lookup("Default"))
      Result.push_back(Info);
    return Result;
  }
  for (const DifferentiabilityInfo &Info : Group.Infos)
    Result.push_back(&Info);
  return Result;
}

std::vector<const DifferentiabilityInfo *>
DerivativesDatabase::infosWithDerivatives() const {
  std::vector<const DifferentiabilityInfo *> Result;
  for (const InfoGroup &Group : Groups)
    for (const DifferentiabilityInfo &Info : Group.Infos)
      if (Info.hasDerivatives())
        Result.push_back(&Info);
  return Result;
}

} // namespace gradgen
