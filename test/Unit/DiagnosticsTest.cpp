//===- DiagnosticsTest.cpp - The engine's filters and the JSON format -----===//

#include "DiagnosticsTestUtil.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

class EngineTest : public DiagnosticsFixture {
protected:
  void SetUp() override {
    ID = addBuffer("input.yaml", "- name: foo\n- name: bar\n");
    Diags.setConsumer(std::make_unique<CollectingConsumer>(Seen));
  }

  unsigned ID = 0;
  std::vector<Diagnostic> Seen;
};

TEST_F(EngineTest, BuilderReportsOnceWithRangesFixItsAndNotes) {
  {
    DiagnosticBuilder Builder = Diags.report(
        diag::yaml_syntax, locOf(ID, "foo"), "bad " + Twine("name"));
    Builder.range(rangeOf(ID, "foo"))
        .range(SMRange()) // dropped
        .fixIt(rangeOf(ID, "foo"), "baz")
        .note(locOf(ID, "bar"), "other here", rangeOf(ID, "bar"));
    EXPECT_TRUE(Seen.empty()) << "reported before the builder is done";
  }
  ASSERT_EQ(Seen.size(), 1u);
  const Diagnostic &Diag = Seen[0];
  EXPECT_EQ(Diag.Level, Severity::Error);
  EXPECT_EQ(Diag.RuleID, "yaml.syntax");
  EXPECT_EQ(Diag.Message, "bad name");
  ASSERT_EQ(Diag.Ranges.size(), 1u);
  ASSERT_EQ(Diag.FixIts.size(), 1u);
  EXPECT_EQ(Diag.FixIts[0].Replacement, "baz");
  ASSERT_EQ(Diag.Notes.size(), 1u);
  EXPECT_EQ(Diag.Notes[0].Level, Severity::Note);
  EXPECT_EQ(Diag.Notes[0].Message, "other here");
  EXPECT_EQ(Diag.Notes[0].Ranges.size(), 1u);
  EXPECT_EQ(Diags.getNumErrors(), 1u);
  EXPECT_FALSE(Diags.finish());
}

TEST_F(EngineTest, WarningsAloneSucceed) {
  Diags.report(diag::formula_cache, locOf(ID, "foo"), "hm");
  EXPECT_EQ(Diags.getNumWarnings(), 1u);
  EXPECT_EQ(Diags.getNumErrors(), 0u);
  EXPECT_TRUE(Diags.finish());
}

TEST_F(EngineTest, WerrorMakesWarningsErrors) {
  Diags.setWarningsAsErrors(true);
  Diags.report(diag::formula_cache, locOf(ID, "foo"), "hm");
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].Level, Severity::Error);
  EXPECT_EQ(Seen[0].RuleID, "formula.cache");
  EXPECT_EQ(Diags.getNumErrors(), 1u);
  EXPECT_EQ(Diags.getNumWarnings(), 0u);
  EXPECT_FALSE(Diags.finish());
}

TEST_F(EngineTest, IgnoredWarningsAreDropped) {
  Diags.setIgnoreWarnings(true);
  Diags.setWarningsAsErrors(true);
  Diags.report(diag::formula_cache, locOf(ID, "foo"), "hm");
  EXPECT_TRUE(Seen.empty());
  EXPECT_TRUE(Diags.finish());
}

TEST_F(EngineTest, ErrorLimitStopsWithOneFatalError) {
  Diags.setErrorLimit(2);
  for (int I = 0; I < 5; ++I)
    Diags.report(diag::yaml_syntax, locOf(ID, "foo"), "error " + Twine(I))
        .note(locOf(ID, "bar"), "note");
  Diags.report(diag::formula_cache, locOf(ID, "bar"), "after the limit");
  ASSERT_EQ(Seen.size(), 3u);
  EXPECT_EQ(Seen[0].Message, "error 0");
  EXPECT_EQ(Seen[1].Message, "error 1");
  EXPECT_EQ(Seen[2].RuleID, "driver.error-limit");
  EXPECT_EQ(Seen[2].Level, Severity::Error);
  EXPECT_FALSE(Seen[2].Loc.isValid());
  EXPECT_TRUE(Seen[2].Notes.empty());
  EXPECT_FALSE(Diags.finish());
}

