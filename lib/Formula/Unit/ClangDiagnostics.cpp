//===- ClangDiagnostics.cpp - Clang diagnostics to gradgen's --------------===//

#include "ClangDiagnostics.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace clang;

namespace gradgen::formula {

SMLoc FormulaLocationMapper::formulaStart(const FormulaInput &In) {
  if (In.Source.tokenRange().Start.isValid())
    return In.Source.locForOffset(0);
  return In.KeyLoc;
}

SMLoc FormulaLocationMapper::map(SourceLocation Loc,
                                 const clang::SourceManager &CSM,
                                 std::optional<size_t> *SlotIndex,
                                 bool *Generated) {
  if (Loc.isInvalid())
    return SMLoc();
  Loc = CSM.getFileLoc(Loc);
  auto [FID, Offset] = CSM.getDecomposedLoc(Loc);
  if (FID == CSM.getMainFileID())
    if (const FormulaSlot *Slot = slotAround(Offset)) {
      LastSlot = Slot;
      if (SlotIndex)
        *SlotIndex = Slot - Unit.Slots.data();
      return mapIntoSlot(*Slot, Offset, Generated);
    }
  return mapIntoFile(FID, Offset, CSM, Generated);
}

const FormulaSlot *FormulaLocationMapper::slotAround(unsigned Offset) const {
  if (const FormulaSlot *Slot = Unit.slotAt(Offset))
    return Slot;
  if (Unit.Slots.empty())
    return nullptr;
  // Between the formulas' functions (a formula that broke the unit's
  // structure): the formula before.
  auto It = Unit.SlotByBegin.upper_bound(Offset);
  return &Unit.Slots[It == Unit.SlotByBegin.begin() ? 0
                                                    : std::prev(It)->second];
}

SMLoc FormulaLocationMapper::mapIntoSlot(const FormulaSlot &Slot,
                                         unsigned Offset, bool *Generated) {
  const FormulaInput &In = *Slot.Input;
  bool Located = In.Source.tokenRange().Start.isValid();
  auto SourceLoc = [&](unsigned Rel) {
    if (!Slot.SourceOffsets.empty())
      Rel = Slot.SourceOffsets[std::min<size_t>(Rel,
                                                Slot.SourceOffsets.size() - 1)];
    return In.Source.locForOffset(Rel);
  };
  if (Offset >= Slot.TextBegin && Offset <= Slot.TextEnd && Located)
    return SourceLoc(Offset - Slot.TextBegin);
  // A parenthesis or expression missing at the end is found at the
  // `);` that closes the formula.
  if (Offset > Slot.TextEnd && Offset < Slot.CloseEnd && Located)
    return SourceLoc(Slot.TextEnd - Slot.TextBegin);
  for (auto [ParamOffset, Loc] : Slot.ParamLocs)
    if (ParamOffset == Offset)
      return Loc;
  if (Generated)
    *Generated = true;
  return formulaStart(In);
}

SMLoc FormulaLocationMapper::mapIntoFile(FileID FID, unsigned Offset,
                                         const clang::SourceManager &CSM,
                                         bool *Generated) {
  const FileEntry *File = CSM.getFileEntryForID(FID);
  // <built-in>, <command line>: no file.
  if (!File) {
    if (Generated)
      *Generated = true;
    return LastSlot ? formulaStart(*LastSlot->Input) : SMLoc();
  }
  StringRef Name = File->getName();
  const GeneratedDeclarations *Decls =
      Name.endswith(FunctionsIncName) ? &Functions
      : Name.endswith(MethodsIncName) ? &Methods
                                      : nullptr;
  if (Decls) {
    unsigned Line = CSM.getLineNumber(FID, Offset);
    if (Line < Decls->LineLocs.size() && Decls->LineLocs[Line].isValid())
      return Decls->LineLocs[Line];
  }
  if (Generated && Name.startswith(IncludeDir))
    *Generated = true;
  // gradgen's own files (the prelude, the header around the formulas) are
  // no file of the user's either: the formula that led there stands for
  // them.
  if (Name.startswith("/__gradgen/")) {
    if (Generated)
      *Generated = true;
    return LastSlot ? formulaStart(*LastSlot->Input) : SMLoc();
  }
  return mapIntoCopy(FID, Offset, CSM);
}

SMLoc FormulaLocationMapper::mapIntoCopy(FileID FID, unsigned Offset,
                                         const clang::SourceManager &CSM) {
  auto It = CopyStarts.find(FID.getHashValue());
  if (It == CopyStarts.end()) {
    bool Invalid = false;
    StringRef Buffer = CSM.getBufferData(FID, &Invalid);
    if (Invalid)
      return SMLoc();
    StringRef Name = "<formulas>";
    if (const FileEntry *File = CSM.getFileEntryForID(FID))
      Name = File->getName();
    CopiedFiles.push_back(MemoryBuffer::getMemBufferCopy(Buffer, Name));
    It = CopyStarts
             .try_emplace(FID.getHashValue(),
                          CopiedFiles.back()->getBufferStart())
             .first;
  }
  return SMLoc::getFromPointer(It->second + Offset);
}

SMRange FormulaLocationMapper::map(CharSourceRange Range,
                                   const clang::SourceManager &CSM,
                                   const LangOptions &LangOpts) {
  CharSourceRange FileRange = Lexer::makeFileCharRange(Range, CSM, LangOpts);
  if (FileRange.isInvalid())
    return SMRange();
  std::optional<size_t> BeginSlot, EndSlot;
  SMLoc Begin = map(FileRange.getBegin(), CSM, &BeginSlot);
  SMLoc End = map(FileRange.getEnd(), CSM, &EndSlot);
  if (!Begin.isValid() || !End.isValid() || BeginSlot != EndSlot ||
      End.getPointer() < Begin.getPointer())
    return SMRange();
  if (BeginSlot) {
    // Both ends must lie in the formula text, not in the code around it.
    const FormulaSlot &Slot = Unit.Slots[*BeginSlot];
    unsigned B = CSM.getFileOffset(FileRange.getBegin());
    unsigned E = CSM.getFileOffset(FileRange.getEnd());
    if (B < Slot.TextBegin || E > Slot.TextEnd)
      return SMRange();
  }
  return SMRange(Begin, End);
}

static Severity severityOf(DiagnosticsEngine::Level Level) {
  switch (Level) {
  case DiagnosticsEngine::Error:
  case DiagnosticsEngine::Fatal:
    return Severity::Error;
  case DiagnosticsEngine::Warning:
    return Severity::Warning;
  default:
    return Severity::Note;
  }
}

void ClangDiagnosticTranslator::HandleDiagnostic(
    DiagnosticsEngine::Level Level, const clang::Diagnostic &Info) {
  clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (Level == DiagnosticsEngine::Ignored || Level == DiagnosticsEngine::Remark)
    return;
  if (Level != DiagnosticsEngine::Note)
    flush();
  else if (Dropping)
    return;

  SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  Diagnostic D;
  D.Level = severityOf(Level);
  D.Message = Message.str().str();
  std::optional<size_t> Slot;
  if (Info.hasSourceManager()) {
    const clang::SourceManager &CSM = Info.getSourceManager();
    static const LangOptions DefaultLangOpts = [] {
      LangOptions LO;
      LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
      return LO;
    }();
    bool Generated = false;
    D.Loc = Mapper.map(Info.getLocation(), CSM, &Slot, &Generated);
    // Notes about gradgen's own code (a parameter that derivatives.yaml does
    // not declare, such as 'grad'; the candidates of the built-in prelude)
    // would only confuse.
    if (Level == DiagnosticsEngine::Note && Generated)
      return;
    for (const CharSourceRange &R : Info.getRanges())
      if (SMRange Mapped = Mapper.map(R, CSM, DefaultLangOpts);
          Mapped.isValid())
        D.Ranges.push_back(Mapped);
    // A fix-it in code that has no place in derivatives.yaml (a rewritten
    // formula, reported at its key) would edit the wrong text.
    for (const FixItHint &Fix : Info.getFixItHints()) {
      if (Generated)
        break;
      // What would make the formula more than one expression is no fix.
      if (StringRef(Fix.CodeToInsert).find_first_of(";{}#") != StringRef::npos)
        continue;
      SMRange Mapped = Mapper.map(Fix.RemoveRange, CSM, DefaultLangOpts);
      if (Mapped.isValid())
        D.FixIts.push_back({Mapped, Fix.CodeToInsert});
    }
  }

  if (Level == DiagnosticsEngine::Note) {
    if (Pending && !Dropping)
      Pending->Notes.push_back(std::move(D));
    return;
  }
  // Past the limit of one formula, its further diagnostics (and their
  // notes) are left out: they follow from the first ones.
  Dropping = false;
  if (Slot && ++SlotDiagnosticCount[*Slot] > MaxDiagnosticsPerFormula) {
    SlotHasDiagnostics[*Slot] = true;
    if (D.Level == Severity::Error)
      SlotHasErrors[*Slot] = true;
    Dropping = true;
    return;
  }
  if (Slot)
    SlotHasDiagnostics[*Slot] = true;
  if (D.Level == Severity::Error) {
    if (Slot)
      SlotHasErrors[*Slot] = true;
    else
      ++OtherErrors;
  }
  PendingSlot = Slot;
  D.RuleID = diag::ruleName(diag::formula_clang).str();
  Pending = std::move(D);
}

void ClangDiagnosticTranslator::flush() {
  if (!Pending)
    return;
  // The context of a formula in generated code comes after Clang's notes.
  if (PendingSlot && !Mapper.unit().Slots[*PendingSlot].Note.empty()) {
    const FormulaSlot &S = Mapper.unit().Slots[*PendingSlot];
    Diagnostic Note;
    Note.Level = Severity::Note;
    Note.Loc = FormulaLocationMapper::formulaStart(*S.Input);
    Note.Message = S.Note;
    Pending->Notes.push_back(std::move(Note));
  }
  Diags.report(std::move(*Pending));
  Pending.reset();
}

/// Whether every expansion of a macro is a constant of arithmetic
/// (`M_PI`), which stays an operand wherever it is.
static bool expandsToConstant(const MacroInfo *Macro) {
  return Macro && Macro->isObjectLike() &&
         all_of(Macro->tokens(), [](const Token &T) {
           return T.isOneOf(tok::numeric_constant, tok::l_paren, tok::r_paren,
                            tok::plus, tok::minus, tok::star, tok::slash);
         });
}

void MacroExpansionGuard::MacroExpands(const Token &,
                                       const MacroDefinition &Definition,
                                       SourceRange Range, const MacroArgs *) {
  if (expandsToConstant(Definition.getMacroInfo()))
    return;
  auto [FID, Offset] = CSM.getDecomposedExpansionLoc(Range.getBegin());
  if (FID != UnitFile)
    return;
  const FormulaSlot *Slot = Unit.slotAt(Offset);
  if (Slot && Slot->Grouped && Offset >= Slot->TextBegin &&
      Offset < Slot->TextEnd)
    Translator.SlotHasDiagnostics[Slot - Unit.Slots.data()] = true;
}

} // namespace gradgen::formula
