//===- Diagnostics.cpp - Located diagnostics ------------------------------===//

#include "gradgen/Support/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {

PresumedLoc getPresumedLoc(const SourceMgr &SM, SMLoc Loc) {
  PresumedLoc Result;
  if (!Loc.isValid())
    return Result;
  unsigned BufferID = SM.FindBufferContainingLoc(Loc);
  if (!BufferID)
    return Result;
  Result.BufferID = BufferID;
  Result.Filename = SM.getMemoryBuffer(BufferID)->getBufferIdentifier();
  std::tie(Result.Line, Result.Column) = SM.getLineAndColumn(Loc, BufferID);
  return Result;
}

DiagnosticConsumer::~DiagnosticConsumer() = default;

DiagnosticBuilder::~DiagnosticBuilder() {
  if (Engine)
    Engine->report(std::move(Diag));
}

DiagnosticBuilder &DiagnosticBuilder::range(SMRange Range) {
  if (Range.isValid())
    Diag.Ranges.push_back(Range);
  return *this;
}

DiagnosticBuilder &DiagnosticBuilder::fixIt(SMRange Range,
                                            const Twine &Replacement) {
  if (Range.isValid())
    Diag.FixIts.push_back({Range, Replacement.str()});
  return *this;
}

DiagnosticBuilder &DiagnosticBuilder::note(SMLoc Loc, const Twine &Message,
                                           SMRange Range) {
  Diagnostic Note;
  Note.Level = Severity::Note;
  Note.Loc = Loc;
  if (Range.isValid())
    Note.Ranges.push_back(Range);
  Note.Message = Message.str();
  Diag.Notes.push_back(std::move(Note));
  return *this;
}

DiagnosticEngine::DiagnosticEngine(SourceMgr &SM)
    : SM(SM), Consumer(createTextDiagnosticConsumer(errs(), false)) {}

DiagnosticEngine::~DiagnosticEngine() = default;

void DiagnosticEngine::setConsumer(std::unique_ptr<DiagnosticConsumer> C) {
  Consumer = std::move(C);
}

static Diagnostic makeDiagnostic(diag::Kind Kind, SMLoc Loc,
                                 const Twine &Message) {
  Diagnostic Diag;
  Diag.Level = diag::info(Kind).DefaultSeverity;
  Diag.RuleID = diag::ruleName(Kind).str();
  Diag.Loc = Loc;
  Diag.Message = Message.str();
  return Diag;
}

DiagnosticBuilder DiagnosticEngine::report(diag::Kind Kind, SMLoc Loc,
                                           const Twine &Message) {
  return DiagnosticBuilder(*this, makeDiagnostic(Kind, Loc, Message));
}

void DiagnosticEngine::report(Diagnostic Diag) {
  if (Diag.Level == Severity::Warning) {
    if (IgnoreWarnings)
      return;
    if (WarningsAsErrors)
      Diag.Level = Severity::Error;
  }
  if (LimitReached)
    return;
  if (Diag.Level == Severity::Error) {
    if (ErrorLimit && NumErrors >= ErrorLimit) {
      LimitReached = true;
      Diagnostic Fatal = makeDiagnostic(
          diag::driver_error_limit, SMLoc(),
          "too many errors emitted, stopping now [--error-limit]");
      ++NumErrors;
      Consumer->handle(Fatal, SM);
      return;
    }
    ++NumErrors;
    if (ErrorLimitPerFile && Diag.Loc.isValid()) {
      auto &[Shown, LeftOut] =
          ErrorsPerFile[SM.FindBufferContainingLoc(Diag.Loc)];
      if (Shown >= ErrorLimitPerFile) {
        ++LeftOut;
        return;
      }
      ++Shown;
    }
  } else if (Diag.Level == Severity::Warning) {
    ++NumWarnings;
  }
  Consumer->handle(Diag, SM);
}

std::unique_ptr<DiagnosticConsumer>
createDiagnosticConsumer(DiagnosticsFormat Format, raw_ostream &OS,
                         bool ShowColors) {
  switch (Format) {
  case DiagnosticsFormat::Text:
    return createTextDiagnosticConsumer(OS, ShowColors);
  case DiagnosticsFormat::JSON:
    return createJSONDiagnosticConsumer(OS);
  case DiagnosticsFormat::SARIF:
    return createSARIFDiagnosticConsumer(OS);
  case DiagnosticsFormat::Lintrunner:
    return createLintrunnerDiagnosticConsumer(OS);
  }
  return createTextDiagnosticConsumer(OS, ShowColors);
}

bool DiagnosticEngine::finish() {
  for (const auto &[BufferID, Counts] : ErrorsPerFile) {
    if (!Counts.second || !BufferID)
      continue;
    const MemoryBuffer *Buffer = SM.getMemoryBuffer(BufferID);
    Diagnostic LeftOut = makeDiagnostic(
        diag::driver_error_limit,
        SMLoc::getFromPointer(Buffer->getBufferStart()),
        Twine(Counts.second) + " more error" +
            (Counts.second == 1 ? "" : "s") + " in '" +
            Buffer->getBufferIdentifier() +
            "' not shown [--error-limit-per-file=" +
            Twine(ErrorLimitPerFile) + "]");
    LeftOut.Level = Severity::Note;
    Consumer->handle(LeftOut, SM);
  }
  ErrorsPerFile.clear();
  bool ConsumerOK = Consumer->finish(SM);
  if (Consumer->decidesOutcome())
    return ConsumerOK;
  return ConsumerOK && NumErrors == 0;
}

} // namespace gradgen
