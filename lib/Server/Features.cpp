//===- Features.cpp - What the server answers from one Analysis -----------===//

#include "Features.h"

#include "gradgen/Server/Document.h"
#include "gradgen/Formula/FormulaAnalysis.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace gradgen::server {

static StringRef bufferPath(const SourceMgr &SM, unsigned ID) {
  return SM.getMemoryBuffer(ID)->getBufferIdentifier();
}

static lsp::DiagnosticSeverity severityOf(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return lsp::DiagnosticSeverity::Error;
  case Severity::Warning:
    return lsp::DiagnosticSeverity::Warning;
  case Severity::Note:
    return lsp::DiagnosticSeverity::Information;
  }
  return lsp::DiagnosticSeverity::Error;
}

/// The range a diagnostic underlines: its first highlighted range when that
/// starts at its location, else the word at its location.
static lsp::Range diagnosticRange(const SourceMgr &SM, const Diagnostic &D) {
  for (SMRange R : D.Ranges)
    if (R.Start == D.Loc && R.End.isValid())
      return rangeOf(SM, R);
  if (!D.Ranges.empty() && D.Ranges.front().isValid())
    return rangeOf(SM, D.Ranges.front());
  const char *End = D.Loc.getPointer();
  unsigned ID = SM.FindBufferContainingLoc(D.Loc);
  const char *BufferEnd = SM.getMemoryBuffer(ID)->getBufferEnd();
  while (End < BufferEnd && (isAlnum(*End) || *End == '_'))
    ++End;
  if (End == D.Loc.getPointer() && End < BufferEnd && *End != '\n')
    ++End;
  return rangeOf(SM, SMRange(D.Loc, SMLoc::getFromPointer(End)));
}

static std::vector<lsp::TextEdit> editsOf(const SourceMgr &SM,
                                          ArrayRef<FixIt> Fixes) {
  std::vector<lsp::TextEdit> Edits;
  for (const FixIt &F : Fixes)
    Edits.push_back({rangeOf(SM, F.Range), F.Replacement});
  return Edits;
}

std::map<std::string, std::vector<lsp::Diagnostic>>
toLSPDiagnostics(const Analysis &A) {
  const SourceMgr &SM = A.sourceMgr();
  std::map<std::string, std::vector<lsp::Diagnostic>> Result;
  if (A.derivativesBuffer())
    Result[bufferPath(SM, A.derivativesBuffer()).str()];
  for (const Diagnostic &D : A.diagnostics()) {
    unsigned ID = D.Loc.isValid() ? SM.FindBufferContainingLoc(D.Loc) : 0;
    // Without a location (a missing file, a bad profile), it belongs to the
    // file that was checked.
    if (!ID)
      ID = A.derivativesBuffer();
    if (!ID)
      continue;
    lsp::Diagnostic Out;
    Out.TheRange = D.Loc.isValid() ? diagnosticRange(SM, D) : lsp::Range();
    Out.Severity = severityOf(D.Level);
    Out.Code = D.RuleID;
    Out.Message = D.Message;
    Out.Fixes = editsOf(SM, D.FixIts);
    for (const Diagnostic &Note : D.Notes) {
      unsigned NoteID =
          Note.Loc.isValid() ? SM.FindBufferContainingLoc(Note.Loc) : 0;
      if (!NoteID) {
        Out.Message += "\nnote: " + Note.Message;
        continue;
      }
      Out.Related.push_back(
          {{lsp::pathToURI(bufferPath(SM, NoteID)), diagnosticRange(SM, Note)},
           Note.Message});
      if (NoteID == ID && Out.Fixes.empty())
        Out.Fixes = editsOf(SM, Note.FixIts);
    }
    Result[bufferPath(SM, ID).str()].push_back(std::move(Out));
  }
  return Result;
}

static bool overlaps(lsp::Range A, lsp::Range B) {
  auto Before = [](lsp::Position L, lsp::Position R) {
    return L.Line < R.Line || (L.Line == R.Line && L.Character < R.Character);
  };
  return !Before(A.End, B.Start) && !Before(B.End, A.Start);
}

