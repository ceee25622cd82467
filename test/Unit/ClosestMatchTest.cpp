//===- ClosestMatchTest.cpp - "Did you mean" suggestions ------------------===//

#include "gradgen/Support/ClosestMatch.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace gradgen;

namespace {

TEST(ClosestMatchTest, PicksTheClosestWithinTheBound) {
  std::vector<std::string> Keys = {"variants", "dispatch", "structured"};
  EXPECT_EQ(closestMatch("dispach", Keys), StringRef("dispatch"));
  EXPECT_EQ(closestMatch("structurd", Keys, 3), StringRef("structured"));
  EXPECT_EQ(closestMatch("python_module", Keys, 3), std::nullopt);
}

TEST(ClosestMatchTest, TheFirstOfEquallyCloseWins) {
  std::vector<StringRef> Names = {"cat", "bat", "hat"};
  EXPECT_EQ(closestMatch("rat", Names, 1), StringRef("cat"));
}

TEST(ClosestMatchTest, DefaultBoundIsAThirdAndAtLeastTwo) {
  EXPECT_EQ(defaultMaxEditDistance("ab"), 2u);
  EXPECT_EQ(defaultMaxEditDistance("abcdefghi"), 3u);
  std::vector<StringRef> Names = {"abcd"};
  EXPECT_EQ(closestMatch("ab", Names), StringRef("abcd"));
  EXPECT_EQ(closestMatch("a", Names), std::nullopt);
}

TEST(ClosestMatchTest, IgnoreCase) {
  ClosestMatch Match("tensor", 1, /*IgnoreCase=*/true);
  Match.consider("Scalar");
  Match.consider("Tensor");
  EXPECT_EQ(Match.get(), StringRef("Tensor"));
}

TEST(ClosestMatchTest, ABoundOfZeroTakesOnlyEqualNames) {
  std::vector<StringRef> Names = {"sin", "cos"};
  EXPECT_EQ(closestMatch("cos", Names, 0), StringRef("cos"));
  EXPECT_EQ(closestMatch("con", Names, 0), std::nullopt);
}

TEST(ClosestMatchTest, AHugeNameIsNoCandidateOfShortOnes) {
  std::string Huge(100 * 1024, 'x');
  std::vector<StringRef> Names = {"dispatch", "variants"};
  EXPECT_EQ(closestMatch(Huge, Names), std::nullopt);
  // Near misses of a long name are still found.
  std::string Long(1000, 'x'), Near = Long;
  Near.back() = 'y';
  std::vector<StringRef> Candidates = {"x", Near};
  EXPECT_EQ(closestMatch(Long, Candidates, 3), StringRef(Near));
}

} // namespace
