//===- CodeTemplate.h - torchgen's CodeTemplate in C++ ----------*- C++ -*-===//
//
// The generated files are produced by substituting templates exactly as
// torchgen's CodeTemplate does, so that the output is byte-identical:
//
//   $name, ${name}   the value of `name`. A list is joined with ", ".
//   ${,name}         a list, with ", " before it unless it is empty.
//   ${name,}         a list, with ", " after it unless it is empty.
//   ${,name,}        both.
//
// A placeholder that only white space separates from the start of its line
// (column 0 included) is a block: the white space is its indentation, every
// line of the value (of each list element, or of the string) is emitted on a
// line of its own with that indentation, and trailing white space at the end
// of the block is dropped. Commas are ignored there. A `$` that does not start
// one of the forms above is literal text, so `$$x` is `$` and the value of x.
//
// How blank lines inside a block are indented changed between torchgen
// versions; BlockIndentStyle selects the behaviour.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_CODETEMPLATE_H
#define GRADGEN_EMIT_CODETEMPLATE_H

#include "gradgen/Support/DiagnosticKinds.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"

#include <string>
#include <variant>
#include <vector>

namespace llvm {
class SourceMgr;
namespace json {
class Value;
}
} // namespace llvm

namespace gradgen {

class DiagnosticEngine;

enum class BlockIndentStyle {
  /// torchgen 1.13 to 2.6: every line of a block is prefixed with the
  /// indentation, blank ones too, and only the end of the block is trimmed.
  PrefixEveryLine,
  /// torchgen 2.14 (textwrap.indent): lines that are blank stay empty and
  /// trailing white space is trimmed from every line.
  PrefixNonBlankAndTrim,
};

/// The value of one template variable: a string or a list of strings, each
/// owned or referring to strings that outlive the use.
using TemplateValue =
    std::variant<std::string, std::vector<std::string>,
                 std::vector<llvm::StringRef>, llvm::StringRef>;

/// The variables a template is substituted with.
class TemplateEnv {
public:
  TemplateEnv &set(llvm::StringRef Key, const llvm::Twine &Value);
  /// set() without a copy of a string about to be destroyed.
  TemplateEnv &set(llvm::StringRef Key, std::string &&Value);
  TemplateEnv &set(llvm::StringRef Key, const char *Value) {
    return set(Key, llvm::Twine(Value));
  }
  /// A string the environment does not own: it must outlive every
  /// substitution with it. Substitutes as set() does, without the copy.
  TemplateEnv &setRef(llvm::StringRef Key, llvm::StringRef Value);
  TemplateEnv &setList(llvm::StringRef Key, std::vector<std::string> Items);
  /// A list of strings the environment does not own: they must outlive every
  /// substitution with it.
  TemplateEnv &setListOfRefs(llvm::StringRef Key,
                             std::vector<llvm::StringRef> Items);
  /// setListOfRefs() of strings kept elsewhere, without copying them.
  TemplateEnv &setListOfRefs(llvm::StringRef Key,
                             llvm::ArrayRef<std::string> Items);
  /// Appends to the list Key, which is created empty if it is not set.
  TemplateEnv &append(llvm::StringRef Key, const llvm::Twine &Item);
  /// append() without a copy of Item.
  TemplateEnv &appendString(llvm::StringRef Key, std::string Item);

  const TemplateValue *lookup(llvm::StringRef Key) const;
  bool contains(llvm::StringRef Key) const { return lookup(Key); }

  /// Reads a JSON object whose members are strings or arrays of strings.
  static llvm::Expected<TemplateEnv> fromJSON(const llvm::json::Value &JSON);

private:
  std::vector<std::string> &list(llvm::StringRef Key);
  /// The value of Key, default-constructed (an empty string) if it is new.
  TemplateValue &slot(llvm::StringRef Key);

  /// An environment holds a few variables, rarely a dozen or two, and lives
  /// for one substitution or a few: a linear search of short keys costs
  /// less than hashing them, and the usual few need no allocation, nor do
  /// their names (a third of them are longer than std::string holds).
  llvm::SmallVector<std::pair<llvm::SmallString<40>, TemplateValue>, 6> Values;
};

/// What the substitution of a block learns about the text of a value,
/// kept for the substitutions that share values: a sharded file's
/// Everything holds the items of its shards, whose lines would otherwise be
/// scanned twice. A value is known by where its text is: the values must
/// stay where they are, unchanged, while the cache is used.
class BlockScanCache {
public:
  /// Texts shorter than this are scanned again: that costs less than
  /// looking them up.
  static constexpr size_t MinSize = 256;

