//===- Diagnostics.h - Located diagnostics for every stage ------*- C++ -*-===//
//
// Every stage reports problems through a DiagnosticEngine. A diagnostic points
// into a buffer of the engine's SourceMgr (derivatives.yaml,
// native_functions.yaml, ...), may carry highlighted ranges, fix-its and notes,
// and has a stable rule id so that SARIF and JSON consumers can key on it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_DIAGNOSTICS_H
#define GRADGEN_SUPPORT_DIAGNOSTICS_H

#include "gradgen/Support/DiagnosticKinds.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace gradgen {

struct FixIt {
  llvm::SMRange Range;
  std::string Replacement;
};

struct Diagnostic {
  Severity Level = Severity::Error;
  /// The stable rule name of the check, e.g. diag::schema_syntax (the
  /// registry's, see DiagnosticKinds.def). Notes have none.
  std::string RuleID;
  llvm::SMLoc Loc;
  std::vector<llvm::SMRange> Ranges;
  std::string Message;
  std::vector<FixIt> FixIts;
  std::vector<Diagnostic> Notes;
};

/// Receives every diagnostic that survives the engine's filters.
class DiagnosticConsumer {
public:
  virtual ~DiagnosticConsumer();
  virtual void handle(const Diagnostic &Diag, const llvm::SourceMgr &SM) = 0;
  /// Called once after the run; consumers that print a document do it here.
  /// Returns false if the consumer itself considers the run failed (verify).
  virtual bool finish(const llvm::SourceMgr &SM) { return true; }
  /// True if finish() alone decides the outcome, as in verify mode, where
  /// expected errors are a success.
  virtual bool decidesOutcome() const { return false; }
};

/// Drops every diagnostic: for a parse whose failure is the answer.
class IgnoringDiagnosticConsumer : public DiagnosticConsumer {
public:
  void handle(const Diagnostic &, const llvm::SourceMgr &) override {}
};

/// Keeps every diagnostic in Into, in the order reported, for a caller that
/// sorts, filters or sends them on.
class CollectingDiagnosticConsumer : public DiagnosticConsumer {
public:
  explicit CollectingDiagnosticConsumer(std::vector<Diagnostic> &Into)
      : Into(Into) {}
  void handle(const Diagnostic &Diag, const llvm::SourceMgr &) override {
    Into.push_back(Diag);
  }

private:
  std::vector<Diagnostic> &Into;
};

class DiagnosticEngine;

/// Accumulates ranges, fix-its and notes; reports the diagnostic when it goes
/// out of scope, in the style of clang::DiagnosticBuilder.
class DiagnosticBuilder {
public:
  DiagnosticBuilder(DiagnosticEngine &Engine, Diagnostic Diag)
      : Engine(&Engine), Diag(std::move(Diag)) {}
  DiagnosticBuilder(DiagnosticBuilder &&Other)
      : Engine(Other.Engine), Diag(std::move(Other.Diag)) {
    Other.Engine = nullptr;
  }
  DiagnosticBuilder(const DiagnosticBuilder &) = delete;
  DiagnosticBuilder &operator=(const DiagnosticBuilder &) = delete;
  ~DiagnosticBuilder();

  DiagnosticBuilder &range(llvm::SMRange Range);
  DiagnosticBuilder &fixIt(llvm::SMRange Range, const llvm::Twine &Replacement);
  DiagnosticBuilder &note(llvm::SMLoc Loc, const llvm::Twine &Message,
                          llvm::SMRange Range = llvm::SMRange());

private:
  DiagnosticEngine *Engine;
  Diagnostic Diag;
};

class DiagnosticEngine {
public:
  explicit DiagnosticEngine(llvm::SourceMgr &SM);
  ~DiagnosticEngine();

  llvm::SourceMgr &getSourceMgr() const { return SM; }

  /// Reports a diagnostic of a declared kind, at its default severity, when
  /// the returned builder goes out of scope.
  DiagnosticBuilder report(diag::Kind Kind, llvm::SMLoc Loc,
                           const llvm::Twine &Message);
  /// Reports a diagnostic built elsewhere (Clang's, remapped; a test's).
  void report(Diagnostic Diag);

