//===- ClangDiagnostics.h - Clang diagnostics to gradgen's ------*- C++ -*-===//
//
// Private to the Formula stage. Translates Clang's diagnostics on the formula
// unit into gradgen diagnostics: locations inside a formula's text go to the
// formula's place in derivatives.yaml, lines of the generated declarations to
// the `func:` in native_functions.yaml, and anything else (prelude, helper
// headers) keeps Clang's own file and line.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_CLANGDIAGNOSTICS_H
#define GRADGEN_LIB_FORMULA_CLANGDIAGNOSTICS_H

#include "FormulaUnit.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

#include <optional>

namespace gradgen::formula {

class FormulaLocationMapper {
public:
  /// Locations in files other than the unit and the declarations point
  /// into copies of those files, which are kept in CopiedFiles: the owner
  /// adds them to the SourceMgr once no thread reports any more, so that
  /// checks running in parallel share nothing.
  FormulaLocationMapper(
      const FormulaUnit &Unit,
      std::vector<std::unique_ptr<llvm::MemoryBuffer>> &CopiedFiles,
      const GeneratedDeclarations &Functions,
      const GeneratedDeclarations &Methods)
      : Unit(Unit), CopiedFiles(CopiedFiles), Functions(Functions),
        Methods(Methods) {}

  /// The gradgen location of a Clang location; sets SlotIndex when it lies
  /// in a formula's function, and *Generated when it lies in the code
  /// gradgen wrote around the formula (then it is the formula's start) or in
  /// the built-in prelude.
  llvm::SMLoc map(clang::SourceLocation Loc, const clang::SourceManager &CSM,
                  std::optional<size_t> *SlotIndex = nullptr,
                  bool *Generated = nullptr);
  /// The range of a Clang character range if both ends lie in the text of
  /// one formula, or in the same non-formula file.
  llvm::SMRange map(clang::CharSourceRange Range,
                    const clang::SourceManager &CSM,
                    const clang::LangOptions &LangOpts);
  /// The location of a formula's first character.
  static llvm::SMLoc formulaStart(const FormulaInput &In);

  const FormulaUnit &unit() const { return Unit; }

private:
  /// The formula's function at Offset of the unit, or the one before it;
  /// null if the unit has none.
  const FormulaSlot *slotAround(unsigned Offset) const;
  /// Offset in Slot's function: its place in the formula's text, or the
  /// formula's start for the code around it.
  llvm::SMLoc mapIntoSlot(const FormulaSlot &Slot, unsigned Offset,
                          bool *Generated);
  /// Offset in a file other than the unit's.
  llvm::SMLoc mapIntoFile(clang::FileID FID, unsigned Offset,
                          const clang::SourceManager &CSM, bool *Generated);
  /// Offset in the copy of a file that is no formula's.
  llvm::SMLoc mapIntoCopy(clang::FileID FID, unsigned Offset,
                          const clang::SourceManager &CSM);

  const FormulaUnit &Unit;
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> &CopiedFiles;
  const GeneratedDeclarations &Functions;
  const GeneratedDeclarations &Methods;
  /// The slot of the last location mapped into a formula's function.
  const FormulaSlot *LastSlot = nullptr;
  /// The start of each Clang file's copy, by Clang FileID.
  llvm::DenseMap<unsigned, const char *> CopyStarts;
};

class ClangDiagnosticTranslator : public clang::DiagnosticConsumer {
public:
  ClangDiagnosticTranslator(DiagnosticEngine &Diags,
                            FormulaLocationMapper &Mapper)
      : SlotHasErrors(Mapper.unit().Slots.size(), false),
        SlotHasDiagnostics(Mapper.unit().Slots.size(), false),
        Diags(Diags), Mapper(Mapper),
        SlotDiagnosticCount(Mapper.unit().Slots.size(), 0) {}

  /// Clang's diagnostics shown for one formula; the rest are left out.
  static constexpr unsigned MaxDiagnosticsPerFormula = 10;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;
  void finish() override { flush(); }
  /// Reports the diagnostic that still waits for its notes.
  void flush();

  /// Errors reported inside each formula's function.
  std::vector<bool> SlotHasErrors;
  /// Errors or warnings.
  std::vector<bool> SlotHasDiagnostics;
  /// Errors outside every formula (prelude, helper headers).
  unsigned OtherErrors = 0;

private:
  DiagnosticEngine &Diags;
  FormulaLocationMapper &Mapper;
  std::vector<unsigned> SlotDiagnosticCount;
  /// The last diagnostic was left out: so are its notes.
  bool Dropping = false;
  std::optional<Diagnostic> Pending;
  std::optional<size_t> PendingSlot;
};

/// Counts a macro expanded in the text of a grouped slot
/// (FormulaSlot::Grouped) as a diagnostic of the slot: the tokens it gives
/// could reach out of the formula's block, which the unit's grouping
/// assumes they do not, so the part is checked again, each formula in a
/// function of its own.
class MacroExpansionGuard : public clang::PPCallbacks {
public:
  MacroExpansionGuard(const clang::SourceManager &CSM,
                      ClangDiagnosticTranslator &Translator,
                      const FormulaUnit &Unit)
      : CSM(CSM), Translator(Translator), Unit(Unit),
        UnitFile(CSM.getMainFileID()) {}
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                    clang::SourceRange Range,
                    const clang::MacroArgs *) override;

private:
  const clang::SourceManager &CSM;
  ClangDiagnosticTranslator &Translator;
  const FormulaUnit &Unit;
  /// The unit's file, the main file when the guard is made: an instance
  /// that parses several units (SharedInstance.h) keeps the guards of the
  /// earlier ones.
  clang::FileID UnitFile;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_CLANGDIAGNOSTICS_H
