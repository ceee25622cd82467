//===- OutputList.h - The files a profile writes ----------------*- C++ -*-===//
//
// A profile declares the files `gradgen generate` writes in outputs.txt, one
// path a line relative to the output folder. Build systems read the same
// list (gradgen_generate() at configure time, `gradgen outputs` for others),
// and generate writes its files and its depfile in this order, so what a
// build expects and what gradgen writes cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_OUTPUTLIST_H
#define GRADGEN_EMIT_OUTPUTLIST_H

#include "gradgen/Emit/FileEmitter.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct OutputList {
  struct Entry {
    std::string Name;
    /// Where outputs.txt names it.
    llvm::SMLoc Loc;
  };
  std::vector<Entry> Entries;

  /// Reads the profile's outputs.txt into SM; errors go to Diags.
  static std::optional<OutputList> load(const Profile &TheProfile,
                                        llvm::SourceMgr &SM,
                                        DiagnosticEngine &Diags);

  /// Files, in the declared order. A declared file that was not generated,
  /// or a generated one that is not declared, is an error.
  std::optional<std::vector<GeneratedFile>>
  order(std::vector<GeneratedFile> Files, DiagnosticEngine &Diags) const;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_OUTPUTLIST_H
