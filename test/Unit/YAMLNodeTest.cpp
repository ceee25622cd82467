//===- YAMLNodeTest.cpp - The YAML document model -------------------------===//
//
// Values are PyYAML's (yaml.safe_load) for the same text.
//
//===----------------------------------------------------------------------===//

#include "DiagnosticsTestUtil.h"

#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

#include "gradgen/Support/InputFiles.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

class YAMLNodeTest : public DiagnosticsFixture {
protected:
  void SetUp() override {
    Diags.setConsumer(std::make_unique<CollectingConsumer>(Seen));
  }

  /// Parses Text; the document, or a null node after an error.
  const YAMLNode &parse(StringRef Text) {
    ID = addBuffer("test.yaml", Text);
    Source = YAMLSource::parseBuffer(ID, SM, Diags);
    return Source ? Source->root() : Missing;
  }

  /// Parses Text, expecting no error.
  const YAMLNode &load(StringRef Text) {
    const YAMLNode &Root = parse(Text);
    EXPECT_TRUE(Source.has_value());
    EXPECT_TRUE(Seen.empty()) << Seen.front().Message;
    return Root;
  }

  /// The value of Key in Map.
  const YAMLNode &get(const YAMLNode &Map, StringRef Key) {
    const YAMLNode *Value = Map.lookup(Key);
    EXPECT_TRUE(Value) << Key.str();
    return Value ? *Value : Missing;
  }

  /// "line:column" of Loc.
  std::string at(SMLoc Loc) {
    auto [Line, Column] = SM.getLineAndColumn(Loc);
    return std::to_string(Line) + ":" + std::to_string(Column);
  }

  /// The source text of Range.
  static StringRef textOf(SMRange Range) {
    return StringRef(Range.Start.getPointer(),
                     Range.End.getPointer() - Range.Start.getPointer());
  }

  /// Expects exactly one diagnostic, a yaml.syntax error at Where.
  void expectSyntaxError(StringRef Where, StringRef Message) {
    ASSERT_EQ(Seen.size(), 1u);
    EXPECT_EQ(Seen[0].RuleID, "yaml.syntax");
    EXPECT_EQ(at(Seen[0].Loc), Where);
    EXPECT_EQ(Seen[0].Message, Message);
    EXPECT_FALSE(Source.has_value());
  }

  unsigned ID = 0;
  std::vector<Diagnostic> Seen;
  std::optional<YAMLSource> Source;
  YAMLNode Missing;
};

TEST_F(YAMLNodeTest, MappingsKeepEntriesInOrder) {
  const YAMLNode &Root = load("b: 1\n"
                              "a: [x, y]\n"
                              "c:\n"
                              "  - p\n"
                              "  - {q: r}\n");
  ASSERT_TRUE(Root.isMap());
  ASSERT_EQ(Root.size(), 3u);
  EXPECT_EQ(Root.entries()[0].Key.scalar(), "b");
  EXPECT_EQ(Root.entries()[1].Key.scalar(), "a");
  EXPECT_EQ(Root.entries()[2].Key.scalar(), "c");
  const YAMLNode &A = get(Root, "a");
  ASSERT_TRUE(A.isSequence());
  EXPECT_EQ(A.size(), 2u);
  EXPECT_EQ(A.items()[1].scalar(), "y");
  const YAMLNode &C = get(Root, "c");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(get(C.items()[1], "q").scalar(), "r");
  EXPECT_EQ(Root.lookup("missing"), nullptr);
  // Only mappings have entries, only sequences items.
  EXPECT_EQ(A.lookup("x"), nullptr);
  EXPECT_TRUE(A.entries().empty());
  EXPECT_TRUE(Root.items().empty());
  EXPECT_EQ(get(Root, "b").size(), 0u);
}

