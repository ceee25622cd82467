//===- VerifyDiagnostics.cpp - Check diagnostics against expectations -----===//
//
// Verify mode after Clang's -verify (clang/lib/Frontend/
// VerifyDiagnosticConsumer.cpp), for YAML: the directives live in `#`
// comments of any buffer of the SourceMgr,
//
//   - name: foo(Tensor self) -> Tensor   # expected-error {{unknown type}}
//   # expected-note@+2 {{declared here}}
//   # expected-warning@native_functions.yaml:12 2 {{deprecated}}
//   # expected-error-re {{unknown type '{{[a-z]+}}'}}
//
// and finish() matches them against the diagnostics reported, printing what
// was expected but not seen and seen but not expected in Clang's words.
// Directives are read on finish() because the buffers are loaded during the
// run, after the consumer is installed.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {
namespace {

/// A reported diagnostic as verify mode compares it.
struct SeenDiagnostic {
  Severity Level;
  unsigned BufferID; // 0: no location
  unsigned Line;
  std::string Message;
};

/// One `expected-<kind>` directive.
struct Directive {
  Severity Level = Severity::Error;
  unsigned DirectiveBufferID = 0;
  unsigned DirectiveLine = 0;
  /// Where the diagnostic is expected, unless AnyLocation.
  unsigned BufferID = 0;
  unsigned Line = 0;
  bool AnyLocation = false;
  unsigned Min = 1;
  unsigned Max = 1;
  /// The `{{...}}` texts, and for -re directives their compiled form.
  std::vector<std::string> Texts;
  std::vector<Regex> Regexes;

  /// True if Message holds every text, in order.
  bool matches(StringRef Message) const;
  bool matchesLocation(const SeenDiagnostic &Diag) const {
    return AnyLocation || (Diag.BufferID == BufferID && Diag.Line == Line);
  }
};

bool Directive::matches(StringRef Message) const {
  StringRef Rest = Message;
  for (size_t I = 0; I < Texts.size(); ++I) {
    size_t End;
    if (Regexes.empty()) {
      size_t Pos = Rest.find(Texts[I]);
      if (Pos == StringRef::npos)
        return false;
      End = Pos + Texts[I].size();
    } else {
      SmallVector<StringRef, 4> Groups;
      if (!Regexes[I].match(Rest, &Groups))
        return false;
      End = Groups[0].end() - Rest.begin();
    }
    Rest = Rest.drop_front(End);
  }
  return true;
}

/// The regex of a -re text: `{{...}}` parts are regexes, the rest is
/// literal, as in Clang and FileCheck.
std::string regexOfText(StringRef Text) {
  std::string Result;
  while (!Text.empty()) {
    if (Text.startswith("{{")) {
      Text = Text.drop_front(2);
      size_t Length = Text.find("}}");
      Result += "(" + Text.take_front(Length).str() + ")";
      Text = Length == StringRef::npos ? StringRef()
                                       : Text.drop_front(Length + 2);
      continue;
    }
    size_t Length = Text.find("{{");
    Result += Regex::escape(Text.take_front(Length));
    Text = Text.drop_front(std::min(Length, Text.size()));
  }
  return Result;
}

/// "expected-error" for errors, and so on.
std::string kindName(Severity Level) {
  return ("expected-" + severityName(Level)).str();
}

bool isWordChar(char C) { return isAlnum(C) || C == '_' || C == '-'; }

/// True if what follows a directive name is prose that mentions it, as in
/// "# keep the order, or update the expected-note line numbers": a word or
/// punctuation, where a directive has `@`, a count or `{{`. Anything else is
/// a directive, malformed or not.
bool isProse(StringRef AfterName) {
  if (AfterName.startswith("@"))
    return false;
  StringRef Next = AfterName.ltrim(" \t");
  return !Next.empty() && !isDigit(Next.front()) &&
         !StringRef("{+").contains(Next.front());
}

class VerifyDiagnosticConsumer : public DiagnosticConsumer {
public:
  explicit VerifyDiagnosticConsumer(raw_ostream &OS) : OS(OS) {}

  void handle(const Diagnostic &Diag, const SourceMgr &SM) override {
    record(Diag, SM);
    for (const Diagnostic &Note : Diag.Notes)
      record(Note, SM);
  }

  bool finish(const SourceMgr &SM) override;
  bool decidesOutcome() const override { return true; }

private:
  enum class DirectiveStatus { None, NoDiagnostics, Directives };

  void record(const Diagnostic &Diag, const SourceMgr &SM) {
    PresumedLoc Loc = getPresumedLoc(SM, Diag.Loc);
    Seen.push_back({Diag.Level, Loc.BufferID, Loc.Line, Diag.Message});
  }

