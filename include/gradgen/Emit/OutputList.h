//===- OutputList.h - The files a profile writes ----------------*- C++ -*-===//
//
// The files `gradgen generate` writes with a profile, in order: each family's
// files (FileFamilyInfo::ListFiles: its fixed names and its shards, whose
// counts are the profile's keys), for the families of the run. Build systems
// read the same list before generate runs (`gradgen outputs`, which
// gradgen_generate() asks at configure time), and generate writes its files
// and its depfile in this order and checks that it wrote exactly these, so
// what a build expects and what gradgen writes cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_OUTPUTLIST_H
#define GRADGEN_EMIT_OUTPUTLIST_H

#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct OutputList {
  struct Entry {
    /// The family that writes it (FileFamilyInfo::Name).
    std::string Family;
    /// Its path relative to the output folder.
    std::string Name;
  };
  std::vector<Entry> Entries;

  /// The files of Families with TheProfile, in order.
  static OutputList of(const Profile &TheProfile,
                       llvm::ArrayRef<const FileFamilyInfo *> Families);

  /// Files, in the order of the list. A listed file that was not generated,
  /// or a generated one that is not listed, is an internal error: a family
  /// whose ListFiles disagrees with what it writes.
  std::optional<std::vector<GeneratedFile>>
  order(std::vector<GeneratedFile> Files, DiagnosticEngine &Diags) const;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_OUTPUTLIST_H
