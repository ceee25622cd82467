//===- DifferentiabilityInfo.cpp - Looking infos up -----------------------===//
//
// Kept apart from the loading code so that the stages that only read the
// database (the file families) do not pull in derivatives.yaml's reader.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Derivatives/DifferentiabilityInfo.h"

#include "gradgen/Support/IdentifierSearch.h"

#include "llvm/ADT/STLExtras.h"

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

std::vector<size_t> differentiableReturns(const NativeFunction &F,
                                          const DifferentiabilityInfo *Info) {
  const std::vector<Return> &Returns = F.func().Returns;
  std::vector<size_t> Result;
  if (Info && Info->OutputDifferentiability) {
    const std::vector<bool> &Flags = *Info->OutputDifferentiability;
    for (size_t I = 0; I < Returns.size() && I < Flags.size(); ++I)
      if (Flags[I])
        Result.push_back(I);
    return Result;
  }
  std::vector<std::string> Names = cpp::returnNames(F.func());
  for (size_t I = 0; I < Returns.size(); ++I)
    if (Returns[I].Ty->isTensorLike() &&
        !(Info && is_contained(Info->NonDifferentiableArgNames, Names[I])))
      Result.push_back(I);
  bool UsesSingleGrad =
      Info && any_of(Info->Derivatives, [](const Derivative &D) {
        return usesIdentifier(D.Formula, "grad");
      });
  if (UsesSingleGrad && Result.size() > 1)
    Result.resize(1);
  return Result;
}

} // namespace gradgen
