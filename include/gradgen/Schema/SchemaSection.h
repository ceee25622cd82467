//===- SchemaSection.h - The profile's schema: section ----------*- C++ -*-===//
//
// The Schema stage's switches in profile.yaml: the SchemaOptions with which
// native_functions.yaml is read and the CppAPIOptions of the C++ spellings.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_SCHEMASECTION_H
#define GRADGEN_SCHEMA_SCHEMASECTION_H

#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/SchemaOptions.h"
#include "gradgen/Support/Profile.h"

#include <string>
#include <vector>

namespace gradgen {

/// The profile's `schema:` section: how its torchgen reads
/// native_functions.yaml and spells the C++ API.
struct SchemaSection : ProfileSectionBase<SchemaSection> {
  static constexpr llvm::StringLiteral SectionName = "schema";

  SchemaOptions Schema;
  CppAPIOptions CppAPI;

  void read(ProfileSectionReader &Reader) override;
  /// The supported and structured dispatch keys are keys of the enum.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  /// The section of P.
  static const SchemaSection &of(const Profile &P);
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_SCHEMASECTION_H
