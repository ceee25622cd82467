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
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H
#define GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H

#include "ClangDiagnostics.h"

#include "clang/Sema/ExternalSemaSource.h"
#include "llvm/ADT/StringMap.h"

namespace clang {
class NamedDecl;
class Sema;
} // namespace clang

namespace gradgen::formula {

class UnknownNameSource : public clang::ExternalSemaSource {
public:
  UnknownNameSource(clang::Sema &S, DiagnosticEngine &Diags,
                    FormulaLocationMapper &Mapper,
                    ClangDiagnosticTranslator &Translator)
      : Diags(Diags), Mapper(Mapper), Translator(Translator), S(&S) {}

  void ForgetSema() override { S = nullptr; }
  bool LookupUnqualified(clang::LookupResult &R, clang::Scope *Sc) override;

private:
  clang::NamedDecl *declare(llvm::StringRef Name, bool Call,
                            clang::SourceLocation Loc);

  DiagnosticEngine &Diags;
  FormulaLocationMapper &Mapper;
  /// Flushed first, so that diagnostics stay in source order.
  ClangDiagnosticTranslator &Translator;
  clang::Sema *S = nullptr;
  llvm::StringMap<clang::NamedDecl *> Declared;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_UNKNOWNNAMES_H
