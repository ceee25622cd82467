//===- UnknownNames.h - Declares helpers no header declares -----*- C++ -*-===//
//
// Private to the Formula stage. Without --helpers, formulas call
// FunctionsManual.h's functions that nothing declares. This Sema source
// answers the unqualified lookup of such a name, when it is written in a
// formula and called, with a function that accepts any arguments and returns
// __gradgen_unknown (a Tensor that converts to anything): the call's
// arguments and the rest of the formula are still checked, and the name gets
// one warning. Names that ADL could find in at::, c10:: or std:: are left to
// Clang, as are uncalled names except constants spelled kName; an undeclared
// variable stays an error, with Clang's typo correction.
//
// A helper whose name is in no header (the precompiled header's identifier
// table lacks it, so ADL can find nothing but the helper) and that no
// formula calls with a braced argument is declared, in the first run of a
// part, as `template <class... T> __gradgen_unknown NAME(T &&...)` instead,
// whose calls cost Clang far less than those of the full declaration, 32
// parameters with defaults (docs/performance.md, "Unknown helpers"). A call
// it accepts is accepted by the full declaration, with the same type, if it
// has at most 32 arguments, each of a type whose class (if any) has no
// conversion function or only const ones on a non-const argument
// (__gradgen_any's constructor template then takes it, deduced as here),
// and the name is only ever called, without template arguments. The source
// checks that (templateCallsSure()); a run that used the template and is
// not sure, or reports anything, is run again with the full declarations,
// whose diagnostics count.
//
// It also explains names that exist in other formulas only (`self_p` in a
// backward formula, `grad` in a forward one, `result` of an operator whose
// returns have names, ...): each use is one error, and the name stands for
// a value of any type so that the rest of the formula is still checked.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H
#define GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H

#include "Unit/ClangDiagnostics.h"

#include "clang/Sema/ExternalSemaSource.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace clang {
class FunctionTemplateDecl;
class NamedDecl;
class Sema;
} // namespace clang

namespace gradgen::formula {

/// How one run of a unit declares unknown helpers.
struct HelperForms {
  /// Whether it may declare the template form.
  bool TemplateAllowed = true;
  /// Whether it did, and whether a use of one may mean something else than
  /// the full declaration would.
  bool TemplateUsed = false;
  bool TemplateUnsure = false;
  /// Whether it declared a helper whose name a header may name: a template
  /// of the headers instantiated in the unit may have found it by ADL, and
  /// an instance that parses another unit after this one
  /// (SharedInstance.h) would keep that instantiation.
  bool HeaderNameUsed = false;
  /// Whether a run that used the template must be repeated with the full
  /// declarations, given what it reported.
  bool mustRepeat(bool Reported) const {
    return TemplateUsed && (TemplateUnsure || Reported);
  }
};

/// Adds to Names the functions that Text calls with a braced argument,
/// `f(x, {1, 2})` (and some more: a brace anywhere directly inside the
/// call's parentheses).
void addBracedCallees(llvm::StringRef Text, llvm::StringSet<> &Names);

class UnknownNameSource : public clang::ExternalSemaSource {
public:
  UnknownNameSource(clang::Sema &S, DiagnosticEngine &Diags,
                    FormulaLocationMapper &Mapper,
                    ClangDiagnosticTranslator &Translator, bool DeclareHelpers,
                    bool Quiet, HelperForms &Forms,
                    const llvm::StringSet<> &BracedCallees)
      : Diags(Diags), Mapper(Mapper), Translator(Translator), S(&S),
        DeclareHelpers(DeclareHelpers), Quiet(Quiet), Forms(Forms),
        BracedCallees(BracedCallees) {}

