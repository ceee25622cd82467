//===- SchemaIndex.cpp - Finding native functions by schema text ----------===//

#include "gradgen/Schema/SchemaIndex.h"

#include "gradgen/Schema/CppAPI.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace gradgen {

SchemaIndex::SchemaIndex(const NativeFunctionSet &Set)
    : SchemaIndex(Set, Set.getOptions().LookupIncludesViewCopies) {}

SchemaIndex::SchemaIndex(const NativeFunctionSet &Set, bool IncludeCopy)
    : Set(Set) {
  // The view grouping keys most functions by their signature too; print
  // each once.
  ArrayRef<const NativeFunction *> All = Set.functions();
  std::vector<std::string> Signatures;
  Signatures.reserve(All.size());
  DenseMap<const NativeFunction *, unsigned> IndexOf;
  IndexOf.reserve(All.size());
  for (auto [I, F] : enumerate(All)) {
    Signatures.push_back(F->Signature.empty() ? F->func().signatureStr()
                                              : F->Signature);
    IndexOf.try_emplace(F, I);
  }
  for (const auto &Item :
       groupNativeFunctionsByView(All, Set.getOptions(), Signatures)) {
    if (const auto *F = std::get_if<const NativeFunction *>(&Item)) {
      Ordered.push_back(*F);
      continue;
    }
    const auto &Group = std::get<NativeFunctionsViewGroup>(Item);
    for (const NativeFunction *F : Group.functions(IncludeCopy))
      Ordered.push_back(F);
    ViewGroupByView[Group.View] = ViewGroups.size();
    ViewGroups.push_back(Group);
  }
  for (const NativeFunction *F : Ordered) {
    BySignature[Signatures[IndexOf.lookup(F)]].push_back(F);
    // Duplicates were reported when the set was built; keep the first.
    if (!F->FuncText.empty())
      BySchema.try_emplace(F->FuncText, F);
    else
      BySchema.try_emplace(F->func().str(), F);
  }
}

const NativeFunction *SchemaIndex::lookupSchema(StringRef Schema) const {
  return BySchema.lookup(Schema);
}

ArrayRef<const NativeFunction *>
SchemaIndex::functionsWithSignature(const FunctionSchema &Signature) const {
  auto It = BySignature.find(Signature.str());
  if (It == BySignature.end())
    return {};
  return It->second;
}

std::vector<const NativeFunction *>
SchemaIndex::findByCppName(StringRef CppName) const {
  std::vector<const NativeFunction *> Result;
  for (const NativeFunction *F : Ordered)
    if (cpp::name(F->func()) == CppName)
      Result.push_back(F);
  return Result;
}

std::vector<const NativeFunction *>
SchemaIndex::findByBaseName(StringRef Base) const {
  std::vector<const NativeFunction *> Result;
  for (const NativeFunction *F : Ordered)
    if (F->func().Name.Name.Base == Base)
      Result.push_back(F);
  return Result;
}

std::vector<const NativeFunction *>
SchemaIndex::findSimilar(StringRef Schema, unsigned MaxResults) const {
  // Compare operator names first: it is cheap and what users misspell.
  StringRef Name = Schema.take_until([](char C) { return C == '('; });
  std::vector<std::pair<unsigned, const NativeFunction *>> Scored;
  unsigned Limit = std::max<size_t>(3, Name.size() / 3);
  for (const NativeFunction *F : Ordered) {
    std::string Candidate = F->func().Name.str();
    // Names whose lengths differ by more than the limit cannot be within
    // it; skipping them keeps a long name's search linear.
    if (std::max(Name.size(), Candidate.size()) -
            std::min(Name.size(), Candidate.size()) >
        Limit)
      continue;
    unsigned Distance = Name.edit_distance(Candidate, true, Limit + 1);
    if (Distance <= Limit)
      Scored.push_back({Distance, F});
  }
  std::stable_sort(
      Scored.begin(), Scored.end(),
      [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<const NativeFunction *> Result;
  for (const auto &[Distance, F] : Scored) {
    if (Result.size() == MaxResults)
      break;
    Result.push_back(F);
  }
  return Result;
}

const NativeFunctionsViewGroup *
SchemaIndex::viewGroupOf(const NativeFunction &F) const {
  auto It = ViewGroupByView.find(&F);
  return It == ViewGroupByView.end() ? nullptr : &ViewGroups[It->second];
}

StringRef SchemaIndex::strippedSignature(const NativeFunction &F) const {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  std::string &Signature = Signatures[&F];
  if (Signature.empty())
    Signature =
        F.func().signatureStr(SignatureOptions{/*StripDefault=*/true});
  return Signature;
}

ArrayRef<const NativeFunction *> SchemaIndex::functionsByCppName() const {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  if (!ByCppName.empty() || Set.functions().empty())
    return ByCppName;
  std::vector<std::pair<std::string, const NativeFunction *>> Keyed;
  for (const NativeFunction *F : Set.functions())
    Keyed.emplace_back(cpp::name(F->func()), F);
  llvm::stable_sort(Keyed, [](const auto &A, const auto &B) {
    return A.first < B.first;
  });
  for (auto &[Name, F] : Keyed)
    ByCppName.push_back(F);
  return ByCppName;
}

} // namespace gradgen
