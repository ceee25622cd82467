//===- NamePatternsTest.cpp - Names matched whole by patterns -------------===//

#include "gradgen/Support/NamePatterns.h"

#include "gtest/gtest.h"

using namespace gradgen;

namespace {

TEST(NamePatternsTest, MatchesWholeNamesAsLlvmRegexDoes) {
  std::vector<std::string> Patterns = {
      "alias",       ".*_backward", "_sum.*", "_?sparse_(coo|csr)_tensor.*",
      "nonzero(_(out|numpy))?", "a.b"};
  NamePatterns Set(Patterns);
  for (const char *Name :
       {"alias", "aliases", "x_alias", "conv_backward", "_backward",
        "backward", "conv_backward_out", "_sum", "_sum_out", "x_sum",
        "sparse_coo_tensor", "_sparse_csr_tensor_unsafe", "sparse_csc_tensor",
        "nonzero", "nonzero_numpy", "nonzero_static", "axb", "a.b", "ab", ""}) {
    bool Expected = false;
    for (const std::string &P : Patterns)
      Expected |= llvm::Regex("^(" + P + ")$").match(Name);
    EXPECT_EQ(Set.matches(Name), Expected) << Name;
  }
  EXPECT_TRUE(Set.matches("conv_backward"));
  EXPECT_FALSE(Set.matches("conv_backward_out"));
  EXPECT_TRUE(Set.matches("axb"));
}

TEST(NamePatternsTest, EmptyListMatchesNothing) {
  EXPECT_FALSE(NamePatterns().matches("alias"));
  EXPECT_FALSE(NamePatterns(std::vector<std::string>()).matches(""));
}

} // namespace
