//===- OutputList.h - The files a profile writes ----------------*- C++ -*-===//
//
// A profile declares the files `gradgen generate` writes in outputs.txt: a
// line per file, its family and its path relative to the output folder, for
// the families of the profile's `families:`. Build systems read the same
// list (gradgen_generate() at configure time, `gradgen outputs` for others),
// and generate writes its files and its depfile in this order and checks
// that it wrote exactly these, so what a build expects and what gradgen
// writes cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_OUTPUTLIST_H
#define GRADGEN_EMIT_OUTPUTLIST_H

#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

class InputFiles;

struct OutputList {
  struct Entry {
    /// The family that writes it (FileFamilyInfo::Name).
    std::string Family;
    std::string Name;
    /// Where outputs.txt names it.
    llvm::SMLoc Loc;
  };
  std::vector<Entry> Entries;

  /// Reads the profile's outputs.txt through Files; errors go to Diags.
  static std::optional<OutputList> load(const Profile &TheProfile,
                                        InputFiles &Files,
                                        DiagnosticEngine &Diags);

  /// The entries of Families, in order.
  std::vector<const Entry *>
  entriesOf(llvm::ArrayRef<const FileFamilyInfo *> Families) const;

  /// Files, in the order declared for Families. A declared file that was
  /// not generated, or a generated one that is not declared, is an error.
  std::optional<std::vector<GeneratedFile>>
  order(std::vector<GeneratedFile> Files,
        llvm::ArrayRef<const FileFamilyInfo *> Families,
        DiagnosticEngine &Diags) const;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_OUTPUTLIST_H
