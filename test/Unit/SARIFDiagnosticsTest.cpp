//===- SARIFDiagnosticsTest.cpp - The SARIF 2.1.0 format ------------------===//
//
// The shape that viewers rely on; test/Support/sarif-schema.test validates
// the same output against the official schema.
//
//===----------------------------------------------------------------------===//

#include "DiagnosticsTestUtil.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

class SARIFFormatTest : public DiagnosticsFixture {
protected:
  void SetUp() override {
    ID = addBuffer("/work/in put.yaml",
                   "- name: foo\n- name: \xC3\xA9t\xC3\xA9 bar\n");
    Other = addBuffer("/work/other.yaml", "x: 1\n");
    Diags.setConsumer(createSARIFDiagnosticConsumer(OS));
  }
  unsigned ID = 0, Other = 0;
};

TEST_F(SARIFFormatTest, LogToolRulesAndArtifacts) {
  Diags.report(diag::schema_syntax, locOf(ID, "foo"), "first");
  Diags.report(diag::formula_undeclared_helper, locOf(Other, "x"), "second");
  Diags.report(diag::schema_syntax, locOf(ID, "bar"), "third");
  json::Value Log = finishAndParse();

  EXPECT_EQ(stringAt(Log, {"version"}), "2.1.0");
  EXPECT_TRUE(StringRef(stringAt(Log, {"$schema"}))
                  .endswith("sarif-schema-2.1.0.json"));
  ASSERT_EQ(sizeAt(Log, {"runs"}), 1u);
  EXPECT_EQ(stringAt(Log, {"runs", 0, "columnKind"}), "unicodeCodePoints");
  EXPECT_EQ(stringAt(Log, {"runs", 0, "tool", "driver", "name"}), "gradgen");
  EXPECT_NE(stringAt(Log, {"runs", 0, "tool", "driver", "version"}),
            "<missing>");
  std::string InformationURI =
      stringAt(Log, {"runs", 0, "tool", "driver", "informationUri"});
  EXPECT_TRUE(StringRef(InformationURI).contains("://")) << InformationURI;

  // One rule per id, in order of first use; results point at it.
  ASSERT_EQ(sizeAt(Log, {"runs", 0, "tool", "driver", "rules"}), 2u);
  EXPECT_EQ(stringAt(Log, {"runs", 0, "tool", "driver", "rules", 0, "id"}),
            "schema.syntax");
  EXPECT_EQ(stringAt(Log, {"runs", 0, "tool", "driver", "rules", 1, "id"}),
            "formula.undeclared-helper");
  ASSERT_EQ(sizeAt(Log, {"runs", 0, "results"}), 3u);
  EXPECT_EQ(stringAt(Log, {"runs", 0, "results", 0, "ruleId"}),
            "schema.syntax");
  EXPECT_EQ(intAt(Log, {"runs", 0, "results", 0, "ruleIndex"}), 0);
  EXPECT_EQ(intAt(Log, {"runs", 0, "results", 1, "ruleIndex"}), 1);
  EXPECT_EQ(intAt(Log, {"runs", 0, "results", 2, "ruleIndex"}), 0);
  EXPECT_EQ(stringAt(Log, {"runs", 0, "results", 0, "level"}), "error");
  EXPECT_EQ(stringAt(Log, {"runs", 0, "results", 1, "level"}), "warning");
  EXPECT_EQ(stringAt(Log, {"runs", 0, "results", 1, "message", "text"}),
            "second");

  // Artifacts: absolute, percent-encoded file URIs, indexed.
  ASSERT_EQ(sizeAt(Log, {"runs", 0, "artifacts"}), 2u);
  EXPECT_EQ(stringAt(Log, {"runs", 0, "artifacts", 0, "location", "uri"}),
            "file:///work/in%20put.yaml");
  EXPECT_EQ(intAt(Log, {"runs", 0, "artifacts", 0, "location", "index"}), 0);
  EXPECT_EQ(intAt(Log, {"runs", 0, "artifacts", 0, "length"}),
            static_cast<int64_t>(SM.getMemoryBuffer(ID)->getBufferSize()));
  EXPECT_EQ(stringAt(Log, {"runs", 0, "artifacts", 1, "location", "uri"}),
            "file:///work/other.yaml");
  EXPECT_EQ(stringAt(Log, {"runs", 0, "results", 1, "locations", 0,
                           "physicalLocation", "artifactLocation", "uri"}),
            "file:///work/other.yaml");
  EXPECT_EQ(intAt(Log, {"runs", 0, "results", 1, "locations", 0,
                        "physicalLocation", "artifactLocation", "index"}),
            1);
}

