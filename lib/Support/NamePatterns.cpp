//===- NamePatterns.cpp - Names matched whole by a list of patterns -------===//

#include "gradgen/Support/NamePatterns.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen {

/// A pattern without any character special to an extended regular
/// expression matches itself only.
static bool isLiteral(StringRef Pattern) {
  return Pattern.find_first_of(".[]()*+?{}|^$\\") == StringRef::npos;
}

NamePatterns::NamePatterns(ArrayRef<std::string> Patterns) {
  for (const std::string &Pattern : Patterns) {
    if (isLiteral(Pattern)) {
      Literals.insert(Pattern);
      continue;
    }
    StringRef Rest = Pattern;
    if (Rest.consume_back(".*") && isLiteral(Rest)) {
      Prefixes.push_back(Rest.str());
      continue;
    }
    Rest = Pattern;
    if (Rest.consume_front(".*") && isLiteral(Rest)) {
      Suffixes.push_back(Rest.str());
      continue;
    }
    Others.emplace_back("^(" + Pattern + ")$");
  }
}

bool NamePatterns::matches(StringRef Name) const {
  return Literals.contains(Name) ||
         any_of(Prefixes, [&](StringRef P) { return Name.starts_with(P); }) ||
         any_of(Suffixes, [&](StringRef S) { return Name.ends_with(S); }) ||
         any_of(Others, [&](const Regex &R) { return R.match(Name); });
}

} // namespace gradgen
