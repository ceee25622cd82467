//===- NameResolution.h - derivatives.yaml names to schemas -----*- C++ -*-===//
//
// `gradgen schemas --resolve-derivatives`: resolves every `name:` of a
// derivatives.yaml against the schemas, as load_derivatives does, without
// reading the rest of the entries. It tells the schema model's mistakes
// apart from derivatives.yaml's.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_DERIVATIVES_NAMERESOLUTION_H
#define GRADGEN_DERIVATIVES_NAMERESOLUTION_H

#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLSource.h"

namespace gradgen {

struct NameResolutionCounts {
  unsigned Total = 0;
  unsigned Resolved = 0;
};

/// Reports each `name:` that names no schema, with the candidates as notes.
NameResolutionCounts resolveDerivativeNames(const YAMLSource &Derivatives,
                                            const NativeFunctionSet &Set,
                                            DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_DERIVATIVES_NAMERESOLUTION_H
