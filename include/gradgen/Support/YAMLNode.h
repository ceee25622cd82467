//===- YAMLNode.h - gradgen's YAML document model ---------------*- C++ -*-===//
//
// gradgen parses its YAML inputs with llvm::yaml::Stream, whose nodes are
// parsed lazily and can be walked only once, into this small immutable
// document model. YAMLSource builds it in one pass and owns it: every node,
// child list and decoded string lives in the source's BumpPtrAllocator, so a
// document of 100,000 nodes costs no malloc or free per node.
//
// A node keeps what PyYAML's typing needs (a scalar's style and tag, see
// YAMLValue.h) and what diagnostics need (its source range).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_YAMLNODE_H
#define GRADGEN_SUPPORT_YAMLNODE_H

#include "gradgen/Support/Located.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <string>

namespace gradgen {

struct YAMLMapEntry;

/// One node of a YAML document: null, a scalar, a sequence or a mapping.
class YAMLNode {
public:
  enum class Kind : uint8_t { Null, Scalar, Sequence, Map };

  /// How a scalar was written. PyYAML types only plain scalars by their
  /// text (`True` is a bool, `'True'` a string).
  enum class Style : uint8_t {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal, // |
    Folded,  // >
  };

  /// A null node with no location.
  YAMLNode() = default;

  Kind kind() const { return NodeKind; }
  /// True for an empty value (`key:`) and a plain `~` or `null`, which
  /// PyYAML reads as None, unless a tag says otherwise.
  bool isNull() const { return NodeKind == Kind::Null; }
  bool isScalar() const { return NodeKind == Kind::Scalar; }
  bool isSequence() const { return NodeKind == Kind::Sequence; }
  bool isMap() const { return NodeKind == Kind::Map; }

  /// A scalar's value, with quotes, escapes and line folding resolved; empty
  /// for other nodes.
  llvm::StringRef scalar() const { return Value; }
  /// How a scalar was written; Plain for other nodes.
  Style style() const { return ScalarStyle; }
  /// The node's tag resolved to its full name (`!!str` is
  /// "tag:yaml.org,2002:str", a lone `!` stays "!"); empty if none was
  /// written.
  llvm::StringRef tag() const { return Tag; }

  /// For a scalar, its whole token: quotes included, a block scalar from its
  /// `|` or `>` to its last line break. For anything else the empty range at
  /// where it starts: the `[` or `{` of a flow collection, the first key of a
  /// block mapping, the first `-` of a block sequence and, for an empty
  /// value, the token that follows it.
  llvm::SMRange range() const { return Range; }
  llvm::SMLoc loc() const { return Range.Start; }
  /// A scalar's value with its range; an empty string for other nodes.
  Located<std::string> located() const {
    return Located<std::string>(Value.str(), Range);
  }

  /// The items of a sequence; empty for other nodes.
  inline llvm::ArrayRef<YAMLNode> items() const;
  /// The entries of a mapping as written, repeated keys included; empty for
  /// other nodes.
  inline llvm::ArrayRef<YAMLMapEntry> entries() const;
  /// The number of items or entries.
  size_t size() const { return NumChildren; }
  /// The value of the first entry whose key is the scalar Key; nullptr if
  /// there is none or this is no mapping.
  const YAMLNode *lookup(llvm::StringRef Key) const;

private:
  friend class YAMLDocumentBuilder;

  llvm::StringRef Value;
  llvm::StringRef Tag;
  llvm::SMRange Range;
  union {
    const YAMLNode *Items;
    const YAMLMapEntry *Entries;
  } Children = {nullptr};
  uint32_t NumChildren = 0;
  Kind NodeKind = Kind::Null;
  Style ScalarStyle = Style::Plain;
};

/// A key and its value.
struct YAMLMapEntry {
  YAMLNode Key;
  YAMLNode Value;
};

llvm::ArrayRef<YAMLNode> YAMLNode::items() const {
  if (!isSequence())
    return {};
  return llvm::ArrayRef(Children.Items, NumChildren);
}

llvm::ArrayRef<YAMLMapEntry> YAMLNode::entries() const {
  if (!isMap())
    return {};
  return llvm::ArrayRef(Children.Entries, NumChildren);
}

} // namespace gradgen

#endif // GRADGEN_SUPPORT_YAMLNODE_H