TEST_F(SARIFFormatTest, RegionsCountCodePointsAndEndAfterTheLastCharacter) {
  Diags.report(diag::schema_syntax, locOf(ID, "bar"), "point");
  Diags.report(diag::schema_syntax, locOf(ID, "t\xC3\xA9 bar"), "range")
      .range(rangeOf(ID, "t\xC3\xA9 ba"))
      .range(rangeOf(ID, "foo"));
  json::Value Log = finishAndParse();
  auto Region = [&](int Result, const char *Key) {
    return intAt(Log, {"runs", 0, "results", Result, "locations", 0,
                       "physicalLocation", "region", Key});
  };
  // "- name: été bar": 'b' is byte 15 but code point 13.
  EXPECT_EQ(Region(0, "startLine"), 2);
  EXPECT_EQ(Region(0, "startColumn"), 13);
  EXPECT_EQ(Region(0, "endLine"), 2);
  EXPECT_EQ(Region(0, "endColumn"), 14);
  // The range holding the location is the region; others are annotations.
  EXPECT_EQ(Region(1, "startColumn"), 10);
  EXPECT_EQ(Region(1, "endColumn"), 15);
  auto Annotation = [&](const char *Key) {
    return intAt(Log, {"runs", 0, "results", 1, "locations", 0, "annotations",
                       0, Key});
  };
  EXPECT_EQ(Annotation("startLine"), 1);
  EXPECT_EQ(Annotation("startColumn"), 9);
  EXPECT_EQ(Annotation("endColumn"), 12);
}

TEST_F(SARIFFormatTest, RangeEndingWithALineBreak) {
  SMRange Line = rangeOf(ID, "- name: foo\n");
  Diags.report(diag::schema_syntax, Line.Start, "whole line").range(Line);
  json::Value Log = finishAndParse();
  auto Region = [&](const char *Key) {
    return intAt(Log, {"runs", 0, "results", 0, "locations", 0,
                       "physicalLocation", "region", Key});
  };
  // endLine is the line of the last character, the line break itself.
  EXPECT_EQ(Region("startLine"), 1);
  EXPECT_EQ(Region("endLine"), 1);
  EXPECT_EQ(Region("endColumn"), 13);
}

TEST_F(SARIFFormatTest, NotesAreRelatedLocationsAndFixItsAreFixes) {
  Diags.report(diag::schema_syntax, locOf(ID, "foo"), "unknown")
      .range(rangeOf(ID, "foo"))
      .fixIt(rangeOf(ID, "foo"), "bar")
      .fixIt(rangeOf(Other, "1"), "")
      .note(locOf(Other, "x"), "defined here")
      .note(locOf(Other, "x"), "defined here")
      .note(SMLoc(), "without location");
  json::Value Log = finishAndParse();
  const json::Value &Result = *at(Log, {"runs", 0, "results", 0});

  ASSERT_EQ(sizeAt(Result, {"relatedLocations"}), 3u);
  EXPECT_EQ(intAt(Result, {"relatedLocations", 0, "id"}), 0);
  EXPECT_EQ(intAt(Result, {"relatedLocations", 1, "id"}), 1);
  EXPECT_EQ(stringAt(Result, {"relatedLocations", 0, "message", "text"}),
            "defined here");
  EXPECT_EQ(stringAt(Result, {"relatedLocations", 0, "physicalLocation",
                              "artifactLocation", "uri"}),
            "file:///work/other.yaml");
  EXPECT_EQ(intAt(Result, {"relatedLocations", 0, "physicalLocation", "region",
                           "startLine"}),
            1);
  EXPECT_EQ(at(Result, {"relatedLocations", 2, "physicalLocation"}), nullptr);
  EXPECT_EQ(stringAt(Result, {"relatedLocations", 2, "message", "text"}),
            "without location");

  // One fix with a change per artifact.
  ASSERT_EQ(sizeAt(Result, {"fixes"}), 1u);
  ASSERT_EQ(sizeAt(Result, {"fixes", 0, "artifactChanges"}), 2u);
  const json::Value &First = *at(Result, {"fixes", 0, "artifactChanges", 0});
  EXPECT_EQ(stringAt(First, {"artifactLocation", "uri"}),
            "file:///work/in%20put.yaml");
  EXPECT_EQ(intAt(First, {"replacements", 0, "deletedRegion", "startColumn"}),
            9);
  EXPECT_EQ(intAt(First, {"replacements", 0, "deletedRegion", "endColumn"}),
            12);
  EXPECT_EQ(stringAt(First, {"replacements", 0, "insertedContent", "text"}),
            "bar");
  // A deletion has no insertedContent.
  const json::Value &Second = *at(Result, {"fixes", 0, "artifactChanges", 1});
  EXPECT_EQ(at(Second, {"replacements", 0, "insertedContent"}), nullptr);
}

TEST_F(SARIFFormatTest, ResultsWithoutLocationOrRule) {
  Diags.report(diag::driver_io, SMLoc(), "cannot read 'x'");
  Diagnostic Anonymous;
  Anonymous.Loc = locOf(ID, "foo");
  Anonymous.Message = "no rule";
  Diags.report(Anonymous);
  json::Value Log = finishAndParse();
  EXPECT_EQ(at(Log, {"runs", 0, "results", 0, "locations"}), nullptr);
  EXPECT_EQ(stringAt(Log, {"runs", 0, "results", 0, "ruleId"}), "driver.io");
  EXPECT_EQ(at(Log, {"runs", 0, "results", 1, "ruleId"}), nullptr);
  EXPECT_EQ(at(Log, {"runs", 0, "results", 1, "ruleIndex"}), nullptr);
  EXPECT_EQ(sizeAt(Log, {"runs", 0, "tool", "driver", "rules"}), 1u);
}

TEST_F(SARIFFormatTest, EmptyRunHasEmptyResults) {
  json::Value Log = finishAndParse();
  ASSERT_NE(at(Log, {"runs", 0, "results"}), nullptr);
  EXPECT_EQ(sizeAt(Log, {"runs", 0, "results"}), 0u);
}

} // namespace