TEST_F(YAMLNodeTest, NullsAreEmptyValuesAndPlainTildeOrNull) {
  const YAMLNode &Root = load("a:\n"
                              "b: ~\n"
                              "c: null\n"
                              "d: 'null'\n"
                              "e: NULL\n"
                              "g:\n");
  EXPECT_TRUE(get(Root, "a").isNull());
  EXPECT_TRUE(get(Root, "b").isNull());
  EXPECT_TRUE(get(Root, "c").isNull());
  EXPECT_TRUE(get(Root, "d").isScalar());
  EXPECT_EQ(get(Root, "d").scalar(), "null");
  EXPECT_TRUE(get(Root, "e").isNull());
  EXPECT_TRUE(get(Root, "g").isNull());
  // An empty value is where the next token starts.
  EXPECT_EQ(at(get(Root, "a").loc()), "2:1");
  EXPECT_EQ(at(get(Root, "b").loc()), "2:4");
  EXPECT_EQ(get(Root, "b").range().Start, get(Root, "b").range().End);
  EXPECT_EQ(get(Root, "b").scalar(), "");
}

TEST_F(YAMLNodeTest, ScalarStylesAndPyYAMLTyping) {
  const YAMLNode &Root = load("plain: True\n"
                              "single: 'True'\n"
                              "double: \"12\"\n"
                              "literal: |\n"
                              "  yes\n"
                              "folded: >-\n"
                              "  off\n"
                              "int: 12\n"
                              "float: 1.5\n"
                              "tagged: !!str 12\n"
                              "bool: !!bool 'yes'\n");
  EXPECT_EQ(get(Root, "plain").style(), YAMLNode::Style::Plain);
  EXPECT_EQ(get(Root, "single").style(), YAMLNode::Style::SingleQuoted);
  EXPECT_EQ(get(Root, "double").style(), YAMLNode::Style::DoubleQuoted);
  EXPECT_EQ(get(Root, "literal").style(), YAMLNode::Style::Literal);
  EXPECT_EQ(get(Root, "folded").style(), YAMLNode::Style::Folded);
  EXPECT_EQ(classifyYAMLValue(get(Root, "plain")), YAMLValueKind::Bool);
  EXPECT_EQ(getYAMLBool(get(Root, "plain")), true);
  EXPECT_EQ(classifyYAMLValue(get(Root, "single")), YAMLValueKind::String);
  EXPECT_EQ(classifyYAMLValue(get(Root, "double")), YAMLValueKind::String);
  EXPECT_EQ(classifyYAMLValue(get(Root, "literal")), YAMLValueKind::String);
  EXPECT_EQ(classifyYAMLValue(get(Root, "folded")), YAMLValueKind::String);
  EXPECT_EQ(classifyYAMLValue(get(Root, "int")), YAMLValueKind::Int);
  EXPECT_EQ(classifyYAMLValue(get(Root, "float")), YAMLValueKind::Float);
  EXPECT_EQ(get(Root, "tagged").tag(), "tag:yaml.org,2002:str");
  EXPECT_EQ(classifyYAMLValue(get(Root, "tagged")), YAMLValueKind::String);
  EXPECT_EQ(classifyYAMLValue(get(Root, "bool")), YAMLValueKind::Bool);
  EXPECT_EQ(classifyYAMLValue(Root), YAMLValueKind::Map);
}

TEST_F(YAMLNodeTest, QuotingStyles) {
  const YAMLNode &Root = load("single: 'it''s  ''quoted'''\n"
                              "double: \"tab\\there \\\"q\\\" \\u00e9\\x41\"\n"
                              "blanks: '  kept  '\n"
                              "empty: \"\"\n");
  EXPECT_EQ(get(Root, "single").scalar(), "it's  'quoted'");
  EXPECT_EQ(get(Root, "double").scalar(), "tab\there \"q\" \xC3\xA9"
                                          "A");
  EXPECT_EQ(get(Root, "blanks").scalar(), "  kept  ");
  EXPECT_TRUE(get(Root, "empty").isScalar());
  EXPECT_EQ(get(Root, "empty").scalar(), "");
  // A scalar's range is its whole token, quotes included.
  EXPECT_EQ(textOf(get(Root, "single").range()), "'it''s  ''quoted'''");
  EXPECT_EQ(textOf(get(Root, "empty").range()), "\"\"");
}

