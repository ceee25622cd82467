//===- PythonAPI.h - How Python sees an operator ----------------*- C++ -*-===//
//
// torchgen's api/python: the Python signature of an operator, which
// PythonArgParser parses (`add(Tensor input, Tensor other, *, Scalar
// alpha=1, Tensor out=None)`): its positional and keyword-only arguments
// with their defaults as Python spells them, the out= argument (one tensor
// or a `Tensor[N] out` of several), the TensorOptions fields scattered into
// `dtype`, `layout`, `device`, `pin_memory` and `requires_grad`, deprecated
// overloads from deprecated.yaml, the grouping of a function with its out=
// variant under one signature and the order PythonArgParser tries them in.
// And the other side: how the parsed arguments reach the C++ call (the
// dispatch lambda's parameters, the expressions that fill them, the callee),
// and the structseq (named tuple) a function returns.
//
// One model for every binding file (python_torch_functions*,
// python_variable_methods, python_*_functions, python_return_types); the
// versions' differences are PythonAPIOptions.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_PYTHONAPI_H
#define GRADGEN_SCHEMA_PYTHONAPI_H

#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/NativeFunction.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {

struct DeprecatedSignature;
class SchemaContext;

namespace python {

/// Where torchgen versions differ in the Python API.
struct PythonAPIOptions {
  /// `*_like` and `new_*` functions default their dtype, layout and device to
  /// self's (`self.scalar_type()`, 1.13); 2.x leaves them unset.
  bool LikeOptionsDefaultFromSelf = false;
  /// Overload order: a Dimname overload after one without (1.13).
  bool DimnameOverloadsLast = false;
  /// Overload order: an int or SymInt overload after a Tensor one (2.x).
  bool TensorBeforeIntOverloads = true;
  /// A `Dimname[]?` argument is unwrapped and rewrapped as
  /// optional<DimnameList> before the call (1.13).
  bool RewrapOptionalDimnameList = false;
};

/// An error of the model at a native function (or a deprecated entry): what
/// torchgen raises as RuntimeError/AssertionError.
class PythonAPIError : public llvm::ErrorInfo<PythonAPIError> {
public:
  static char ID;
  PythonAPIError(llvm::SMLoc Loc, std::string Message)
      : Loc(Loc), Message(std::move(Message)) {}
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override;

  llvm::SMLoc Loc;
  std::string Message;
};

/// A parameter of a Python signature (torchgen's PythonArgument; with
/// Outputs, PythonOutArgument).
struct PythonArgument {
  std::string Name;
  /// The schema type (`Tensor?`, `int[2]`; `Tensor[N]` for several outputs).
  const Type *Ty = nullptr;
  /// The default as the C++ API spells it, pythonified (`1`, `True`,
  /// `c10::nullopt`); std::nullopt: none.
  std::optional<std::string> Default;
  /// The expression PythonArgParser falls back to (`self.device()`).
  std::optional<std::string> DefaultInit;
  /// For the out= argument: the outputs it scatters into.
  std::vector<PythonArgument> Outputs;

  bool isOut() const { return !Outputs.empty(); }
};

/// torchgen's PythonSignature (and PythonSignatureDeprecated).
struct PythonSignature {
  /// The base operator name (`add_`, `__and__`).
  std::string Name;
  std::vector<PythonArgument> InputArgs;
  /// Keyword-only arguments but out= and the TensorOptions fields.
  std::vector<PythonArgument> InputKwargs;
  std::optional<PythonArgument> OutputArgs;
  /// dtype, layout, device, pin_memory, requires_grad of factories.
  std::vector<PythonArgument> TensorOptionsArgs;
  bool Method = false;
  /// For a deprecated signature: its deprecated.yaml entry.
  const DeprecatedSignature *Deprecated = nullptr;

