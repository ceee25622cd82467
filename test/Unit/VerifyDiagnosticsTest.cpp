//===- VerifyDiagnosticsTest.cpp - The directive parser and matcher -------===//

#include "DiagnosticsTestUtil.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

class VerifyTest : public DiagnosticsFixture {
protected:
  void SetUp() override {
    Diags.setConsumer(createVerifyDiagnosticConsumer(OS));
  }

  /// Line N (1-based) of buffer ID.
  SMLoc line(unsigned ID, unsigned N) {
    return SM.FindLocForLineAndColumn(ID, N, 1);
  }

  bool finish() {
    bool Success = Diags.finish();
    OS.flush();
    return Success;
  }
};

TEST_F(VerifyTest, SameLineDirective) {
  unsigned ID = addBuffer("a.yaml", "- name: foo  # expected-error {{bad}}\n");
  Diags.report(diag::schema_syntax, line(ID, 1), "a bad name");
  EXPECT_TRUE(finish()) << Output;
  EXPECT_EQ(Output, "");
}

TEST_F(VerifyTest, ExpectedErrorsAreASuccessOfTheRun) {
  unsigned ID = addBuffer("a.yaml", "x: 1 # expected-error {{one}}\n");
  Diags.report(diag::schema_syntax, line(ID, 1), "one");
  EXPECT_EQ(Diags.getNumErrors(), 1u);
  EXPECT_TRUE(Diags.getConsumer().decidesOutcome());
  EXPECT_TRUE(finish());
}

TEST_F(VerifyTest, RelativeAndAbsoluteLines) {
  unsigned ID = addBuffer("a.yaml", "# expected-error@+2 {{two}}\n"
                                    "# expected-warning@4 {{four}}\n"
                                    "x: 1\n"
                                    "y: 2\n"
                                    "# expected-note@-2 {{three}}\n");
  Diags.report(diag::schema_syntax, line(ID, 3), "two");
  Diags.report(diag::formula_undeclared_helper, line(ID, 4), "four");
  Diagnostic Note;
  Note.Level = Severity::Note;
  Note.Loc = line(ID, 3);
  Note.Message = "three";
  Diags.report(Note);
  EXPECT_TRUE(finish()) << Output;
}

TEST_F(VerifyTest, LineInAnotherFile) {
  unsigned Native = addBuffer("/in/native_functions.yaml", "a\nb\nc\n");
  unsigned Derivatives = addBuffer(
      "/in/derivatives.yaml",
      "- name: foo # expected-error {{unknown}}\n"
      "# expected-note@native_functions.yaml:3 {{declared here}}\n");
  Diags.report(diag::schema_syntax, line(Derivatives, 1), "unknown operator")
      .note(line(Native, 3), "declared here");
  EXPECT_TRUE(finish()) << Output;
}

TEST_F(VerifyTest, NotesOfDiagnosticsAreMatchedToo) {
  unsigned ID = addBuffer("a.yaml", "x: 1 # expected-error {{e}}\n");
  Diags.report(diag::schema_syntax, line(ID, 1), "e").note(line(ID, 1), "n");
  EXPECT_FALSE(finish());
  EXPECT_EQ(Output, "error: 'expected-note' diagnostics seen but not "
                    "expected:\n  File a.yaml Line 1: n\n");
}

TEST_F(VerifyTest, Counts) {
  unsigned ID = addBuffer("a.yaml", "a # expected-error 2 {{two}}\n"
                                    "b # expected-error 1+ {{more}}\n"
                                    "c # expected-error 1-2 {{range}}\n"
                                    "d # expected-error + {{plus}}\n");
  for (int I = 0; I < 2; ++I)
    Diags.report(diag::schema_syntax, line(ID, 1), "two");
  for (int I = 0; I < 3; ++I)
    Diags.report(diag::schema_syntax, line(ID, 2), "more");
  Diags.report(diag::schema_syntax, line(ID, 3), "range");
  for (int I = 0; I < 4; ++I)
    Diags.report(diag::schema_syntax, line(ID, 4), "plus");
  EXPECT_TRUE(finish()) << Output;
}

