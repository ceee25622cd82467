//===- JSONDiagnostics.cpp - One JSON document of diagnostics -------------===//
//
// The document is written on finish() so that it is one well-formed value
// even when a stage reports as it goes. Every key is always present (null
// where a diagnostic has no location or no rule) so that consumers need no
// special cases; docs/diagnostics.md is the reference for the shape.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Config.h"
#include "gradgen/Support/Diagnostics.h"

#include "StructuredDiagnostics.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {
namespace {

/// Version of the document's shape; bumped on any incompatible change.
constexpr int JSONFormatVersion = 1;

class JSONDiagnosticConsumer : public DiagnosticConsumer {
public:
  explicit JSONDiagnosticConsumer(raw_ostream &OS) : OS(OS) {}

  void handle(const Diagnostic &Diag, const SourceMgr &SM) override {
    Diags.push_back(Diag);
  }

  bool finish(const SourceMgr &SM) override;

private:
  void writeDiagnostic(json::OStream &J, const Diagnostic &Diag,
                       const SourceMgr &SM);
  void writePosition(json::OStream &J, const PresumedLoc &Loc);
  void writeRange(json::OStream &J, SMRange Range, const SourceMgr &SM);

  raw_ostream &OS;
  std::vector<Diagnostic> Diags;
};

void JSONDiagnosticConsumer::writePosition(json::OStream &J,
                                           const PresumedLoc &Loc) {
  J.object([&] {
    J.attribute("line", Loc.Line);
    J.attribute("column", Loc.Column);
  });
}

void JSONDiagnosticConsumer::writeRange(json::OStream &J, SMRange Range,
                                        const SourceMgr &SM) {
  PresumedLoc Start = getPresumedLoc(SM, Range.Start);
  PresumedLoc End = getPresumedLoc(SM, Range.End);
  if (!End.isValid() || End.BufferID != Start.BufferID)
    End = Start;
  J.object([&] {
    J.attribute("file", toJSONString(Start.Filename));
    J.attributeBegin("start");
    writePosition(J, Start);
    J.attributeEnd();
    J.attributeBegin("end");
    writePosition(J, End);
    J.attributeEnd();
  });
}

void JSONDiagnosticConsumer::writeDiagnostic(json::OStream &J,
                                             const Diagnostic &Diag,
                                             const SourceMgr &SM) {
  PresumedLoc Loc = getPresumedLoc(SM, Diag.Loc);
  auto ValidRange = [&](SMRange Range) {
    return Range.isValid() && getPresumedLoc(SM, Range.Start).isValid();
  };
  J.object([&] {
    J.attribute("severity", severityName(Diag.Level));
    if (Diag.RuleID.empty())
      J.attribute("rule", nullptr);
    else
      J.attribute("rule", toJSONString(Diag.RuleID));
    if (Loc.isValid()) {
      J.attribute("file", toJSONString(Loc.Filename));
      J.attribute("line", Loc.Line);
      J.attribute("column", Loc.Column);
    } else {
      J.attribute("file", nullptr);
      J.attribute("line", nullptr);
      J.attribute("column", nullptr);
    }
    J.attribute("message", toJSONString(Diag.Message));
    J.attributeArray("ranges", [&] {
      for (SMRange Range : Diag.Ranges)
        if (ValidRange(Range))
          writeRange(J, Range, SM);
    });
    J.attributeArray("fixits", [&] {
      for (const FixIt &Fix : Diag.FixIts) {
        if (!ValidRange(Fix.Range))
          continue;
        J.object([&] {
          J.attributeBegin("range");
          writeRange(J, Fix.Range, SM);
          J.attributeEnd();
          J.attribute("replacement", toJSONString(Fix.Replacement));
        });
      }
    });
    J.attributeArray("notes", [&] {
      for (const Diagnostic &Note : Diag.Notes)
        writeDiagnostic(J, Note, SM);
    });
  });
}

bool JSONDiagnosticConsumer::finish(const SourceMgr &SM) {
  unsigned NumErrors = 0, NumWarnings = 0;
  for (const Diagnostic &Diag : Diags) {
    NumErrors += Diag.Level == Severity::Error;
    NumWarnings += Diag.Level == Severity::Warning;
  }
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("version", JSONFormatVersion);
    J.attributeObject("tool", [&] {
      J.attribute("name", "gradgen");
      J.attribute("version", GRADGEN_VERSION);
    });
    J.attribute("errors", NumErrors);
    J.attribute("warnings", NumWarnings);
    J.attributeArray("diagnostics", [&] {
      for (const Diagnostic &Diag : Diags)
        writeDiagnostic(J, Diag, SM);
    });
  });
  OS << "\n";
  OS.flush();
  Diags.clear();
  return true;
}

} // namespace

std::unique_ptr<DiagnosticConsumer>
createJSONDiagnosticConsumer(raw_ostream &OS) {
  return std::make_unique<JSONDiagnosticConsumer>(OS);
}

} // namespace gradgen
