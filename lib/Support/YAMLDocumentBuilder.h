//===- YAMLDocumentBuilder.h - llvm::yaml nodes to YAMLNodes ----*- C++ -*-===//
//
// Internal to gradgenSupport: YAMLSource builds its document with it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SUPPORT_YAMLDOCUMENTBUILDER_H
#define GRADGEN_LIB_SUPPORT_YAMLDOCUMENTBUILDER_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLNode.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"

#include <optional>

namespace llvm::yaml {
class Node;
class ScalarNode;
class BlockScalarNode;
class SequenceNode;
class MappingNode;
} // namespace llvm::yaml

namespace gradgen {

/// Builds the YAMLNodes of one document in one walk over llvm::yaml's lazily
/// parsed nodes, into Allocator.
///
/// LLVM's parser leaves multi-line flow scalars unfolded and folds `>`
/// scalars only in part, so the builder decodes every scalar itself, from its
/// token, as YAML (and PyYAML) has it. It also repairs LLVM's reading of an
/// empty block sequence item before the next `-` (a nested sequence) and
/// reports the other empty items LLVM misreads.
class YAMLDocumentBuilder {
public:
  /// Text is the whole input that the nodes point into.
  YAMLDocumentBuilder(llvm::StringRef Text, llvm::BumpPtrAllocator &Allocator,
                      DiagnosticEngine &Diags)
      : Text(Text), Allocator(Allocator), Diags(Diags) {}

  /// Walks Root, which parses it, and returns its model.
  const YAMLNode *build(llvm::yaml::Node &Root);
  /// True if build() reported an error.
  bool failed() const { return Failed; }
  /// True if LLVM's parser stopped before the end of the document, which
  /// it does not always report.
  bool incomplete() const { return Incomplete; }
  /// Where the first thing after the last scalar read starts: where the
  /// parser stopped, if it stopped without a word.
  llvm::SMLoc resumeLoc() const;

private:
  YAMLNode buildNode(llvm::yaml::Node &Node);
  YAMLNode buildScalar(llvm::yaml::ScalarNode &Node, llvm::StringRef Tag);
  YAMLNode buildBlockScalar(llvm::yaml::BlockScalarNode &Node);
  YAMLNode buildSequence(llvm::yaml::SequenceNode &Node);
  YAMLNode buildMap(llvm::yaml::MappingNode &Node);
  llvm::StringRef resolveTag(llvm::yaml::Node &Node);

  /// The value of a flow scalar's token (quotes included); nullopt after an
  /// error. The result is the token's own text or points into Scratch.
  std::optional<llvm::StringRef> decodeFlowScalar(llvm::StringRef Token,
                                                  YAMLNode::Style Style);
  /// Appends the escape sequence at Body[I] to Scratch and moves I past it.
  bool decodeEscape(llvm::StringRef Body, size_t &I);

  /// The `[` or `{` before First with only white space between, or nullptr.
  const char *findOpeningBracket(const char *First, char Open) const;
  /// The 0-based column of P.
  size_t columnOf(const char *P) const;
  /// True if only white space comes before P on its line.
  bool startsLine(const char *P) const;

  llvm::StringRef copy(llvm::StringRef S);
  template <typename T> const T *copy(llvm::ArrayRef<T> Elements);
  void error(const char *Where, const llvm::Twine &Message);

  llvm::StringRef Text;
  llvm::BumpPtrAllocator &Allocator;
  DiagnosticEngine &Diags;
  llvm::StringMap<YAMLNode> Anchors;
  /// Decoded scalars that differ from their token, before they are copied.
  llvm::SmallString<256> Scratch;
  /// The end of the last scalar read.
  const char *ReadUpTo = nullptr;
  bool Failed = false;
  bool Incomplete = false;
};

} // namespace gradgen

#endif // GRADGEN_LIB_SUPPORT_YAMLDOCUMENTBUILDER_H
