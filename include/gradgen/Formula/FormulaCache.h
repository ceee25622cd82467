//===- FormulaCache.h - Results of formulas checked before ------*- C++ -*-===//
//
// The Formula stage's results cache (public for the fuzz target that reads
// damaged cache files, as any client would). A formula's result -- its rewritten text,
// saved values and the undeclared helpers it calls -- is a function of its
// text, of the variables it sees, and of the unit's header, rules and
// gradgen itself. Results of formulas that Clang checked without a single
// diagnostic are kept on disk under a key made of all of them, as are the
// nodes the second check accepted, so that a run parses only what changed.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_FORMULACACHE_H
#define GRADGEN_FORMULA_FORMULACACHE_H

#include "gradgen/Formula/FormulaChecker.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace gradgen::formula {

/// A call of, or a reference to, a helper that no header declares.
struct HelperUse {
  std::string Name;
  /// In the formula's text.
  unsigned Offset = 0;
  bool Call = true;
};

struct CachedFormula {
  FormulaResult Result;
  std::vector<HelperUse> Helpers;
};

class FormulaCache {
public:
  /// Reads the results cached under Key in Dir; an empty Dir is no cache.
  FormulaCache(std::string Dir, std::string Key);

  /// The key of a formula's result in a unit made with Salt (the header,
  /// rules and gradgen's build).
  static std::string formulaKey(const FormulaInput &In, llvm::StringRef Salt);
  /// The key of a node of the second check.
  static std::string nodeKey(const GeneratedNode &Node, llvm::StringRef Salt);

  bool enabled() const { return !Path.empty(); }
  const CachedFormula *lookupFormula(llvm::StringRef Key) const;
  void addFormula(llvm::StringRef Key, CachedFormula Formula);
  bool hasNode(llvm::StringRef Key) const { return Nodes.contains(Key); }
  void addNode(llvm::StringRef Key);

  /// Writes the cache back if anything was added.
  void save();

private:
  void load();

  std::string Path;
  llvm::StringMap<CachedFormula> Formulas;
  llvm::StringSet<> Nodes;
  bool Changed = false;
};

} // namespace gradgen::formula

#endif // GRADGEN_FORMULA_FORMULACACHE_H