TEST_F(VerifyTest, CountTooHighAndTooLow) {
  unsigned ID = addBuffer("a.yaml", "a # expected-error 2 {{two}}\n"
                                    "b # expected-error {{one}}\n");
  Diags.report(diag::schema_syntax, line(ID, 1), "two");
  Diags.report(diag::schema_syntax, line(ID, 2), "one");
  Diags.report(diag::schema_syntax, line(ID, 2), "one");
  EXPECT_FALSE(finish());
  EXPECT_EQ(Output, "error: 'expected-error' diagnostics expected but not "
                    "seen:\n"
                    "  File a.yaml Line 1: two\n"
                    "error: 'expected-error' diagnostics seen but not "
                    "expected:\n"
                    "  File a.yaml Line 2: one\n");
}

TEST_F(VerifyTest, SeveralTextsMatchInOrder) {
  unsigned ID = addBuffer("a.yaml", "a # expected-error {{alpha}} {{gamma}}\n"
                                    "b # expected-error {{gamma}} {{alpha}}\n");
  Diags.report(diag::schema_syntax, line(ID, 1), "alpha beta gamma");
  Diags.report(diag::schema_syntax, line(ID, 2), "alpha beta gamma");
  EXPECT_FALSE(finish());
  EXPECT_NE(Output.find("Line 2: gamma ... alpha"), std::string::npos)
      << Output;
  EXPECT_NE(Output.find("seen but not expected:\n  File a.yaml Line 2: "
                        "alpha beta gamma"),
            std::string::npos)
      << Output;
}

TEST_F(VerifyTest, RegexDirectives) {
  unsigned ID = addBuffer(
      "a.yaml", "a # expected-error-re {{unknown type '{{[a-z]+}}' (x)}}\n"
                "b # expected-error-re {{^exact{{$}}}}\n");
  Diags.report(diag::schema_syntax, line(ID, 1),
               "unknown type 'tensor' (x) here");
  Diags.report(diag::schema_syntax, line(ID, 2), "exact but longer");
  EXPECT_FALSE(finish());
  // Literal text is escaped: '(x)' is no group.
  EXPECT_EQ(Output, "error: 'expected-error' diagnostics expected but not "
                    "seen:\n"
                    "  File a.yaml Line 2: ^exact{{$}}\n"
                    "error: 'expected-error' diagnostics seen but not "
                    "expected:\n"
                    "  File a.yaml Line 2: exact but longer\n");
}

TEST_F(VerifyTest, AnyLocationMatchesDiagnosticsWithoutOne) {
  addBuffer("a.yaml", "# expected-error@* {{cannot read}}\n");
  Diags.report(diag::driver_io, SMLoc(), "cannot read 'missing.yaml'");
  EXPECT_TRUE(finish()) << Output;
}

TEST_F(VerifyTest, UnexpectedDiagnosticWithoutLocation) {
  addBuffer("a.yaml", "# expected-no-diagnostics\n");
  Diags.report(diag::driver_io, SMLoc(), "cannot read 'x'");
  EXPECT_FALSE(finish());
  EXPECT_EQ(Output, "error: 'expected-error' diagnostics seen but not "
                    "expected:\n  (no location): cannot read 'x'\n");
}

TEST_F(VerifyTest, WrongLineIsReportedWithTheDirective) {
  unsigned ID = addBuffer("a.yaml", "# expected-warning@+1 {{w}}\nx\ny\n");
  Diags.report(diag::formula_undeclared_helper, line(ID, 3), "w");
  EXPECT_FALSE(finish());
  EXPECT_EQ(Output, "error: 'expected-warning' diagnostics expected but not "
                    "seen:\n"
                    "  File a.yaml Line 2 (directive at a.yaml:1): w\n"
                    "error: 'expected-warning' diagnostics seen but not "
                    "expected:\n"
                    "  File a.yaml Line 3: w\n");
}

TEST_F(VerifyTest, NoDirectivesFails) {
  addBuffer("a.yaml", "x: 1\n");
  EXPECT_FALSE(finish());
  EXPECT_EQ(Output, "error: no expected directives found: consider use of "
                    "'expected-no-diagnostics'\n");
}

