//===- FirstCheckResults.h - What the second check can reuse ----*- C++ -*-===//
//
// Private to the Formula stage. The second check puts each rewritten formula
// in the code generated for its node; most read as some formula of the first
// check did, in a function that declared every name they use with the same
// type. Clang gives such a formula the same meaning there, and the first
// check found it clean: only the code around it is left to check, which
// depends on nothing but the formula's type and value category. So the
// second check replaces it by a call of a function returning that type.
//
// The first check's result stands only where it cannot depend on the rest
// of its unit: a part without any diagnostic (an instantiation that failed
// elsewhere is not reported again), no helper that gradgen declared but
// may declare otherwise in another unit (UnknownNameSource::declaredAlike),
// no name that the units declare differently (`__gradgen_*`, the generated
// code's locals) unless every use of it is one that the other type serves
// alike (OtherTypeUses.h), nothing the preprocessor could carry past the
// formula.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_FIRSTCHECKRESULTS_H
#define GRADGEN_LIB_FORMULA_FIRSTCHECKRESULTS_H

#include "OtherTypeUses.h"
#include "Unit/FormulaUnit.h"

#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Sema;
class Stmt;
} // namespace clang

namespace gradgen::formula {

class UnknownNameSource;

/// Whether Text means the same in any unit that declares its names alike:
/// no name of gradgen's or Clang's own (`__gradgen_type_0`, `__LINE__`), no
/// pragma, and nothing that could reach past the end of its line
/// (a directive, a line splice, a raw string, a block comment left open).
/// Both units start it on a line of its own and end that line after it, so
/// a comment closed in the text or a line comment ends in it.
bool meansTheSameAnywhere(llvm::StringRef Text);

/// What the second check can reuse of a formula the first found clean.
struct ReusableFormula {
  /// FirstCheckResults::standInType of its function; empty for none.
  std::string StandInType;
  /// FormulaSlot::NamedVariables of its slot.
  std::vector<std::pair<std::string, std::string>> Variables;
  /// The names of Variables (and, in Rewritten, of the edits) whose uses
  /// another type serves alike, and which (OtherTypeUses.h).
  std::vector<std::pair<std::string, OtherType>> OtherTypes;
  /// The formula as the rules rewrote it, where each edit replaced an
  /// expression whose uses another type serves alike by a name that is no
  /// word of the formula; empty if the rules left it as written or did
  /// otherwise.
  std::string Rewritten;
  /// The names the edits wrote, and the types their rules save.
  std::vector<std::pair<std::string, std::string>> RewriteNames;
};

class FirstCheckResults {
public:
  /// The type and value category of the formula in Body, the body (or
  /// block) of the first check's function of a formula, as the return type
  /// of a function whose call has them (`const ::at::Tensor &`); empty
  /// unless it is a tensor, a vector of them, a tuple of those, or what a
  /// helper gradgen declares returns, which the second check can stand in
  /// for.
  static std::string standInType(clang::ASTContext &Ctx,
                                 const clang::Stmt *Body);

  /// What the second check can reuse of the formula of Slot, clean in the
  /// first check, in Function, whose body (or block) is Body and whose rules
  /// gave Result. With Helpers (the unit's; none in real-header mode, where
  /// PyTorch's classes may have conversion function templates), also the
  /// names and edits whose uses another type serves alike.
  static ReusableFormula reusable(clang::Sema *S,
                                  const clang::FunctionDecl &Function,
                                  const clang::Stmt *Body,
                                  const FormulaSlot &Slot,
                                  const FormulaResult &Result,
                                  const UnknownNameSource *Helpers);

  /// Records Formula, the text of a formula of a part of the first check
  /// without any diagnostic.
  void add(llvm::StringRef Text, ReusableFormula Formula);

  /// For each formula of Node, the stand-in type of a first-check formula of
  /// the same text whose every name has the same declared type; empty where
  /// there is none and the formula is checked as written.
  std::vector<std::string> standIns(const GeneratedNode &Node);

private:
  const std::string &normalizedType(llvm::StringRef Written);
  /// normalizedType() of each type seen: few, written many times.
  llvm::StringMap<std::string> Normalized;
  struct Entry {
    /// The type of each name of the text that is a variable.
    llvm::StringMap<std::string> Types;
    /// The names whose uses another type serves alike, and which.
    llvm::StringMap<OtherType> Other;
    std::string StandInType;
  };
  void addEntry(llvm::StringRef Text, const ReusableFormula &Formula,
                bool Rewritten);
  llvm::StringMap<std::vector<Entry>> ByText;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_FIRSTCHECKRESULTS_H