/// A fix's title: the note that proposes it (`did you mean 'sin'?`), else
/// what it writes.
static std::string fixTitle(const Diagnostic &D, const SourceMgr &SM,
                            ArrayRef<FixIt> Fixes, StringRef NoteMessage) {
  if (!NoteMessage.empty())
    return NoteMessage.str();
  const FixIt &F = Fixes.front();
  StringRef Old(F.Range.Start.getPointer(),
                F.Range.End.getPointer() - F.Range.Start.getPointer());
  if (Old.empty())
    return "insert '" + F.Replacement + "'";
  if (F.Replacement.empty())
    return "remove '" + Old.str() + "'";
  return "change '" + Old.str() + "' to '" + F.Replacement + "'";
}

std::vector<lsp::CodeAction> codeActions(const Analysis &A, StringRef URI,
                                         lsp::Range Range) {
  const SourceMgr &SM = A.sourceMgr();
  std::vector<lsp::CodeAction> Actions;
  // Not YAML (the file did not load): its syntax errors have no fixes.
  if (!A.derivativesBuffer())
    return Actions;
  std::map<std::string, std::vector<lsp::Diagnostic>> ByFile =
      toLSPDiagnostics(A);
  std::vector<lsp::Diagnostic> &Published =
      ByFile[bufferPath(SM, A.derivativesBuffer()).str()];
  size_t Index = 0;
  for (const Diagnostic &D : A.diagnostics()) {
    unsigned ID = D.Loc.isValid() ? SM.FindBufferContainingLoc(D.Loc) : 0;
    if (ID != A.derivativesBuffer() && (ID || A.derivativesBuffer() == 0))
      continue;
    const lsp::Diagnostic &Out = Published[Index++];
    if (!overlaps(Out.TheRange, Range))
      continue;
    auto Add = [&](ArrayRef<FixIt> Fixes, StringRef NoteMessage) {
      if (Fixes.empty())
        return;
      for (const FixIt &F : Fixes)
        if (SM.FindBufferContainingLoc(F.Range.Start) != A.derivativesBuffer())
          return;
      lsp::CodeAction Action;
      Action.Title = fixTitle(D, SM, Fixes, NoteMessage);
      Action.URI = URI.str();
      Action.Edits = editsOf(SM, Fixes);
      Action.Fixes = Out;
      Action.Fixes->Fixes.clear();
      Action.Preferred = Actions.empty();
      Actions.push_back(std::move(Action));
    };
    Add(D.FixIts, "");
    for (const Diagnostic &Note : D.Notes)
      Add(Note.FixIts, Note.Message);
  }
  return Actions;
}

/// The identifier around Offset in Text, or an empty range.
static std::pair<size_t, size_t> identifierAt(StringRef Text, size_t Offset) {
  auto IsIdent = [](char C) { return isAlnum(C) || C == '_'; };
  size_t Begin = std::min(Offset, Text.size());
  size_t End = Begin;
  while (Begin > 0 && IsIdent(Text[Begin - 1]))
    --Begin;
  while (End < Text.size() && IsIdent(Text[End]))
    ++End;
  return {Begin, End};
}

static lsp::Range offsetRange(const Analysis &A, size_t Begin, size_t End) {
  return rangeOf(A.sourceMgr(), SMRange(A.locOf(Begin), A.locOf(End)));
}

static bool contains(SMRange Range, SMLoc Loc) {
  return Range.Start.isValid() && Range.End.isValid() &&
         Range.Start.getPointer() <= Loc.getPointer() &&
         Loc.getPointer() <= Range.End.getPointer();
}

/// The function the entry at Loc names, when Loc is on its `name:` value.
static const NativeFunction *functionNamedAt(const Analysis &A, SMLoc Loc,
                                             const DerivativesEntry *&Entry) {
  Entry = A.entryAt(Loc);
  if (!Entry || !A.schemaIndex() || !contains(Entry->Name.Range, Loc))
    return nullptr;
  return A.schemaIndex()->lookupSchema(*Entry->Name);
}