  void parseBuffer(const SourceMgr &SM, unsigned BufferID);
  void parseComment(const SourceMgr &SM, unsigned BufferID, StringRef Comment);
  /// Parses the part of a directive after its name: location, count and
  /// texts. Returns false after reporting a malformed directive.
  bool parseDirectiveBody(const SourceMgr &SM, StringRef &Rest, Directive &D,
                          bool IsRegex);
  bool parseLocation(const SourceMgr &SM, StringRef &Rest, Directive &D);
  bool parseCount(const SourceMgr &SM, StringRef &Rest, Directive &D);
  /// One `{{text}}`.
  bool parseText(const SourceMgr &SM, StringRef &Rest, Directive &D,
                 bool IsRegex);
  void error(const SourceMgr &SM, const char *Ptr, const Twine &Message);

  /// Matches the directives of one kind; prints and counts the mismatches.
  unsigned check(const SourceMgr &SM, Severity Level);
  std::string describeLocation(const SourceMgr &SM, unsigned BufferID,
                               unsigned Line);

  raw_ostream &OS;
  std::vector<SeenDiagnostic> Seen;
  std::vector<Directive> Directives;
  DirectiveStatus Status = DirectiveStatus::None;
  unsigned NumErrors = 0;
};

void VerifyDiagnosticConsumer::error(const SourceMgr &SM, const char *Ptr,
                                     const Twine &Message) {
  SM.PrintMessage(OS, SMLoc::getFromPointer(Ptr), SourceMgr::DK_Error,
                  Message);
  ++NumErrors;
}

void VerifyDiagnosticConsumer::parseBuffer(const SourceMgr &SM,
                                           unsigned BufferID) {
  StringRef Text = SM.getMemoryBuffer(BufferID)->getBuffer();
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    // A YAML comment starts with a `#` at the start of a line or after white
    // space. Quotes are not tracked: a directive inside a quoted scalar is
    // still a directive, which is harmless.
    for (size_t I = 0; I < Line.size(); ++I) {
      if (Line[I] == '#' && (I == 0 || Line[I - 1] == ' ' ||
                             Line[I - 1] == '\t')) {
        parseComment(SM, BufferID, Line.drop_front(I + 1));
        break;
      }
    }
  }
}

void VerifyDiagnosticConsumer::parseComment(const SourceMgr &SM,
                                            unsigned BufferID,
                                            StringRef Comment) {
  StringRef Rest = Comment;
  while (true) {
    size_t Pos = Rest.find("expected-");
    if (Pos == StringRef::npos)
      return;
    const char *TokenStart = Rest.data() + Pos;
    bool StartOfWord =
        TokenStart == Comment.data() || !isWordChar(TokenStart[-1]);
    size_t End = Pos;
    while (End < Rest.size() && isWordChar(Rest[End]))
      ++End;
    StringRef Token = Rest.slice(Pos, End);
    Rest = Rest.drop_front(End);
    if (!StartOfWord)
      continue;

    bool IsRegex = Token.consume_back("-re");
    Directive D;
    if (Token == "expected-no-diagnostics" && !IsRegex) {
      if (Status == DirectiveStatus::Directives)
        error(SM, TokenStart,
              "'expected-no-diagnostics' directive cannot follow other "
              "expected directives");
      else
        Status = DirectiveStatus::NoDiagnostics;
      continue;
    }
    if (Token == "expected-error")
      D.Level = Severity::Error;
    else if (Token == "expected-warning")
      D.Level = Severity::Warning;
    else if (Token == "expected-note")
      D.Level = Severity::Note;
    else
      continue; // Not a directive, e.g. "expected-foo".
    if (isProse(Rest))
      continue;
    if (Status == DirectiveStatus::NoDiagnostics) {
      error(SM, TokenStart,
            "expected directive cannot follow 'expected-no-diagnostics' "
            "directive");
      continue;
    }
    Status = DirectiveStatus::Directives;

    D.DirectiveBufferID = BufferID;
    D.DirectiveLine =
        SM.getLineAndColumn(SMLoc::getFromPointer(TokenStart), BufferID).first;
    D.BufferID = BufferID;
    D.Line = D.DirectiveLine;
    if (parseDirectiveBody(SM, Rest, D, IsRegex))
      Directives.push_back(std::move(D));
  }
}

