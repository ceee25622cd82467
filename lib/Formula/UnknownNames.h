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
// It also explains names that exist in other formulas only (`self_p` in a
// backward formula, `grad` in a forward one, `result` of an operator whose
// returns have names, ...): each use is one error, and the name stands for
// a value of any type so that the rest of the formula is still checked.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H
#define GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H

#include "ClangDiagnostics.h"

#include "clang/Sema/ExternalSemaSource.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace clang {
class NamedDecl;
class Sema;
} // namespace clang

namespace gradgen::formula {

class UnknownNameSource : public clang::ExternalSemaSource {
public:
  UnknownNameSource(clang::Sema &S, DiagnosticEngine &Diags,
                    FormulaLocationMapper &Mapper,
                    ClangDiagnosticTranslator &Translator, bool DeclareHelpers,
                    bool Quiet = false)
      : Diags(Diags), Mapper(Mapper), Translator(Translator), S(&S),
        DeclareHelpers(DeclareHelpers), Quiet(Quiet) {}

  void ForgetSema() override { S = nullptr; }
  /// Whether D is a helper this source declared.
  bool isHelper(const clang::Decl *D) const { return Helpers.contains(D); }
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
  struct MisplacedName {
    std::string Message;
    /// What it is where it exists, if simple.
    enum { Tensor, TensorList, Unknown } Type;
  };
  /// Why Name is not declared in In's formula, if it is the name of a
  /// variable of other formulas.
  static std::optional<MisplacedName> misplacedName(const FormulaInput &In,
                                                    llvm::StringRef Name);
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
  llvm::StringMap<clang::NamedDecl *> Declared;
  llvm::DenseSet<const clang::Decl *> Helpers;
  /// Offsets of the misplaced names already reported (Clang may look a
  /// name up more than once).
  llvm::DenseSet<unsigned> Reported;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H
