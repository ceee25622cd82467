//===- SavedFieldTypes.h - Emit's field types for Formula --*- C++ -*-===//
//
// Private to the Frontend. The Formula stage's second check compiles each
// rewritten formula as the code generated for its node sees it, so it needs
// the Emit stage's layout of the saved fields; the Frontend, which knows both
// stages, hands it over (FormulaAnalysisOptions::SavedFieldType).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FRONTEND_SAVEDFIELDTYPES_H
#define GRADGEN_LIB_FRONTEND_SAVEDFIELDTYPES_H

#include "gradgen/Schema/CType.h"
#include "gradgen/Support/Profile.h"

#include <string>

namespace gradgen {

/// The type a node's backward code sees a saved value as: its field, as the
/// Emit stage lays it out, unpacked.
std::string savedFieldType(const CType &Type, bool IsOutput, bool IsForeach,
                           const Profile &TheProfile);

} // namespace gradgen

#endif // GRADGEN_LIB_FRONTEND_SAVEDFIELDTYPES_H