bool VerifyDiagnosticConsumer::parseLocation(const SourceMgr &SM,
                                             StringRef &Rest, Directive &D) {
  const char *At = Rest.data();
  Rest = Rest.drop_front(); // '@'
  auto MissingLine = [&] {
    error(SM, At, "missing or invalid line number following '@' in "
                  "expected directive");
    return false;
  };
  auto LineCount = [&](unsigned BufferID) {
    const MemoryBuffer *Buffer = SM.getMemoryBuffer(BufferID);
    return SM
        .getLineAndColumn(SMLoc::getFromPointer(Buffer->getBufferEnd()),
                          BufferID)
        .first;
  };
  if (Rest.consume_front("*")) {
    D.AnyLocation = true;
    return true;
  }
  unsigned Number = 0;
  if (Rest.startswith("+") || Rest.startswith("-")) {
    bool Plus = Rest.front() == '+';
    Rest = Rest.drop_front();
    if (Rest.consumeInteger(10, Number) || (!Plus && Number >= D.Line))
      return MissingLine();
    D.Line = Plus ? D.Line + Number : D.Line - Number;
  } else if (!Rest.empty() && isDigit(Rest.front())) {
    if (Rest.consumeInteger(10, Number) || Number == 0)
      return MissingLine();
    D.Line = Number;
  } else {
    // @FILE:LINE, FILE being the end of a buffer's name.
    size_t Colon = Rest.find_first_of(": \t");
    if (Colon == StringRef::npos || Rest[Colon] != ':' || Colon == 0)
      return MissingLine();
    StringRef File = Rest.take_front(Colon);
    Rest = Rest.drop_front(Colon + 1);
    D.BufferID = 0;
    for (unsigned ID = 1, E = SM.getNumBuffers(); ID <= E; ++ID) {
      if (SM.getMemoryBuffer(ID)->getBufferIdentifier().endswith(File)) {
        D.BufferID = ID;
        break;
      }
    }
    if (!D.BufferID) {
      error(SM, At, "file '" + File +
                        "' could not be located in expected directive");
      return false;
    }
    if (Rest.consumeInteger(10, Number) || Number == 0)
      return MissingLine();
    D.Line = Number;
  }
  if (D.Line == 0 || D.Line > LineCount(D.BufferID))
    return MissingLine();
  return true;
}

bool VerifyDiagnosticConsumer::parseDirectiveBody(const SourceMgr &SM,
                                                  StringRef &Rest,
                                                  Directive &D, bool IsRegex) {
  if (Rest.startswith("@") && !parseLocation(SM, Rest, D))
    return false;
  Rest = Rest.ltrim(" \t");
  if (!parseCount(SM, Rest, D))
    return false;
  Rest = Rest.ltrim(" \t");

  if (!Rest.startswith("{{")) {
    error(SM, Rest.data(), "cannot find start ('{{') of expected " +
                               Twine(IsRegex ? "regex" : "string"));
    return false;
  }
  while (Rest.startswith("{{"))
    if (!parseText(SM, Rest, D, IsRegex))
      return false;
  return true;
}

bool VerifyDiagnosticConsumer::parseCount(const SourceMgr &SM, StringRef &Rest,
                                          Directive &D) {
  // N, N+ (at least N), N-M, or + (at least one).
  if (Rest.consume_front("+")) {
    D.Max = std::numeric_limits<unsigned>::max();
    return true;
  }
  if (Rest.empty() || !isDigit(Rest.front()))
    return true;
  Rest.consumeInteger(10, D.Min);
  D.Max = D.Min;
  if (Rest.consume_front("+")) {
    D.Max = std::numeric_limits<unsigned>::max();
  } else if (Rest.startswith("-")) {
    const char *Dash = Rest.data();
    Rest = Rest.drop_front();
    if (Rest.consumeInteger(10, D.Max) || D.Max < D.Min) {
      error(SM, Dash, "invalid range following '-' in expected directive");
      return false;
    }
  }
  return true;
}

/// The length of the text after a `{{` that ends at its matching `}}`; a
/// text may hold balanced {{ }} (regexes do). std::nullopt if unmatched.
static std::optional<size_t> balancedTextLength(StringRef Rest) {
  unsigned Depth = 1;
  for (size_t I = 0; I < Rest.size(); ++I) {
    if (Rest.substr(I).startswith("{{")) {
      ++Depth;
      ++I;
    } else if (Rest.substr(I).startswith("}}") && --Depth == 0) {
      return I;
    } else if (Rest.substr(I).startswith("}}")) {
      ++I;
    }
  }
  return std::nullopt;
}

/// "\n" in a text stands for a newline, as in Clang.
static std::string unescapeNewlines(StringRef Text) {
  std::string Unescaped;
  for (size_t Pos = 0; Pos < Text.size(); ++Pos) {
    if (Text.substr(Pos).startswith("\\n")) {
      Unescaped += '\n';
      ++Pos;
    } else {
      Unescaped += Text[Pos];
    }
  }
  return Unescaped;
}

