//===- SARIFDiagnostics.cpp - SARIF 2.1.0 output --------------------------===//
//
// One SARIF log per run, in the conventions of Clang's SarifDocumentWriter
// (clang/lib/Basic/Sarif.cpp): absolute file:// artifact URIs with an index,
// columns counted in Unicode code points (`columnKind: unicodeCodePoints`),
// and a rules array of the rule ids reported, referred to by `ruleIndex`.
// Clang's writer is not used: it needs a clang::SourceManager, and gradgen
// locates diagnostics with llvm::SMLoc.
//
// Regions follow SARIF 3.30: startLine/startColumn is the first character,
// endLine the line of the last character and endColumn the column after it.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Config.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InstallLayout.h"

#include "StructuredDiagnostics.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {
namespace {

constexpr const char *SARIFSchemaURI =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/"
    "sarif-schema-2.1.0.json";

bool isUTF8Continuation(char C) { return (C & 0xC0) == 0x80; }

/// The RFC 3986 file URI of Path, made absolute against the working
/// directory; reserved characters are percent-encoded as Clang does.
std::string fileURI(StringRef Path) {
  SmallString<256> Absolute(Path);
  sys::fs::make_absolute(Absolute);
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  sys::path::native(Absolute, sys::path::Style::posix);
  std::string URI = "file://";
  if (!Absolute.startswith("/"))
    URI += '/'; // A drive letter: file:///C:/...
  for (char C : Absolute) {
    if (isAlnum(C) || StringRef("-._~:@!$&'()*+,;=/").contains(C))
      URI += C;
    else
      URI += "%" + toHex(StringRef(&C, 1));
  }
  return URI;
}

/// The URI of the tool's documentation: the configured one, or the
/// diagnostics guide installed next to the executable.
std::string informationURI() {
  StringRef Configured = GRADGEN_INFORMATION_URI;
  if (!Configured.empty())
    return Configured.str();
  return fileURI(installedDataPath(nullptr, {"doc", "gradgen", "diagnostics.md"}));
}

class SARIFDiagnosticConsumer : public DiagnosticConsumer {
public:
  explicit SARIFDiagnosticConsumer(raw_ostream &OS) : OS(OS) {}

  void handle(const Diagnostic &Diag, const SourceMgr &SM) override {
    Diags.push_back(Diag);
  }

  bool finish(const SourceMgr &SM) override;

private:
  /// Where a run is being written: the artifacts and rules seen so far.
  struct RunState {
    const SourceMgr &SM;
    MapVector<unsigned, unsigned> ArtifactIndex; // BufferID -> index
    MapVector<StringRef, unsigned> RuleIndex;    // rule id -> index
  };

  static json::Value artifactLocation(RunState &Run, unsigned BufferID);
  static json::Object region(const SourceMgr &SM, unsigned BufferID,
                             const char *Begin, const char *End);
  static std::optional<json::Object> physicalLocation(RunState &Run,
                                                      SMRange Range);
  static std::optional<json::Object> location(RunState &Run,
                                              const Diagnostic &Diag);
  static std::optional<json::Object>
  fix(RunState &Run, ArrayRef<FixIt> FixIts, StringRef Description);
  static json::Object result(RunState &Run, const Diagnostic &Diag);

