//===- ScalarSourceMapTest.cpp - Value characters to source columns -------===//

#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gradgen;

namespace {

/// A line and column, both 1-based, for readable expectations.
struct LineColumn {
  unsigned Line;
  unsigned Column;
  bool operator==(const LineColumn &Other) const {
    return Line == Other.Line && Column == Other.Column;
  }
};

std::ostream &operator<<(std::ostream &OS, const LineColumn &LC) {
  return OS << LC.Line << ":" << LC.Column;
}

class ScalarSourceMapTest : public ::testing::Test {
protected:
  /// Parses Text and returns its document.
  const YAMLNode &load(StringRef Text) {
    unsigned ID = SM.AddNewSourceBuffer(
        MemoryBuffer::getMemBufferCopy(Text, "test.yaml"), SMLoc());
    Source = YAMLSource::parseBuffer(ID, SM, Diags);
    EXPECT_TRUE(Source.has_value());
    return Source ? Source->root() : Missing;
  }

  /// The value of Key in Map.
  const YAMLNode &get(const YAMLNode &Map, StringRef Key) {
    const YAMLNode *Value = Map.lookup(Key);
    EXPECT_TRUE(Value) << Key.str();
    return Value ? *Value : Missing;
  }

  LineColumn at(SMLoc Loc) {
    auto [Line, Column] = SM.getLineAndColumn(Loc);
    return {Line, Column};
  }

  /// Where value character Offset of Node comes from.
  LineColumn at(const YAMLNode &Node, size_t Offset) {
    return at(ScalarSourceMap(Node).locForOffset(Offset));
  }

  /// Where the first occurrence of Needle in Node's value comes from.
  LineColumn find(const YAMLNode &Node, StringRef Needle) {
    size_t Offset = StringRef(Node.scalar()).find(Needle);
    EXPECT_NE(Offset, StringRef::npos) << Needle.str();
    return at(Node, Offset);
  }

  /// Every value character that is no escape and no folded line break is
  /// mapped to the same character, in increasing source order.
  void expectFaithful(const YAMLNode &Node) {
    ScalarSourceMap Map(Node);
    StringRef Value = Node.scalar();
    ASSERT_EQ(Map.size(), Value.size());
    const char *Previous = nullptr;
    for (size_t I = 0; I < Value.size(); ++I) {
      const char *Ptr = Map.locForOffset(I).getPointer();
      EXPECT_TRUE(!Previous || Ptr >= Previous) << "offset " << I;
      bool Folded = (Value[I] == ' ' || Value[I] == '\n') &&
                    (*Ptr == '\n' || *Ptr == '\r');
      bool Escaped = Map.quote() == '"' && *Ptr == '\\';
      if (!Folded && !Escaped) {
        EXPECT_EQ(*Ptr, Value[I])
            << "offset " << I << " of '" << Value.str() << "'";
      }
      Previous = Ptr;
    }
  }