TEST_F(YAMLNodeTest, FlowScalarsFoldLines) {
  const YAMLNode &Root = load("plain: one   \n"
                              "  two\n"
                              "\n"
                              "  three\n"
                              "single: 'a\n"
                              "\n"
                              "\n"
                              "  b  '\n"
                              "double: \"x \\\n"
                              "   y\n"
                              "   z\"\n"
                              "next: end # comment\n");
  EXPECT_EQ(get(Root, "plain").scalar(), "one two\nthree");
  EXPECT_EQ(textOf(get(Root, "plain").range()), "one   \n  two\n\n  three");
  EXPECT_EQ(get(Root, "single").scalar(), "a\n\nb  ");
  EXPECT_EQ(get(Root, "double").scalar(), "x y z");
  EXPECT_EQ(textOf(get(Root, "next").range()), "end");
}

TEST_F(YAMLNodeTest, BlockScalars) {
  const YAMLNode &Root = load("clip: |\n"
                              "  one\n"
                              "    two\n"
                              "\n"
                              "strip: |-\n"
                              "  one\n"
                              "\n"
                              "keep: |+\n"
                              "  one\n"
                              "\n"
                              "folded: >\n"
                              "\n"
                              "  a\n"
                              "  b\n"
                              "\n"
                              "  c\n"
                              "    more\n"
                              "  d\n"
                              "comment: > # why\n"
                              "  x\n"
                              "last: x\n");
  EXPECT_EQ(get(Root, "clip").scalar(), "one\n  two\n");
  EXPECT_EQ(get(Root, "strip").scalar(), "one");
  EXPECT_EQ(get(Root, "keep").scalar(), "one\n\n");
  // Folding joins lines with a space, keeps the breaks around more indented
  // lines, and an empty line is a newline.
  EXPECT_EQ(get(Root, "folded").scalar(), "\na b\nc\n  more\nd\n");
  EXPECT_EQ(get(Root, "comment").scalar(), "x\n");
  // The range starts at the indicator.
  EXPECT_EQ(at(get(Root, "clip").loc()), "1:7");
  EXPECT_EQ(at(get(Root, "comment").loc()), "19:10");
  ScalarSourceMap Map(get(Root, "clip"));
  // The first kept space of "    two".
  EXPECT_EQ(at(Map.locForOffset(4)), "3:3");
}

TEST_F(YAMLNodeTest, CollectionLocations) {
  const YAMLNode &Root = load("- key: value\n"
                              "  flow: [ a, b ]\n"
                              "  map: {k: v}\n"
                              "  empty: []\n"
                              "  block:\n"
                              "    - item\n");
  EXPECT_EQ(at(Root.loc()), "1:1");
  const YAMLNode &Entry = Root.items()[0];
  EXPECT_EQ(at(Entry.loc()), "1:3");
  EXPECT_EQ(at(get(Entry, "flow").loc()), "2:9");
  EXPECT_EQ(at(get(Entry, "map").loc()), "3:8");
  EXPECT_EQ(at(get(Entry, "empty").loc()), "4:10");
  EXPECT_EQ(at(get(Entry, "block").loc()), "6:5");
}

TEST_F(YAMLNodeTest, EmptySequenceItemsAreNull) {
  const YAMLNode &Root = load("- \n"
                              "- a\n"
                              "-\n"
                              "- b\n"
                              "-\n");
  ASSERT_EQ(Root.size(), 5u);
  EXPECT_TRUE(Root.items()[0].isNull());
  EXPECT_EQ(Root.items()[1].scalar(), "a");
  EXPECT_TRUE(Root.items()[2].isNull());
  EXPECT_EQ(Root.items()[3].scalar(), "b");
  EXPECT_TRUE(Root.items()[4].isNull());
}

