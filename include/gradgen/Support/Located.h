//===- Located.h - A value with the source range it came from ---*- C++ -*-===//

#ifndef GRADGEN_SUPPORT_LOCATED_H
#define GRADGEN_SUPPORT_LOCATED_H

#include "llvm/Support/SMLoc.h"

#include <utility>

namespace gradgen {

/// A value with the source range it was read from, as clangd's Located<T>.
template <typename T> struct Located {
  T Value{};
  llvm::SMRange Range;

  Located() = default;
  Located(T Value, llvm::SMRange Range = llvm::SMRange())
      : Value(std::move(Value)), Range(Range) {}

  llvm::SMLoc loc() const { return Range.Start; }
  const T &operator*() const { return Value; }
  const T *operator->() const { return &Value; }
};

} // namespace gradgen

#endif // GRADGEN_SUPPORT_LOCATED_H
