//===- YAMLNode.cpp - gradgen's YAML document model -----------------------===//

#include "gradgen/Support/YAMLNode.h"

using namespace llvm;

namespace gradgen {

const YAMLNode *YAMLNode::lookup(StringRef Key) const {
  for (const YAMLMapEntry &Entry : entries())
    if (Entry.Key.isScalar() && Entry.Key.scalar() == Key)
      return &Entry.Value;
  return nullptr;
}

} // namespace gradgen
