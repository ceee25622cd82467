//===- TemplateSet.cpp - The templates of one output profile --------------===//

#include "gradgen/Emit/TemplateSet.h"

#include "gradgen/Emit/EmitOptions.h"

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace gradgen {

BlockIndentStyle blockIndentStyleOf(const Profile &TheProfile) {
  return EmitOptions::of(TheProfile).IndentBlankTemplateLines
             ? BlockIndentStyle::PrefixEveryLine
             : BlockIndentStyle::PrefixNonBlankAndTrim;
}

Expected<TemplateSet> TemplateSet::open(StringRef Directory,
                                        BlockIndentStyle Style,
                                        InputFiles &Files) {
  if (!Files.isDirectory(Directory))
    return createStringError(std::errc::no_such_file_or_directory,
                             "no templates in '%s': not a directory",
                             Directory.str().c_str());
  return TemplateSet(Directory.str(), Style, Files);
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
                                        InputFiles &Files) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = Files.readFile(Path);
  if (std::error_code EC = File.getError())
    return createStringError(EC, "cannot read template '%s': %s",
                             Path.str().c_str(), EC.message().c_str());
  SourceMgr &SM = Files.getSourceMgr();
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
  Expected<CodeTemplate> Compiled = readTemplateFile(Path, Style, *Files);
  if (!Compiled)
    return Compiled.takeError();
  auto &Slot = Cache[Name];
  Slot = std::make_unique<CodeTemplate>(std::move(*Compiled));
  return *Slot;
}

std::string TemplateSet::generatedComment(StringRef Name) {
  return ("@generated from ../tools/autograd/templates/" + Name).str();
}

const CodeTemplate *TemplateLoader::get(StringRef Name) {
  Expected<const CodeTemplate &> Template = Templates.get(Name);
  if (!Template) {
    reportTemplateError(Template.takeError(), Diags, diag::emit_template);
    OK = false;
    return nullptr;
  }
  return &*Template;
}

std::string TemplateLoader::text(StringRef Name) {
  std::string Text;
  const CodeTemplate *Template = get(Name);
  if (!Template)
    return Text;
  if (Error E = Template->substitute(TemplateEnv(), Text)) {
    reportTemplateError(std::move(E), Diags, diag::emit_template);
    OK = false;
  }
  return Text;
}

} // namespace gradgen
