//===- FamilyCache.h - Files of the families that need no infos -*- C++ -*-===//
//
// Some families read native_functions.yaml, tags.yaml and the profile, but
// nothing of derivatives.yaml (FileFamilyInfo::ReadsSchemasOnly: TraceType,
// variable_factories.h, the Python bindings, python_enum_tag.cpp). The edit a
// PyTorch developer makes most, a formula in derivatives.yaml, leaves their
// files as they were; so a run keeps them in the cache folder, under a key made
// of gradgen's build and every input of the run but derivatives.yaml, and the
// next run with the same key copies them instead of emitting them again.
//
// An entry is a file of records (CacheRecords.h): the key, then each file's
// name, contents and a checksum of the contents, then the number of files.
// It is written beside its final name and renamed, so that concurrent runs
// read an old entry or a new one, never half of one; an entry that does not
// parse is a miss. Each family has one entry per slot (a profile folder and
// native_functions.yaml), so the folder does not grow with every edit.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_FAMILYCACHE_H
#define GRADGEN_EMIT_FAMILYCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gradgen {

/// A generated file's name and contents.
using FileText = std::pair<llvm::StringRef, llvm::StringRef>;

/// The files of an entry for Key, pointing into Entry; nullopt unless Entry
/// is a whole entry for Key.
std::optional<std::vector<FileText>>
parseFamilyCacheEntry(llvm::StringRef Entry, llvm::StringRef Key);

class FamilyCache {
public:
  /// Dir: the cache folder; empty: no cache. Slot names this run's entries
  /// among those of other runs that share the folder. Key is called once,
  /// when the first family asks, after every family read its templates.
  /// Without RecordEntries, entries are looked up but none is written.
  FamilyCache(std::string Dir, llvm::StringRef Slot,
              std::function<std::string()> Key, bool RecordEntries = true);

  bool enabled() const { return !Dir.empty(); }

  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    /// In the order the family made them; they point into Buffer.
    std::vector<FileText> Files;
  };
  /// Family's files under the key, or nullopt.
  std::optional<Entry> lookup(llvm::StringRef Family);

  /// Writes Family's entry as its files are made.
  class Recorder {
  public:
    Recorder(llvm::sys::fs::TempFile File, std::string Path,
             llvm::StringRef Key);
    ~Recorder();
    void add(llvm::StringRef Name, llvm::StringRef Contents);
    /// Puts the entry in place of the family's old one. Without a commit,
    /// the entry is dropped and the old one stays.
    void commit();

  private:
    llvm::sys::fs::TempFile File;
    std::string Path;
    llvm::raw_fd_ostream OS;
    uint32_t NumFiles = 0;
    bool Done = false;
  };
  /// A recorder for Family's entry; null if the folder cannot take one.
  std::unique_ptr<Recorder> record(llvm::StringRef Family);

private:
  std::string entryPath(llvm::StringRef Family) const;
  llvm::StringRef key();

  std::string Dir;
  std::string Slot;
  std::function<std::string()> ComputeKey;
  std::optional<std::string> Key;
  bool RecordEntries;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_FAMILYCACHE_H
