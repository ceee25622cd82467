//===- NamePatterns.h - Names matched whole by a list of patterns -*- C++ -*-=//
//
// torchgen's skip lists are regular expressions that a name must match whole
// (re.fullmatch). Most are a plain name, a name prefix followed by `.*` or
// `.*` followed by a name suffix; those are compared as strings, and only
// the others go to llvm::Regex, whose matcher costs far more per name: the
// bindings' skip list of 2.14.1 took 69 M instructions through llvm::Regex
// alone.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_NAMEPATTERNS_H
#define GRADGEN_SUPPORT_NAMEPATTERNS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

#include <string>
#include <vector>

namespace gradgen {

class NamePatterns {
public:
  NamePatterns() = default;
  /// Patterns: POSIX extended regular expressions, each anchored at both
  /// ends. Validate them with llvm::Regex first: one that does not compile
  /// matches nothing.
  explicit NamePatterns(llvm::ArrayRef<std::string> Patterns);

  /// Whether some pattern matches the whole of Name.
  bool matches(llvm::StringRef Name) const;

private:
  llvm::StringSet<> Literals;
  std::vector<std::string> Prefixes, Suffixes;
  std::vector<llvm::Regex> Others;
};

} // namespace gradgen

#endif // GRADGEN_SUPPORT_NAMEPATTERNS_H
