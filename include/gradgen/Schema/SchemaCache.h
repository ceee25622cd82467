//===- SchemaCache.h - Native function sets loaded before -------*- C++ -*-===//
//
// Reading native_functions.yaml -- its YAML, every schema, the generated
// variants -- is a large part of a warm run (docs/performance.md, "Caching
// what derivatives.yaml does not change"), and the edit a PyTorch developer
// makes most, a formula in derivatives.yaml, leaves it as it was. A set that
// loaded without a diagnostic is kept in the cache folder under a key made of
// gradgen's build and the contents of native_functions.yaml, tags.yaml and
// the profile files read before them, and a run with the same key reads the
// set back instead of parsing the YAML again.
//
// The entry (records of CacheRecords.h) holds every field of every function,
// its types by structure and its locations as offsets into the two files,
// which the run reads into its SourceMgr all the same: diagnostics that point
// into native_functions.yaml point to the same places. It is written beside
// its final name and renamed; an entry that does not parse is a miss. One
// entry per slot (a profile folder and native_functions.yaml).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_SCHEMACACHE_H
#define GRADGEN_SCHEMA_SCHEMACACHE_H

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace gradgen {

class NativeFunctionSet;
struct SchemaOptions;

class SchemaCache {
public:
  /// Dir: the cache folder; empty: no cache. Slot names this run's entry
  /// among those of other runs that share the folder. Key is called once,
  /// after the two files were read.
  SchemaCache(std::string Dir, llvm::StringRef Slot,
              std::function<std::string()> Key);

  bool enabled() const { return !Dir.empty(); }
  /// Whether lookup() found the set.
  bool hit() const { return Hit; }

  /// The set stored under the key, its locations in SM's buffers NativeID
  /// (native_functions.yaml) and TagsID (tags.yaml); null if there is none.
  std::unique_ptr<NativeFunctionSet> lookup(const llvm::SourceMgr &SM,
                                            unsigned NativeID, unsigned TagsID,
                                            const SchemaOptions &Options);
  /// Keeps Set, loaded from SM's buffers NativeID and TagsID, for the next
  /// run. A set with a location outside them is not kept.
  void store(const NativeFunctionSet &Set, const llvm::SourceMgr &SM,
             unsigned NativeID, unsigned TagsID);

  /// The set an entry holds, or null unless Entry is a whole entry for Key.
  static std::unique_ptr<NativeFunctionSet>
  parseEntry(llvm::StringRef Entry, llvm::StringRef Key,
             llvm::StringRef NativeText, llvm::StringRef TagsText,
             const SchemaOptions &Options);

private:
  llvm::StringRef key();

  std::string Dir;
  std::string Path;
  std::function<std::string()> ComputeKey;
  std::optional<std::string> Key;
  bool Hit = false;
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_SCHEMACACHE_H
