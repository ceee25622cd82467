//===- InputFiles.cpp - The files a run reads -----------------------------===//

#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace gradgen {

InputFiles::InputFiles(SourceMgr &SM,
                       IntrusiveRefCntPtr<vfs::FileSystem> FS)
    : SM(SM), FS(FS ? std::move(FS) : vfs::getRealFileSystem()) {}

/// Path as recorded: `dir/./a.yaml` and `dir/a.yaml` are one file.
static SmallString<256> inputKey(StringRef Path) {
  SmallString<256> Key(Path);
  sys::path::remove_dots(Key, /*remove_dot_dot=*/false);
  return Key;
}

ErrorOr<std::unique_ptr<MemoryBuffer>> InputFiles::readFile(StringRef Path) {
  if (Path == "-")
    return MemoryBuffer::getSTDIN();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      FS->getBufferForFile(Path, /*FileSize=*/-1,
                           /*RequiresNullTerminator=*/true);
  if (!Buffer)
    return Buffer;
  Digests.try_emplace(inputKey(Path),
                      BLAKE3::hash<sizeof(ContentDigest)>(
                          arrayRefFromStringRef((*Buffer)->getBuffer())));
  recordInput(Path);
  return Buffer;
}

ErrorOr<unsigned> InputFiles::addFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = readFile(Path);
  if (!Buffer)
    return Buffer.getError();
  return SM.AddNewSourceBuffer(std::move(*Buffer), SMLoc());
}

void InputFiles::recordInput(StringRef Path) {
  // The first spelling stays.
  if (Recorded.insert(inputKey(Path)).second)
    Inputs.push_back(Path.str());
}

const InputFiles::ContentDigest *
InputFiles::contentDigest(StringRef Path) const {
  auto It = Digests.find(inputKey(Path));
  return It == Digests.end() ? nullptr : &It->second;
}

bool InputFiles::exists(StringRef Path) { return FS->exists(Path); }

bool InputFiles::isDirectory(StringRef Path) {
  ErrorOr<vfs::Status> Status = FS->status(Path);
  return Status && Status->isDirectory();
}

} // namespace gradgen