  std::vector<const PythonArgument *>
  arguments(bool SkipOutputs = false, bool SkipTensorOptions = false) const;
  size_t argumentsCount() const { return arguments().size(); }
  /// The index of out= among the parsed arguments.
  size_t outputIndex() const { return InputArgs.size() + InputKwargs.size(); }
  /// The PythonArgParser signature, `|deprecated` for deprecated ones.
  std::string signatureStr(const CppAPIOptions &Cpp,
                           bool SkipOutputs = false) const;
};

/// The types a signature makes up (`ScalarType?` of dtype, `Tensor[2]` of
/// out=) live here; torchgen compares types by their spelling, and so does
/// the model.
class PythonTypes {
public:
  PythonTypes();
  ~PythonTypes();
  SchemaContext &context() { return *Context; }

private:
  std::unique_ptr<SchemaContext> Context;
};

/// torchgen's signature_from_schema. Method: the signature of the Tensor
/// method (without self).
llvm::Expected<PythonSignature>
signatureFromSchema(const FunctionSchema &Func,
                    const std::optional<std::string> &CategoryOverride,
                    bool Method, llvm::SMLoc Loc, PythonTypes &Types,
                    const CppAPIOptions &Cpp, const PythonAPIOptions &Options);

/// Every argument of Signature has a PythonArgParser type (torchgen finds
/// out when it prints the signature of a name it binds); else an error at
/// Loc.
llvm::Error checkParserTypes(const PythonSignature &Signature,
                             const CppAPIOptions &Cpp, llvm::SMLoc Loc);

/// A signature with the native function it binds
/// (PythonSignatureNativeFunctionPair).
struct SignaturePair {
  PythonSignature Signature;
  const NativeFunction *Function = nullptr;
};

/// torchgen's load_signatures: the pairs of Functions, then those of the
/// deprecated overloads, each matched against the functions whose
/// signature has the name of its ATen call (is_schema_compatible).
llvm::Expected<std::vector<SignaturePair>>
loadSignatures(llvm::ArrayRef<const NativeFunction *> Functions,
               llvm::ArrayRef<DeprecatedSignature> Deprecated, bool Method,
               PythonTypes &Types, const CppAPIOptions &Cpp,
               const PythonAPIOptions &Options);

/// A function with its out= variant under one signature
/// (PythonSignatureGroup): out='s signature with the functional's
/// TensorOptions fields.
struct SignatureGroup {
  PythonSignature Signature;
  /// Signature.signatureStr(): PythonArgParser's signature string, which
  /// also orders the group among its name's.
  std::string SignatureText;
  const NativeFunction *Base = nullptr;
  const NativeFunction *Outplace = nullptr;
};

/// torchgen's group_overloads and sort_overloads: the overloads of one name
/// paired by signature without out=, in the order PythonArgParser tries
/// them.
llvm::Expected<std::vector<SignatureGroup>>
groupOverloads(llvm::ArrayRef<const SignaturePair *> Overloads,
               const CppAPIOptions &Cpp, const PythonAPIOptions &Options);

/// The field names of the structseq Returns make (none for one return or
/// unnamed ones); an error if only some are named.
llvm::Expected<std::vector<std::string>>
structseqFieldNames(llvm::ArrayRef<Return> Returns, llvm::SMLoc Loc);

/// A C++ string literal of Text (torchgen's cpp_string).
std::string cppString(llvm::StringRef Text);

/// Python's str(pythonify_default(Text)): `true` is `True`, integers and
/// floats as Python prints them, the rest as it is.
std::string pythonifyDefault(llvm::StringRef Text);

//===----------------------------------------------------------------------===//
// From the parsed arguments to the C++ call.
//===----------------------------------------------------------------------===//

/// A parameter of the lambda that calls the C++ function.
struct DispatchLambdaArgument {
  std::string Name;
  std::string Type;
  bool IsOut = false;
};

/// One parsed argument: `_r.toBool(2)`.
struct ParserOutput {
  std::string Name;
  std::string Expr;
  size_t Index = 0;
  std::string isNoneExpr() const {
    return "_r.isNone(" + std::to_string(Index) + ")";
  }
};

/// The statements before the call that the lambda's arguments need.
struct LambdaInit {
  enum class Kind {
    /// A line of its own (`auto out = _r.tensorlist_n<2>(2);`).
    Statement,
    /// `const auto options = TensorOptions()...` of the parsed fields.
    PackTensorOptions,
    /// check_out_type_matches(out, dtype, ...) of an out= factory.
    CheckOutType,
  };
  Kind TheKind = Kind::Statement;
  std::string Text;
};

struct DispatchLambdaExprs {
  /// One expression a lambda parameter.
  std::vector<std::string> Exprs;
  std::vector<LambdaInit> Inits;
};

/// The call of one native function under one Python signature: everything
/// torchgen's emit_single_dispatch asks of the API.
struct DispatchCall {
  /// `// aten::add.Tensor(...)` or `// [deprecated] aten::...`.
  std::string SchemaComment;
  /// cpp.name: `add`, `add_out`.
  std::string Name;
  std::vector<DispatchLambdaArgument> LambdaArgs;
  /// The C++ return type, without references (`at::Tensor`, `void`).
  std::string LambdaReturn;
  /// `self.add`, `at::add_out`, `torch::empty`.
  std::string Callee;
  std::vector<std::string> CalleeArgs;
  DispatchLambdaExprs Exprs;
  /// The parsed arguments by position, for the options' packing.
  std::vector<ParserOutput> ParserOutputs;
  /// `.set_requires_grad(...)`'s argument, when the result needs it.
  std::optional<std::string> SetRequiresGrad;

  const ParserOutput *output(llvm::StringRef Name) const;
};

/// What emit_single_dispatch computes for F under Signature.
llvm::Expected<DispatchCall> dispatchCall(const PythonSignature &Signature,
                                          const NativeFunction &F,
                                          const CppAPIOptions &Cpp,
                                          const PythonAPIOptions &Options);

/// PythonArgParser's unpacking method of a type (`toInt64`,
/// `scalartypeWithDefault`), or an error if it has none.
llvm::Expected<std::string>
argParserUnpackMethod(const Type *T, const std::optional<std::string> &Default,
                      bool HasDefaultInit, const CppAPIOptions &Cpp);

/// The parser's name of a type (`IntArrayRef[2]`, `Tensor?`), as torchgen's
/// argument_type_str with symint.
llvm::Expected<std::string> argumentTypeStr(const Type *T,
                                            const CppAPIOptions &Cpp);

} // namespace python
} // namespace gradgen

#endif // GRADGEN_SCHEMA_PYTHONAPI_H
