//===- InfosJSON.h - DifferentiabilityInfos as JSON -------------*- C++ -*-===//
//
// The infos in a stable JSON form for `gradgen infos` and tests.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_INFOSJSON_H
#define GRADGEN_DERIVATIVES_INFOSJSON_H

#include "gradgen/Derivatives/DifferentiabilityInfo.h"

#include "llvm/Support/JSON.h"

namespace gradgen {

llvm::json::Value toJSON(const DifferentiabilityInfo &Info);
/// {"infos": [...], "counts": {...}}.
llvm::json::Value toJSON(const DerivativesDatabase &Database);

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_INFOSJSON_H
