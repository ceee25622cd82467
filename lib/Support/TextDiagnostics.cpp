//===- TextDiagnostics.cpp - Clang-style terminal rendering ---------------===//

#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {
namespace {

SourceMgr::DiagKind toDiagKind(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return SourceMgr::DK_Error;
  case Severity::Warning:
    return SourceMgr::DK_Warning;
  case Severity::Note:
    return SourceMgr::DK_Note;
  }
  return SourceMgr::DK_Error;
}

class TextDiagnosticConsumer : public DiagnosticConsumer {
public:
  TextDiagnosticConsumer(raw_ostream &OS, bool ShowColors)
      : OS(OS), ShowColors(ShowColors) {}

  void handle(const Diagnostic &Diag, const SourceMgr &SM) override {
    print(Diag, SM);
    for (const Diagnostic &Note : Diag.Notes)
      print(Note, SM);
  }

private:
  void print(const Diagnostic &Diag, const SourceMgr &SM) {
    if (!Diag.Loc.isValid() || !SM.FindBufferContainingLoc(Diag.Loc)) {
      SMDiagnostic(/*FileName=*/"gradgen", toDiagKind(Diag.Level), Diag.Message)
          .print(nullptr, OS, ShowColors);
      return;
    }
    SmallVector<SMFixIt, 2> FixIts;
    for (const FixIt &Fix : Diag.FixIts)
      FixIts.emplace_back(Fix.Range, Fix.Replacement);
    SM.PrintMessage(OS, Diag.Loc, toDiagKind(Diag.Level), Diag.Message,
                    Diag.Ranges, FixIts, ShowColors);
  }

  raw_ostream &OS;
  bool ShowColors;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
createTextDiagnosticConsumer(raw_ostream &OS, bool ShowColors) {
  return std::make_unique<TextDiagnosticConsumer>(OS, ShowColors);
}

} // namespace gradgen
