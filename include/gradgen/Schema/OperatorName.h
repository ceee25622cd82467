//===- OperatorName.h - Operator names of native functions ------*- C++ -*-===//
//
// `add_.Tensor`, `__iand__.Scalar`, `native_batch_norm_functional`: a base
// name with its in-place, dunder and functional-overload bits, and an overload
// name, as torchgen's BaseOperatorName and OperatorName.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_OPERATORNAME_H
#define GRADGEN_SCHEMA_OPERATORNAME_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace gradgen {

/// The operator name without its overload. `add_` is {Base: "add", Inplace},
/// `__iand__` is {Base: "and", Inplace, DunderMethod}.
struct BaseOperatorName {
  std::string Base;
  bool Inplace = false;
  bool DunderMethod = false;
  /// `foo_functional`: the functional variant of a mutable op `foo`. See
  /// torchgen's Note [Overload Ambiguity With Functional Variants].
  bool FunctionalOverload = false;
  /// A `ns::` prefix written on the name itself (rare; native_functions.yaml
  /// namespaces are held by NativeFunction::Namespace instead).
  std::string Namespace;

  std::string str() const;
  /// Appends str() to Out.
  void printTo(std::string &Out) const;

  friend bool operator==(const BaseOperatorName &A, const BaseOperatorName &B) {
    return A.Base == B.Base && A.Inplace == B.Inplace &&
           A.DunderMethod == B.DunderMethod &&
           A.FunctionalOverload == B.FunctionalOverload &&
           A.Namespace == B.Namespace;
  }
  friend bool operator!=(const BaseOperatorName &A, const BaseOperatorName &B) {
    return !(A == B);
  }
};

struct OperatorName {
  BaseOperatorName Name;
  std::string OverloadName;

  /// `name.overload`, or `name` without an overload.
  std::string str() const;
  /// Appends str() to Out.
  void printTo(std::string &Out) const;
  /// `name_overload`, as torchgen's unambiguous_name() (ATen's Operators.h).
  std::string unambiguousName() const;
  /// The same name without the in-place bit (torchgen's remove_inplace).
  OperatorName removeInplace() const;
  /// The out-of-place base name with another overload (with_overload).
  OperatorName withOverload(llvm::StringRef Overload) const;

  friend bool operator==(const OperatorName &A, const OperatorName &B) {
    return A.Name == B.Name && A.OverloadName == B.OverloadName;
  }
  friend bool operator!=(const OperatorName &A, const OperatorName &B) {
    return !(A == B);
  }
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_OPERATORNAME_H
