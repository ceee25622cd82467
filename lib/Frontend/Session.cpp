//===- Session.cpp - Runs of an invocation, with unsaved files ------------===//

#include "gradgen/Frontend/Session.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace gradgen {

void Session::setUnsavedFile(StringRef Path, StringRef Text) {
  UnsavedFiles[Path] = Text.str();
}

void Session::clearUnsavedFile(StringRef Path) { UnsavedFiles.erase(Path); }

IntrusiveRefCntPtr<vfs::FileSystem> Session::fileSystem() const {
  IntrusiveRefCntPtr<vfs::FileSystem> Base =
      Inv.FileSystem ? Inv.FileSystem : vfs::getRealFileSystem();
  if (UnsavedFiles.empty())
    return Base;
  // An in-memory file cannot be replaced: each run gets a new overlay.
  auto Unsaved = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  for (const auto &[Path, Text] : UnsavedFiles) {
    SmallString<256> Absolute(Path);
    Base->makeAbsolute(Absolute);
    Unsaved->addFile(Absolute, /*ModificationTime=*/0,
                     MemoryBuffer::getMemBufferCopy(Text, Absolute));
  }
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(Base);
  Overlay->pushOverlay(Unsaved);
  return Overlay;
}

std::string Session::schemasKey(vfs::FileSystem &FS) const {
  std::string Key;
  raw_string_ostream OS(Key);
  OS << Inv.ProfileName << '\0' << Inv.TemplatesRoot << '\0';
  for (const std::string &Path : {Inv.NativeFunctionsPath, Inv.tagsPath()}) {
    OS << Path << '\0';
    if (Path.empty())
      continue;
    auto Unsaved = UnsavedFiles.find(Path);
    if (Unsaved != UnsavedFiles.end())
      OS << "unsaved " << xxHash64(Unsaved->second);
    else if (ErrorOr<vfs::Status> Status = FS.status(Path))
      OS << Status->getSize() << ' '
         << Status->getLastModificationTime().time_since_epoch().count();
    OS << '\0';
  }
  return Key;
}

std::shared_ptr<const Compilation>
Session::loadedSchemas(const Invocation &ForRun) {
  std::string Key = schemasKey(*ForRun.FileSystem);
  if (Key == SchemasKey)
    return SchemasRun;
  SchemasKey = std::move(Key);
  // Loaded apart, so that the runs that reuse it hold nothing else of it;
  // one with diagnostics is not reused: each run reports them again.
  auto Loaded = std::make_shared<Compilation>(
      ForRun, std::make_unique<IgnoringDiagnosticConsumer>());
  bool Clean = Loaded->loadSchemas() && Loaded->getDiags().getNumErrors() == 0 &&
               Loaded->getDiags().getNumWarnings() == 0;
  SchemasRun = Clean ? std::move(Loaded) : nullptr;
  return SchemasRun;
}

std::unique_ptr<Compilation>
Session::run(RunGoal Goal, std::unique_ptr<DiagnosticConsumer> Consumer,
             std::function<bool()> ShouldStop) {
  Invocation ForRun = Inv;
  ForRun.FileSystem = fileSystem();
  auto Result = std::make_unique<Compilation>(ForRun, std::move(Consumer));
  Result->setStopRequest(std::move(ShouldStop));
  if (ReuseSchemas)
    if (std::shared_ptr<const Compilation> Loaded = loadedSchemas(ForRun))
      Result->reuseSchemasOf(std::move(Loaded));
  Result->run(Goal);
  return Result;
}

} // namespace gradgen
