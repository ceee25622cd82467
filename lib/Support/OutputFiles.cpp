//===- OutputFiles.cpp - Generated files, written all or nothing ----------===//

#include "gradgen/Support/OutputFiles.h"

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/TemporaryFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {

bool OutputSet::addFile(StringRef Path, std::string Contents) {
  if (!FilePaths.insert(Path).second)
    return false;
  Files.push_back({Path.str(), std::move(Contents)});
  return true;
}

void OutputSet::addDependency(StringRef Path) {
  if (DependencySet.insert(Path).second)
    Dependencies.push_back(Path.str());
}

void OutputSet::addDependencies(ArrayRef<std::string> Paths) {
  for (const std::string &Path : Paths)
    addDependency(Path);
}

Error writeFileAtomically(StringRef Path,
                          function_ref<void(raw_ostream &)> Write) {
  Expected<sys::fs::TempFile> Temp = createTemporaryFileFor(Path);
  if (!Temp)
    return Temp.takeError();
  std::error_code EC;
  {
    raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    Write(OS);
    OS.flush();
    // A stream destroyed with an error aborts the process.
    EC = OS.error();
    OS.clear_error();
  }
  if (EC) {
    consumeError(Temp->discard());
    return errorCodeToError(EC);
  }
  return Temp->keep(Path);
}

void appendDepfileEscaped(StringRef Path, std::string &Out) {
  for (size_t I = 0; I < Path.size(); ++I) {
    char C = Path[I];
    if (C == ' ') {
      // N backslashes before a space were already written; N more make 2N,
      // which both tools read back as N literal ones, then `\ ` is the space.
      for (size_t J = I; J > 0 && Path[J - 1] == '\\'; --J)
        Out += '\\';
      Out += '\\';
    } else if (C == '#') {
      Out += '\\';
    } else if (C == '$') {
      Out += '$';
    }
    Out += C;
  }
}

bool OutputSet::renderDepfile(std::string &Out, DiagnosticEngine &Diags) const {
  auto Spellable = [&](StringRef Path) {
    if (Path.find_first_of("\r\n") == StringRef::npos)
      return true;
    Diags.report(diag::output_depfile, SMLoc(),
                 "cannot list '" + Path +
                     "' in a depfile: it has a line break");
    return false;
  };
  bool OK = true;
  std::vector<StringRef> Targets;
  if (!StampPath.empty())
    Targets.push_back(StampPath);
  for (const File &F : Files)
    Targets.push_back(F.Path);
  for (size_t I = 0; I < Targets.size(); ++I) {
    OK &= Spellable(Targets[I]);
    if (I)
      Out += ' ';
    appendDepfileEscaped(Targets[I], Out);
  }
  Out += ':';
  for (const std::string &Dependency : Dependencies) {
    OK &= Spellable(Dependency);
    Out += " \\\n  ";
    appendDepfileEscaped(Dependency, Out);
  }
  Out += '\n';
  return OK;
}

/// True if Path holds exactly Contents.
static bool isUpToDate(StringRef Path, StringRef Contents) {
  uint64_t Size;
  if (sys::fs::file_size(Path, Size) || Size != Contents.size())
    return false;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Old = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return Old && (*Old)->getBuffer() == Contents;
}

Error writeFileIfChanged(StringRef Path, StringRef Contents) {
  if (isUpToDate(Path, Contents))
    return Error::success();
  return writeFileAtomically(Path, [&](raw_ostream &OS) { OS << Contents; });
}

/// Writes Contents in pieces of 256 KiB. The kernel sizes the page-cache
/// folios of a write by its length: a write of megabytes takes 1 and 2 MiB
/// blocks, which on a virtual machine with free page reporting may be
/// memory the host has taken back and must fault in and zero again; smaller
/// pieces take smaller blocks (docs/performance.md, "Writing the outputs").
static void writeInPieces(raw_ostream &OS, StringRef Contents) {
  constexpr size_t PieceSize = 256 * 1024;
  for (size_t Begin = 0; Begin < Contents.size(); Begin += PieceSize)
    OS << Contents.substr(Begin, PieceSize);
}

/// Temporary files written next to their destinations, renamed on commit.
class OutputSet::TemporaryFiles {
public:
  ~TemporaryFiles() {
    // A failed keep() leaves the temporary file; discard() removes it.
    for (Temporary &T : Files)
      if (!T.Kept)
        consumeError(T.Temp.discard());
    // A failed run leaves no folder it created either (deepest first; a
    // folder something else wrote into stays).
    if (!Committed)
      for (const std::string &Dir : llvm::reverse(CreatedDirectories))
        sys::fs::remove(Dir);
  }

  /// Writes Contents to a temporary file for Path, unless Path holds them
  /// already. A failure is reported through Diags, if given.
  bool stage(StringRef Path, StringRef Contents, CommitStats &Stats,
             DiagnosticEngine *Diags) {
    if (isUpToDate(Path, Contents)) {
      ++Stats.Unchanged;
      return true;
    }
    // Renaming over a directory would fail only after other outputs were
    // renamed into place; find out before anything is.
    if (sys::fs::is_directory(Path))
      return fail(Diags, "cannot write '" + Path + "': it is a directory");
    StringRef Directory = sys::path::parent_path(Path);
    if (!Directory.empty()) {
      SmallVector<std::string, 4> Missing;
      for (StringRef D = Directory; !D.empty() && !sys::fs::exists(D);
           D = sys::path::parent_path(D))
        Missing.push_back(D.str());
      CreatedDirectories.insert(CreatedDirectories.end(), Missing.rbegin(),
                                Missing.rend());
    }
    if (!Directory.empty())
      if (std::error_code EC = sys::fs::create_directories(Directory))
        return fail(Diags, "cannot create directory '" + Directory +
                               "': " + EC.message());
    Expected<sys::fs::TempFile> Temp = createTemporaryFileFor(Path);
    if (!Temp)
      return fail(Diags, "cannot write '" + Path +
                             "': " + toString(Temp.takeError()));
    raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    writeInPieces(OS, Contents);
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error();
      consumeError(Temp->discard());
      return fail(Diags, "cannot write '" + Path + "': " + EC.message());
    }
    Files.push_back({std::move(*Temp), Path.str()});
    ++Stats.Written;
    return true;
  }

  bool renameAll(DiagnosticEngine &Diags) {
    for (Temporary &T : Files) {
      if (Error E = T.Temp.keep(T.Path))
        return fail(&Diags,
                    "cannot write '" + T.Path + "': " + toString(std::move(E)));
      T.Kept = true;
    }
    Committed = true;
    return true;
  }

private:
  static bool fail(DiagnosticEngine *Diags, const Twine &Message) {
    if (Diags)
      Diags->report(diag::output_write, SMLoc(), Message);
    return false;
  }

  struct Temporary {
    sys::fs::TempFile Temp;
    std::string Path;
    bool Kept = false;
  };
  std::vector<Temporary> Files;
  bool Committed = false;
  /// Folders that stage() created, outermost first.
  std::vector<std::string> CreatedDirectories;
};