/// The schema argument named Name of the function Entry names, if Loc is
/// in one of its formulas or keys.
static const Argument *argumentAt(const Analysis &A, SMLoc Loc,
                                  StringRef Name, const NativeFunction *&F) {
  const DerivativesEntry *Entry = A.entryAt(Loc);
  F = Entry && A.schemaIndex() ? A.schemaIndex()->lookupSchema(*Entry->Name)
                               : nullptr;
  if (!F)
    return nullptr;
  for (const Argument *Arg : F->func().schemaOrderArguments())
    if (Arg->Name == Name)
      return Arg;
  return nullptr;
}

/// On `sym_sizes` of `self.sym_sizes()` (or on `self` of a saved `self`):
/// what the Node saves for it, under the C++ type the Formula stage gave it.
static std::optional<std::string> savedValueAt(const Analysis &A,
                                               const FormulaAtPoint &At,
                                               const FormulaSymbol &Symbol) {
  const InfoGroup *Group = A.database().lookup(*At.Func);
  const DifferentiabilityInfo *Info = nullptr;
  const Derivative *D = nullptr;
  if (!Group)
    return std::nullopt;
  for (const DifferentiabilityInfo &Candidate : Group->Infos)
    for (const Derivative &Formula : Candidate.Derivatives)
      if (Formula.Source == At.Formula) {
        Info = &Candidate;
        D = &Formula;
      }
  if (!D)
    return std::nullopt;
  // The expression around the name: `base.member` or `base`.
  StringRef Text = At.Input.Text;
  size_t ExprBegin = Symbol.Begin;
  if (ExprBegin > 0 && Text[ExprBegin - 1] == '.')
    ExprBegin = identifierAt(Text, ExprBegin - 1).first;
  StringRef Expr = Text.slice(ExprBegin, Symbol.End);
  for (ArrayRef<SavedAttribute> Saved : {ArrayRef(D->SavedInputs),
                                         ArrayRef(D->SavedOutputs)})
    for (const SavedAttribute &S : Saved) {
      StringRef Saving = S.Expr;
      if (Saving == Expr || (Saving.consume_front(Expr) &&
                             (Saving.empty() || Saving.startswith("("))))
        return "saved by `" + Info->Op.value_or(Info->Name) +
               "` at forward time as `" + S.NCType.cppType() + " " +
               S.name().str() + "`: `" + S.Expr + "`";
    }
  return std::nullopt;
}

/// What a parameter of a formula's function is to the entry: an argument
/// or output of its operator, a gradient, result.
static std::optional<std::string> parameterRole(const FormulaAtPoint &At,
                                                StringRef Name) {
  const FunctionSchema &Schema = At.Func->func();
  for (const Argument *Arg : Schema.schemaOrderArguments())
    if (Arg->Name == Name)
      return "argument `" + Arg->Ty->str() + " " + Arg->Name + "` of `" +
             Schema.Name.str() + "`";
  // Forward formulas: `self_t`, `self_p`.
  for (const Argument *Arg : Schema.schemaOrderArguments()) {
    if (Name == Arg->Name + "_t")
      return "the tangent of argument `" + Arg->Name + "`";
    if (Name == Arg->Name + "_p")
      return "the primal value of argument `" + Arg->Name + "`";
  }
  auto OutputName = [&](size_t I) {
    // torchgen's names of unnamed outputs.
    return Schema.Returns[I].Name.value_or(
        Schema.Returns.size() == 1 ? "result" : "result" + std::to_string(I));
  };
  if (Name == "grad")
    return "the gradient of `" +
           (Schema.Returns.empty() ? std::string("the output")
                                   : OutputName(0)) +
           "` (`grads[0]`)";
  if (Name == "grads")
    return std::string("the gradients of the outputs, in order");
  for (size_t I = 0; I < Schema.Returns.size(); ++I) {
    if (Name == "grad_" + OutputName(I))
      return "the gradient of output `" + OutputName(I) + "` (`grads[" +
             std::to_string(I) + "]`)";
    if (Name == OutputName(I) || (Name == "result" && OutputName(I) == "self"))
      return "output `" + Schema.Returns[I].Ty->str() + "` of `" +
             Schema.Name.str() + "`";
  }
  return std::nullopt;
}

