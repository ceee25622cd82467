//===- Sharding.h - One file split into shards ------------------*- C++ -*-===//
//
// torchgen's FileManager.write_sharded: a file too large to compile as one
// is written as NumShards files `<base>_<i><ext>`, each item going to the
// shard its key hashes to, plus `<base>Everything<ext>` with every item.
// Every file is the same template, substituted with `shard_id` (`_0`,
// `Everything`) and the lists of the items it holds.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_SHARDING_H
#define GRADGEN_EMIT_SHARDING_H

#include "gradgen/Emit/CodeTemplate.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gradgen {

class EmitContext;

/// torchgen's string_stable_hash(Key) % NumShards: the SHA-1 digest of Key
/// read as a little-endian integer, modulo NumShards.
unsigned stableHashShard(llvm::StringRef Key, unsigned NumShards);

/// The SHA-1 digest of a key, which stableHashShard reads.
using ShardDigest = std::array<uint8_t, 20>;
ShardDigest shardDigest(llvm::StringRef Key);
/// stableHashShard from the key's digest.
unsigned digestShard(const ShardDigest &Digest, unsigned NumShards);

/// The files of FileName (e.g. `python_functions.cpp`) sharded NumShards
/// ways, in the order they are written: `<base>Everything<ext>`, then
/// `<base>_0<ext>` to `<base>_<NumShards-1><ext>`.
void appendShardedFileNames(llvm::StringRef FileName, unsigned NumShards,
                            std::vector<std::string> &Names);

class ShardedFile {
public:
  /// FileName is the template's name too, e.g. `python_functions.cpp`; the
  /// lists ShardedKeys start empty in every shard.
  ShardedFile(llvm::StringRef FileName, unsigned NumShards,
              llvm::ArrayRef<llvm::StringRef> ShardedKeys);

  unsigned getNumShards() const { return Shards.size() - 1; }
  /// The shard of the item ItemKey.
  unsigned shardOf(llvm::StringRef ItemKey) const {
    return stableHashShard(ItemKey, getNumShards());
  }

  /// Appends Value to the list ListKey (one of the sharded keys) of Shard
  /// and of the Everything file.
  void append(unsigned Shard, llvm::StringRef ListKey, std::string Value);

  /// Substitutes Template into every file, Everything first, then the shards
  /// in order, and adds them to Context. Returns false after reporting
  /// errors.
  bool write(const CodeTemplate &Template, EmitContext &Context);

private:
  std::string Base, Extension, TemplateName;
  /// The shards, then Everything, whose lists refer to the shards' items.
  std::vector<TemplateEnv> Shards;
  /// For each sharded key, the items of Everything: shard and position.
  /// A file has a few such keys and appends thousands of items: a linear
  /// search costs less than hashing the key at every append.
  struct ItemPositions {
    std::string Key;
    std::vector<std::pair<unsigned, size_t>> Positions;
  };
  llvm::SmallVector<ItemPositions, 4> EverythingItems;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_SHARDING_H
