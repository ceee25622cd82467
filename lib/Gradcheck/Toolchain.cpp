//===- Toolchain.cpp - Compiling against libtorch, cached by content ------===//

#include "Toolchain.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SHA256.h"

#include <cstdlib>

using namespace llvm;

namespace gradgen {

static std::string joinPath(StringRef A, StringRef B) {
  SmallString<256> Path(A);
  sys::path::append(Path, B);
  return std::string(Path);
}

Expected<LibtorchInstall> LibtorchInstall::find(StringRef Prefix) {
  LibtorchInstall Install;
  Install.Prefix = Prefix.str();
  std::string Include = joinPath(Prefix, "include");
  std::string Api = joinPath(Include, "torch/csrc/api/include");
  std::string VersionHeader = joinPath(Api, "torch/version.h");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Version =
      MemoryBuffer::getFile(VersionHeader);
  if (!Version)
    return createStringError(inconvertibleErrorCode(),
                             "'" + Prefix + "' has no libtorch headers (" +
                                 VersionHeader + ": " +
                                 Version.getError().message() + ")");
  SmallVector<StringRef, 2> Major, Minor, Patch;
  StringRef Text = (*Version)->getBuffer();
  if (Regex("TORCH_VERSION_MAJOR ([0-9]+)").match(Text, &Major) &&
      Regex("TORCH_VERSION_MINOR ([0-9]+)").match(Text, &Minor) &&
      Regex("TORCH_VERSION_PATCH ([0-9]+)").match(Text, &Patch))
    Install.Version = (Major[1] + "." + Minor[1] + "." + Patch[1]).str();
  Install.IncludeDirs = {Include, Api};
  for (StringRef Lib :
       {"lib", "lib64", "lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu"}) {
    std::string Dir = joinPath(Prefix, Lib);
    if (sys::fs::exists(joinPath(Dir, "libtorch_cpu.so"))) {
      Install.LibDir = Dir;
      return Install;
    }
  }
  return createStringError(inconvertibleErrorCode(),
                           "'" + Prefix +
                               "' has no libtorch libraries (no "
                               "libtorch_cpu.so under lib/, lib64/ or "
                               "lib/<multiarch>/)");
}

Expected<Toolchain> Toolchain::create(std::string Compiler,
                                      std::string CacheDir,
                                      StringRef CachePolicy,
                                      LibtorchInstall Libtorch) {
  Expected<CachePruningPolicy> Policy = parseCachePruningPolicy(CachePolicy);
  if (!Policy)
    return createStringError(inconvertibleErrorCode(),
                             "--cache-policy: " + toString(Policy.takeError()));
  std::vector<std::string> Candidates;
  if (!Compiler.empty())
    Candidates.push_back(Compiler);
  else if (const char *CXX = std::getenv("CXX"); CXX && *CXX)
    Candidates.push_back(CXX);
  else
    Candidates = {"clang++-16", "clang++", "g++", "c++"};
  Toolchain T;
  for (const std::string &Name : Candidates) {
    ErrorOr<std::string> Path = sys::findProgramByName(Name);
    if (Path) {
      T.Compiler = *Path;
      break;
    }
  }
  if (T.Compiler.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no C++ compiler found (tried " +
                                 join(Candidates, ", ") + "; set CXX)");
  sys::fs::file_status Status;
  sys::fs::status(T.Compiler, Status);
  T.Identity =
      T.Compiler + "|" +
      std::to_string(
          Status.getLastModificationTime().time_since_epoch().count()) +
      "|" + Libtorch.Prefix + "|" + Libtorch.Version;
  if (std::error_code EC = sys::fs::create_directories(CacheDir))
    return createStringError(EC, "cannot create the cache folder '" + CacheDir +
                                     "': " + EC.message());
  T.CacheDir = std::move(CacheDir);
  T.Policy = *Policy;
  T.Libtorch = std::move(Libtorch);
  return T;
}

std::string Toolchain::key(ArrayRef<StringRef> Parts) const {
  SHA256 Hash;
  Hash.update(Identity);
  for (StringRef Part : Parts) {
    Hash.update(StringRef("\0", 1));
    Hash.update(Part);
  }
  return toHex(Hash.final(), /*LowerCase=*/true).substr(0, 24);
}

std::string Toolchain::productPath(StringRef Key, StringRef Suffix) const {
  // llvm::pruneCache removes only files of this prefix.
  return joinPath(CacheDir, ("llvmcache-" + Key + Suffix).str());
}

std::optional<std::string> Toolchain::lookup(StringRef Key,
                                             StringRef Suffix) const {
  std::string Path = productPath(Key, Suffix);
  if (!sys::fs::exists(Path))
    return std::nullopt;
  // Recently used: a cache cleaner that goes by age keeps it.
  int FD;
  if (!sys::fs::openFileForWrite(Path, FD, sys::fs::CD_OpenExisting,
                                 sys::fs::OF_Append)) {
    sys::fs::setLastAccessAndModificationTime(FD,
                                              std::chrono::system_clock::now());
    sys::Process::SafelyCloseFileDescriptor(FD);
  }
  return Path;
}

std::vector<std::string> Toolchain::compileFlags() const {
  std::vector<std::string> Flags = {"-std=c++17", "-fPIC", "-DNDEBUG", "-w"};
  for (const std::string &Dir : Libtorch.IncludeDirs)
    Flags.push_back("-I" + Dir);
  return Flags;
}

std::vector<std::string> Toolchain::linkFlags() const {
  return {"-L" + Libtorch.LibDir, "-Wl,-rpath," + Libtorch.LibDir,
          "-ltorch_cpu", "-lc10", "-ldl"};
}

BuildFailure firstBuildError(StringRef Output) {
  BuildFailure Failure;
  Failure.Output = Output.str();
  SmallVector<StringRef, 64> Lines;
  Output.split(Lines, '\n');
  Regex Located("^(.*):([0-9]+):([0-9]+): (fatal )?error: (.*)$");
  for (StringRef Line : Lines) {
    SmallVector<StringRef, 6> Match;
    if (Located.match(Line, &Match)) {
      Failure.File = Match[1].str();
      Match[2].getAsInteger(10, Failure.Line);
      Failure.Message = Match[5].str();
      return Failure;
    }
  }
  for (StringRef Line : Lines)
    if (Line.contains("undefined reference") || Line.contains("error")) {
      Failure.Message = Line.trim().str();
      return Failure;
    }
  Failure.Message = Lines.empty() ? "" : Lines.front().trim().str();
  return Failure;
}

Expected<std::string>
Toolchain::build(StringRef Key, StringRef Suffix, ArrayRef<std::string> Flags,
                 ArrayRef<std::string> Sources,
                 std::optional<BuildFailure> &Failure) const {
  if (std::optional<std::string> Cached = lookup(Key, Suffix))
    return *Cached;
  std::string Path = productPath(Key, Suffix);
  std::string Temporary =
      Path + ".tmp" + std::to_string(sys::Process::getProcessId());
  std::string Log = Temporary + ".log";
  std::vector<StringRef> Args = {Compiler};
  bool Object = is_contained(Flags, "-c") || is_contained(Flags, "c++-header");
  for (const std::string &Flag : Flags)
    Args.push_back(Flag);
  for (const std::string &Source : Sources)
    Args.push_back(Source);
  Args.push_back("-o");
  Args.push_back(Temporary);
  std::vector<std::string> Libraries;
  if (!Object)
    Libraries = linkFlags();
  for (const std::string &Flag : Libraries)
    Args.push_back(Flag);
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Log),
                                          StringRef(Log)};
  std::string Message;
  int Status = sys::ExecuteAndWait(Compiler, Args, std::nullopt, Redirects, 0,
                                   0, &Message);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Output = MemoryBuffer::getFile(Log);
  sys::fs::remove(Log);
  if (Status != 0) {
    sys::fs::remove(Temporary);
    Failure =
        firstBuildError(Output ? (*Output)->getBuffer() : StringRef(Message));
    return createStringError(inconvertibleErrorCode(), Failure->Message);
  }
  if (std::error_code EC = sys::fs::rename(Temporary, Path)) {
    sys::fs::remove(Temporary);
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  }
  return Path;
}

void Toolchain::prune() const {
  // Products by the policy, least recently used first (lookup() marks a
  // product used).
  pruneCache(CacheDir, Policy);
  // The folders of sources a build wrote, once expired, and products named
  // before they had the prefix pruneCache needs.
  static const Regex OldProduct("^[0-9a-f]{24}\\.(o|so|pch|harness)$");
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (sys::fs::directory_iterator It(CacheDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    ErrorOr<sys::fs::basic_file_status> Status = It->status();
    if (!Status)
      continue;
    bool Folder = Name.startswith("work-") || Name.startswith("harness-src-");
    if (Folder && Status->type() == sys::fs::file_type::directory_file &&
        Now - Status->getLastModificationTime() > Policy.Expiration)
      sys::fs::remove_directories(It->path(), /*IgnoreErrors=*/true);
    else if (OldProduct.match(Name))
      sys::fs::remove(It->path());
  }
}

} // namespace gradgen
