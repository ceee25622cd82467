//===- ProfileTestUtil.h - The stock profiles' sections in unit tests ------===//

#ifndef GRADGEN_UNITTESTS_PROFILETESTUTIL_H
#define GRADGEN_UNITTESTS_PROFILETESTUTIL_H

#include "gradgen/Autograd/NodeOptions.h"
#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Formula/FormulaProfile.h"
#include "gradgen/Schema/SchemaSection.h"
#include "gradgen/Support/Profile.h"

#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

namespace gradgen {

/// The schema section of the stock profile Name (pytorch-2.14 or
/// pytorch-1.13), as profile.yaml in the source tree sets it.
inline SchemaSection stockSchemaSection(llvm::StringRef Name) {
  llvm::SourceMgr SM;
  DiagnosticEngine Diags(SM);
  std::optional<Profile> P =
      loadProfile(Name, findTemplatesRoot("", nullptr), SM, Diags);
  EXPECT_TRUE(P) << "cannot load the profile " << Name.str();
  // A stage registers its section where it defines the section's accessor;
  // calling them links every registration into the tests.
  if (P) {
    (void)NodeOptions::of(*P);
    (void)DerivativesOptions::of(*P);
    (void)FormulaProfile::of(*P);
    (void)blockIndentStyleOf(*P);
  }
  return P ? SchemaSection::of(*P) : SchemaSection();
}

} // namespace gradgen

#endif // GRADGEN_UNITTESTS_PROFILETESTUTIL_H
