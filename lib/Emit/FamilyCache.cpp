//===- FamilyCache.cpp - Files of the families that need no infos ---------===//

#include "gradgen/Emit/FamilyCache.h"

#include "gradgen/Support/CacheRecords.h"
#include "gradgen/Support/TemporaryFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace gradgen {

static constexpr StringLiteral Magic = "gradgen-family-cache-1\n";
static constexpr StringLiteral FileTag = "f";
static constexpr StringLiteral EndTag = "end";

/// The checksum of a file's contents, as two numbers: xxHash64 reads a
/// TraceType's megabytes in a fraction of what copying them costs.
static std::pair<uint32_t, uint32_t> checksum(StringRef Contents) {
  uint64_t Hash = xxHash64(Contents);
  return {uint32_t(Hash), uint32_t(Hash >> 32)};
}

std::optional<std::vector<FileText>> parseFamilyCacheEntry(StringRef Entry,
                                                          StringRef Key) {
  if (!Entry.consume_front(Magic))
    return std::nullopt;
  RecordReader R(Entry);
  StringRef EntryKey;
  if (!R.string(EntryKey) || EntryKey != Key)
    return std::nullopt;
  std::vector<FileText> Files;
  while (true) {
    StringRef Tag;
    if (!R.string(Tag))
      return std::nullopt;
    if (Tag == EndTag)
      break;
    StringRef Name, Contents;
    uint32_t Low, High;
    if (Tag != FileTag || !R.string(Name) || Name.empty() ||
        !R.string(Contents) || !R.number(Low) || !R.number(High) ||
        checksum(Contents) != std::make_pair(Low, High))
      return std::nullopt;
    Files.emplace_back(Name, Contents);
  }
  uint32_t NumFiles;
  if (!R.number(NumFiles) || NumFiles != Files.size() || !R.atEnd())
    return std::nullopt;
  return Files;
}

FamilyCache::FamilyCache(std::string Dir, StringRef Slot,
                         std::function<std::string()> Key, bool RecordEntries)
    : Dir(std::move(Dir)), Slot(Slot.str()), ComputeKey(std::move(Key)),
      RecordEntries(RecordEntries) {}

std::string FamilyCache::entryPath(StringRef Family) const {
  SmallString<256> Path(Dir);
  sys::path::append(Path, "family-" + Family + "-" + Slot + ".bin");
  return std::string(Path);
}

StringRef FamilyCache::key() {
  if (!Key)
    Key = ComputeKey();
  return *Key;
}

std::optional<FamilyCache::Entry> FamilyCache::lookup(StringRef Family) {
  if (!enabled())
    return std::nullopt;
  // Mapped, not read: the entry's pages are the page cache's, and a run
  // copies each file out of them once.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(entryPath(Family), /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  std::optional<std::vector<FileText>> Files =
      parseFamilyCacheEntry((*Buffer)->getBuffer(), key());
  if (!Files)
    return std::nullopt;
  return Entry{std::move(*Buffer), std::move(*Files)};
}

std::unique_ptr<FamilyCache::Recorder> FamilyCache::record(StringRef Family) {
  if (!enabled() || !RecordEntries || sys::fs::create_directories(Dir))
    return nullptr;
  std::string Path = entryPath(Family);
  Expected<sys::fs::TempFile> File =
      createTemporaryFileFor(Path, sys::fs::all_read | sys::fs::owner_write);
  if (!File) {
    // An unusable folder only costs the next run the family's emission.
    consumeError(File.takeError());
    return nullptr;
  }
  return std::make_unique<Recorder>(std::move(*File), std::move(Path), key());
}

FamilyCache::Recorder::Recorder(sys::fs::TempFile File, std::string Path,
                                StringRef Key)
    : File(std::move(File)), Path(std::move(Path)),
      OS(this->File.FD, /*shouldClose=*/false) {
  OS << Magic;
  RecordWriter(OS).string(Key);
}

FamilyCache::Recorder::~Recorder() {
  // The stream would report a failed write as a fatal error when destroyed.
  OS.flush();
  OS.clear_error();
  if (!Done)
    consumeError(File.discard());
}

void FamilyCache::Recorder::add(StringRef Name, StringRef Contents) {
  RecordWriter W(OS);
  W.string(FileTag);
  W.string(Name);
  W.string(Contents);
  auto [Low, High] = checksum(Contents);
  W.number(Low);
  W.number(High);
  ++NumFiles;
}

void FamilyCache::Recorder::commit() {
  RecordWriter W(OS);
  W.string(EndTag);
  W.number(NumFiles);
  OS.flush();
  // A full disk leaves the old entry: it is only a cache.
  if (OS.has_error())
    return;
  Done = true;
  if (Error E = File.keep(Path)) {
    consumeError(std::move(E));
    consumeError(File.discard());
  }
}

} // namespace gradgen
