//===- TemplateSet.h - The templates of one output profile ------*- C++ -*-===//
//
// Two kinds of templates make a file: PyTorch's own file templates
// (Functions.h, VariableType.cpp, ...: tools/autograd/templates of the
// PyTorch tree the run reads, so that an edit of the checkout reaches the
// output as it reaches torchgen's), and the snippets torchgen keeps in its
// Python code, which a profile folder holds (templates/<profile>/node/...,
// from the nearest folder of the profile's chain). A TemplateSet loads them
// on first use and compiles each once; the InputFiles it reads through
// records them for the depfile.
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
  /// The snippets of TheProfile, which must outlive the set, and PyTorch's
  /// file templates in PyTorchTemplates (empty: the run has no PyTorch tree,
  /// and asking for one is an error that says how to name one).
  static llvm::Expected<TemplateSet> open(const Profile &TheProfile,
                                          std::string PyTorchTemplates,
                                          InputFiles &Files);

  /// The snippet Name (a path relative to a profile folder, e.g.
  /// "node/declaration.h.tmpl"), read and compiled on the first request.
  /// The file's buffer is added to the SourceMgr so that template errors are
  /// reported with the source line.
  llvm::Expected<const CodeTemplate &> get(llvm::StringRef Name);

  /// PyTorch's file template FileName (e.g. "Functions.h"). Fills are the
  /// placeholders the caller fills: the template may have no other, and
  /// must have each but generated_comment and those written `?name` (filled
  /// if present: a tree of examples serves several versions); either
  /// mistake is an error located in the template.
  llvm::Expected<const CodeTemplate &>
  getPyTorch(llvm::StringRef FileName, llvm::ArrayRef<llvm::StringRef> Fills);

  BlockIndentStyle getStyle() const { return Style; }

  /// The `generated_comment` value torchgen gives the file rendered from the
  /// template Name. torchgen writes the template directory relative to its
  /// own package, which in a PyTorch checkout is ../tools/autograd/templates.
  static std::string generatedComment(llvm::StringRef Name);

  /// The error of a run that writes files but names no PyTorch tree to
  /// read their templates from.
  static llvm::Error noPyTorchTree();

private:
  TemplateSet(const Profile &TheProfile, std::string PyTorchTemplates,
              InputFiles &Files)
      : TheProfile(&TheProfile), PyTorchTemplates(std::move(PyTorchTemplates)),
        Style(blockIndentStyleOf(TheProfile)), Files(&Files) {}

  llvm::Expected<const CodeTemplate &> getFile(llvm::StringRef Key,
                                               const std::string &Path);

  const Profile *TheProfile;
  std::string PyTorchTemplates;
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
  /// PyTorch's file template FileName (TemplateSet::getPyTorch), or null
  /// after reporting why not.
  const CodeTemplate *getPyTorch(llvm::StringRef FileName,
                                 llvm::ArrayRef<llvm::StringRef> Fills);
  /// The text of Name, a template without placeholders.
  std::string text(llvm::StringRef Name);
  /// Every template asked for so far was loaded.
  bool ok() const { return OK; }

private:
  const CodeTemplate *report(llvm::Expected<const CodeTemplate &> Template);

  TemplateSet &Templates;
  DiagnosticEngine &Diags;
  bool OK = true;
};

} // namespace gradgen

#endif // GRADGEN_EMIT_TEMPLATESET_H
