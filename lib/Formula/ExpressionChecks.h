//===- ExpressionChecks.h - A formula is one expression ---------*- C++ -*-===//
//
// Private to the Formula stage. The Derivatives stage made sure, on tokens,
// that a formula cannot leave the parentheses the unit puts it in
// (gradgen/Derivatives/FormulaFraming.h). On the AST, this checks what
// tokens cannot tell: that it is not a comma expression (the generated code
// passes formulas as call arguments, where a comma separates arguments),
// holds no statement-expression, and that a lambda's body declares nothing
// but its own local variables.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_EXPRESSIONCHECKS_H
#define GRADGEN_LIB_FORMULA_EXPRESSIONCHECKS_H

#include "Unit/FormulaUnit.h"

#include "gradgen/Support/Diagnostics.h"

namespace clang {
class SourceManager;
class Stmt;
} // namespace clang

namespace gradgen::formula {

/// Checks the formula of Slot in the first check's unit, in Body (its
/// function's body or block); returns false if it reported an error.
bool checkOneExpression(const clang::SourceManager &CSM,
                        const clang::Stmt *Body, const FormulaSlot &Slot,
                        DiagnosticEngine &Diags);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_EXPRESSIONCHECKS_H
