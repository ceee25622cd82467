//===- FormulaConsumer.h - What the first check reads of its AST -*- C++ -*-===//
//
// Private to the Formula stage. The consumer of a unit of the first check
// (FormulaChecker.cpp): once Clang has parsed the unit, it checks each
// formula's function -- one expression, the saved attributes it needs
// (SavedAttributeMatcher.h), what it gives (GradientChecks.h), the helpers
// it uses -- and records what the second check may reuse of it.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_FORMULACONSUMER_H
#define GRADGEN_LIB_FORMULA_FORMULACONSUMER_H

#include "gradgen/Formula/FormulaCache.h"
#include "gradgen/Formula/FormulaChecker.h"
#include "gradgen/Support/Diagnostics.h"

#include "FirstCheckResults.h"
#include "Unit/FormulaUnit.h"

#include <memory>
#include <vector>

namespace clang {
class SemaConsumer;
} // namespace clang

namespace gradgen::formula {

class ClangDiagnosticTranslator;
class FormulaLocationMapper;
struct HelperForms;

/// The consumer that fills Results (and Reusable, if not null) by slot of
/// Unit, reporting to Diags; Forms says how the unit declares unknown
/// helpers.
std::unique_ptr<clang::SemaConsumer>
makeFormulaConsumer(FormulaChecker::Impl &Checker, DiagnosticEngine &Diags,
                    const FormulaUnit &Unit, FormulaLocationMapper &Mapper,
                    ClangDiagnosticTranslator &Translator,
                    std::vector<CachedFormula> &Results,
                    std::vector<ReusableFormula> *Reusable, HelperForms &Forms);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_FORMULACONSUMER_H