  void ForgetSema() override { S = nullptr; }
  /// Whether D is a helper this source declared (or a specialization of
  /// one).
  bool isHelper(const clang::Decl *D) const;
  /// After the unit: marks the run unsure unless every call of a template
  /// helper is one the full declaration accepts.
  void checkTemplateCalls();
  /// Whether a helper of this name is the same function in every unit: it
  /// is declared at its first use in a unit, with the same prototype if
  /// that use is a call, but as a variable if it looks like a constant
  /// (kName) and is not called there.
  static bool declaredAlike(llvm::StringRef Name) {
    return !looksLikeConstant(Name);
  }
  bool LookupUnqualified(clang::LookupResult &R, clang::Scope *Sc) override;
  /// Corrects typos of member names, which Clang does not for classes
  /// loaded from a precompiled header.
  clang::TypoCorrection
  CorrectTypo(const clang::DeclarationNameInfo &Typo, int LookupKind,
              clang::Scope *Sc, clang::CXXScopeSpec *SS,
              clang::CorrectionCandidateCallback &CCC,
              clang::DeclContext *MemberContext, bool EnteringContext,
              const clang::ObjCObjectPointerType *OPT) override;

private:
  static bool looksLikeConstant(llvm::StringRef Name) {
    return Name.size() > 1 && Name[0] == 'k' && Name[1] >= 'A' &&
           Name[1] <= 'Z';
  }
  clang::NamedDecl *declare(llvm::StringRef Name, bool Call,
                            clang::SourceLocation Loc);
  clang::NamedDecl *declareTemplate(llvm::StringRef Name,
                                    clang::SourceLocation Loc);
  /// A use of a template helper, which is not in the translation unit's
  /// lookup table: every unqualified lookup of its name comes here, as it
  /// would find the full declaration there.
  void useTemplate(llvm::StringRef Text, unsigned Offset, llvm::StringRef Name,
                   bool InSlot);
  struct MisplacedName {
    std::string Message;
    /// What it is where it exists, if simple.
    enum { Tensor, TensorList, Unknown } Type;
  };
  /// Why Name is not declared in In's formula, if it is the name of a
  /// variable of other formulas.
  static std::optional<MisplacedName> misplacedName(const FormulaInput &In,
                                                    llvm::StringRef Name);
  bool standInForMisplaced(clang::LookupResult &R, const MisplacedName &Why,
                           const FormulaSlot &Slot, clang::SourceLocation Loc,
                           unsigned Offset);
  /// `self_p`, `self_t` in a backward formula, or for a non-tensor.
  static std::optional<MisplacedName>
  misplacedPrimalOrTangent(const FormulaInput &In, llvm::StringRef Name);
  /// `grad`, `grads`, `grad_input_mask`, ... in a forward formula, and
  /// `grad_input_mask` in a formula of one name.
  static std::optional<MisplacedName>
  misplacedBackwardName(const FormulaInput &In, llvm::StringRef Name);
  /// `result2`, `grad_x` for a return the operator does not have.
  static std::optional<MisplacedName>
  misplacedReturnName(const FormulaInput &In, llvm::StringRef Name);

  DiagnosticEngine &Diags;
  FormulaLocationMapper &Mapper;
  /// Flushed first, so that diagnostics stay in source order.
  ClangDiagnosticTranslator &Translator;
  clang::Sema *S = nullptr;
  /// Without helper headers: declare unknown helpers, with a warning.
  bool DeclareHelpers;
  /// Declare unknown helpers without warnings, and leave misplaced names to
  /// Clang (the second check, after the first reported them).
  bool Quiet;
  HelperForms &Forms;
  /// Names that a formula calls with a braced argument, which the template
  /// does not take.
  const llvm::StringSet<> &BracedCallees;
  llvm::StringMap<clang::NamedDecl *> Declared;
  /// The template helpers among them.
  llvm::SmallVector<clang::FunctionTemplateDecl *, 0> Templates;
  /// The full declaration's number of parameters.
  unsigned MaxArguments = 0;
  /// Names that ADL could find, which are left to Clang.
  llvm::StringSet<> FoundByADL;
  llvm::DenseSet<const clang::Decl *> Helpers;
  /// Offsets of the misplaced names already reported (Clang may look a
  /// name up more than once).
  llvm::DenseSet<unsigned> Reported;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H