  void setConsumer(std::unique_ptr<DiagnosticConsumer> NewConsumer);
  DiagnosticConsumer &getConsumer() const { return *Consumer; }

  /// After this many errors the engine reports one fatal note and drops the
  /// rest. 0 means no limit.
  void setErrorLimit(unsigned Limit) { ErrorLimit = Limit; }
  /// After this many errors in one file, its further errors are counted
  /// but not shown; finish() says how many. 0 means no limit.
  void setErrorLimitPerFile(unsigned Limit) { ErrorLimitPerFile = Limit; }
  void setWarningsAsErrors(bool Value) { WarningsAsErrors = Value; }
  void setIgnoreWarnings(bool Value) { IgnoreWarnings = Value; }

  unsigned getNumErrors() const { return NumErrors; }
  unsigned getNumWarnings() const { return NumWarnings; }
  bool hasErrors() const { return NumErrors != 0; }

  /// Flushes the consumer. Returns true if the run is a success: no error was
  /// reported and the consumer agrees.
  bool finish();

private:
  llvm::SourceMgr &SM;
  std::unique_ptr<DiagnosticConsumer> Consumer;
  unsigned ErrorLimit = 0;
  unsigned ErrorLimitPerFile = 0;
  /// Errors shown and left out, by buffer.
  std::map<unsigned, std::pair<unsigned, unsigned>> ErrorsPerFile;
  bool WarningsAsErrors = false;
  bool IgnoreWarnings = false;
  bool LimitReached = false;
  unsigned NumErrors = 0;
  unsigned NumWarnings = 0;
};

enum class DiagnosticsFormat { Text, JSON, SARIF, Lintrunner };

/// Renders `file:line:col: error: message`, the source line, a caret with `~`
/// ranges and fix-its, as Clang does.
std::unique_ptr<DiagnosticConsumer>
createTextDiagnosticConsumer(llvm::raw_ostream &OS, bool ShowColors);

/// Collects every diagnostic and prints one JSON document on finish(): its
/// shape is documented in docs/diagnostics.md.
std::unique_ptr<DiagnosticConsumer>
createJSONDiagnosticConsumer(llvm::raw_ostream &OS);

/// Collects every diagnostic and prints one SARIF 2.1.0 log on finish().
std::unique_ptr<DiagnosticConsumer>
createSARIFDiagnosticConsumer(llvm::raw_ostream &OS);

/// Prints one lintrunner LintMessage JSON object per line and diagnostic on
/// finish() (docs/lint.md); every fix-it of a file is in the `replacement`
/// of the first diagnostic with one there. The findings are the output, not
/// a failure: finish() alone decides the outcome, and is a success.
std::unique_ptr<DiagnosticConsumer>
createLintrunnerDiagnosticConsumer(llvm::raw_ostream &OS);

/// The consumer of a --diagnostics-format value.
std::unique_ptr<DiagnosticConsumer>
createDiagnosticConsumer(DiagnosticsFormat Format, llvm::raw_ostream &OS,
                         bool ShowColors);

/// Verify mode, after Clang's -verify: diagnostics are collected instead of
/// printed and checked against the `# expected-error {{...}}` directives in
/// the comments of every buffer of the SourceMgr. finish() prints what was
/// expected but not seen and seen but not expected, and alone decides the
/// outcome. The directive syntax is documented in docs/diagnostics.md.
std::unique_ptr<DiagnosticConsumer>
createVerifyDiagnosticConsumer(llvm::raw_ostream &OS);

/// The 1-based line and column (in bytes) of Loc, and the buffer's name.
struct PresumedLoc {
  llvm::StringRef Filename;
  unsigned BufferID = 0;
  unsigned Line = 0;
  unsigned Column = 0;

  bool isValid() const { return BufferID != 0; }
};
PresumedLoc getPresumedLoc(const llvm::SourceMgr &SM, llvm::SMLoc Loc);

} // namespace gradgen

#endif // GRADGEN_SUPPORT_DIAGNOSTICS_H
