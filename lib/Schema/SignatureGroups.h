//===- SignatureGroups.h - Functions grouped by signature text --*- C++ -*-===//
//
// Internal to gradgenSchema. torchgen groups native functions in dicts keyed
// by str(signature), which keep the order of first appearance.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SCHEMA_SIGNATUREGROUPS_H
#define GRADGEN_LIB_SCHEMA_SIGNATUREGROUPS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace gradgen {

/// GroupT values by signature text, iterated in order of first appearance.
template <typename GroupT> class SignatureGroups {
public:
  /// The group of Signature, created empty at its first appearance.
  GroupT &operator[](llvm::StringRef Signature) {
    auto [It, Inserted] = IndexOf.try_emplace(Signature, Groups.size());
    if (Inserted)
      Groups.emplace_back();
    return Groups[It->second];
  }
  typename std::vector<GroupT>::iterator begin() { return Groups.begin(); }
  typename std::vector<GroupT>::iterator end() { return Groups.end(); }

private:
  llvm::StringMap<unsigned> IndexOf;
  std::vector<GroupT> Groups;
};

} // namespace gradgen

#endif // GRADGEN_LIB_SCHEMA_SIGNATUREGROUPS_H
