//===- OutputFiles.h - Generated files, written all or nothing --*- C++ -*-===//
//
// A run collects its output files and commits them at the end, and only if
// no error was reported, so that a failed run never leaves a mix of old and
// new files behind. Each file is written to a temporary file in its own
// directory and renamed over the old one; a file whose bytes did not change
// is not touched, which keeps its mtime and spares the build from recompiling
// it. A file can be staged (written to its temporary file) as soon as it is
// made, so that the run need not hold every output in memory until the end.
//
// A depfile (Make and Ninja syntax) lists the outputs as targets and every
// input the run read as prerequisites.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_OUTPUTFILES_H
#define GRADGEN_SUPPORT_OUTPUTFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace gradgen {

class DiagnosticEngine;

class OutputSet {
public:
  struct CommitStats {
    unsigned Written = 0;
    unsigned Unchanged = 0;
  };

  OutputSet();
  /// Removes the temporary files of staged files if there was no commit.
  ~OutputSet();

  /// Adds the file Path. Returns false, and keeps the first contents, if
  /// Path was already added: two outputs of one run must not collide.
  bool addFile(llvm::StringRef Path, std::string Contents);

  /// Adds the file Path as addFile does and writes its temporary file now
  /// (or finds Path up to date), dropping the contents; commit() renames it
  /// into place. Where that fails, the contents are kept and commit() tries
  /// again and reports why, so a failure is reported as it would be without
  /// staging, and only if the run gets as far as its commit.
  bool stageFile(llvm::StringRef Path, std::string Contents);

  /// Puts the files in the order of Paths (the depfile's targets), which
  /// names every file added once.
  void orderFiles(llvm::ArrayRef<std::string> Paths);

  /// Records an input the outputs depend on; duplicates are ignored.
  void addDependency(llvm::StringRef Path);
  void addDependencies(llvm::ArrayRef<std::string> Paths);

  /// Also writes a depfile at Path when committing.
  void setDepfile(llvm::StringRef Path) { DepfilePath = Path.str(); }

  /// Also touches the file Path at every successful commit, and names it as
  /// the depfile's first target. The outputs keep their times when their
  /// bytes do not change, so a build tool that compares times (Make) needs a
  /// file that says when the run last succeeded; one that records runs
  /// (Ninja's restat) needs its first output to head the depfile.
  void setStamp(llvm::StringRef Path) { StampPath = Path.str(); }

  /// The depfile: the stamp and every output as a target, every dependency as a
  /// prerequisite, escaped for GNU Make and Ninja. Fails on a path that
  /// cannot be spelled there (one with a line break).
  bool renderDepfile(std::string &Out, DiagnosticEngine &Diags) const;

  /// Writes the files, then the depfile, unless Diags already holds an error.
  /// Every changed file is first written to a temporary file; only when all
  /// of them are written are they renamed into place. A failure is reported
  /// through Diags and removes the temporary files, so that nothing changes
  /// unless a rename itself fails. After a success, also removes the
  /// temporary files of these files that killed runs left (TemporaryFiles.h).
  /// Returns true if every file is up to date.
  bool commit(DiagnosticEngine &Diags, CommitStats *Stats = nullptr);

  size_t size() const { return Files.size(); }

private:
  bool touchStamp(DiagnosticEngine &Diags) const;
  void removeStaleTemporaryFiles() const;

  struct File {
    std::string Path;
    std::string Contents;
    /// Its temporary file is written, or Path was found up to date.
    bool Staged = false;
  };
  class TemporaryFiles;

  std::vector<File> Files;
  std::unique_ptr<TemporaryFiles> Temporaries;
  /// What staging found before the commit.
  CommitStats StagedStats;
  llvm::StringSet<> FilePaths;
  std::vector<std::string> Dependencies;
  llvm::StringSet<> DependencySet;
  std::string DepfilePath;
  std::string StampPath;
};

/// Writes Path with Write through a temporary file renamed into place, so
/// that a concurrent reader sees the old file or the new one, never half of
/// one. A failed write (a full disk) leaves the old file and is returned as
/// an error.
llvm::Error
writeFileAtomically(llvm::StringRef Path,
                    llvm::function_ref<void(llvm::raw_ostream &)> Write);

/// writeFileAtomically of Contents, unless Path already holds exactly
/// Contents: a file whose bytes do not change keeps its time.
llvm::Error writeFileIfChanged(llvm::StringRef Path, llvm::StringRef Contents);

/// Appends Path to Out escaped as a Make/Ninja depfile word: a space is
/// preceded by a backslash (and the backslashes before it doubled), `#` by a
/// backslash, and `$` doubled; this is what both tools and Clang's -MD agree
/// on.
void appendDepfileEscaped(llvm::StringRef Path, std::string &Out);

} // namespace gradgen

#endif // GRADGEN_SUPPORT_OUTPUTFILES_H
