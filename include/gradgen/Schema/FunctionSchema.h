//===- FunctionSchema.h - Operator schemas ----------------------*- C++ -*-===//
//
// torchgen's FunctionSchema: `add.Tensor(Tensor self, Tensor other, *,
// Scalar alpha=1) -> Tensor`. str() reproduces torchgen's printing exactly;
// derivatives.yaml `name:` entries are matched against that text. signature()
// is the normalisation torchgen groups functional, in-place, out and mutable
// variants by.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_FUNCTIONSCHEMA_H
#define GRADGEN_SCHEMA_FUNCTIONSCHEMA_H

#include "gradgen/Schema/Argument.h"
#include "gradgen/Schema/OperatorName.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

enum class SchemaKind { Functional, Inplace, Out, Mutable, Scratch };

llvm::StringRef schemaKindName(SchemaKind Kind);

/// Options of FunctionSchema::signature(), as torchgen's keyword arguments.
struct SignatureOptions {
  bool StripDefault = false;
  /// Strip a trailing `_copy` from the base name (view_copy pairing).
  bool StripViewCopyName = false;
  /// With StripViewCopyName: rename `*_scatter` to `*_inverse` (2.x only).
  bool StripViewCopyScatter = false;
  bool KeepReturnNames = false;
};

class FunctionSchema {
public:
  OperatorName Name;
  Arguments Args;
  std::vector<Return> Returns;

  /// Exactly torchgen's str(FunctionSchema).
  std::string str() const;
  /// Appends str() to Out.
  void printTo(std::string &Out) const;
  /// The returns alone, as printed after ` -> `.
  std::string returnsStr() const;
  /// Appends returnsStr() to Out.
  void printReturnsTo(std::string &Out) const;

  SchemaKind kind() const;
  bool isOutFn() const { return !Args.Out.empty(); }
  /// The overload name contains "functional".
  bool isFunctionalFn() const;
  bool isMutable() const;
  bool modifiesArguments() const;
  bool hasSymInt() const { return Args.hasSymIntArg(); }
  bool returnsAreAliased() const;

  /// Positional, keyword-only, then out arguments.
  ArgumentRefs schemaOrderArguments() const { return Args.flatAll(); }

  /// For each return, the name of the input it aliases, if any. A return
  /// aliasing several inputs yields an empty string there.
  std::vector<std::optional<std::string>> aliasedReturnNames() const;

  FunctionSchema signature(const SignatureOptions &Options = {}) const;
  /// signature(Options).str(), printed without building the signature.
  std::string signatureStr(const SignatureOptions &Options = {}) const;
  /// Appends signatureStr(Options) to Out.
  void printSignatureTo(std::string &Out,
                        const SignatureOptions &Options = {}) const;
  /// Whether Options rename the base name, so that signatureStr(Options) may
  /// differ from signatureStr() with Options.StripViewCopy* cleared.
  bool signatureRenames(const SignatureOptions &Options) const;
  FunctionSchema withName(OperatorName NewName) const;

  friend bool operator==(const FunctionSchema &A, const FunctionSchema &B) {
    return A.Name == B.Name && A.Args == B.Args && A.Returns == B.Returns;
  }
  friend bool operator!=(const FunctionSchema &A, const FunctionSchema &B) {
    return !(A == B);
  }
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_FUNCTIONSCHEMA_H
