//===- InputFiles.h - The files a run reads ---------------------*- C++ -*-===//
//
// Every input of a run is read through one InputFiles: from a virtual file
// system, so that a language server can overlay an editor's unsaved buffers
// on the disk, into the SourceMgr that diagnostics point into. Each loader
// records what it read here, once and in the spelling it was asked for, and
// the depfile lists exactly these files (as TableGen's parser records its
// dependencies). Buffers added to the SourceMgr for other reasons, such as a
// header Clang reported a diagnostic in, are not inputs. What a file held
// when the run read it is kept as a digest, for the caches that outlive the
// run (FamilyCache.h).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_INPUTFILES_H
#define GRADGEN_SUPPORT_INPUTFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ErrorOr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
class SourceMgr;
} // namespace llvm

namespace gradgen {

class InputFiles {
public:
  /// Reads through FS, or the real file system if FS is null.
  explicit InputFiles(llvm::SourceMgr &SM,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
                          nullptr);

  /// Reads Path ("-": standard input) and records it as an input. The
  /// buffer is not added to the SourceMgr: the caller may first rewrite it.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  readFile(llvm::StringRef Path);

  /// Reads Path into the SourceMgr and records it as an input; returns the
  /// buffer ID.
  llvm::ErrorOr<unsigned> addFile(llvm::StringRef Path);

  /// Records Path as an input that someone else read (Clang reads the
  /// --helpers headers through this file system).
  void recordInput(llvm::StringRef Path);

  bool exists(llvm::StringRef Path);
  bool isDirectory(llvm::StringRef Path);

  /// Every input recorded, in the order first read, each once.
  llvm::ArrayRef<std::string> inputs() const { return Inputs; }

  /// A BLAKE3 digest of a file's contents.
  using ContentDigest = std::array<uint8_t, 20>;
  /// The digest of what readFile() first returned for the input Path; null
  /// for an input that someone else read (recordInput) and for standard
  /// input, which is not an input file.
  const ContentDigest *contentDigest(llvm::StringRef Path) const;

  llvm::SourceMgr &getSourceMgr() const { return SM; }
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> getFileSystem() const {
    return FS;
  }

private:
  llvm::SourceMgr &SM;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
  std::vector<std::string> Inputs;
  llvm::StringSet<> Recorded;
  llvm::StringMap<ContentDigest> Digests;
};

} // namespace gradgen

#endif // GRADGEN_SUPPORT_INPUTFILES_H
