//===- ClosestMatch.cpp - "Did you mean" suggestions ----------------------===//

#include "gradgen/Support/ClosestMatch.h"

#include <algorithm>

using namespace llvm;

namespace gradgen {

unsigned defaultMaxEditDistance(StringRef Name) {
  return std::max<size_t>(2, Name.size() / 3);
}

void ClosestMatch::consider(StringRef Candidate) {
  if (BestDistance == 0)
    return;
  // Every edit changes the length by at most one.
  size_t LengthDifference = Name.size() > Candidate.size()
                                ? Name.size() - Candidate.size()
                                : Candidate.size() - Name.size();
  if (LengthDifference >= BestDistance)
    return;
  if (BestDistance == 1) {
    // Only an equal candidate would do (and a maximum of 0 means none).
    if (IgnoreCase ? Name.equals_insensitive(Candidate) : Name == Candidate) {
      BestDistance = 0;
      Best = Candidate;
    }
    return;
  }
  // With a maximum, the distance is computed only up to it: anything beyond
  // comes back as more than BestDistance - 1.
  unsigned Distance =
      IgnoreCase
          ? Name.edit_distance_insensitive(Candidate, true, BestDistance - 1)
          : Name.edit_distance(Candidate, true, BestDistance - 1);
  if (Distance < BestDistance) {
    BestDistance = Distance;
    Best = Candidate;
  }
}

} // namespace gradgen
