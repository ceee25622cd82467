//===- DiagnoseTest.cpp - gradgen --diagnose-test (test only) -------------===//
//
// Reports the diagnostics listed in a YAML spec against a target file, so
// that lit can test every output format and verify mode on diagnostics with
// ranges, fix-its and notes. Hidden: not part of gradgen's interface.
//
//   gradgen --diagnose-test=SPEC [--diagnose-test-target=FILE]
//
//   - severity: error          # error (default) or warning
//     rule: test.example       # default: test.diagnostic
//     line: 3                  # omit line for a diagnostic without location
//     column: 5                # default: 1
//     length: 3                # a highlighted range of so many bytes
//     message: use of 'foo'
//     fixits: [{line: 3, column: 5, length: 3, text: bar}]
//     notes: [{line: 1, column: 1, message: declared here, in: spec}]
//
// Positions are 1-based bytes in the target (the spec itself without
// --diagnose-test-target), or in the spec with `in: spec`.
//
//===----------------------------------------------------------------------===//

#include "TestDriver.h"

#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace gradgen::driver {

static cl::opt<std::string>
    DiagnoseTestSpec("diagnose-test", cl::Hidden,
                     cl::desc("(test only) report the diagnostics listed in "
                              "this YAML file"),
                     cl::value_desc("spec"));

static cl::opt<std::string> DiagnoseTestTarget(
    "diagnose-test-target", cl::Hidden,
    cl::desc("(test only) the file --diagnose-test points into"),
    cl::value_desc("file"));

bool diagnoseTestRequested() {
  return DiagnoseTestSpec.getNumOccurrences() != 0;
}

namespace {

class SpecReader {
public:
  SpecReader(const YAMLSource &Spec, unsigned TargetID, DiagnosticEngine &Diags)
      : Spec(Spec), TargetID(TargetID), Diags(Diags),
        SM(Diags.getSourceMgr()) {}

  void reportAll() {
    if (!Spec.root().isSequence()) {
      specError(Spec.root(), "the spec must be a sequence of diagnostics");
      return;
    }
    for (const YAMLNode &Entry : Spec.root().items())
      reportOne(Entry);
  }

private:
  void specError(const YAMLNode &Node, const Twine &Message) {
    Diags.report(diag::test_spec, Node.loc(), Message);
  }

  /// The scalar at Key, Default if absent.
  static std::string string(const YAMLNode &Entry, StringRef Key,
                            StringRef Default = "") {
    const YAMLNode *Node = Entry.lookup(Key);
    return (Node ? Node->scalar() : Default).str();
  }

  /// The integer at Key, Default if absent, nullopt after an error.
  std::optional<unsigned> number(const YAMLNode &Entry, StringRef Key,
                                 unsigned Default) {
    const YAMLNode *Node = Entry.lookup(Key);
    if (!Node)
      return Default;
    unsigned Value;
    if (!Node->isScalar() || Node->scalar().getAsInteger(10, Value)) {
      specError(*Node, "'" + Key + "' must be a non-negative integer");
      return std::nullopt;
    }
    return Value;
  }

  /// The range at the entry's line/column/length; an invalid range for an
  /// entry without line, nullopt after an error.
  std::optional<SMRange> range(const YAMLNode &Entry) {
    const YAMLNode *LineNode = Entry.lookup("line");
    if (!LineNode)
      return SMRange();
    std::optional<unsigned> Line = number(Entry, "line", 0);
    std::optional<unsigned> Column = number(Entry, "column", 1);
    std::optional<unsigned> Length = number(Entry, "length", 0);
    if (!Line || !Column || !Length)
      return std::nullopt;
    unsigned BufferID = TargetID;
    if (const YAMLNode *In = Entry.lookup("in")) {
      if (In->isScalar() && In->scalar() == "spec") {
        BufferID = Spec.bufferID();
      } else if (!In->isScalar() || In->scalar() != "target") {
        specError(*In, "'in' must be 'spec' or 'target'");
        return std::nullopt;
      }
    }
    SMLoc Start = SM.FindLocForLineAndColumn(BufferID, *Line, *Column);
    StringRef Buffer = SM.getMemoryBuffer(BufferID)->getBuffer();
    if (!Start.isValid() ||
        *Length > static_cast<size_t>(Buffer.end() - Start.getPointer())) {
      specError(*LineNode, "no such position in the buffer");
      return std::nullopt;
    }
    return SMRange(Start, SMLoc::getFromPointer(Start.getPointer() + *Length));
  }

  bool fixIts(const YAMLNode &Entry, std::vector<FixIt> &Result) {
    const YAMLNode *List = Entry.lookup("fixits");
    if (!List)
      return true;
    if (!List->isSequence()) {
      specError(*List, "'fixits' must be a sequence");
      return false;
    }
    for (const YAMLNode &Fix : List->items()) {
      std::optional<SMRange> Range = range(Fix);
      if (!Range)
        return false;
      Result.push_back({*Range, string(Fix, "text")});
    }
    return true;
  }

  bool fill(const YAMLNode &Entry, Diagnostic &Diag) {
    std::optional<SMRange> Range = range(Entry);
    if (!Range)
      return false;
    Diag.Loc = Range->Start;
    if (Range->Start != Range->End)
      Diag.Ranges.push_back(*Range);
    Diag.Message = string(Entry, "message");
    return fixIts(Entry, Diag.FixIts);
  }

  void reportOne(const YAMLNode &Entry) {
    if (!Entry.isMap()) {
      specError(Entry, "a diagnostic must be a map");
      return;
    }
    Diagnostic Diag;
    std::string Level = string(Entry, "severity", "error");
    if (Level == "warning") {
      Diag.Level = Severity::Warning;
    } else if (Level != "error") {
      specError(*Entry.lookup("severity"),
                "'severity' must be 'error' or 'warning'");
      return;
    }
    Diag.RuleID = string(Entry, "rule", "test.diagnostic");
    if (!fill(Entry, Diag))
      return;
    if (const YAMLNode *Notes = Entry.lookup("notes")) {
      for (const YAMLNode &NoteEntry : Notes->items()) {
        Diagnostic Note;
        Note.Level = Severity::Note;
        if (!fill(NoteEntry, Note))
          return;
        Diag.Notes.push_back(std::move(Note));
      }
    }
    Diags.report(std::move(Diag));
  }

  const YAMLSource &Spec;
  unsigned TargetID;
  DiagnosticEngine &Diags;
  SourceMgr &SM;
};

} // namespace

int runDiagnoseTest(DriverContext &Context) {
  std::optional<YAMLSource> Spec =
      YAMLSource::load(DiagnoseTestSpec, Context.Files, Context.Diags);
  if (!Spec)
    return Context.finish();
  unsigned TargetID = Spec->bufferID();
  if (!DiagnoseTestTarget.empty()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Target =
        MemoryBuffer::getFileOrSTDIN(DiagnoseTestTarget, /*IsText=*/true);
    if (std::error_code EC = Target.getError()) {
      Context.Diags.report(diag::driver_io, SMLoc(),
                           "cannot read '" + DiagnoseTestTarget +
                               "': " + EC.message());
      return Context.finish();
    }
    TargetID =
        Context.SourceMgr.AddNewSourceBuffer(std::move(*Target), SMLoc());
  }
  SpecReader(*Spec, TargetID, Context.Diags).reportAll();
  return Context.finish();
}

} // namespace gradgen::driver