OutputSet::OutputSet() = default;
OutputSet::~OutputSet() = default;

bool OutputSet::stageFile(StringRef Path, std::string Contents) {
  if (FilePaths.contains(Path))
    return false;
  if (!Temporaries)
    Temporaries = std::make_unique<TemporaryFiles>();
  // Without a report: commit() tries again and reports.
  if (Temporaries->stage(Path, Contents, StagedStats, /*Diags=*/nullptr)) {
    FilePaths.insert(Path);
    Files.push_back({Path.str(), std::string(), /*Staged=*/true});
    return true;
  }
  return addFile(Path, std::move(Contents));
}

void OutputSet::orderFiles(ArrayRef<std::string> Paths) {
  StringMap<size_t> Position;
  for (auto [I, Path] : llvm::enumerate(Paths))
    Position[Path] = I;
  llvm::stable_sort(Files, [&](const File &A, const File &B) {
    return Position.lookup(A.Path) < Position.lookup(B.Path);
  });
}

bool OutputSet::commit(DiagnosticEngine &Diags, CommitStats *Stats) {
  CommitStats Ignored;
  CommitStats &Counts = Stats ? *Stats : Ignored;
  if (Diags.hasErrors())
    return false;
  // A failed commit removes its temporary files (and folders) at once.
  std::unique_ptr<TemporaryFiles> Staged = std::move(Temporaries);
  if (!Staged)
    Staged = std::make_unique<TemporaryFiles>();
  Counts.Written += StagedStats.Written;
  Counts.Unchanged += StagedStats.Unchanged;
  for (const File &F : Files)
    if (!F.Staged && !Staged->stage(F.Path, F.Contents, Counts, &Diags))
      return false;
  if (!DepfilePath.empty() && !Files.empty()) {
    std::string Depfile;
    if (!renderDepfile(Depfile, Diags) ||
        !Staged->stage(DepfilePath, Depfile, Counts, &Diags))
      return false;
  }
  if (!Staged->renameAll(Diags))
    return false;
  if (!StampPath.empty() && !touchStamp(Diags))
    return false;
  removeStaleTemporaryFiles();
  return true;
}

void OutputSet::removeStaleTemporaryFiles() const {
  // Only after a success: a failed run leaves the folders as they were. Only
  // the temporary files of this run's own files: an output folder may be
  // shared with other generators.
  StringMap<StringSet<>> NamesByDirectory;
  auto Add = [&](StringRef Path) {
    NamesByDirectory[sys::path::parent_path(Path)].insert(
        sys::path::filename(Path));
  };
  for (const File &F : Files)
    Add(F.Path);
  if (!DepfilePath.empty() && !Files.empty())
    Add(DepfilePath);
  for (const auto &Directory : NamesByDirectory) {
    const StringSet<> &Names = Directory.getValue();
    gradgen::removeStaleTemporaryFiles(Directory.getKey(), [&](StringRef Name) {
      return Names.contains(Name);
    });
  }
}

bool OutputSet::touchStamp(DiagnosticEngine &Diags) const {
  std::error_code EC;
  raw_fd_ostream Stamp(StampPath, EC);
  if (!EC) {
    Stamp.close();
    EC = Stamp.error();
  }
  if (!EC)
    return true;
  Diags.report(diag::output_write, SMLoc(),
               "cannot write '" + StampPath + "': " + EC.message());
  Stamp.clear_error();
  return false;
}

} // namespace gradgen
