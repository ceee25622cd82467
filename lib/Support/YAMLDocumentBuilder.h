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
  /// Collections nested deeper are an error: LLVM's parser, and readers of
  /// the document, recurse once per level.
  static constexpr unsigned MaxDepth = 64;
  /// How many nodes the aliases of a document may stand for.
  static constexpr uint64_t MaxAliasExpansion = 1'000'000;

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
  /// A node with an anchor, and how many nodes it stands for with its
  /// aliases expanded.
  struct Anchor {
    YAMLNode Node;
    uint64_t Expanded = 0;
  /// The part of Expanded that aliases stand for.
  uint64_t AliasExpanded = 0;
  };
  llvm::StringMap<Anchor> Anchors;
  /// Nodes of the document with every alias expanded, as a reader that
  /// walks it sees them. Aliases that would make it grow beyond a budget
  /// (the "billion laughs") are an error.
  uint64_t Expanded = 0;
  /// The part of Expanded that aliases stand for.
  uint64_t AliasExpanded = 0;
  /// Collections open around the node being built.
  unsigned Depth = 0;
  /// Set at an error after which no further node may be read: LLVM's
  /// parser would recurse as deep as the input nests to skip the rest.
  bool Abandoned = false;
  /// Decoded scalars that differ from their token, before they are copied.
  llvm::SmallString<256> Scratch;
  /// The end of the last scalar read.
  const char *ReadUpTo = nullptr;
  bool Failed = false;
  bool Incomplete = false;
};

} // namespace gradgen

#endif // GRADGEN_LIB_SUPPORT_YAMLDOCUMENTBUILDER_H
