//===- StableHash.cpp - torchgen's shard of a name ------------------------===//

#include "gradgen/Support/StableHash.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA1.h"

using namespace llvm;

namespace gradgen {

unsigned stableShardOf(StringRef Key, unsigned NumShards) {
  std::array<uint8_t, 20> Digest = SHA1::hash(arrayRefFromStringRef(Key));
  // Horner's rule from the most significant (last) byte.
  unsigned Remainder = 0;
  for (auto Byte = Digest.rbegin(); Byte != Digest.rend(); ++Byte)
    Remainder = (Remainder * 256 + *Byte) % NumShards;
  return Remainder;
}

} // namespace gradgen