TEST_F(YAMLNodeTest, AnchorsAndAliases) {
  const YAMLNode &Root = load("a: &x [1, 2]\n"
                              "b: *x\n");
  EXPECT_EQ(get(Root, "b").size(), 2u);
  EXPECT_EQ(get(Root, "b").items()[1].scalar(), "2");
}

TEST_F(YAMLNodeTest, DuplicateKeysAreKeptAndReported) {
  const YAMLNode &Root = load("a: 1\n"
                              "b: 2\n"
                              "a: 3\n");
  ASSERT_EQ(Root.size(), 3u);
  EXPECT_EQ(get(Root, "a").scalar(), "1");
  EXPECT_FALSE(checkDuplicateKeys(Root, Diags));
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "yaml.duplicate-key");
  EXPECT_EQ(at(Seen[0].Loc), "3:1");
  ASSERT_EQ(Seen[0].Notes.size(), 1u);
  EXPECT_EQ(at(Seen[0].Notes[0].Loc), "1:1");
  EXPECT_TRUE(checkDuplicateKeys(get(Root, "b"), Diags));
}

TEST_F(YAMLNodeTest, SyntaxErrorsAreOneLocatedError) {
  parse("- func: a: b\n");
  expectSyntaxError(
      "1:10", "invalid YAML: Unexpected token. Expected Key or Block End");
}

TEST_F(YAMLNodeTest, UnterminatedQuote) {
  parse("a: 'x\n");
  expectSyntaxError("1:6", "invalid YAML: Expected quote at end of scalar");
}

TEST_F(YAMLNodeTest, InvalidEscape) {
  parse("a: \"x\\qy\"\n");
  expectSyntaxError("1:6", "invalid YAML: invalid escape sequence '\\q'");
}

TEST_F(YAMLNodeTest, UnknownAlias) {
  parse("a: *nope\n");
  expectSyntaxError("1:4",
                    "invalid YAML: alias '*nope' names no anchor before it");
}

TEST_F(YAMLNodeTest, OneDocumentOnly) {
  parse("a: 1\n"
        "---\n"
        "b: 2\n");
  expectSyntaxError("3:1",
                    "invalid YAML: expected a single document, found another");
}

TEST_F(YAMLNodeTest, StopsTheScannerDoesNotReport) {
  parse("%FOO bar\n"
        "---\n"
        "a: 1\n");
  expectSyntaxError("1:1",
                    "invalid YAML: cannot read the document from here on");
}

TEST_F(YAMLNodeTest, MisalignedKeyAfterComment) {
  parse("a: x # comment\n"
        "  b\n");
  expectSyntaxError(
      "2:3", "invalid YAML: this key is not aligned with the keys before it");
}

TEST_F(YAMLNodeTest, TagWithoutValue) {
  // LLVM's parser would take `b` for a key of a mapping under `a`.
  parse("a: !!str\n"
        "b: 1\n");
  expectSyntaxError("2:1", "invalid YAML: a tag or anchor needs a value here; "
                           "write '' or ~ after it");
}

TEST_F(YAMLNodeTest, EmptyDocumentIsNull) {
  EXPECT_TRUE(load("").isNull());
  EXPECT_TRUE(load("# only a comment\n").isNull());
}

TEST_F(YAMLNodeTest, LoadEndsTheTextWithALineBreak) {
  auto FS = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  FS->addFile("/in/a.yaml", 0, MemoryBuffer::getMemBuffer("- a\n- b:"));
  InputFiles Files(SM, FS);
  Source = YAMLSource::load("/in/a.yaml", Files, Diags);
  ASSERT_TRUE(Source.has_value());
  EXPECT_EQ(Files.inputs().vec(), std::vector<std::string>{"/in/a.yaml"});
  const YAMLNode &Root = Source->root();
  ASSERT_EQ(Root.size(), 2u);
  EXPECT_TRUE(Root.items()[1].isMap());
  EXPECT_TRUE(get(Root.items()[1], "b").isNull());
}

} // namespace
