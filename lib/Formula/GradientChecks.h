//===- GradientChecks.h - What a formula gives and reads --------*- C++ -*-===//
//
// Private to the Formula stage. Checks on a parsed formula that C++ alone
// would accept but the generated code would not: the number of values a
// formula of several names gives, and constant subscripts of
// grad_input_mask beyond the names.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_GRADIENTCHECKS_H
#define GRADGEN_LIB_FORMULA_GRADIENTCHECKS_H

#include "FormulaUnit.h"

#include "gradgen/Support/Diagnostics.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace gradgen::formula {

/// Checks Slot's function; returns false if it reported an error.
bool checkGradients(clang::ASTContext &Ctx, const clang::FunctionDecl &Function,
                    const FormulaSlot &Slot, DiagnosticEngine &Diags);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_GRADIENTCHECKS_H
