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
  // The first group of a function wins, as a scan in order would find it.
  for (; NumIndexed < Groups.size(); ++NumIndexed)
    GroupIndex.try_emplace(Groups[NumIndexed].Func, NumIndexed);
  auto It = GroupIndex.find(&F);
  return It == GroupIndex.end() ? nullptr : &Groups[It->second];
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
