//===- Tags.h - The operator tags of tags.yaml ------------------*- C++ -*-===//
//
// tags.yaml lists the tags operators may carry (`- tag: pointwise`, with a
// non-empty `desc:`). native_functions.yaml entries are validated against it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_TAGS_H
#define GRADGEN_SCHEMA_TAGS_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

class TagSet {
public:
  /// Reads tags.yaml into SM. Reports problems (`tags.*`, `yaml.*`) and
  /// returns std::nullopt if the file could not be read or parsed at all;
  /// malformed entries are reported and skipped.
  static std::optional<TagSet> load(llvm::StringRef Path, InputFiles &Files,
                                    DiagnosticEngine &Diags);
  /// load() of a tags.yaml already in SM (YAMLSource::read).
  static std::optional<TagSet> parse(unsigned BufferID, llvm::SourceMgr &SM,
                                     DiagnosticEngine &Diags);
  /// The tags named, defined at Locs if given (tests, tools, caches).
  static TagSet fromNames(llvm::ArrayRef<llvm::StringRef> Names,
                          llvm::ArrayRef<llvm::SMLoc> Locs = {});

  bool contains(llvm::StringRef Tag) const { return Locs.count(Tag); }
  bool empty() const { return Names.empty(); }
  /// The tags in file order.
  llvm::ArrayRef<std::string> names() const { return Names; }
  /// Where Tag is defined, if it came from a file.
  llvm::SMLoc getLoc(llvm::StringRef Tag) const;
  /// The defined tag closest to Tag, for "did you mean" notes.
  std::optional<llvm::StringRef> closest(llvm::StringRef Tag) const;

private:
  std::vector<std::string> Names;
  llvm::StringMap<llvm::SMLoc> Locs;
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_TAGS_H
