//===- ProfileTestUtil.h - The stock profiles' sections in unit tests
//------===//

#ifndef GRADGEN_UNITTESTS_PROFILETESTUTIL_H
#define GRADGEN_UNITTESTS_PROFILETESTUTIL_H

#include "gradgen/Frontend/ProfileSections.h"
#include "gradgen/Schema/SchemaSection.h"
#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/Profile.h"

#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

namespace gradgen {

/// The schema section of the stock profile Name (pytorch-2.14 or
/// pytorch-1.13), as profile.yaml in the source tree sets it.
inline SchemaSection stockSchemaSection(llvm::StringRef Name) {
  llvm::SourceMgr SM;
  DiagnosticEngine Diags(SM);
  InputFiles Files(SM);
  std::optional<Profile> P =
      loadStageProfile(Name, GRADGEN_TEST_TEMPLATES_DIR, Files, Diags);
  EXPECT_TRUE(P) << "cannot load the profile " << Name.str();
  return P ? SchemaSection::of(*P) : SchemaSection();
}

} // namespace gradgen

#endif // GRADGEN_UNITTESTS_PROFILETESTUTIL_H