  SourceMgr SM;
  DiagnosticEngine Diags{SM};
  std::optional<YAMLSource> Source;
  YAMLNode Missing;
};

TEST_F(ScalarSourceMapTest, PlainScalar) {
  const YAMLNode &Root = load("key: plain  text\n");
  const YAMLNode &Value = get(Root, "key");
  EXPECT_EQ(Value.scalar(), "plain  text");
  EXPECT_EQ(at(Value, 0), (LineColumn{1, 6}));
  EXPECT_EQ(find(Value, "text"), (LineColumn{1, 13}));
  ScalarSourceMap Map(Value);
  EXPECT_EQ(Map.quote(), 0);
  EXPECT_EQ(at(Map.tokenRange().Start), (LineColumn{1, 6}));
  EXPECT_EQ(at(Map.tokenRange().End), (LineColumn{1, 17}));
  // One past the last character.
  EXPECT_EQ(at(Value, Value.scalar().size()), (LineColumn{1, 17}));
  expectFaithful(Value);
}

TEST_F(ScalarSourceMapTest, PlainScalarFoldedOverLines) {
  const YAMLNode &Root = load("key: first line   \n"
                              "  second   line\n"
                              "\n"
                              "  third\n"
                              "other: x\n");
  const YAMLNode &Value = get(Root, "key");
  EXPECT_EQ(Value.scalar(), "first line second   line\nthird");
  // The folded space is the line break; trailing blanks are not the value.
  EXPECT_EQ(at(Value, 10), (LineColumn{1, 19}));
  EXPECT_EQ(find(Value, "second"), (LineColumn{2, 3}));
  EXPECT_EQ(find(Value, "line\nthird") , (LineColumn{2, 12}));
  EXPECT_EQ(find(Value, "third"), (LineColumn{4, 3}));
  expectFaithful(Value);
}

TEST_F(ScalarSourceMapTest, PlainScalarWithCRLF) {
  const YAMLNode &Root = load("key: one\r\n  two\r\n");
  const YAMLNode &Value = get(Root, "key");
  EXPECT_EQ(Value.scalar(), "one two");
  EXPECT_EQ(find(Value, "two"), (LineColumn{2, 3}));
  expectFaithful(Value);
}

TEST_F(ScalarSourceMapTest, SingleQuotedDoublesQuotes) {
  const YAMLNode &Root = load("key: 'it''s a ''test'''\n");
  const YAMLNode &Value = get(Root, "key");
  EXPECT_EQ(Value.scalar(), "it's a 'test'");
  ScalarSourceMap Map(Value);
  EXPECT_EQ(Map.quote(), '\'');
  EXPECT_EQ(at(Value, 0), (LineColumn{1, 7}));
  // The quote of `''` is its first quote; the range covers both.
  EXPECT_EQ(at(Value, 2), (LineColumn{1, 9}));
  EXPECT_EQ(at(Map.rangeForOffsets(2, 3).End), (LineColumn{1, 11}));
  EXPECT_EQ(at(Value, 3), (LineColumn{1, 11}));
  EXPECT_EQ(find(Value, "test"), (LineColumn{1, 17}));
  EXPECT_EQ(at(Value, 12), (LineColumn{1, 21}));
  // One past the last character is the closing quote; the token ends after.
  EXPECT_EQ(at(Value, Value.scalar().size()), (LineColumn{1, 23}));
  EXPECT_EQ(at(Map.tokenRange().Start), (LineColumn{1, 6}));
  EXPECT_EQ(at(Map.tokenRange().End), (LineColumn{1, 24}));
  expectFaithful(Value);
}

TEST_F(ScalarSourceMapTest, SingleQuotedFoldedOverLines) {
  const YAMLNode &Root = load("key: 'a ''b''\n"
                              "     c'\n");
  const YAMLNode &Value = get(Root, "key");
  EXPECT_EQ(Value.scalar(), "a 'b' c");
  EXPECT_EQ(at(Value, 5), (LineColumn{1, 14}));
  EXPECT_EQ(find(Value, "c"), (LineColumn{2, 6}));
  expectFaithful(Value);
}

TEST_F(ScalarSourceMapTest, DoubleQuotedEscapes) {
  const YAMLNode &Root =
      load("key: \"a\\tb\\x41\\u00e9c\\\\d\\\"e\\U0001F600\"\n");
  const YAMLNode &Value = get(Root, "key");
  EXPECT_EQ(Value.scalar(), "a\tbA\xC3\xA9"
                            "c\\d\"e\xF0\x9F\x98\x80");
  ScalarSourceMap Map(Value);
  EXPECT_EQ(Map.quote(), '"');
  EXPECT_EQ(at(Value, 0), (LineColumn{1, 7}));
  EXPECT_EQ(at(Value, 1), (LineColumn{1, 8}));  // \t
  EXPECT_EQ(at(Value, 2), (LineColumn{1, 10})); // b
  EXPECT_EQ(at(Value, 3), (LineColumn{1, 11})); // \x41
  EXPECT_EQ(at(Map.rangeForOffsets(3, 4).End), (LineColumn{1, 15}));
  // Both UTF-8 bytes of \u00e9 point at the escape, which the range spans.
  EXPECT_EQ(at(Value, 4), (LineColumn{1, 15}));
  EXPECT_EQ(at(Value, 5), (LineColumn{1, 15}));
  EXPECT_EQ(at(Map.rangeForOffsets(4, 6).End), (LineColumn{1, 21}));
  EXPECT_EQ(at(Value, 6), (LineColumn{1, 21})); // c
  EXPECT_EQ(at(Value, 7), (LineColumn{1, 22})); // \\ .
  EXPECT_EQ(at(Value, 8), (LineColumn{1, 24})); // d
  EXPECT_EQ(at(Value, 9), (LineColumn{1, 25})); // \"
  EXPECT_EQ(at(Value, 10), (LineColumn{1, 27})); // e
  for (size_t Byte = 11; Byte < 15; ++Byte)
    EXPECT_EQ(at(Value, Byte), (LineColumn{1, 28})); // \U0001F600
  EXPECT_EQ(at(Map.rangeForOffsets(11, 15).End), (LineColumn{1, 38}));
  EXPECT_EQ(at(Value, 15), (LineColumn{1, 38})); // the closing quote
  EXPECT_EQ(at(Map.tokenRange().End), (LineColumn{1, 39}));
  expectFaithful(Value);
}

TEST_F(ScalarSourceMapTest, DoubleQuotedLineBreaks) {
  const YAMLNode &Root = load("a: \"one   \n"
                              "    two\"\n"
                              "b: \"one \\\n"
                              "    two\"\n"
                              "c: \"one\n"
                              "\n"
                              "    two\"\n");
  // Trailing blanks go; the break is the space.
  const YAMLNode &A = get(Root, "a");
  EXPECT_EQ(A.scalar(), "one two");
  EXPECT_EQ(at(A, 3), (LineColumn{1, 11}));
  EXPECT_EQ(find(A, "two"), (LineColumn{2, 5}));
  expectFaithful(A);
  // An escaped break keeps the blank before it and joins without a space.
  const YAMLNode &B = get(Root, "b");
  EXPECT_EQ(B.scalar(), "one two");
  EXPECT_EQ(at(B, 3), (LineColumn{3, 8}));
  EXPECT_EQ(find(B, "two"), (LineColumn{4, 5}));
  expectFaithful(B);
  // An empty line is a newline.
  const YAMLNode &C = get(Root, "c");
  EXPECT_EQ(C.scalar(), "one\ntwo");
  EXPECT_EQ(find(C, "two"), (LineColumn{7, 5}));
  expectFaithful(C);
}

// Formulas in the style of derivatives.yaml: a quoted value that continues on
// indented lines, with leading spaces kept and double spaces inside.
TEST_F(ScalarSourceMapTest, MultiLineFormulas) {
  const YAMLNode &Root = load(
      "- name: hardswish(Tensor self) -> Tensor\n"                      // 1
      "  self: \"grad * at::where(self > 0,\n"                          // 2
      "         self.sgn(), other)\n"                                   // 3
      "         + other\"\n"                                            // 4
      "  result: \"hardswish_backward(grad_output_t, self_p)\n"         // 5
      "          + at::where(at::logical_and(-3.0 < self_p, self_p < "  // 6
      "3.0), self_t * grad_output_p / 3.0, at::zeros({}, "              //
      "self_p.options()))\"\n"                                          //
      "  other: \"  mse_loss_double_backward(self_t * grad_output_p)\n" // 7
      "           - mse_loss_double_backward(target_t,  target_p)\"\n"  // 8
      "  i1, i2: \"_trilinear_backward(grad,\n"                         // 9
      "               wrap_opt_if(i1, grad_input_mask[1] || x),\n"      // 10
      "               wrap_opt_if(i2, grad_input_mask[0]))\"\n");       // 11
  const YAMLNode &Entry = Root.items()[0];

  const YAMLNode &Self = get(Entry, "self");
  EXPECT_EQ(Self.scalar(),
            "grad * at::where(self > 0, self.sgn(), other) + other");
  EXPECT_EQ(find(Self, "grad"), (LineColumn{2, 10}));
  EXPECT_EQ(find(Self, "self.sgn"), (LineColumn{3, 10}));
  EXPECT_EQ(find(Self, "+ other"), (LineColumn{4, 10}));
  EXPECT_EQ(at(Self, Self.scalar().size()), (LineColumn{4, 17}));
  expectFaithful(Self);

  const YAMLNode &Result = get(Entry, "result");
  EXPECT_EQ(find(Result, "self_p)"), (LineColumn{5, 46}));
  EXPECT_EQ(find(Result, "+ at::where"), (LineColumn{6, 11}));
  EXPECT_EQ(find(Result, "at::zeros"), (LineColumn{6, 99}));
  expectFaithful(Result);

  const YAMLNode &Other = get(Entry, "other");
  EXPECT_EQ(Other.scalar().substr(0, 4), "  ms");
  EXPECT_EQ(at(Other, 0), (LineColumn{7, 11}));
  EXPECT_EQ(find(Other, "- mse"), (LineColumn{8, 12}));
  EXPECT_EQ(find(Other, " target_p"), (LineColumn{8, 49}));
  // A range over part of the formula ends on its last character.
  size_t Begin = StringRef(Other.scalar()).find("target_t");
  SMRange Range = ScalarSourceMap(Other).rangeForOffsets(Begin, Begin + 8);
  EXPECT_EQ(at(Range.Start), (LineColumn{8, 39}));
  EXPECT_EQ(at(Range.End), (LineColumn{8, 47}));
  expectFaithful(Other);

  const YAMLNode &Trilinear = get(Entry, "i1, i2");
  EXPECT_EQ(find(Trilinear, "wrap_opt_if(i2"), (LineColumn{11, 16}));
  EXPECT_EQ(find(Trilinear, "|| x"), (LineColumn{10, 51}));
  expectFaithful(Trilinear);
}

TEST_F(ScalarSourceMapTest, BlockScalars) {
  const YAMLNode &Root = load("lit: |\n"
                              "  line one\n"
                              "    indented\n"
                              "\n"
                              "  end\n"
                              "fold: >-\n"
                              "  folded\n"
                              "  text\n");
  const YAMLNode &Literal = get(Root, "lit");
  EXPECT_EQ(Literal.scalar(), "line one\n  indented\n\nend\n");
  EXPECT_EQ(at(Literal, 0), (LineColumn{2, 3}));
  // The kept indentation is the two spaces after the block's own.
  EXPECT_EQ(at(Literal, 9), (LineColumn{3, 3}));
  EXPECT_EQ(find(Literal, "indented"), (LineColumn{3, 5}));
  EXPECT_EQ(find(Literal, "end"), (LineColumn{5, 3}));
  EXPECT_EQ(at(Literal, 8), (LineColumn{2, 11})); // the first newline
  expectFaithful(Literal);

  const YAMLNode &Folded = get(Root, "fold");
  EXPECT_EQ(Folded.scalar(), "folded text");
  EXPECT_EQ(at(Folded, 6), (LineColumn{7, 9}));
  EXPECT_EQ(find(Folded, "text"), (LineColumn{8, 3}));
  expectFaithful(Folded);
}

TEST_F(ScalarSourceMapTest, NodePropertiesAndFlowCollections) {
  const YAMLNode &Root = load("tagged: !!str \"q r\"\n"
                              "anchored: &a 'x'\n"
                              "list: [p, \"q\\tr\"]\n");
  const YAMLNode &Tagged = get(Root, "tagged");
  EXPECT_EQ(find(Tagged, "r"), (LineColumn{1, 18}));
  EXPECT_EQ(at(ScalarSourceMap(Tagged).tokenRange().Start),
            (LineColumn{1, 15}));
  EXPECT_EQ(at(get(Root, "anchored"), 0), (LineColumn{2, 15}));
  const YAMLNode &Second = get(Root, "list").items()[1];
  EXPECT_EQ(at(Second, 2), (LineColumn{3, 15}));
  EXPECT_EQ(at(ScalarSourceMap(Second).tokenRange().End), (LineColumn{3, 17}));
}

TEST_F(ScalarSourceMapTest, LocatedValueAndOutOfRangeOffsets) {
  const YAMLNode &Root = load("key: \"abc\"\n");
  Located<std::string> Value = get(Root, "key").located();
  EXPECT_EQ(*Value, "abc");
  EXPECT_EQ(at(Value.Range.Start), (LineColumn{1, 6}));
  EXPECT_EQ(at(Value.Range.End), (LineColumn{1, 11}));
  // Offsets past the end clamp to one past the last character.
  EXPECT_EQ(at(get(Root, "key"), 100), (LineColumn{1, 10}));
  ScalarSourceMap Map(get(Root, "key"));
  EXPECT_EQ(Map.rangeForOffsets(1, 1).Start, Map.rangeForOffsets(1, 1).End);
}

} // namespace
