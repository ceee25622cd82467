//===- IdentifierSearch.cpp - torchgen's IDENT_REGEX ----------------------===//

#include "gradgen/Support/IdentifierSearch.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

/// Python's \w on the ASCII text of formulas.
static bool isWordChar(char C) { return isAlnum(C) || C == '_'; }

std::optional<size_t> findIdentifier(StringRef Text, StringRef Ident) {
  if (Ident.empty())
    return std::nullopt;
  for (size_t Pos = Text.find(Ident); Pos != StringRef::npos;
       Pos = Text.find(Ident, Pos + 1)) {
    size_t End = Pos + Ident.size();
    if ((Pos == 0 || !isWordChar(Text[Pos - 1])) &&
        (End == Text.size() || !isWordChar(Text[End])))
      return Pos;
  }
  return std::nullopt;
}

} // namespace gradgen
