//===- Invocation.cpp - What one run of gradgen is asked to do ------------===//

#include "gradgen/Frontend/Invocation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gradgen {

std::string Invocation::tagsPath() const {
  if (!TagsPath.empty())
    return TagsPath;
  SmallString<256> Sibling = sys::path::parent_path(NativeFunctionsPath);
  sys::path::append(Sibling, "tags.yaml");
  return std::string(Sibling);
}

} // namespace gradgen
