//===- StableHash.h - torchgen's shard of a name ----------------*- C++ -*-===//
//
// torchgen's string_stable_hash: the SHA-1 digest of a name's latin-1 bytes,
// read as a little-endian integer. Sharded files put a name in the shard that
// hash modulo the number of shards selects.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_STABLEHASH_H
#define GRADGEN_SUPPORT_STABLEHASH_H

#include "llvm/ADT/StringRef.h"

namespace gradgen {

/// string_stable_hash(Key) % NumShards. Names are ASCII, so their latin-1
/// bytes are their UTF-8 bytes.
unsigned stableShardOf(llvm::StringRef Key, unsigned NumShards);

} // namespace gradgen

#endif // GRADGEN_SUPPORT_STABLEHASH_H
