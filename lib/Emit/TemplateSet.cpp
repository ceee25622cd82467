//===- TemplateSet.cpp - The templates of one output profile --------------===//

#include "gradgen/Emit/TemplateSet.h"

#include "gradgen/Config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace gradgen {

std::string findTemplatesRoot(StringRef Override, StringRef MainExecutable) {
  if (!Override.empty())
    return Override.str();
  if (!MainExecutable.empty()) {
    SmallString<256> Installed(
        sys::path::parent_path(sys::path::parent_path(MainExecutable)));
    sys::path::append(Installed, "share", "gradgen", "templates");
    if (sys::fs::is_directory(Installed))
      return std::string(Installed);
  }
  SmallString<256> Source(GRADGEN_SOURCE_DIR);
  sys::path::append(Source, "templates");
  return std::string(Source);
}

std::optional<BlockIndentStyle> blockIndentStyleFor(StringRef Profile) {
  return StringSwitch<std::optional<BlockIndentStyle>>(Profile)
      .Case("pytorch-1.13", BlockIndentStyle::PrefixEveryLine)
      .Case("pytorch-2.14", BlockIndentStyle::PrefixNonBlankAndTrim)
      .Default(std::nullopt);
}

Expected<TemplateSet> TemplateSet::open(StringRef Root, StringRef Profile,
                                        BlockIndentStyle Style,
                                        SourceMgr &SM) {
  SmallString<256> Directory(Root);
  sys::path::append(Directory, Profile);
  if (!sys::fs::is_directory(Directory))
    return createStringError(std::errc::no_such_file_or_directory,
                             "no templates for profile '%s': '%s' is not a "
                             "directory",
                             Profile.str().c_str(), Directory.c_str());
  return TemplateSet(std::string(Directory), Style, SM);
}

/// Python's open() in text mode reads "\r\n" and "\r" as "\n".
static std::string universalNewlines(StringRef Text) {
  std::string Result;
  Result.reserve(Text.size());
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\r') {
      Result += Text[I];
      continue;
    }
    Result += '\n';
    if (I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
  }
  return Result;
}

Expected<CodeTemplate> readTemplateFile(StringRef Path, BlockIndentStyle Style,
                                        SourceMgr &SM) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (std::error_code EC = File.getError())
    return createStringError(EC, "cannot read template '%s': %s",
                             Path.str().c_str(), EC.message().c_str());
  unsigned BufferID = SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(universalNewlines((*File)->getBuffer()),
                                     Path),
      SMLoc());
  return CodeTemplate::compile(SM.getMemoryBuffer(BufferID)->getBuffer(), Path,
                               Style, &SM);
}

Expected<const CodeTemplate &> TemplateSet::get(StringRef Name) {
  auto It = Cache.find(Name);
  if (It != Cache.end())
    return *It->second;
  SmallString<256> Path(Directory);
  sys::path::append(Path, Name);
  Expected<CodeTemplate> Compiled = readTemplateFile(Path, Style, *SM);
  if (!Compiled)
    return Compiled.takeError();
  FilesRead.push_back(std::string(Path));
  auto &Slot = Cache[Name];
  Slot = std::make_unique<CodeTemplate>(std::move(*Compiled));
  return *Slot;
}

std::string TemplateSet::generatedComment(StringRef Name) {
  return ("@generated from ../tools/autograd/templates/" + Name).str();
}

} // namespace gradgen
