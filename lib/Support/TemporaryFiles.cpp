//===- TemporaryFiles.cpp - Temporary files a killed run leaves -----------===//

#include "gradgen/Support/TemporaryFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"

#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace gradgen {

static constexpr StringLiteral Infix = ".tmp-";
/// createUniqueFile replaces each `%` with a lowercase hex digit.
static constexpr size_t RandomDigits = 8;

Expected<sys::fs::TempFile> createTemporaryFileFor(const Twine &Path,
                                                   unsigned Mode) {
  std::string Model = (Path + Infix + Twine(sys::Process::getProcessId()) +
                       "-" + std::string(RandomDigits, '%'))
                          .str();
  Expected<sys::fs::TempFile> Temp = sys::fs::TempFile::create(Model, Mode);
  // The kernel releases it when the process ends, however it ends. On a
  // file system without locks this fails, and so does every sweep's lock:
  // the file is kept, as if held.
  if (Temp)
    ::flock(Temp->FD, LOCK_EX | LOCK_NB);
  return Temp;
}

std::optional<TemporaryFileName> parseTemporaryFileName(StringRef FileName) {
  size_t At = FileName.rfind(Infix);
  if (At == StringRef::npos || At == 0)
    return std::nullopt;
  auto [PIDText, Random] = FileName.substr(At + Infix.size()).split('-');
  auto IsLowerHex = [](char C) { return isDigit(C) || ('a' <= C && C <= 'f'); };
  int PID;
  if (Random.size() != RandomDigits || !all_of(Random, IsLowerHex) ||
      PIDText.empty() || !all_of(PIDText, isDigit) ||
      PIDText.getAsInteger(10, PID) || PID <= 0)
    return std::nullopt;
  return TemporaryFileName{FileName.take_front(At), PID};
}

/// Whether process PID has ended: ESRCH. A process that exists but belongs
/// to another user (EPERM) is alive; so is a zombie, until it is reaped.
static bool processHasEnded(int PID) {
  return ::kill(PID, 0) != 0 && errno == ESRCH;
}

/// Removes Path, a temporary file of a process that has ended, unless it is
/// no regular file or someone holds its lock (its process lives in another
/// PID namespace or on another machine). Once the lock is had, no writer can
/// come: TempFile creates with O_EXCL, so only the process named in the name
/// ever writes the file.
static bool removeIfUnlocked(const std::string &Path) {
  // Neither a symbolic link followed nor a FIFO waited for.
  int FD = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (FD < 0)
    return false;
  bool Removed = false;
  struct stat Status;
  // Any failure to lock but "held" (EWOULDBLOCK) leaves the question open,
  // and the file where it is.
  if (::fstat(FD, &Status) == 0 && S_ISREG(Status.st_mode) &&
      ::flock(FD, LOCK_SH | LOCK_NB) == 0)
    Removed = !sys::fs::remove(Path, /*IgnoreNonExisting=*/false);
  ::close(FD);
  return Removed;
}

unsigned removeStaleTemporaryFiles(StringRef Dir,
                                   function_ref<bool(StringRef)> IsOwned) {
  unsigned Removed = 0;
  int Self = sys::Process::getProcessId();
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir.empty() ? "." : Dir, EC), End;
       It != End && !EC; It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    std::optional<TemporaryFileName> Temp = parseTemporaryFileName(Name);
    if (!Temp || Temp->PID == Self || !IsOwned(Temp->Target) ||
        !processHasEnded(Temp->PID))
      continue;
    Removed += removeIfUnlocked(It->path());
  }
  return Removed;
}

void removeStaleCacheTemporaryFiles(StringRef Dir) {
  if (Dir.empty())
    return;
  static std::mutex Mutex;
  static StringSet<> Swept;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Swept.insert(Dir).second)
      return;
  }
  removeStaleTemporaryFiles(Dir, [](StringRef) { return true; });
}

namespace {
/// The files removeFileAtExit names, removed by the destructor of a static
/// object: exit() runs it, with or without freed run objects.
class FilesRemovedAtExit {
public:
  ~FilesRemovedAtExit() {
    for (const auto &Path : Paths)
      sys::fs::remove(Path.getKey());
  }
  void add(StringRef Path) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Paths.insert(Path);
  }
  void forget(StringRef Path) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Paths.erase(Path);
  }

private:
  std::mutex Mutex;
  StringSet<> Paths;
};
} // namespace

static FilesRemovedAtExit &filesRemovedAtExit() {
  static FilesRemovedAtExit Files;
  return Files;
}

void removeFileAtExit(StringRef Path) {
  filesRemovedAtExit().add(Path);
  sys::RemoveFileOnSignal(Path);
}

void forgetFileAtExit(StringRef Path) {
  filesRemovedAtExit().forget(Path);
  sys::DontRemoveFileOnSignal(Path);
}

} // namespace gradgen
