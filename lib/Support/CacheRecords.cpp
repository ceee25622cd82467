//===- CacheRecords.cpp - The record format of gradgen's cache files ------===//

#include "gradgen/Support/CacheRecords.h"

#include "gradgen/Config.h"

#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace gradgen {

std::string buildStamp() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  sys::fs::file_status Status;
  std::string Stamp = std::string(GRADGEN_VERSION) + " " + Exe;
  if (!Exe.empty() && !sys::fs::status(Exe, Status))
    Stamp += " " + std::to_string(Status.getSize()) + " " +
             std::to_string(
                 Status.getLastModificationTime().time_since_epoch().count());
  return Stamp;
}

} // namespace gradgen
