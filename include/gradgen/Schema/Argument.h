//===- Argument.h - Arguments and returns of a schema -----------*- C++ -*-===//
//
// torchgen's Argument, Return, SelfArgument, TensorOptionsArguments and
// Arguments. Arguments keeps torchgen's canonical grouping: positional
// arguments around `self`, keyword-only arguments around the TensorOptions
// group (dtype, layout, device, pin_memory), and the out arguments.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_ARGUMENT_H
#define GRADGEN_SCHEMA_ARGUMENT_H

#include "gradgen/Schema/Annotation.h"
#include "gradgen/Schema/Type.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct Argument {
  std::string Name;
  const Type *Ty = nullptr;
  /// The default exactly as written after `=` (`None`, `[-2,-1]`, `"\"'"`).
  std::optional<std::string> Default;
  std::optional<Annotation> Annot;
  /// The argument's text in the source, or invalid if it was synthesized
  /// (generated variants, signatures). Ignored by comparisons.
  llvm::SMRange Range;

  bool isWrite() const { return Annot && Annot->IsWrite; }
  /// `Tensor(a!) out`, `int[2] stride=1`.
  std::string str() const;
  /// Appends str() to Out.
  void printTo(std::string &Out) const;
  /// The type with its annotation, `Tensor(a!)?`.
  std::string typeStr() const;

  friend bool operator==(const Argument &A, const Argument &B) {
    return A.Name == B.Name && A.Ty == B.Ty && A.Default == B.Default &&
           A.Annot == B.Annot;
  }
  friend bool operator!=(const Argument &A, const Argument &B) {
    return !(A == B);
  }
};

struct Return {
  std::optional<std::string> Name;
  const Type *Ty = nullptr;
  std::optional<Annotation> Annot;
  llvm::SMRange Range;

  bool isWrite() const { return Annot && Annot->IsWrite; }
  std::string str() const;
  /// Appends str() to Out.
  void printTo(std::string &Out) const;

  friend bool operator==(const Return &A, const Return &B) {
    return A.Name == B.Name && A.Ty == B.Ty && A.Annot == B.Annot;
  }
  friend bool operator!=(const Return &A, const Return &B) { return !(A == B); }
};

/// The four keyword-only arguments the C++ API bundles into TensorOptions.
struct TensorOptionsArguments {
  Argument DType;
  Argument Layout;
  Argument Device;
  Argument PinMemory;

  llvm::SmallVector<const Argument *, 4> all() const {
    return {&DType, &Layout, &Device, &PinMemory};
  }
  friend bool operator==(const TensorOptionsArguments &A,
                         const TensorOptionsArguments &B) {
    return A.DType == B.DType && A.Layout == B.Layout && A.Device == B.Device &&
           A.PinMemory == B.PinMemory;
  }
};

/// One element of torchgen's Arguments.all / non_out / positional: a plain
/// argument, the self argument, or the TensorOptions group.
struct ArgumentItem {
  enum class Kind { Plain, Self, TensorOptions };
  Kind TheKind = Kind::Plain;
  /// The argument of Plain and Self items.
  const Argument *Arg = nullptr;
  /// The group of TensorOptions items.
  const TensorOptionsArguments *Options = nullptr;

  bool isTensorOptions() const { return TheKind == Kind::TensorOptions; }
};

using ArgumentRefs = llvm::SmallVector<const Argument *, 8>;
using ArgumentItems = llvm::SmallVector<ArgumentItem, 8>;

class Arguments {
public:
  std::vector<Argument> PreSelfPositional;
  std::optional<Argument> SelfArg;
  std::vector<Argument> PostSelfPositional;
  std::vector<Argument> PreTensorOptionsKwargOnly;
  std::optional<TensorOptionsArguments> TensorOptions;
  std::vector<Argument> PostTensorOptionsKwargOnly;
  /// Keyword-only mutable arguments (and what follows them).
  std::vector<Argument> Out;

  /// torchgen's second parsing phase: splits off `self` and groups the
  /// TensorOptions arguments. If the keyword-only arguments hold a second
  /// TensorOptions group, returns std::nullopt and sets *SecondGroup to the
  /// index in KwargOnly where it starts.
  static std::optional<Arguments> group(std::vector<Argument> Positional,
                                        std::vector<Argument> KwargOnly,
                                        std::vector<Argument> Out,
                                        size_t *SecondGroup = nullptr);

  ArgumentRefs flatPositional() const;
  /// Keyword-only arguments, out arguments excluded.
  ArgumentRefs flatKwargOnly() const;
  ArgumentRefs flatNonOut() const;
  ArgumentRefs flatAll() const;
  ArgumentRefs postSelfPositionalMutable() const;

  ArgumentItems positional() const;
  ArgumentItems kwargOnly() const;
  ArgumentItems nonOut() const;
  ArgumentItems all() const;

  bool hasTensorArg() const;
  bool hasSymIntArg() const;
  bool hasGeneratorArg() const;

  /// Annotations stripped, TensorOptions and out arguments dropped, the
  /// keyword-only arguments merged (torchgen's Arguments.signature).
  Arguments signature(bool StripDefault = false) const;
  Arguments removeSelfAnnotation() const;
  Arguments withOutArgs(std::vector<Argument> NewOut) const;

  /// `Tensor self, *, Scalar alpha=1`.
  std::string str() const;
  /// Appends str() to Result.
  void printTo(std::string &Result) const;

  friend bool operator==(const Arguments &A, const Arguments &B);
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_ARGUMENT_H