TEST_F(EngineTest, ErrorLimitZeroIsUnlimited) {
  Diags.setErrorLimit(0);
  for (int I = 0; I < 50; ++I)
    Diags.report(diag::yaml_syntax, locOf(ID, "foo"), "error");
  EXPECT_EQ(Seen.size(), 50u);
  EXPECT_EQ(Diags.getNumErrors(), 50u);
}

TEST_F(EngineTest, WarningsBelowTheLimitDoNotCount) {
  Diags.setErrorLimit(1);
  Diags.report(diag::formula_cache, locOf(ID, "foo"), "w1");
  Diags.report(diag::formula_cache, locOf(ID, "foo"), "w2");
  Diags.report(diag::yaml_syntax, locOf(ID, "foo"), "e1");
  EXPECT_EQ(Seen.size(), 3u);
  Diags.report(diag::yaml_syntax, locOf(ID, "foo"), "e2");
  ASSERT_EQ(Seen.size(), 4u);
  EXPECT_EQ(Seen[3].RuleID, "driver.error-limit");
}

TEST_F(EngineTest, PresumedLoc) {
  PresumedLoc Loc = getPresumedLoc(SM, locOf(ID, "bar"));
  EXPECT_TRUE(Loc.isValid());
  EXPECT_EQ(Loc.BufferID, ID);
  EXPECT_EQ(Loc.Filename, "input.yaml");
  EXPECT_EQ(Loc.Line, 2u);
  EXPECT_EQ(Loc.Column, 9u);
  EXPECT_FALSE(getPresumedLoc(SM, SMLoc()).isValid());
}

class JSONFormatTest : public DiagnosticsFixture {
protected:
  void SetUp() override {
    ID = addBuffer("dir/input.yaml",
                   "- name: foo\n- name: \xC3\xA9t\xC3\xA9\n");
    Diags.setConsumer(createJSONDiagnosticConsumer(OS));
  }
  unsigned ID = 0;
};

TEST_F(JSONFormatTest, DocumentShape) {
  Diags.report(diag::yaml_syntax, locOf(ID, "foo"), "unknown 'foo'")
      .range(rangeOf(ID, "foo"))
      .fixIt(rangeOf(ID, "foo"), "bar")
      .note(locOf(ID, "name"), "in this entry");
  Diags.report(diag::formula_cache, locOf(ID, "t\xC3\xA9"), "accents");
  Diags.report(diag::driver_io, SMLoc(), "cannot read 'x'");
  json::Value Doc = finishAndParse();

  EXPECT_EQ(intAt(Doc, {"version"}), 1);
  EXPECT_EQ(stringAt(Doc, {"tool", "name"}), "gradgen");
  EXPECT_EQ(intAt(Doc, {"errors"}), 2);
  EXPECT_EQ(intAt(Doc, {"warnings"}), 1);
  ASSERT_EQ(sizeAt(Doc, {"diagnostics"}), 3u);

  EXPECT_EQ(stringAt(Doc, {"diagnostics", 0, "severity"}), "error");
  EXPECT_EQ(stringAt(Doc, {"diagnostics", 0, "rule"}), "yaml.syntax");
  EXPECT_EQ(stringAt(Doc, {"diagnostics", 0, "file"}), "dir/input.yaml");
  EXPECT_EQ(intAt(Doc, {"diagnostics", 0, "line"}), 1);
  EXPECT_EQ(intAt(Doc, {"diagnostics", 0, "column"}), 9);
  EXPECT_EQ(stringAt(Doc, {"diagnostics", 0, "message"}), "unknown 'foo'");
  // Ranges end one past their last character.
  EXPECT_EQ(intAt(Doc, {"diagnostics", 0, "ranges", 0, "start", "column"}), 9);
  EXPECT_EQ(intAt(Doc, {"diagnostics", 0, "ranges", 0, "end", "line"}), 1);
  EXPECT_EQ(intAt(Doc, {"diagnostics", 0, "ranges", 0, "end", "column"}), 12);
  EXPECT_EQ(stringAt(Doc, {"diagnostics", 0, "ranges", 0, "file"}),
            "dir/input.yaml");
  EXPECT_EQ(stringAt(Doc, {"diagnostics", 0, "fixits", 0, "replacement"}),
            "bar");
  EXPECT_EQ(
      intAt(Doc, {"diagnostics", 0, "fixits", 0, "range", "end", "column"}),
      12);
  // Notes have the same shape, nested.
  EXPECT_EQ(stringAt(Doc, {"diagnostics", 0, "notes", 0, "severity"}), "note");
  EXPECT_TRUE(at(Doc, {"diagnostics", 0, "notes", 0, "rule"})->getAsNull());
  EXPECT_EQ(intAt(Doc, {"diagnostics", 0, "notes", 0, "column"}), 3);
  EXPECT_EQ(sizeAt(Doc, {"diagnostics", 0, "notes", 0, "notes"}), 0u);

  // Columns count bytes, as the text format does.
  EXPECT_EQ(intAt(Doc, {"diagnostics", 1, "line"}), 2);
  EXPECT_EQ(intAt(Doc, {"diagnostics", 1, "column"}), 11);

  // Every key is present; those without a value are null.
  EXPECT_EQ(stringAt(Doc, {"diagnostics", 2, "rule"}), "driver.io");
  EXPECT_TRUE(at(Doc, {"diagnostics", 2, "file"})->getAsNull());
  EXPECT_TRUE(at(Doc, {"diagnostics", 2, "line"})->getAsNull());
  EXPECT_TRUE(at(Doc, {"diagnostics", 2, "column"})->getAsNull());
  EXPECT_EQ(sizeAt(Doc, {"diagnostics", 2, "ranges"}), 0u);
}

