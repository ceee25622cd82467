//===- Sharding.cpp - One file split into shards --------------------------===//

#include "gradgen/Emit/Sharding.h"

#include "gradgen/Emit/FileFamily.h"

#include "llvm/Support/SHA1.h"

#include <cassert>

using namespace llvm;

namespace gradgen {

ShardDigest shardDigest(StringRef Key) {
  // torchgen encodes the key as latin-1; names are ASCII, so the bytes are
  // the same.
  return SHA1::hash(arrayRefFromStringRef(Key));
}

unsigned digestShard(const ShardDigest &Digest, unsigned NumShards) {
  // The digest is sum(b_i * 256^i): Horner's rule from the most significant
  // byte keeps the remainder small.
  uint64_t Remainder = 0;
  for (uint8_t Byte : llvm::reverse(Digest))
    Remainder = (Remainder * 256 + Byte) % NumShards;
  return Remainder;
}

unsigned stableHashShard(StringRef Key, unsigned NumShards) {
  return digestShard(shardDigest(Key), NumShards);
}

/// The shard_id of shard I of NumShards; NumShards is Everything's.
static std::string shardID(unsigned I, unsigned NumShards) {
  return I == NumShards ? std::string("Everything") : "_" + std::to_string(I);
}

void appendShardedFileNames(StringRef FileName, unsigned NumShards,
                            std::vector<std::string> &Names) {
  size_t Dot = FileName.rfind('.');
  StringRef Base = FileName.take_front(Dot), Extension = FileName.substr(Dot);
  Names.push_back((Base + shardID(NumShards, NumShards) + Extension).str());
  for (unsigned I = 0; I < NumShards; ++I)
    Names.push_back((Base + shardID(I, NumShards) + Extension).str());
}

ShardedFile::ShardedFile(StringRef FileName, unsigned NumShards,
                         ArrayRef<StringRef> ShardedKeys)
    : TemplateName(FileName.str()), Shards(NumShards + 1) {
  assert(NumShards > 0 && "a sharded file needs a shard");
  size_t Dot = FileName.rfind('.');
  Base = FileName.take_front(Dot).str();
  Extension = FileName.substr(Dot).str();
  for (auto [I, Env] : llvm::enumerate(Shards)) {
    Env.set("shard_id", shardID(I, NumShards));
    for (StringRef Key : ShardedKeys)
      Env.setList(Key, {});
  }
}

void ShardedFile::append(unsigned Shard, StringRef ListKey, std::string Value) {
  const auto *Items =
      std::get_if<std::vector<std::string>>(Shards[Shard].lookup(ListKey));
  auto Known = llvm::find_if(EverythingItems, [&](const ItemPositions &Entry) {
    return Entry.Key == ListKey;
  });
  if (Known == EverythingItems.end())
    Known = &EverythingItems.emplace_back(ItemPositions{ListKey.str(), {}});
  Known->Positions.push_back({Shard, Items ? Items->size() : 0});
  Shards[Shard].appendString(ListKey, std::move(Value));
}

bool ShardedFile::write(const CodeTemplate &Template, EmitContext &Context) {
  // Everything and the shards substitute the same items: their lines are
  // scanned once.
  BlockScanCache Scans;
  size_t NumItems = 0;
  for (const ItemPositions &Items : EverythingItems)
    NumItems += Items.Positions.size();
  Scans.reserve(NumItems);
  auto Write = [&](TemplateEnv &Env) {
    const auto *ShardID = std::get_if<std::string>(Env.lookup("shard_id"));
    return writeFromTemplate(Context, Base + *ShardID + Extension,
                             TemplateName, Template, Env, &Scans);
  };
  // Everything holds every item once more: it refers to the shards' copies.
  for (const auto &[Key, Positions] : EverythingItems) {
    std::vector<StringRef> Items;
    Items.reserve(Positions.size());
    for (auto [Shard, Index] : Positions)
      Items.push_back(std::get<std::vector<std::string>>(
          *Shards[Shard].lookup(Key))[Index]);
    Shards.back().setListOfRefs(Key, std::move(Items));
  }
  bool OK = Write(Shards.back());
  for (size_t I = 0; I + 1 < Shards.size(); ++I)
    OK &= Write(Shards[I]);
  return OK;
}

} // namespace gradgen
