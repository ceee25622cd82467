//===- YAMLDictReader.h - One YAML mapping of known keys --------*- C++ -*-===//
//
// Every YAML mapping whose keys gradgen knows (profile.yaml, a rule of
// saved-attributes.yaml, an entry of native_functions.yaml) is read through
// a YAMLDictReader, as clangd reads its config with DictParser: a handler per
// key, run in document order; an unknown key is a located error with a "did
// you mean"; typed readers give Located values and say what was expected.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_YAMLDICTREADER_H
#define GRADGEN_SUPPORT_YAMLDICTREADER_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/Located.h"
#include "gradgen/Support/YAMLNode.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gradgen {

/// How one kind of mapping reports its mistakes.
struct YAMLDictDiagnostics {
  /// A value of the wrong type, a mapping that is none.
  diag::Kind Syntax;
  /// A key no handler takes.
  diag::Kind UnknownKey;
  /// The unknown-key message; "%0" stands for the key.
  llvm::StringRef UnknownKeyMessage = "unknown key '%0'";
  /// Suggest the closest key as a fix-it too, not only in a note.
  bool FixIt = false;
};

class YAMLDictReader {
public:
  using Handler = std::function<void(const YAMLNode &Value)>;

  YAMLDictReader(DiagnosticEngine &Diags, YAMLDictDiagnostics Kinds)
      : Diags(Diags), Kinds(Kinds) {}

  /// Key is known; Parse (if any) reads its value.
  void handle(llvm::StringRef Key, Handler Parse = nullptr);

  /// Runs the handler of each key of Map in the order of the keys, and
  /// reports each key without one. Returns ok().
  bool parse(const YAMLNode &Map);
  /// Only the unknown-key check, for readers that look their keys up.
  /// Returns whether every key of Map is known.
  bool checkKeys(const YAMLNode &Map);

  /// Reports a mistake in Value that no typed reader catches.
  void error(const YAMLNode &Value, const llvm::Twine &Message);

  /// Whether nothing was reported.
  bool ok() const { return OK; }
  /// For handlers that report a mistake of their own.
  void fail() { OK = false; }
  /// Where the reader reports, for the readers of nested mappings.
  DiagnosticEngine &getDiags() const { return Diags; }

  /// Reports Value unless PyYAML reads it as Kind: "'Key' must be a string,
  /// not a list". Returns whether it is.
  bool expect(const YAMLNode &Value, YAMLValueKind Kind, llvm::StringRef Key);
  std::optional<Located<std::string>> string(const YAMLNode &Value,
                                             llvm::StringRef Key);
  std::optional<Located<bool>> boolean(const YAMLNode &Value,
                                       llvm::StringRef Key);
  /// One of Choices by its spelling: "expected c++17 or c++20".
  template <typename T>
  std::optional<Located<T>>
  choice(const YAMLNode &Value, llvm::StringRef Key,
         llvm::ArrayRef<std::pair<llvm::StringRef, T>> Choices) {
    if (!expect(Value, YAMLValueKind::String, Key))
      return std::nullopt;
    for (const auto &[Spelling, Result] : Choices)
      if (Value.scalar() == Spelling)
        return Located<T>(Result, Value.range());
    std::vector<llvm::StringRef> Spellings;
    for (const auto &Choice : Choices)
      Spellings.push_back(Choice.first);
    reportChoices(Value, Spellings);
    return std::nullopt;
  }

private:
  void reportUnknownKey(const YAMLNode &Key);
  void reportChoices(const YAMLNode &Value,
                     llvm::ArrayRef<llvm::StringRef> Spellings);

  DiagnosticEngine &Diags;
  YAMLDictDiagnostics Kinds;
  std::vector<std::pair<std::string, Handler>> Handlers;
  bool OK = true;
};

} // namespace gradgen

#endif // GRADGEN_SUPPORT_YAMLDICTREADER_H