TEST_F(JSONFormatTest, EmptyRunIsAnEmptyList) {
  json::Value Doc = finishAndParse();
  EXPECT_EQ(intAt(Doc, {"errors"}), 0);
  ASSERT_NE(at(Doc, {"diagnostics"}), nullptr);
  EXPECT_EQ(sizeAt(Doc, {"diagnostics"}), 0u);
}

TEST_F(JSONFormatTest, InvalidUTF8IsRepaired) {
  Diags.report(diag::yaml_syntax, locOf(ID, "foo"), "bad byte \xFF here");
  json::Value Doc = finishAndParse();
  std::string Message = stringAt(Doc, {"diagnostics", 0, "message"});
  EXPECT_TRUE(StringRef(Message).startswith("bad byte "));
  EXPECT_TRUE(json::isUTF8(Message));
}

} // namespace

namespace {

TEST(DiagnosticKindsTest, EveryRuleIsWellFormedUniqueAndFound) {
  Regex RuleShape("^[a-z]+\\.[a-z0-9]+(-[a-z0-9]+)*$");
  StringSet<> Seen;
  for (unsigned K = 0; K != diag::NumKinds; ++K) {
    const diag::KindInfo &Info = diag::info(static_cast<diag::Kind>(K));
    EXPECT_TRUE(RuleShape.match(Info.Rule)) << Info.Rule.str();
    EXPECT_TRUE(Seen.insert(Info.Rule).second) << "twice: " << Info.Rule.str();
    EXPECT_FALSE(Info.Summary.empty()) << Info.Rule.str();
    EXPECT_NE(Info.DefaultSeverity, Severity::Note) << Info.Rule.str();
    EXPECT_EQ(diag::lookupRule(Info.Rule), static_cast<diag::Kind>(K));
  }
  EXPECT_EQ(diag::lookupRule("driver.input"), std::nullopt);
}

TEST(DiagnosticKindsTest, ReportTakesTheDeclaredSeverity) {
  SourceMgr SM;
  DiagnosticEngine Diags(SM);
  std::vector<Diagnostic> Seen;
  Diags.setConsumer(std::make_unique<test::CollectingConsumer>(Seen));
  Diags.report(diag::formula_cache, SMLoc(), "w");
  Diags.report(diag::driver_io, SMLoc(), "e");
  ASSERT_EQ(Seen.size(), 2u);
  EXPECT_EQ(Seen[0].Level, Severity::Warning);
  EXPECT_EQ(Seen[0].RuleID, "formula.cache");
  EXPECT_EQ(Seen[1].Level, Severity::Error);
  EXPECT_EQ(Seen[1].RuleID, "driver.io");
}

} // namespace
