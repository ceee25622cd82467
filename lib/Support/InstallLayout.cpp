//===- InstallLayout.cpp - Where gradgen's data is found ------------------===//

#include "gradgen/Support/InstallLayout.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gradgen {

std::string installedDataPath(const char *Argv0, ArrayRef<StringRef> Parts) {
  std::string Executable = sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&installedDataPath));
  SmallString<256> Path(sys::path::parent_path(Executable));
  sys::path::append(Path, "..", "share");
  for (StringRef Part : Parts)
    sys::path::append(Path, Part);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

} // namespace gradgen
