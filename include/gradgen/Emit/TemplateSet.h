//===- TemplateSet.h - The templates of one output profile ------*- C++ -*-===//
//
// templates/<profile>/ holds the outer file templates (Functions.h, ...) and
// node/ the per-node ones. A TemplateSet loads them on first use and compiles
// each once; the InputFiles it reads through records them for the depfile.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_TEMPLATESET_H
#define GRADGEN_EMIT_TEMPLATESET_H

#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace gradgen {

class InputFiles;
class DiagnosticEngine;

/// The block indentation the profile's templates are written for.
BlockIndentStyle blockIndentStyleOf(const Profile &TheProfile);

/// Reads and compiles the template file Path, as torchgen's
/// CodeTemplate.from_file() does (universal newlines). Its text becomes a
/// buffer of the SourceMgr of Files so that errors in it are reported with
/// the source line.
llvm::Expected<CodeTemplate> readTemplateFile(llvm::StringRef Path,
                                              BlockIndentStyle Style,
                                              InputFiles &Files);

class TemplateSet {
public:
  /// Opens a profile's directory (Profile::Directory).
  static llvm::Expected<TemplateSet> open(llvm::StringRef Directory,
                                          BlockIndentStyle Style,
                                          InputFiles &Files);

  /// The template Name (a path relative to the profile directory, e.g.
  /// "Functions.h" or "node/declaration.h.tmpl"), read and compiled on the
  /// first request. The file's buffer is added to the SourceMgr so that
  /// template errors are reported with the source line.
  llvm::Expected<const CodeTemplate &> get(llvm::StringRef Name);

  llvm::StringRef getDirectory() const { return Directory; }
  BlockIndentStyle getStyle() const { return Style; }

  /// The `generated_comment` value torchgen gives the file rendered from the
  /// template Name. torchgen writes the template directory relative to its
  /// own package, which in a PyTorch checkout is ../tools/autograd/templates.
  static std::string generatedComment(llvm::StringRef Name);

private:
  TemplateSet(std::string Directory, BlockIndentStyle Style, InputFiles &Files)
      : Directory(std::move(Directory)), Style(Style), Files(&Files) {}

  std::string Directory;
  BlockIndentStyle Style;
  InputFiles *Files;
  llvm::StringMap<std::unique_ptr<CodeTemplate>> Cache;
};

/// Gets many templates of a TemplateSet, reporting each failure (under
/// `emit.template`) and remembering that one happened.
class TemplateLoader {
public:
  TemplateLoader(TemplateSet &Templates, DiagnosticEngine &Diags)
      : Templates(Templates), Diags(Diags) {}

  /// The template Name, or null after reporting why not.
  const CodeTemplate *get(llvm::StringRef Name);
  /// The text of Name, a template without placeholders.
  std::string text(llvm::StringRef Name);
  /// Every template asked for so far was loaded.
  bool ok() const { return OK; }

private:
  TemplateSet &Templates;
  DiagnosticEngine &Diags;
  bool OK = true;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_TEMPLATESET_H
