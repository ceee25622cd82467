//===- Session.h - Running gradgen's stages as a library --------*- C++ -*-===//
//
// A Session keeps an Invocation and the unsaved buffers an editor overlays
// on the disk, and makes a new Compilation (Compilation.h) for each run.
// Compilations share no state, so a long-lived server can run one after
// another.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FRONTEND_SESSION_H
#define GRADGEN_FRONTEND_SESSION_H

#include "gradgen/Frontend/Compilation.h"
#include "gradgen/Frontend/Invocation.h"
#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <memory>
#include <string>

namespace gradgen {

class Session {
public:
  explicit Session(Invocation Inv) : Inv(std::move(Inv)) {}

  Invocation &getInvocation() { return Inv; }
  const Invocation &getInvocation() const { return Inv; }

  /// Overlays Text on the file Path for the runs that follow, as an
  /// editor's unsaved buffer; clearUnsavedFile() goes back to the disk.
  void setUnsavedFile(llvm::StringRef Path, llvm::StringRef Text);
  void clearUnsavedFile(llvm::StringRef Path);

  /// Keeps the profile and the schemas of a run for the runs that follow,
  /// while the invocation names the same profile and schema files and those
  /// are unchanged (size and time on disk, or the unsaved text): loading
  /// native_functions.yaml is most of what a check costs otherwise. For a
  /// server that runs a Session again on every edit.
  void setReuseSchemas(bool Reuse) { ReuseSchemas = Reuse; }

  /// A new Compilation of the invocation, with the unsaved files overlaid,
  /// run up to Goal. Check its diagnostics (finish()) for the outcome.
  /// ShouldStop, if given, is the Compilation's stop request.
  std::unique_ptr<Compilation> run(RunGoal Goal,
                                   std::unique_ptr<DiagnosticConsumer> Consumer,
                                   std::function<bool()> ShouldStop = nullptr);

private:
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem() const;
  /// What the schemas of a run are loaded from.
  std::string schemasKey(llvm::vfs::FileSystem &FS) const;
  /// The kept run whose schemas the next run reuses; null if none is.
  std::shared_ptr<const Compilation>
  loadedSchemas(const Invocation &ForRun);

  Invocation Inv;
  llvm::StringMap<std::string> UnsavedFiles;
  bool ReuseSchemas = false;
  std::string SchemasKey;
  /// Null if the schemas of SchemasKey did not load cleanly.
  std::shared_ptr<const Compilation> SchemasRun;
};

} // namespace gradgen

#endif // GRADGEN_FRONTEND_SESSION_H