  /// Room for NumTexts texts without growing.
  void reserve(size_t NumTexts) { Scans.reserve(NumTexts); }
  /// python::tidyLinesPrefix(Text), computed once per text.
  size_t tidyLinesPrefix(llvm::StringRef Text);

private:
  struct Scan {
    size_t Size;
    size_t TidyPrefix;
  };
  llvm::DenseMap<const char *, Scan> Scans;
};

/// A template compiled once into literal text and placeholders.
class CodeTemplate {
public:
  struct Placeholder {
    std::string Key;
    /// Set for a block placeholder, even when the indentation is empty.
    bool IsBlock = false;
    std::string Indent;
    bool CommaBefore = false;
    bool CommaAfter = false;
    /// 1-based position of the `$`.
    unsigned Line = 0;
    unsigned Column = 0;
    /// Valid if the template text is a SourceMgr buffer.
    llvm::SMLoc Loc;
    /// The characters of the placeholder, `$` to name or `}`.
    unsigned Length = 0;
  };

  /// Compiles Text. Name (usually the file's path) is quoted by errors. If
  /// Text lies in a buffer of SM, errors also carry its SMLoc. The template
  /// keeps no reference to Text.
  static llvm::Expected<CodeTemplate>
  compile(llvm::StringRef Text, llvm::StringRef Name,
          BlockIndentStyle Style = BlockIndentStyle::PrefixNonBlankAndTrim,
          const llvm::SourceMgr *SM = nullptr);

  /// Appends the substituted template to Out. A placeholder without a value
  /// is a TemplateError naming the key and its position. Scans, if given,
  /// holds what blocks learnt of values that other substitutions share.
  llvm::Error substitute(const TemplateEnv &Env, std::string &Out,
                         BlockScanCache *Scans = nullptr) const;
  llvm::Expected<std::string> substitute(const TemplateEnv &Env) const;

  llvm::StringRef getName() const { return Name; }
  BlockIndentStyle getStyle() const { return Style; }
  llvm::ArrayRef<Placeholder> getPlaceholders() const { return Placeholders; }

private:
  /// Literal text, then a placeholder, alternately; the last piece is text.
  struct Segment {
    size_t TextBegin;
    size_t TextEnd;
  };

  CodeTemplate(std::string Name, BlockIndentStyle Style)
      : Name(std::move(Name)), Style(Style) {}

  void substituteBlock(const Placeholder &P, const TemplateValue &Value,
                       std::string &Out, BlockScanCache *Scans) const;
  /// At least the size of the substitution with Values, the value of each
  /// placeholder in turn, so that Out grows once.
  size_t sizeBound(llvm::ArrayRef<const TemplateValue *> Values) const;

  std::string Name;
  BlockIndentStyle Style;
  std::string Literals;
  std::vector<Segment> Texts; // Placeholders.size() + 1 entries
  std::vector<Placeholder> Placeholders;
};

/// Substitutions of small templates whose environment is a function of one
/// key (an argument's name): the snippets of a few hundred names recur in
/// the kernels of thousands of operators, and are substituted once each.
class SubstitutionMemo {
public:
  /// Template substituted in the environment Fill makes from Key. Only
  /// clean results are kept: an error is returned at every use.
  llvm::Expected<const std::string &>
  substitute(const CodeTemplate &Template, llvm::StringRef Key,
             llvm::function_ref<void(TemplateEnv &)> Fill);

private:
  llvm::DenseMap<const CodeTemplate *, llvm::StringMap<std::string>> Texts;
};

/// An error in a template file, located in it.
class TemplateError : public llvm::ErrorInfo<TemplateError> {
public:
  static char ID;

  TemplateError(diag::Kind Kind, llvm::StringRef File, unsigned Line,
                unsigned Column, llvm::SMLoc Loc, unsigned Length,
                const llvm::Twine &Message)
      : Kind(Kind), File(File), Line(Line), Column(Column), Loc(Loc),
        Length(Length), Message(Message.str()) {}

  /// `file:line:col: message`, for callers without a DiagnosticEngine.
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

  diag::Kind Kind;
  std::string File;
  unsigned Line;
  unsigned Column;
  llvm::SMLoc Loc;
  unsigned Length;
  std::string Message;
};

/// Reports E through Diags: a TemplateError at its location (with the source
/// line when the template is a buffer of the engine's SourceMgr), anything
/// else unlocated as a diagnostic of kind Kind.
void reportTemplateError(llvm::Error E, DiagnosticEngine &Diags,
                         diag::Kind Kind = diag::emit_error);

} // namespace gradgen

#endif // GRADGEN_EMIT_CODETEMPLATE_H
