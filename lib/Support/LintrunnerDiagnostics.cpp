//===- LintrunnerDiagnostics.cpp - lintrunner's LintMessage lines ---------===//
//
// lintrunner (github.com/suo/lintrunner) runs a linter's command and reads
// one LintMessage JSON object per line of its standard output
// (src/linter.rs, run_command; src/lint_message.rs). The fields and their
// order are those of PyTorch's adapters (tools/linter/adapters/*.py), which
// print `original` and `replacement` as null when they have no fix.
//
// A fix is the whole file after it: `lintrunner -a` writes `replacement`
// over the file (src/lib.rs, apply_patches) and refuses a second replacement
// of the same file. So every fix-it of a file is applied in one replacement,
// carried by the first diagnostic with a fix-it there; the others say that
// it holds theirs.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Support/Diagnostics.h"

#include "StructuredDiagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {
namespace {

/// The code lintrunner's configuration gives the linter (docs/lintrunner.toml).
constexpr const char *LinterCode = "GRADGEN";

/// The file a diagnostic's fix-its change, after all of them.
struct FileFix {
  /// The diagnostic whose message carries the file before and after.
  size_t Carrier = 0;
  std::string Replacement;
};

class LintrunnerDiagnosticConsumer : public DiagnosticConsumer {
public:
  explicit LintrunnerDiagnosticConsumer(raw_ostream &OS) : OS(OS) {}

  void handle(const Diagnostic &Diag, const SourceMgr &SM) override {
    Diags.push_back(Diag);
  }

  bool finish(const SourceMgr &SM) override;

  /// lintrunner reads a linter's findings from its output and takes a
  /// non-zero exit for the linter's own failure (src/linter.rs), so errors
  /// found are a success of the run.
  bool decidesOutcome() const override { return true; }

private:
  DenseMap<unsigned, FileFix> collectFixes(const SourceMgr &SM) const;
  void writeMessage(const Diagnostic &Diag, size_t Index,
                    const DenseMap<unsigned, FileFix> &Fixes,
                    const SourceMgr &SM);

