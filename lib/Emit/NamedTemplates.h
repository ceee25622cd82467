//===- NamedTemplates.h - A family's templates by name ----------*- C++ -*-===//
//
// Private to the Emit library: the kernel families look their small
// templates up by name tens of thousands of times a run.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_EMIT_NAMEDTEMPLATES_H
#define GRADGEN_LIB_EMIT_NAMEDTEMPLATES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

namespace gradgen {

class CodeTemplate;

/// Templates by name. The names callers pass are mostly string literals,
/// the same few dozen again and again: a lookup first tries where the name's
/// text is, which costs less than hashing it, and checks that the template
/// found there has that name. Not thread-safe, also for lookup().
class NamedTemplates {
public:
  /// The slot of Name, created empty.
  const CodeTemplate *&operator[](llvm::StringRef Name) {
    return Templates[Name];
  }

  /// The template Name, or null.
  const CodeTemplate *lookup(llvm::StringRef Name) const {
    auto Seen = ByText.find(Name.data());
    if (Seen != ByText.end() && Seen->second->getKey() == Name)
      return Seen->second->getValue();
    auto It = Templates.find(Name);
    if (It == Templates.end())
      return nullptr;
    ByText[Name.data()] = &*It;
    return It->getValue();
  }

private:
  llvm::StringMap<const CodeTemplate *> Templates;
  /// The entries of Templates by where the text of a name looked up was.
  mutable llvm::DenseMap<const char *,
                         const llvm::StringMapEntry<const CodeTemplate *> *>
      ByText;
};

} // namespace gradgen

#endif // GRADGEN_LIB_EMIT_NAMEDTEMPLATES_H
