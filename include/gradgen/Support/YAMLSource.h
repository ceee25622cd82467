//===- YAMLSource.h - yaml-cpp documents with source locations --*- C++ -*-===//
//
// yaml-cpp gives every node the position of its first character. YAMLSource
// adds the rest that diagnostics need: the whole source range of a scalar
// token (quotes included) and the source location of any character of a
// scalar's value, through YAML's line folding, quote doubling and escapes.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_YAMLSOURCE_H
#define GRADGEN_SUPPORT_YAMLSOURCE_H

#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// A value with the source range it was read from, as clangd's Located<T>.
template <typename T> struct Located {
  T Value{};
  llvm::SMRange Range;

  Located() = default;
  Located(T Value, llvm::SMRange Range = llvm::SMRange())
      : Value(std::move(Value)), Range(Range) {}

  llvm::SMLoc loc() const { return Range.Start; }
  const T &operator*() const { return Value; }
  const T *operator->() const { return &Value; }
};

/// How a scalar's value characters map back to its source text.
class ScalarSourceMap {
public:
  ScalarSourceMap() = default;
  /// Builds the map for the scalar token that starts at Token.begin() and
  /// whose decoded value is Value. Token may extend past the scalar.
  ScalarSourceMap(llvm::StringRef Token, llvm::StringRef Value);

  /// The source range of the token, quotes included.
  llvm::SMRange tokenRange() const { return TokenRange; }
  /// The location of value character Offset; Offset == size() is one past the
  /// last character.
  llvm::SMLoc locForOffset(size_t Offset) const;
  llvm::SMRange rangeForOffsets(size_t Begin, size_t End) const;
  char quote() const { return Quote; }

private:
  llvm::SMRange TokenRange;
  std::vector<const char *> ValueToSource;
  char Quote = 0;
};

/// One YAML file loaded into a SourceMgr and parsed by yaml-cpp.
class YAMLSource {
public:
  /// Reads Path into SM and parses it. Reports I/O and syntax errors to Diags
  /// and returns std::nullopt for them.
  static std::optional<YAMLSource> load(llvm::StringRef Path,
                                        llvm::SourceMgr &SM,
                                        DiagnosticEngine &Diags);
  /// Parses a buffer that is already in SM.
  static std::optional<YAMLSource> parseBuffer(unsigned BufferID,
                                               llvm::SourceMgr &SM,
                                               DiagnosticEngine &Diags);

  const YAML::Node &root() const { return Root; }
  unsigned bufferID() const { return BufferID; }
  llvm::StringRef text() const { return Text; }
  llvm::StringRef filename() const;

  /// The location of the first character of Node.
  llvm::SMLoc locOf(const YAML::Node &Node) const;
  /// The whole token of a scalar node; the first character of anything else.
  llvm::SMRange rangeOf(const YAML::Node &Node) const;
  /// The source map of a scalar node's value.
  ScalarSourceMap scalarMap(const YAML::Node &Node) const;
  /// A scalar's value with its token range.
  Located<std::string> located(const YAML::Node &Node) const;

private:
  YAMLSource(const llvm::SourceMgr &SM, unsigned BufferID, YAML::Node Root);

  const llvm::SourceMgr *SM;
  unsigned BufferID;
  llvm::StringRef Text;
  YAML::Node Root;
};

} // namespace gradgen

#endif // GRADGEN_SUPPORT_YAMLSOURCE_H
