//===- IdentifierSearch.h - torchgen's IDENT_REGEX --------------*- C++ -*-===//
//
// torchgen decides some parts of a Node by searching formulas for a name as
// a whole word, `(^|\W)name($|\W)`, without parsing them: a mention in a
// string literal counts. The emitters and the Formula stage reproduce that
// search.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_IDENTIFIERSEARCH_H
#define GRADGEN_SUPPORT_IDENTIFIERSEARCH_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace gradgen {

/// The offset of the first whole-word occurrence of Ident in Text.
std::optional<size_t> findIdentifier(llvm::StringRef Text,
                                     llvm::StringRef Ident);

/// Whether Ident occurs in Text as a whole word (torchgen's uses_ident).
inline bool usesIdentifier(llvm::StringRef Text, llvm::StringRef Ident) {
  return findIdentifier(Text, Ident).has_value();
}

} // namespace gradgen

#endif // GRADGEN_SUPPORT_IDENTIFIERSEARCH_H
