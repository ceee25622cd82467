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

#include "Driver.h"

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
    if (!Spec.root().IsSequence()) {
      specError(Spec.root(), "the spec must be a sequence of diagnostics");
      return;
    }
    for (const YAML::Node &Entry : Spec.root())
      reportOne(Entry);
  }

private:
  void specError(const YAML::Node &Node, const Twine &Message) {
    Diags.error("test.spec", Spec.locOf(Node), Message);
  }

  /// The integer at Key, Default if absent, nullopt after an error.
  std::optional<unsigned> number(const YAML::Node &Entry, StringRef Key,
                                 unsigned Default) {
    YAML::Node Node = Entry[Key.str()];
    if (!Node)
      return Default;
    unsigned Value;
    if (!Node.IsScalar() || StringRef(Node.Scalar()).getAsInteger(10, Value)) {
      specError(Node, "'" + Key + "' must be a non-negative integer");
      return std::nullopt;
    }
    return Value;
  }

  /// The range at the entry's line/column/length; an invalid range for an
  /// entry without line, nullopt after an error.
  std::optional<SMRange> range(const YAML::Node &Entry) {
    if (!Entry["line"])
      return SMRange();
    std::optional<unsigned> Line = number(Entry, "line", 0);
    std::optional<unsigned> Column = number(Entry, "column", 1);
    std::optional<unsigned> Length = number(Entry, "length", 0);
    if (!Line || !Column || !Length)
      return std::nullopt;
    unsigned BufferID = TargetID;
    if (YAML::Node In = Entry["in"]) {
      if (In.IsScalar() && In.Scalar() == "spec") {
        BufferID = Spec.bufferID();
      } else if (!In.IsScalar() || In.Scalar() != "target") {
        specError(In, "'in' must be 'spec' or 'target'");
        return std::nullopt;
      }
    }
    SMLoc Start = SM.FindLocForLineAndColumn(BufferID, *Line, *Column);
    StringRef Buffer = SM.getMemoryBuffer(BufferID)->getBuffer();
    if (!Start.isValid() ||
        *Length > static_cast<size_t>(Buffer.end() - Start.getPointer())) {
      specError(Entry["line"], "no such position in the buffer");
      return std::nullopt;
    }
    return SMRange(Start, SMLoc::getFromPointer(Start.getPointer() + *Length));
  }

  bool fixIts(const YAML::Node &Entry, std::vector<FixIt> &Result) {
    YAML::Node List = Entry["fixits"];
    if (!List)
      return true;
    if (!List.IsSequence()) {
      specError(List, "'fixits' must be a sequence");
      return false;
    }
    for (const YAML::Node &Fix : List) {
      std::optional<SMRange> Range = range(Fix);
      if (!Range)
        return false;
      std::string Text = Fix["text"] ? Fix["text"].as<std::string>("") : "";
      Result.push_back({*Range, Text});
    }
    return true;
  }

  bool fill(const YAML::Node &Entry, Diagnostic &Diag) {
    std::optional<SMRange> Range = range(Entry);
    if (!Range)
      return false;
    Diag.Loc = Range->Start;
    if (Range->Start != Range->End)
      Diag.Ranges.push_back(*Range);
    Diag.Message = Entry["message"] ? Entry["message"].as<std::string>("") : "";
    return fixIts(Entry, Diag.FixIts);
  }

  void reportOne(const YAML::Node &Entry) {
    if (!Entry.IsMap()) {
      specError(Entry, "a diagnostic must be a map");
      return;
    }
    Diagnostic Diag;
    std::string Level = Entry["severity"]
                            ? Entry["severity"].as<std::string>("")
                            : "error";
    if (Level == "warning") {
      Diag.Level = Severity::Warning;
    } else if (Level != "error") {
      specError(Entry["severity"], "'severity' must be 'error' or 'warning'");
      return;
    }
    Diag.RuleID = Entry["rule"] ? Entry["rule"].as<std::string>("")
                                : "test.diagnostic";
    if (!fill(Entry, Diag))
      return;
    if (YAML::Node Notes = Entry["notes"]) {
      for (const YAML::Node &NoteEntry : Notes) {
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
      YAMLSource::load(DiagnoseTestSpec, Context.SourceMgr, Context.Diags);
  if (!Spec)
    return Context.finish();
  unsigned TargetID = Spec->bufferID();
  if (!DiagnoseTestTarget.empty()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Target =
        MemoryBuffer::getFileOrSTDIN(DiagnoseTestTarget, /*IsText=*/true);
    if (std::error_code EC = Target.getError()) {
      Context.Diags.error("driver.io", SMLoc(),
                          "cannot read '" + DiagnoseTestTarget +
                              "': " + EC.message());
      return Context.finish();
    }
    TargetID =
        Context.SourceMgr.AddNewSourceBuffer(std::move(*Target), SMLoc());
  }
  try {
    SpecReader(*Spec, TargetID, Context.Diags).reportAll();
  } catch (const YAML::Exception &E) {
    Context.Diags.error("test.spec", SMLoc(), "invalid spec: " + E.msg);
  }
  return Context.finish();
}

} // namespace gradgen::driver
