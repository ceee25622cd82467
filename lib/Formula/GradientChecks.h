//===- GradientChecks.h - What a formula gives and reads --------*- C++ -*-===//
//
// Private to the Formula stage. Checks what a parsed formula gives -- a
// tensor, a list of tensors for a list argument, a std::tuple of one per
// name for a formula of several names -- with Clang's implicit conversions,
// and constant subscripts of grad_input_mask beyond the names, which C++
// alone would accept.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_GRADIENTCHECKS_H
#define GRADGEN_LIB_FORMULA_GRADIENTCHECKS_H

#include "Unit/FormulaUnit.h"

#include "gradgen/Support/Diagnostics.h"

namespace clang {
class Sema;
class Stmt;
} // namespace clang

namespace gradgen::formula {

/// Checks Slot's formula in Body (its function's body or block); returns
/// false if it reported an error.
bool checkGradients(clang::Sema &S, const clang::Stmt *Body,
                    const FormulaSlot &Slot, DiagnosticEngine &Diags);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_GRADIENTCHECKS_H