/// The hover of a name Clang resolved in a formula.
static std::string describeSymbol(const Analysis &A, const FormulaAtPoint &At,
                                  const FormulaSymbol &Symbol) {
  std::string Text = "```\n" + Symbol.Declaration + "\n```\n";
  StringRef Name = StringRef(At.Input.Text).slice(Symbol.Begin, Symbol.End);
  if (Symbol.Kind == FormulaSymbolKind::Variable)
    if (std::optional<std::string> Role = parameterRole(At, Name))
      Text += *Role + "\n";
  if (Symbol.FuncLoc.isValid()) {
    StringRef Func(Symbol.FuncLoc.getPointer());
    Text += "operator `" + Func.take_until([](char C) {
                             return C == '\n' || C == '\r';
                           }).rtrim().str() +
            "`\n";
  }
  if (!Symbol.DeclaredIn.empty())
    Text += "declared in `" + Symbol.DeclaredIn + "`\n";
  if (Symbol.Kind == FormulaSymbolKind::Method ||
      Symbol.Kind == FormulaSymbolKind::Field)
    Text += "of type `" + Symbol.Type + "`\n";
  if (std::optional<std::string> Saved = savedValueAt(A, At, Symbol))
    Text += *Saved + "\n";
  return Text;
}

std::optional<lsp::Hover> hover(const Analysis &A, size_t Offset,
                                FormulaAssistant *Assistant) {
  SMLoc Loc = A.locOf(Offset);
  const DerivativesEntry *Entry;
  if (const NativeFunction *F = functionNamedAt(A, Loc, Entry)) {
    std::string Text;
    raw_string_ostream OS(Text);
    OS << "```\n" << F->func().str() << "\n```\n";
    if (const InfoGroup *Group = A.database().lookup(*F)) {
      for (const DifferentiabilityInfo &Info : Group->Infos)
        if (Info.Op)
          OS << "\nNode: `" << *Info.Op << "`"
             << (Group->Infos.size() > 1 ? " (" + Info.DispatchKey + ")" : "")
             << "\n";
    }
    std::vector<const NativeFunction *> Overloads =
        A.schemaIndex()->findByBaseName(F->rootName());
    if (Overloads.size() > 1) {
      OS << "\nOverloads:\n";
      for (const NativeFunction *O : Overloads)
        OS << "- `" << O->func().str() << "`\n";
    }
    OS.flush();
    return lsp::Hover{Text, rangeOf(A.sourceMgr(), Entry->Name.Range)};
  }
  if (std::optional<FormulaAtPoint> At = formulaAt(A, Offset)) {
    std::optional<FormulaSymbol> Symbol =
        Assistant ? Assistant->symbolAt(At->Input, At->TextOffset)
                  : std::nullopt;
    if (!Symbol)
      return std::nullopt;
    return lsp::Hover{describeSymbol(A, *At, *Symbol),
                      rangeOf(A.sourceMgr(), At->Input.Source.rangeForOffsets(
                                                 Symbol->Begin, Symbol->End))};
  }
  // A key names arguments of the schema.
  StringRef Buffer = A.derivativesText();
  auto [Begin, End] = identifierAt(Buffer, Offset);
  const NativeFunction *F;
  if (Begin == End)
    return std::nullopt;
  if (const Argument *Arg = argumentAt(A, Loc, Buffer.slice(Begin, End), F))
    return lsp::Hover{"```\n" + Arg->Ty->str() + " " + Arg->Name +
                          "\n```\nargument of `" + F->func().Name.str() + "`",
                      offsetRange(A, Begin, End)};
  return std::nullopt;
}

/// Where Arg is named in the `func:` value of F.
static SMRange argumentRange(const NativeFunction &F, const Argument &Arg) {
  SMRange Func = F.Func.Range;
  StringRef Text(Func.Start.getPointer(),
                 Func.End.getPointer() - Func.Start.getPointer());
  for (size_t At = Text.find(Arg.Name); At != StringRef::npos;
       At = Text.find(Arg.Name, At + 1)) {
    size_t After = At + Arg.Name.size();
    if (At > 0 && Text[At - 1] == ' ' && After < Text.size() &&
        StringRef(",)=").contains(Text[After]))
      return SMRange(SMLoc::getFromPointer(Text.data() + At),
                     SMLoc::getFromPointer(Text.data() + After));
  }
  return SMRange(Func.Start, Func.Start);
}