bool VerifyDiagnosticConsumer::parseText(const SourceMgr &SM, StringRef &Rest,
                                         Directive &D, bool IsRegex) {
  const char *Open = Rest.data();
  Rest = Rest.drop_front(2);
  std::optional<size_t> Length = balancedTextLength(Rest);
  if (!Length) {
    error(SM, Open, "cannot find end ('}}') of expected " +
                        Twine(IsRegex ? "regex" : "string"));
    return false;
  }
  StringRef Text = Rest.take_front(*Length);
  Rest = Rest.drop_front(*Length + 2).ltrim(" \t");
  if (Text.empty()) {
    error(SM, Open, "expected " + Twine(IsRegex ? "regex" : "string") +
                        " is empty");
    return false;
  }
  std::string Unescaped = unescapeNewlines(Text);
  if (IsRegex) {
    Regex Compiled(regexOfText(Unescaped));
    std::string RegexError;
    if (!Compiled.isValid(RegexError)) {
      error(SM, Open, "invalid expected regex: " + RegexError);
      return false;
    }
    D.Regexes.push_back(std::move(Compiled));
  }
  D.Texts.push_back(std::move(Unescaped));
  return true;
}

std::string VerifyDiagnosticConsumer::describeLocation(const SourceMgr &SM,
                                                       unsigned BufferID,
                                                       unsigned Line) {
  return ("File " + SM.getMemoryBuffer(BufferID)->getBufferIdentifier() +
          " Line " + Twine(Line))
      .str();
}

unsigned VerifyDiagnosticConsumer::check(const SourceMgr &SM, Severity Level) {
  std::vector<const SeenDiagnostic *> Unmatched;
  for (const SeenDiagnostic &Diag : Seen)
    if (Diag.Level == Level)
      Unmatched.push_back(&Diag);

  // As Clang: each directive takes up to Max matching diagnostics, and is
  // missing once for each of the Min it could not take.
  std::vector<const Directive *> Missing;
  for (const Directive &D : Directives) {
    if (D.Level != Level)
      continue;
    for (unsigned Taken = 0; Taken < D.Max; ++Taken) {
      auto It = llvm::find_if(Unmatched, [&](const SeenDiagnostic *Diag) {
        return D.matchesLocation(*Diag) && D.matches(Diag->Message);
      });
      if (It != Unmatched.end()) {
        Unmatched.erase(It);
        continue;
      }
      if (Taken >= D.Min)
        break;
      Missing.push_back(&D);
    }
  }

  if (!Missing.empty()) {
    OS << "error: '" << kindName(Level)
       << "' diagnostics expected but not seen:\n";
    for (const Directive *D : Missing) {
      OS << "  ";
      if (D->AnyLocation)
        OS << "Any location";
      else
        OS << describeLocation(SM, D->BufferID, D->Line);
      if (D->AnyLocation || D->BufferID != D->DirectiveBufferID ||
          D->Line != D->DirectiveLine)
        OS << " (directive at "
           << SM.getMemoryBuffer(D->DirectiveBufferID)->getBufferIdentifier()
           << ':' << D->DirectiveLine << ')';
      OS << ": " << join(D->Texts, " ... ") << "\n";
    }
  }
  if (!Unmatched.empty()) {
    OS << "error: '" << kindName(Level)
       << "' diagnostics seen but not expected:\n";
    for (const SeenDiagnostic *Diag : Unmatched) {
      OS << "  ";
      if (Diag->BufferID)
        OS << describeLocation(SM, Diag->BufferID, Diag->Line);
      else
        OS << "(no location)";
      OS << ": " << Diag->Message << "\n";
    }
  }
  return Missing.size() + Unmatched.size();
}

bool VerifyDiagnosticConsumer::finish(const SourceMgr &SM) {
  for (unsigned ID = 1, E = SM.getNumBuffers(); ID <= E; ++ID)
    parseBuffer(SM, ID);
  if (Status == DirectiveStatus::None) {
    OS << "error: no expected directives found: consider use of "
          "'expected-no-diagnostics'\n";
    ++NumErrors;
  }
  for (Severity Level : {Severity::Error, Severity::Warning, Severity::Note})
    NumErrors += check(SM, Level);
  OS.flush();
  return NumErrors == 0;
}

} // namespace

std::unique_ptr<DiagnosticConsumer>
createVerifyDiagnosticConsumer(raw_ostream &OS) {
  return std::make_unique<VerifyDiagnosticConsumer>(OS);
}

} // namespace gradgen
