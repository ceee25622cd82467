//===- TemporaryFiles.h - Temporary files a killed run leaves ---*- C++ -*-===//
//
// gradgen writes every output and cache file to a temporary file beside it
// and renames it into place. LLVM's TempFile removes the temporary file on
// an error and on the signals a process can catch, but a run killed with
// SIGKILL (or the OOM killer, or a power cut) leaves it behind. So each
// temporary file is named after the process that writes it,
// `<name>.tmp-<pid>-<8 hex digits>`, and holds an flock() for as long as that
// process has it open; a later run removes the temporary files in the
// folders it writes whose process is gone and whose lock nobody holds.
//
// Neither test alone is enough where runs share a folder. A PID names a
// process only in its own PID namespace and on its own machine (containers
// and hosts sharing a cache folder); a lock is taken just after the file is
// created, so the instant between the two is unprotected. With both, a
// temporary file of a live run is never removed on one machine in one PID
// namespace, and elsewhere only if a sweep meets it in that instant.
//
// A temporary file outside those folders, the precompiled header of a run
// without a cache folder (in TMPDIR), is removed at exit.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_TEMPORARYFILES_H
#define GRADGEN_SUPPORT_TEMPORARYFILES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <optional>

namespace gradgen {

/// Creates a temporary file for Path in Path's folder, named after this
/// process and locked while it stays open (TempFile::keep renames, then
/// closes it).
llvm::Expected<llvm::sys::fs::TempFile> createTemporaryFileFor(
    const llvm::Twine &Path,
    unsigned Mode = llvm::sys::fs::all_read | llvm::sys::fs::all_write);

/// What the name of a file createTemporaryFileFor made says.
struct TemporaryFileName {
  /// The name of the file it was to become, in the same folder.
  llvm::StringRef Target;
  /// The process that made it.
  int PID;
};

/// The parts of FileName (no folder), if it has the shape of a temporary
/// file's name.
std::optional<TemporaryFileName>
parseTemporaryFileName(llvm::StringRef FileName);

/// Removes the temporary files in Dir that runs which have ended left there,
/// for the target names that IsOwned accepts (a folder may hold other
/// programs' files). Returns how many it removed. Errors (an unreadable
/// folder, a file removed meanwhile) are not reported: a leftover file costs
/// disk space, and the next run tries again.
unsigned
removeStaleTemporaryFiles(llvm::StringRef Dir,
                          llvm::function_ref<bool(llvm::StringRef)> IsOwned);

/// removeStaleTemporaryFiles of every temporary file in the cache folder
/// Dir (all of its files are gradgen's), the first time this process calls
/// it for Dir: the stages that write into the folder each call it before
/// they read or write, and a language server runs many of them.
void removeStaleCacheTemporaryFiles(llvm::StringRef Dir);

/// Removes Path when the process exits, or when a signal it can catch ends
/// it: for a temporary file that lives as long as the run, whose owner the
/// command line never destroys (it buries the run's objects instead of
/// freeing them, docs/performance.md, "No frees at exit").
void removeFileAtExit(llvm::StringRef Path);

/// Takes Path off the list of removeFileAtExit, once its owner removed it.
void forgetFileAtExit(llvm::StringRef Path);

} // namespace gradgen

#endif // GRADGEN_SUPPORT_TEMPORARYFILES_H
