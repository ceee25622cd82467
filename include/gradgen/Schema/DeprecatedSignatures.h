//===- DeprecatedSignatures.h - deprecated.yaml as located records -*- C++ -*-//
//
// PyTorch's tools/autograd/deprecated.yaml lists Python signatures kept for
// old callers, each with the ATen call it forwards to:
//
//   - name: add(Tensor self, Scalar alpha, Tensor other) -> Tensor
//     aten: add(self, other, alpha)
//
// torchgen's load_deprecated_signatures reads it and asserts what it needs;
// here every one of its checks is a located diagnostic (`deprecated.*`, and
// `schema.*` for the `name:` schema): a call to an operator that does not
// exist, a call argument that is neither a parameter of `name:` nor a known
// constant, a malformed schema or call, a duplicate entry, a missing or
// unknown key, and a signature that matches no native function's schema
// (torchgen's is_schema_compatible). The file is read once a run, by the
// Frontend (Compilation::loadInfos), for the command line and the language
// server alike; the python-functions family turns its signatures into the
// deprecated Python overloads.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_DEPRECATEDSIGNATURES_H
#define GRADGEN_SCHEMA_DEPRECATEDSIGNATURES_H

#include "gradgen/Schema/FunctionSchema.h"
#include "gradgen/Schema/SchemaOptions.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/Located.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <memory>
#include <string>
#include <vector>

namespace gradgen {

class InputFiles;
class NativeFunctionSet;
class SchemaContext;
class Type;
class YAMLSource;

/// One argument of an `aten:` call, as written: the name of a parameter of
/// the entry's `name:` schema (`self`) or a known constant (`1`).
struct DeprecatedCallArgument {
  Located<std::string> Text;
  /// True for a known constant rather than a parameter.
  bool IsConstant = false;
};

/// One `- name: ... aten: ...` entry.
struct DeprecatedSignature {
  /// Where the entry's mapping starts.
  llvm::SMLoc Loc;
  /// `name:`, the Python signature, parsed as a FunctionSchema (its
  /// arguments and returns located in deprecated.yaml); Range is the value's.
  Located<FunctionSchema> Schema;
  /// The `aten:` value as written: `add_out(out, self, other, alpha)`.
  Located<std::string> AtenCall;
  /// The function called, as written (`add_out`), located in the call. An
  /// overload written after it (`add.Tensor(...)`) is ignored, as torchgen
  /// ignores it.
  Located<std::string> AtenName;
  /// AtenName without its `_out`: the Python name (str(BaseOperatorName),
  /// `add`, `add_`) of the native functions the call may go to.
  std::string BaseName;
  /// The call is to an out= overload (AtenName ends in `_out`): its first
  /// arguments are the out arguments.
  bool IsOut = false;
  /// The call's arguments in order.
  std::vector<DeprecatedCallArgument> CallArgs;

  /// The parameter of Schema named Name; null if there is none.
  const Argument *parameter(llvm::StringRef Name) const;
  /// torchgen's is_schema_compatible: the types and alias annotations of
  /// CallArgs, mapped by position onto Aten's arguments (its out arguments
  /// first when IsOut), equal; Aten's remaining arguments have defaults;
  /// the returns are equal.
  bool isCompatibleWith(const FunctionSchema &Aten) const;
};

/// The type of a known constant of `aten:` calls (`1`: Scalar); null if Text
/// is none.
const Type *deprecatedConstantType(llvm::StringRef Text,
                                   SchemaContext &Context);

/// The entries of one deprecated.yaml, in file order.
class DeprecatedSignatures {
public:
  /// Reads Path through Files (which records it as an input) and reads its
  /// entries (read()). Returns null only if the file cannot be read or is no
  /// YAML at all.
  static std::unique_ptr<DeprecatedSignatures>
  load(llvm::StringRef Path, const SchemaOptions &Options,
       const NativeFunctionSet *Functions, InputFiles &Files,
       DiagnosticEngine &Diags);

  /// Reads the entries of a parsed deprecated.yaml, reporting every mistake
  /// to Diags; an entry with a mistake is left out. With Functions, each
  /// call must name a native function and fit one (isCompatibleWith); without
  /// (no native_functions.yaml), only the YAML, the schemas and the calls are
  /// checked.
  static std::unique_ptr<DeprecatedSignatures>
  read(const YAMLSource &Source, const SchemaOptions &Options,
       const NativeFunctionSet *Functions, DiagnosticEngine &Diags);

  DeprecatedSignatures(const DeprecatedSignatures &) = delete;
  DeprecatedSignatures &operator=(const DeprecatedSignatures &) = delete;
  ~DeprecatedSignatures();

  llvm::ArrayRef<DeprecatedSignature> signatures() const { return Signatures; }
  /// The buffer of deprecated.yaml in the SourceMgr.
  unsigned bufferID() const { return BufferID; }

private:
  DeprecatedSignatures();

  /// Owns the types of the `name:` schemas.
  std::unique_ptr<SchemaContext> Context;
  std::vector<DeprecatedSignature> Signatures;
  unsigned BufferID = 0;
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_DEPRECATEDSIGNATURES_H