static lsp::Location locationOf(const SourceMgr &SM, SMRange Range) {
  unsigned ID = SM.FindBufferContainingLoc(Range.Start);
  return {lsp::pathToURI(bufferPath(SM, ID)), rangeOf(SM, Range)};
}

/// The declarations of the function Name in the helper headers: lines where
/// Name( follows a return type. Textual, so every overload is offered.
static std::vector<lsp::Location> helperDeclarations(const Analysis &A,
                                                     StringRef Name) {
  std::vector<lsp::Location> Found;
  for (const std::string &Path : A.helperFiles()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
    if (!File)
      continue;
    StringRef Text = (*File)->getBuffer();
    for (size_t At = Text.find(Name); At != StringRef::npos;
         At = Text.find(Name, At + 1)) {
      size_t End = At + Name.size();
      auto [Begin, WordEnd] = identifierAt(Text, At);
      if (Begin != At || WordEnd != End ||
          !Text.drop_front(End).ltrim(" \t").startswith("("))
        continue;
      StringRef Before = Text.take_front(At).rtrim(" \t");
      StringRef Line = Before.substr(Before.rfind('\n') + 1).ltrim();
      // A return type ends right before the name; a call or a comment does
      // not look like that.
      if (Before.empty() || Line.startswith("//") || Line.startswith("*") ||
          !(isAlnum(Before.back()) || StringRef(">&*_").contains(Before.back())) ||
          Line.startswith("return"))
        continue;
      Found.push_back({lsp::pathToURI(Path),
                       {positionOf(Text, At), positionOf(Text, End)}});
    }
  }
  return Found;
}

std::vector<lsp::Location> definition(const Analysis &A, size_t Offset) {
  SMLoc Loc = A.locOf(Offset);
  const DerivativesEntry *Entry;
  if (const NativeFunction *F = functionNamedAt(A, Loc, Entry))
    return {locationOf(A.sourceMgr(), F->Func.Range)};
  StringRef Buffer = A.derivativesText();
  auto [Begin, End] = identifierAt(Buffer, Offset);
  const NativeFunction *F;
  if (Begin == End)
    return {};
  StringRef Name = Buffer.slice(Begin, End);
  if (const Argument *Arg = argumentAt(A, Loc, Name, F))
    return {locationOf(A.sourceMgr(), argumentRange(*F, *Arg))};
  if (Buffer.drop_front(End).ltrim(" ").startswith("("))
    return helperDeclarations(A, Name);
  return {};
}

std::vector<lsp::DocumentSymbol> documentSymbols(const Analysis &A) {
  const SourceMgr &SM = A.sourceMgr();
  std::vector<lsp::DocumentSymbol> Symbols;
  for (const DerivativesEntry &Entry : A.entries()) {
    lsp::DocumentSymbol Symbol;
    Symbol.Name = *Entry.Name;
    Symbol.Kind = lsp::SymbolKind::Function;
    SMLoc Start = Entry.Loc.isValid() ? Entry.Loc : Entry.Name.Range.Start;
    SMLoc End = Entry.Name.Range.End;
    for (const DispatchBlock &Block : Entry.Dispatch)
      for (const FormulaEntry &Formula : Block.Formulas) {
        lsp::DocumentSymbol Child;
        Child.Name = *Formula.RawNames;
        if (*Block.Key != "Default")
          Child.Name = *Block.Key + ": " + Child.Name;
        Child.Detail = Formula.Formula.Text;
        Child.Kind = lsp::SymbolKind::Field;
        SMRange Value = Formula.Formula.range();
        Child.TheRange = rangeOf(SM, SMRange(Formula.RawNames.Range.Start,
                                             Value.End.isValid()
                                                 ? Value.End
                                                 : Formula.RawNames.Range.End));
        Child.SelectionRange = rangeOf(SM, Formula.RawNames.Range);
        if (Value.End.isValid() && Value.End.getPointer() > End.getPointer())
          End = Value.End;
        Symbol.Children.push_back(std::move(Child));
      }
    Symbol.TheRange = rangeOf(SM, SMRange(Start, End));
    Symbol.SelectionRange = rangeOf(SM, Entry.Name.Range);
    Symbols.push_back(std::move(Symbol));
  }
  return Symbols;
}

} // namespace gradgen::server
