//===- TemplateSet.cpp - The templates of one output profile --------------===//

#include "gradgen/Emit/TemplateSet.h"

#include "gradgen/Emit/EmitOptions.h"

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
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

Expected<TemplateSet> TemplateSet::open(const Profile &TheProfile,
                                        std::string PyTorchTemplates,
                                        InputFiles &Files) {
  if (!PyTorchTemplates.empty() && !Files.isDirectory(PyTorchTemplates))
    return createStringError(std::errc::no_such_file_or_directory,
                             "no PyTorch templates in '%s': not a directory",
                             PyTorchTemplates.c_str());
  return TemplateSet(TheProfile, std::move(PyTorchTemplates), Files);
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

Expected<const CodeTemplate &> TemplateSet::getFile(StringRef Key,
                                                    const std::string &Path) {
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return *It->second;
  Expected<CodeTemplate> Compiled = readTemplateFile(Path, Style, *Files);
  if (!Compiled)
    return Compiled.takeError();
  auto &Slot = Cache[Key];
  Slot = std::make_unique<CodeTemplate>(std::move(*Compiled));
  return *Slot;
}

Expected<const CodeTemplate &> TemplateSet::get(StringRef Name) {
  return getFile(Name, TheProfile->path(Name));
}

/// The start of the SourceMgr buffer that holds the template file Name.
static SMLoc startOfTemplate(const SourceMgr &SM, StringRef Name) {
  for (unsigned ID = SM.getNumBuffers(); ID > 0; --ID)
    if (SM.getMemoryBuffer(ID)->getBufferIdentifier() == Name)
      return SMLoc::getFromPointer(SM.getMemoryBuffer(ID)->getBufferStart());
  return SMLoc();
}

/// A placeholder of Template that Fills lacks, or one of Fills (but
/// generated_comment) that Template lacks.
static Error checkPlaceholders(const CodeTemplate &Template,
                               ArrayRef<StringRef> Fills, InputFiles &Files) {
  // `?name` fills name if the template has it.
  auto Fills_ = [&](StringRef Key) {
    return any_of(Fills, [&](StringRef Fill) {
      Fill.consume_front("?");
      return Fill == Key;
    });
  };
  std::vector<StringRef> Names;
  for (StringRef Fill : Fills)
    Names.push_back(Fill.ltrim('?'));
  for (const CodeTemplate::Placeholder &P : Template.getPlaceholders())
    if (!Fills_(P.Key))
      return make_error<TemplateError>(
          diag::emit_template_placeholders, Template.getName(), P.Line,
          P.Column, P.Loc, P.Length,
          "gradgen fills no template placeholder '" + P.Key + "' in " +
              sys::path::filename(Template.getName()) + " (it fills " +
              join(Names, ", ") + ")");
  for (StringRef Fill : Fills)
    if (Fill != "generated_comment" && !Fill.starts_with("?") &&
        none_of(
            Template.getPlaceholders(),
            [&](const CodeTemplate::Placeholder &P) { return P.Key == Fill; }))
      return make_error<TemplateError>(
          diag::emit_template_placeholders, Template.getName(), 1, 1,
          startOfTemplate(Files.getSourceMgr(), Template.getName()), 0,
          "the template has no placeholder '${" + Fill +
              "}', where gradgen writes what it generates");
  return Error::success();
}

Expected<const CodeTemplate &>
TemplateSet::getPyTorch(StringRef FileName, ArrayRef<StringRef> Fills) {
  std::string Key = ("pytorch:" + FileName).str();
  if (auto It = Cache.find(Key); It != Cache.end())
    return *It->second;
  if (PyTorchTemplates.empty())
    return noPyTorchTree();
  SmallString<256> Path(PyTorchTemplates);
  sys::path::append(Path, FileName);
  Expected<const CodeTemplate &> Template = getFile(Key, std::string(Path));
  if (!Template)
    return Template;
  if (Error E = checkPlaceholders(*Template, Fills, *Files)) {
    Cache.erase(Key);
    return E;
  }
  return Template;
}

Error TemplateSet::noPyTorchTree() {
  return createStringError(
      std::errc::no_such_file_or_directory,
      "no PyTorch tree to read the file templates from "
      "(tools/autograd/templates): run gradgen on "
      "tools/autograd/derivatives.yaml of a PyTorch checkout, or name the "
      "tree with --torch-root or .gradgen.yaml's 'torch-root:'");
}

std::string TemplateSet::generatedComment(StringRef Name) {
  return ("@generated from ../tools/autograd/templates/" + Name).str();
}

const CodeTemplate *TemplateLoader::getPyTorch(StringRef FileName,
                                               ArrayRef<StringRef> Fills) {
  return report(Templates.getPyTorch(FileName, Fills));
}

const CodeTemplate *TemplateLoader::get(StringRef Name) {
  return report(Templates.get(Name));
}

const CodeTemplate *
TemplateLoader::report(Expected<const CodeTemplate &> Template) {
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
