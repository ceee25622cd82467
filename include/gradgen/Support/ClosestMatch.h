//===- ClosestMatch.h - "Did you mean" suggestions --------------*- C++ -*-===//
//
// Every "did you mean" of gradgen picks its suggestion here, as clangd's
// bestGuess does: the candidate at the smallest edit distance, the first one
// of several equally close, none further away than a bound. The bound also
// bounds the work: a candidate whose length alone differs by more than it is
// never compared, and comparisons stop once they exceed the best so far, so
// that a 100 KB name costs no more than its length.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_CLOSESTMATCH_H
#define GRADGEN_SUPPORT_CLOSESTMATCH_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace gradgen {

/// The largest edit distance worth suggesting for Name: about a third of it,
/// and 2 for short names.
unsigned defaultMaxEditDistance(llvm::StringRef Name);

/// Collects candidates one at a time; get() is the closest one seen.
class ClosestMatch {
public:
  /// Candidates further than MaxDistance edits from Name are never chosen.
  explicit ClosestMatch(llvm::StringRef Name, unsigned MaxDistance,
                        bool IgnoreCase = false)
      : Name(Name), BestDistance(MaxDistance + 1), IgnoreCase(IgnoreCase) {}

  void consider(llvm::StringRef Candidate);
  std::optional<llvm::StringRef> get() const { return Best; }

private:
  llvm::StringRef Name;
  /// A candidate must be closer than this to be taken.
  unsigned BestDistance;
  bool IgnoreCase;
  std::optional<llvm::StringRef> Best;
};

/// The closest of Candidates (anything a StringRef is made from) to Name
/// within MaxDistance edits.
template <typename RangeT>
std::optional<llvm::StringRef> closestMatch(llvm::StringRef Name,
                                            const RangeT &Candidates,
                                            unsigned MaxDistance) {
  ClosestMatch Match(Name, MaxDistance);
  for (const auto &Candidate : Candidates)
    Match.consider(Candidate);
  return Match.get();
}

template <typename RangeT>
std::optional<llvm::StringRef> closestMatch(llvm::StringRef Name,
                                            const RangeT &Candidates) {
  return closestMatch(Name, Candidates, defaultMaxEditDistance(Name));
}

} // namespace gradgen

#endif // GRADGEN_SUPPORT_CLOSESTMATCH_H
