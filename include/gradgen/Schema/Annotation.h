//===- Annotation.h - Alias annotations of Tensor types ---------*- C++ -*-===//
//
// The `(a!)` of `Tensor(a!)`, the `(a -> *)` of `Tensor(a -> *)`: which alias
// set a tensor belongs to, whether the operator writes it, and the alias set
// it belongs to afterwards. Mirrors torchgen's Annotation, which allows
// single-letter sets only.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_ANNOTATION_H
#define GRADGEN_SCHEMA_ANNOTATION_H

#include <string>
#include <vector>

namespace gradgen {

struct Annotation {
  /// Usually one letter; `a|b` gives two.
  std::vector<std::string> AliasSet;
  bool IsWrite = false;
  /// After ` -> `: letters or `*`.
  std::vector<std::string> AliasSetAfter;

  /// `a!`, `a -> *`, `a|b`.
  std::string str() const;
  /// Appends str() to Out.
  void printTo(std::string &Out) const;
  bool isWildcardAfter() const;

  friend bool operator==(const Annotation &A, const Annotation &B) {
    return A.AliasSet == B.AliasSet && A.IsWrite == B.IsWrite &&
           A.AliasSetAfter == B.AliasSetAfter;
  }
  friend bool operator!=(const Annotation &A, const Annotation &B) {
    return !(A == B);
  }
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_ANNOTATION_H
