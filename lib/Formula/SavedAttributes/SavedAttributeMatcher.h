//===- SavedAttributeMatcher.h - Rules on a parsed formula ------*- C++ -*-===//
//
// Private to the Formula stage. Runs AST matchers on one formula function,
// applies the profile's saved-attribute rules to the formula's own text and
// checks what only gradgen knows: pseudo-functions that no rule replaced.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_SAVEDATTRIBUTEMATCHER_H
#define GRADGEN_LIB_FORMULA_SAVEDATTRIBUTEMATCHER_H

#include "Unit/ClangDiagnostics.h"

#include "clang/AST/Type.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace gradgen::formula {

/// Analyses Slot's formula in Body, the body of Function or its block of
/// it; returns false if it reported an error. RuleTypes[I] is the C++ type
/// of Rules->Rules[I] (see FormulaUnit.h).
bool analyzeFormula(clang::ASTContext &Ctx, const clang::FunctionDecl &Function,
                    const clang::Stmt *Body, const FormulaSlot &Slot, const SavedAttributeRules *Rules,
                    llvm::ArrayRef<clang::QualType> RuleTypes,
                    FormulaLocationMapper &Mapper, DiagnosticEngine &Diags,
                    FormulaResult &Result);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_SAVEDATTRIBUTEMATCHER_H
