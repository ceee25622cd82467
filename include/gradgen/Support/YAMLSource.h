//===- YAMLSource.h - YAML documents with source locations -----*- C++ -*-===//
//
// A YAMLSource is one YAML file in the SourceMgr, parsed by LLVM's YAML parser
// into gradgen's document model (YAMLNode.h), which it owns. Every node knows
// its source range; a ScalarSourceMap adds the source location of any
// character of a scalar's value, through YAML's line folding, quote doubling
// and escapes.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_YAMLSOURCE_H
#define GRADGEN_SUPPORT_YAMLSOURCE_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/Located.h"
#include "gradgen/Support/YAMLNode.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

class InputFiles;

/// How a scalar's value characters map back to its source text.
///
/// Every byte of the decoded value points at the source bytes it came from:
/// itself for a plain character, the whole escape for `\u00e9` (each of its
/// UTF-8 bytes), the first quote of a doubled `''`, and the line break for the
/// space or newline that line folding makes of one. Plain, single-quoted,
/// double-quoted and block (`|`, `>`) scalars are handled; node properties
/// (`!tag`, `&anchor`) before the scalar are skipped.
class ScalarSourceMap {
public:
  ScalarSourceMap() = default;
  /// Builds the map for the scalar token that starts at Token.begin() and
  /// whose decoded value is Value. Token may extend past the scalar.
  ScalarSourceMap(llvm::StringRef Token, llvm::StringRef Value);
  /// Builds the map of a scalar node; an empty one at the node's location
  /// for other nodes.
  explicit ScalarSourceMap(const YAMLNode &Node);

  /// The source range of the token, quotes included.
  llvm::SMRange tokenRange() const { return TokenRange; }
  /// The location of value character Offset; Offset == size() is one past the
  /// last character (the closing quote of a quoted scalar).
  llvm::SMLoc locForOffset(size_t Offset) const;
  /// The source range of value characters [Begin, End): from the first source
  /// byte of Begin to the last source byte of End - 1, escapes included.
  llvm::SMRange rangeForOffsets(size_t Begin, size_t End) const;
  /// The quote character of a quoted scalar, 0 otherwise.
  char quote() const { return Quote; }
  /// The number of value characters mapped.
  size_t size() const {
    if (Verbatim)
      return VerbatimSize;
    return SourceBegin.empty() ? 0 : SourceBegin.size() - 1;
  }

private:
  /// Map the value bytes of the scalar at Token[I...]; return the index of
  /// its end (the closing quote of a quoted scalar).
  size_t mapFlowScalar(llvm::StringRef Token, llvm::StringRef Value, size_t I);
  size_t mapBlockScalar(llvm::StringRef Token, llvm::StringRef Value,
                        size_t I);
  /// If the value is the token's text byte for byte (most scalars), map it
  /// as Verbatim and return true.
  bool mapVerbatim(llvm::StringRef Token, llvm::StringRef Value, size_t I);
  void map(const char *Begin, const char *End);

  llvm::SMRange TokenRange;
  /// For value byte N, the first and one-past-the-last source byte; the
  /// entry at Value.size() is the end of the scalar.
  std::vector<const char *> SourceBegin;
  std::vector<const char *> SourceEnd;
  /// For a value that is its source text: where that text starts (and the
  /// vectors stay empty).
  const char *Verbatim = nullptr;
  size_t VerbatimSize = 0;
  char Quote = 0;
};

/// One YAML file loaded into a SourceMgr and parsed into YAMLNodes, which
/// live as long as the YAMLSource.
class YAMLSource {
public:
  /// Reads Path through Files (which records it as an input) into its
  /// SourceMgr and parses it. Reports I/O and syntax errors to Diags and
  /// returns std::nullopt for them.
  static std::optional<YAMLSource> load(llvm::StringRef Path, InputFiles &Files,
                                        DiagnosticEngine &Diags);
  /// The first half of load(): reads Path into the SourceMgr, ending it with
  /// a line break, and returns its buffer ID; reports an I/O error to Diags
  /// and returns std::nullopt for it.
  static std::optional<unsigned> read(llvm::StringRef Path, InputFiles &Files,
                                      DiagnosticEngine &Diags);
  /// Parses a buffer that is already in SM. It should end with a line break,
  /// as load() makes sure: LLVM's parser misreads a `key:` or `-` that ends
  /// the input.
  static std::optional<YAMLSource> parseBuffer(unsigned BufferID,
                                               llvm::SourceMgr &SM,
                                               DiagnosticEngine &Diags);

  YAMLSource(YAMLSource &&) = default;
  YAMLSource &operator=(YAMLSource &&) = default;

  /// The document: null for an empty file.
  const YAMLNode &root() const { return *Root; }
  unsigned bufferID() const { return BufferID; }
  llvm::StringRef text() const { return Text; }
  llvm::StringRef filename() const;

private:
  YAMLSource(const llvm::SourceMgr &SM, unsigned BufferID);

  const llvm::SourceMgr *SM;
  unsigned BufferID;
  llvm::StringRef Text;
  /// Holds every node and decoded string of the document.
  llvm::BumpPtrAllocator Allocator;
  const YAMLNode *Root = nullptr;
};

} // namespace gradgen

#endif // GRADGEN_SUPPORT_YAMLSOURCE_H
