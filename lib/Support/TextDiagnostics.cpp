//===- TextDiagnostics.cpp - Clang-style terminal rendering ---------------===//

#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/SmallString.h"
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

/// A diagnostic's text before it goes out; colored when the terminal is
/// (SourceMgr asks the stream it prints to).
class DiagnosticBuffer : public raw_svector_ostream {
public:
  DiagnosticBuffer(SmallVectorImpl<char> &Text, bool ShowColors)
      : raw_svector_ostream(Text), ShowColors(ShowColors) {
    enable_colors(ShowColors);
  }
  bool has_colors() const override { return ShowColors; }

private:
  bool ShowColors;
};

class TextDiagnosticConsumer : public DiagnosticConsumer {
public:
  TextDiagnosticConsumer(raw_ostream &OS, bool ShowColors)
      : OS(OS), ShowColors(ShowColors) {}

  void handle(const Diagnostic &Diag, const SourceMgr &SM) override {
    // A diagnostic and its notes reach the stream in one write: errs() is
    // unbuffered, and SourceMgr prints a message in a dozen pieces (300
    // warnings of a 1.13.1 run without --helpers were 4,000 system calls).
    SmallString<512> Text;
    DiagnosticBuffer Buffer(Text, ShowColors);
    print(Buffer, Diag, SM);
    for (const Diagnostic &Note : Diag.Notes)
      print(Buffer, Note, SM);
    OS << Text;
  }

private:
  void print(raw_ostream &Out, const Diagnostic &Diag, const SourceMgr &SM) {
    if (!Diag.Loc.isValid() || !SM.FindBufferContainingLoc(Diag.Loc)) {
      SMDiagnostic(/*FileName=*/"gradgen", toDiagKind(Diag.Level), Diag.Message)
          .print(nullptr, Out, ShowColors);
      return;
    }
    SmallVector<SMFixIt, 2> FixIts;
    for (const FixIt &Fix : Diag.FixIts)
      FixIts.emplace_back(Fix.Range, Fix.Replacement);
    SM.PrintMessage(Out, Diag.Loc, toDiagKind(Diag.Level), Diag.Message,
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
