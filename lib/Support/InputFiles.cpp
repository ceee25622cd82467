//===- InputFiles.cpp - The files a run reads -----------------------------===//

#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace gradgen {

InputFiles::InputFiles(SourceMgr &SM,
                       IntrusiveRefCntPtr<vfs::FileSystem> FS)
    : SM(SM), FS(FS ? std::move(FS) : vfs::getRealFileSystem()) {}

ErrorOr<std::unique_ptr<MemoryBuffer>> InputFiles::readFile(StringRef Path) {
  if (Path == "-")
    return MemoryBuffer::getSTDIN();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      FS->getBufferForFile(Path, /*FileSize=*/-1,
                           /*RequiresNullTerminator=*/true);
  if (Buffer)
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
  // `dir/./a.yaml` and `dir/a.yaml` are one file; the first spelling stays.
  SmallString<256> Key(Path);
  sys::path::remove_dots(Key, /*remove_dot_dot=*/false);
  if (Recorded.insert(Key).second)
    Inputs.push_back(Path.str());
}

bool InputFiles::exists(StringRef Path) { return FS->exists(Path); }

bool InputFiles::isDirectory(StringRef Path) {
  ErrorOr<vfs::Status> Status = FS->status(Path);
  return Status && Status->isDirectory();
}

} // namespace gradgen