TEST_F(VerifyTest, ExpectedNoDiagnostics) {
  addBuffer("a.yaml", "x: 1 # expected-no-diagnostics\n");
  EXPECT_TRUE(finish()) << Output;
}

TEST_F(VerifyTest, NoDiagnosticsCannotBeMixedWithDirectives) {
  addBuffer("a.yaml", "# expected-error@+1 {{x}}\n# expected-no-diagnostics\n");
  EXPECT_FALSE(finish());
  EXPECT_NE(Output.find("a.yaml:2:3: error: 'expected-no-diagnostics' "
                        "directive cannot follow other expected directives"),
            std::string::npos)
      << Output;
}

TEST_F(VerifyTest, MalformedDirectives) {
  addBuffer("a.yaml", "# expected-error {missing braces}\n"
                      "# expected-error {{unterminated\n"
                      "# expected-error-re {{a{{[}}}}\n"
                      "# expected-error@+9 {{past the end}}\n"
                      "# expected-error@nowhere.yaml:1 {{no file}}\n"
                      "# expected-error {{}}\n");
  EXPECT_FALSE(finish());
  for (const char *Message :
       {"a.yaml:1:18: error: cannot find start ('{{') of expected string",
        "a.yaml:2:18: error: cannot find end ('}}') of expected string",
        "a.yaml:3:21: error: invalid expected regex",
        "a.yaml:4:17: error: missing or invalid line number following '@'",
        "a.yaml:5:17: error: file 'nowhere.yaml' could not be located",
        "a.yaml:6:18: error: expected string is empty"})
    EXPECT_NE(Output.find(Message), std::string::npos) << Message << "\n"
                                                      << Output;
}

TEST_F(VerifyTest, ARangeMustNotShrink) {
  addBuffer("a.yaml", "# expected-error 3-1 {{x}}\n"
                      "# expected-error 2- {{y}}\n");
  EXPECT_FALSE(finish());
  for (const char *Message :
       {"a.yaml:1:19: error: invalid range following '-' in expected "
        "directive",
        "a.yaml:2:19: error: invalid range following '-' in expected "
        "directive"})
    EXPECT_NE(Output.find(Message), std::string::npos) << Message << "\n"
                                                      << Output;
}

TEST_F(VerifyTest, OnlyWholeWordsInCommentsAreDirectives) {
  unsigned ID = addBuffer("a.yaml",
                          "key: not-expected-error {{x}}\n"
                          "x: 1 # unexpected-error {{y}} expected-nothing\n"
                          "y: 2 # expected-error {{z}}\n");
  Diags.report(diag::schema_syntax, line(ID, 3), "z");
  EXPECT_TRUE(finish()) << Output;
}

TEST_F(VerifyTest, ProseMentioningDirectivesIsNoDirective) {
  unsigned ID = addBuffer(
      "a.yaml", "# Keep the order, or update the expected-note line numbers.\n"
                "# Each expected-error. Not expected-warning: not either.\n"
                "x: 1 # expected-error {{real}}\n"
                "# expected-error\n"
                "# expected-error 2 words\n");
  Diags.report(diag::schema_syntax, line(ID, 3), "real");
  EXPECT_FALSE(finish());
  // Only the last two, which have no text, are malformed directives.
  EXPECT_EQ(Output.find("a.yaml:1:"), std::string::npos) << Output;
  EXPECT_EQ(Output.find("a.yaml:2:"), std::string::npos) << Output;
  EXPECT_NE(Output.find("a.yaml:4:17: error: cannot find start"),
            std::string::npos)
      << Output;
  EXPECT_NE(Output.find("a.yaml:5:20: error: cannot find start"),
            std::string::npos)
      << Output;
  EXPECT_EQ(Output.find("diagnostics"), std::string::npos) << Output;
}

TEST_F(VerifyTest, NewlineEscapeInText) {
  unsigned ID = addBuffer("a.yaml", "x # expected-error {{one\\ntwo}}\n");
  Diags.report(diag::schema_syntax, line(ID, 1), "one\ntwo");
  EXPECT_TRUE(finish()) << Output;
}

} // namespace