  raw_ostream &OS;
  std::vector<Diagnostic> Diags;
};

json::Value SARIFDiagnosticConsumer::artifactLocation(RunState &Run,
                                                      unsigned BufferID) {
  unsigned Index =
      Run.ArtifactIndex.insert({BufferID, Run.ArtifactIndex.size()})
          .first->second;
  StringRef Name = Run.SM.getMemoryBuffer(BufferID)->getBufferIdentifier();
  json::Object Location{{"index", Index}};
  // "<stdin>" and other names in angle brackets are no files.
  if (Name.startswith("<"))
    Location["description"] = json::Object{{"text", toJSONString(Name)}};
  else
    Location["uri"] = fileURI(Name);
  return Location;
}

/// The 1-based column of Ptr in code points.
static unsigned codePointColumn(const char *LineStart, const char *Ptr) {
  unsigned Column = 1;
  for (const char *P = LineStart; P < Ptr; ++P)
    Column += !isUTF8Continuation(*P);
  return Column;
}

json::Object SARIFDiagnosticConsumer::region(const SourceMgr &SM,
                                             unsigned BufferID,
                                             const char *Begin,
                                             const char *End) {
  auto LineAndColumn = [&](const char *Ptr) {
    auto [Line, ByteColumn] =
        SM.getLineAndColumn(SMLoc::getFromPointer(Ptr), BufferID);
    return std::make_pair(Line, codePointColumn(Ptr - (ByteColumn - 1), Ptr));
  };
  auto [StartLine, StartColumn] = LineAndColumn(Begin);
  unsigned EndLine = StartLine, EndColumn = StartColumn;
  if (End > Begin) {
    // The line of the last character and the column after it.
    const char *Last = End - 1;
    while (Last > Begin && isUTF8Continuation(*Last))
      --Last;
    std::tie(EndLine, EndColumn) = LineAndColumn(Last);
    ++EndColumn;
  }
  return json::Object{{"startLine", StartLine},
                      {"startColumn", StartColumn},
                      {"endLine", EndLine},
                      {"endColumn", EndColumn}};
}

std::optional<json::Object>
SARIFDiagnosticConsumer::physicalLocation(RunState &Run, SMRange Range) {
  if (!Range.Start.isValid())
    return std::nullopt;
  unsigned BufferID = Run.SM.FindBufferContainingLoc(Range.Start);
  if (!BufferID)
    return std::nullopt;
  const char *Begin = Range.Start.getPointer();
  const char *End = Range.End.getPointer();
  if (!Range.End.isValid() || End < Begin ||
      Run.SM.FindBufferContainingLoc(Range.End) != BufferID)
    End = Begin;
  return json::Object{
      {"artifactLocation", artifactLocation(Run, BufferID)},
      {"region", region(Run.SM, BufferID, Begin, End)}};
}

/// The range a diagnostic's location stands for: the first of its ranges
/// that holds Loc, or else the character at Loc.
static SMRange locationRange(const SourceMgr &SM, const Diagnostic &Diag) {
  const char *Loc = Diag.Loc.getPointer();
  for (SMRange Range : Diag.Ranges)
    if (Range.Start.getPointer() <= Loc && Loc < Range.End.getPointer())
      return Range;
  unsigned BufferID = SM.FindBufferContainingLoc(Diag.Loc);
  if (!BufferID)
    return SMRange(Diag.Loc, Diag.Loc);
  const char *BufferEnd = SM.getMemoryBuffer(BufferID)->getBufferEnd();
  const char *End = Loc;
  if (End < BufferEnd)
    ++End;
  while (End < BufferEnd && isUTF8Continuation(*End))
    ++End;
  return SMRange(Diag.Loc, SMLoc::getFromPointer(End));
}

/// The location of a diagnostic or note; its other ranges are annotations.
std::optional<json::Object>
SARIFDiagnosticConsumer::location(RunState &Run, const Diagnostic &Diag) {
  SMRange Primary = locationRange(Run.SM, Diag);
  std::optional<json::Object> Physical = physicalLocation(Run, Primary);
  if (!Physical)
    return std::nullopt;
  json::Array Annotations;
  for (SMRange Range : Diag.Ranges) {
    if (Range.Start == Primary.Start && Range.End == Primary.End)
      continue;
    std::optional<json::Object> Other = physicalLocation(Run, Range);
    if (!Other)
      continue;
    json::Value Region = std::move(*Other->get("region"));
    // SARIF wants annotations without duplicates.
    if (!llvm::is_contained(Annotations, Region))
      Annotations.push_back(std::move(Region));
  }
  json::Object Location{{"physicalLocation", std::move(*Physical)}};
  if (!Annotations.empty())
    Location["annotations"] = std::move(Annotations);
  return Location;
}

/// One fix: every replacement, grouped by the artifact it changes.
std::optional<json::Object>
SARIFDiagnosticConsumer::fix(RunState &Run, ArrayRef<FixIt> FixIts,
                             StringRef Description) {
  MapVector<unsigned, json::Array> Replacements;
  for (const FixIt &Fix : FixIts) {
    std::optional<json::Object> Location = physicalLocation(Run, Fix.Range);
    if (!Location)
      continue;
    json::Object Replacement{
        {"deletedRegion", std::move(*Location->get("region"))}};
    // Without insertedContent the replacement is a deletion.
    if (!Fix.Replacement.empty())
      Replacement["insertedContent"] =
          json::Object{{"text", toJSONString(Fix.Replacement)}};
    Replacements[Run.SM.FindBufferContainingLoc(Fix.Range.Start)].push_back(
        std::move(Replacement));
  }
  if (Replacements.empty())
    return std::nullopt;
  json::Array Changes;
  for (auto &[BufferID, Artifact] : Replacements)
    Changes.push_back(
        json::Object{{"artifactLocation", artifactLocation(Run, BufferID)},
                     {"replacements", std::move(Artifact)}});
  json::Object Fix{{"artifactChanges", std::move(Changes)}};
  if (!Description.empty())
    Fix["description"] = json::Object{{"text", toJSONString(Description)}};
  return Fix;
}

json::Object SARIFDiagnosticConsumer::result(RunState &Run,
                                             const Diagnostic &Diag) {
  json::Object Result{
      {"level", severityName(Diag.Level)},
      {"message", json::Object{{"text", toJSONString(Diag.Message)}}}};
  if (!Diag.RuleID.empty()) {
    unsigned Index =
        Run.RuleIndex.insert({Diag.RuleID, Run.RuleIndex.size()})
            .first->second;
    Result["ruleId"] = toJSONString(Diag.RuleID);
    Result["ruleIndex"] = Index;
  }
  if (std::optional<json::Object> Location = location(Run, Diag))
    Result["locations"] = json::Array{std::move(*Location)};

  json::Array Related;
  for (const Diagnostic &Note : Diag.Notes) {
    json::Object Location = location(Run, Note).value_or(json::Object());
    // The id keeps two identical notes distinct, as SARIF requires.
    Location["id"] = static_cast<int64_t>(Related.size());
    Location["message"] = json::Object{{"text", toJSONString(Note.Message)}};
    Related.push_back(std::move(Location));
  }
  if (!Related.empty())
    Result["relatedLocations"] = std::move(Related);

  // The diagnostic's fix-its are one fix; each note's are an alternative.
  json::Array Fixes;
  auto AddFix = [&](std::optional<json::Object> Fix) {
    if (!Fix)
      return;
    json::Value Value(std::move(*Fix));
    if (!llvm::is_contained(Fixes, Value))
      Fixes.push_back(std::move(Value));
  };
  AddFix(fix(Run, Diag.FixIts, ""));
  for (const Diagnostic &Note : Diag.Notes)
    AddFix(fix(Run, Note.FixIts, Note.Message));
  if (!Fixes.empty())
    Result["fixes"] = std::move(Fixes);
  return Result;
}

bool SARIFDiagnosticConsumer::finish(const SourceMgr &SM) {
  RunState Run{SM, {}, {}};
  json::Array Results;
  for (const Diagnostic &Diag : Diags)
    Results.push_back(result(Run, Diag));

  json::Array Rules;
  for (const auto &Rule : Run.RuleIndex)
    Rules.push_back(json::Object{{"id", toJSONString(Rule.first)}});
  json::Array Artifacts;
  for (auto [BufferID, Index] : Run.ArtifactIndex) {
    json::Value Location = artifactLocation(Run, BufferID);
    Artifacts.push_back(json::Object{
        {"location", std::move(Location)},
        {"length",
         static_cast<int64_t>(SM.getMemoryBuffer(BufferID)->getBufferSize())}});
  }

  json::Object Driver{{"name", "gradgen"},
                      {"version", GRADGEN_VERSION},
                      {"semanticVersion", GRADGEN_VERSION},
                      {"informationUri", informationURI()},
                      {"rules", std::move(Rules)}};
  json::Object TheRun{{"tool", json::Object{{"driver", std::move(Driver)}}},
                      {"artifacts", std::move(Artifacts)},
                      {"columnKind", "unicodeCodePoints"},
                      {"results", std::move(Results)}};
  json::Object Log{{"$schema", SARIFSchemaURI},
                   {"version", "2.1.0"},
                   {"runs", json::Array{std::move(TheRun)}}};
  OS << formatv("{0:2}", json::Value(std::move(Log))) << "\n";
  OS.flush();
  Diags.clear();
  return true;
}

} // namespace

std::unique_ptr<DiagnosticConsumer>
createSARIFDiagnosticConsumer(raw_ostream &OS) {
  return std::make_unique<SARIFDiagnosticConsumer>(OS);
}

} // namespace gradgen