  raw_ostream &OS;
  std::vector<Diagnostic> Diags;
};

/// lintrunner's name of a severity: its lowest is `advice`.
StringRef lintSeverity(Severity Level) {
  return Level == Severity::Note ? "advice" : severityName(Level);
}

/// The fix-its of Diag that change the file it is located in.
std::vector<const FixIt *> fixItsInOwnFile(const Diagnostic &Diag,
                                           const SourceMgr &SM) {
  std::vector<const FixIt *> Result;
  PresumedLoc Loc = getPresumedLoc(SM, Diag.Loc);
  if (!Loc.isValid())
    return Result;
  for (const FixIt &Fix : Diag.FixIts) {
    PresumedLoc Start = getPresumedLoc(SM, Fix.Range.Start);
    PresumedLoc End = getPresumedLoc(SM, Fix.Range.End);
    if (Start.BufferID == Loc.BufferID && End.BufferID == Loc.BufferID &&
        Fix.Range.Start.getPointer() <= Fix.Range.End.getPointer())
      Result.push_back(&Fix);
  }
  return Result;
}

/// Text with Fixes applied; of two that overlap, the first reported wins,
/// as Clang's FixItRewriter keeps the first of conflicting edits.
std::string applyFixIts(StringRef Text, std::vector<const FixIt *> Fixes) {
  llvm::stable_sort(Fixes, [](const FixIt *A, const FixIt *B) {
    return A->Range.Start.getPointer() < B->Range.Start.getPointer();
  });
  std::string Result;
  const char *Copied = Text.begin();
  for (const FixIt *Fix : Fixes) {
    const char *Start = Fix->Range.Start.getPointer();
    if (Start < Copied)
      continue;
    Result.append(Copied, Start);
    Result += Fix->Replacement;
    Copied = Fix->Range.End.getPointer();
  }
  Result.append(Copied, Text.end());
  return Result;
}

DenseMap<unsigned, FileFix>
LintrunnerDiagnosticConsumer::collectFixes(const SourceMgr &SM) const {
  DenseMap<unsigned, std::vector<const FixIt *>> FixItsByFile;
  DenseMap<unsigned, FileFix> Fixes;
  for (size_t Index = 0; Index != Diags.size(); ++Index) {
    std::vector<const FixIt *> Own = fixItsInOwnFile(Diags[Index], SM);
    if (Own.empty())
      continue;
    unsigned BufferID = getPresumedLoc(SM, Diags[Index].Loc).BufferID;
    Fixes.try_emplace(BufferID, FileFix{Index, ""});
    llvm::append_range(FixItsByFile[BufferID], Own);
  }
  for (auto &[BufferID, Fix] : Fixes) {
    StringRef Text = SM.getMemoryBuffer(BufferID)->getBuffer();
    // The replacement is a JSON string, which cannot hold other bytes than
    // UTF-8 unchanged: such a file gets no replacement, not a damaged one.
    if (!json::isUTF8(Text)) {
      Fix.Carrier = Diags.size();
      continue;
    }
    Fix.Replacement = applyFixIts(Text, FixItsByFile[BufferID]);
  }
  return Fixes;
}

std::string describe(const Diagnostic &Diag, const SourceMgr &SM) {
  std::string Description = Diag.Message;
  for (const Diagnostic &Note : Diag.Notes) {
    Description += "\nnote: ";
    PresumedLoc Loc = getPresumedLoc(SM, Note.Loc);
    if (Loc.isValid())
      Description += (Loc.Filename + ":" + Twine(Loc.Line) + ":" +
                      Twine(Loc.Column) + ": ")
                         .str();
    Description += Note.Message;
  }
  return toJSONString(Description);
}

void LintrunnerDiagnosticConsumer::writeMessage(
    const Diagnostic &Diag, size_t Index,
    const DenseMap<unsigned, FileFix> &Fixes, const SourceMgr &SM) {
  PresumedLoc Loc = getPresumedLoc(SM, Diag.Loc);
  auto FileFixIt = Fixes.find(Loc.BufferID);
  bool CarriesFix = Loc.isValid() && FileFixIt != Fixes.end() &&
                    FileFixIt->second.Carrier == Index;
  auto NullUnless = [](bool Valid, auto Value) -> json::Value {
    if (!Valid)
      return nullptr;
    return Value;
  };
  std::string Description = describe(Diag, SM);
  if (!CarriesFix && Loc.isValid() && FileFixIt != Fixes.end() &&
      FileFixIt->second.Carrier < Diags.size() &&
      !fixItsInOwnFile(Diag, SM).empty())
    Description += "\n(its fix-it is in the replacement of this file's "
                   "first fix)";
  json::OStream J(OS);
  J.object([&] {
    J.attribute("path", NullUnless(Loc.isValid(), toJSONString(Loc.Filename)));
    J.attribute("line", NullUnless(Loc.isValid(), Loc.Line));
    J.attribute("char", NullUnless(Loc.isValid(), Loc.Column));
    J.attribute("code", LinterCode);
    J.attribute("severity", lintSeverity(Diag.Level));
    J.attribute("name", Diag.RuleID.empty()
                            ? std::string(severityName(Diag.Level))
                            : toJSONString(Diag.RuleID));
    StringRef Original =
        CarriesFix ? SM.getMemoryBuffer(Loc.BufferID)->getBuffer() : "";
    J.attribute("original", NullUnless(CarriesFix, Original.str()));
    J.attribute("replacement",
                NullUnless(CarriesFix, CarriesFix
                                           ? FileFixIt->second.Replacement
                                           : std::string()));
    J.attribute("description", Description);
  });
  OS << "\n";
}

bool LintrunnerDiagnosticConsumer::finish(const SourceMgr &SM) {
  DenseMap<unsigned, FileFix> Fixes = collectFixes(SM);
  for (size_t Index = 0; Index != Diags.size(); ++Index)
    writeMessage(Diags[Index], Index, Fixes, SM);
  OS.flush();
  Diags.clear();
  return true;
}

} // namespace

std::unique_ptr<DiagnosticConsumer>
createLintrunnerDiagnosticConsumer(raw_ostream &OS) {
  return std::make_unique<LintrunnerDiagnosticConsumer>(OS);
}

} // namespace gradgen
