//===- CacheFuzzer.cpp - Fuzzes the readers of gradgen's cache files ------===//
//
// One input: the contents of a cache file, read as a run reads a results
// cache, an entry of the family cache and one of the schema cache (these two
// under the key the entry names, so that the input gets past the key); a
// corrupt or truncated file must be ignored.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Emit/FamilyCache.h"
#include "gradgen/Formula/FormulaCache.h"
#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaCache.h"
#include "gradgen/Support/CacheRecords.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace gradgen::formula;

static std::string Dir;
constexpr StringLiteral Salt = "fuzz";

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  SmallString<128> Path;
  if (sys::fs::createUniqueDirectory("gradgen-fuzz-cache", Path))
    std::abort();
  Dir = Path.str().str();
  return 0;
}

/// The file FormulaCache(Dir, Salt) reads: the one that a save() writes.
static std::string cacheFile() {
  static std::string File = [] {
    {
      FormulaCache Cache(Dir, Salt.str());
      Cache.addNode("probe");
      Cache.save();
    }
    std::error_code EC;
    for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      return It->path();
    std::abort();
  }();
  return File;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string File = cacheFile();
  {
    std::error_code EC;
    raw_fd_ostream OS(File, EC);
    if (EC)
      std::abort();
    OS.write(reinterpret_cast<const char *>(Data), Size);
  }
  FormulaCache Cache(Dir, Salt.str());
  (void)Cache.lookupFormula("key");
  (void)Cache.hasNode("probe");

  // The key follows the first line, which names the format.
  StringRef Entry(reinterpret_cast<const char *>(Data), Size);
  StringRef Key;
  gradgen::RecordReader R(Entry.split('\n').second);
  if (!R.string(Key))
    return 0;
  (void)gradgen::parseFamilyCacheEntry(Entry, Key);
  // The files a schema entry's locations point into.
  static const std::string Text(1 << 16, ' ');
  static const gradgen::SchemaOptions Options;
  (void)gradgen::SchemaCache::parseEntry(Entry, Key, Text, Text, Options);
  return 0;
}
