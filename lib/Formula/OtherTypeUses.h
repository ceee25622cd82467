//===- OtherTypeUses.h - Uses that another type serves alike ----*- C++ -*-===//
//
// Private to the Formula stage. The second check gives some names of a
// formula other types than the first did: a node keeps an IntArrayRef as a
// std::vector<int64_t> and an OptionalIntArrayRef as a c10::OptionalArray,
// declares grad_input_mask as a non-const local, and the rules replace
// `self.sym_sizes()` by the saved `self_sym_sizes`. Where every use of such
// a name (or replaced expression) in the first check's AST is an argument
// of a call that means the same with the other type, the first check's
// verdict stands for the formula in the node (FirstCheckResults.h):
//
// * an argument of a helper gradgen declares (UnknownNames.h) means the
//   same whatever its type: the template deduces any, __gradgen_any's
//   constructor template takes any class of std, c10 and at (none has a
//   conversion function template in the built-in prelude), and ADL finds
//   nothing of a helper's name in those namespaces;
// * an argument of a call of a function whose other candidates (ordinary
//   lookup from the formulas' namespaces, ADL through the arguments and
//   the other type's namespace) cannot take that many arguments, which
//   the lookup finds without the changed arguments, and whose parameter
//   Clang can copy-initialize from an lvalue of the other type: the call
//   calls the same function and has the same type.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_OTHERTYPEUSES_H
#define GRADGEN_LIB_FORMULA_OTHERTYPEUSES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class FunctionDecl;
class Sema;
class Stmt;
} // namespace clang

namespace gradgen::formula {

class UnknownNameSource;

/// Which other type a name's uses take alike.
enum class OtherType : uint8_t {
  /// Only its own.
  None,
  /// Its class as a non-const lvalue (grad_input_mask's std::array).
  NonConst,
  /// For an expression a rule replaces, its type as a non-const lvalue
  /// (the saved `self_scalar_type` for `self.scalar_type()`).
  Lvalue,
  /// An lvalue of `std::vector<E>` for its `c10::ArrayRef<E>`.
  Vector,
  /// An lvalue of `c10::OptionalArray<E>` for its `c10::ArrayRef<E>` or
  /// `c10::OptionalArrayRef<E>`.
  OptionalArray,
  /// Any variable whose type takenLikeAnyArgument().
  Any,
};

/// What the uses of a formula's names take alike.
struct OtherTypeUses {
  /// By parameter of the formula's function (None where not named).
  llvm::StringMap<OtherType> Parameters;
  /// By replaced range, in the order given.
  std::vector<OtherType> Replaced;
};

/// A range of the formula's text in the unit (offsets in its main file)
/// that the rules replace by a name, and the type the name's rule saves
/// (`c10::SymIntArrayRef`, `c10::optional<at::IntArrayRef>`).
struct ReplacedRange {
  unsigned Begin = 0, End = 0;
  std::string SavedType;
};

/// The other types that the uses of the parameters of Function in Body,
/// a clean formula's body (or block), take alike, and those of the
/// expressions that span the Replaced ranges. Helpers: the unit's source
/// of the helpers gradgen declared.
OtherTypeUses findOtherTypeUses(clang::Sema &S,
                                const clang::FunctionDecl &Function,
                                const clang::Stmt *Body,
                                llvm::ArrayRef<ReplacedRange> Replaced,
                                const UnknownNameSource &Helpers);

/// Whether a variable of NodeType in the second check (a type as
/// FirstCheckResults normalizes it: `::std::vector<int64_t>&`) is the
/// other type Other of FirstType (also normalized), the type of a
/// parameter in the first check or what a rule saves.
bool isOtherType(OtherType Other, llvm::StringRef FirstType,
                 llvm::StringRef NodeType);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_OTHERTYPEUSES_H
