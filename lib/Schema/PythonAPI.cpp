//===- PythonAPI.cpp - How Python sees an operator ------------------------===//
//
// The Python signature of an operator (torchgen's api/python.py): its
// arguments, their parser types and defaults, and the signature string.
// The deprecated overloads, the grouping and the order of the overloads are
// in PythonOverloads.cpp; the C++ call in PythonDispatch.cpp.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Schema/PythonAPI.h"

#include "gradgen/Schema/Type.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace gradgen::python {

char PythonAPIError::ID;

std::error_code PythonAPIError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

PythonTypes::PythonTypes() : Context(std::make_unique<SchemaContext>()) {}
PythonTypes::~PythonTypes() = default;

std::vector<const PythonArgument *>
PythonSignature::arguments(bool SkipOutputs, bool SkipTensorOptions) const {
  std::vector<const PythonArgument *> Result;
  for (const PythonArgument &A : InputArgs)
    Result.push_back(&A);
  for (const PythonArgument &A : InputKwargs)
    Result.push_back(&A);
  if (OutputArgs && !SkipOutputs)
    Result.push_back(&*OutputArgs);
  if (!SkipTensorOptions)
    for (const PythonArgument &A : TensorOptionsArgs)
      Result.push_back(&A);
  return Result;
}

Expected<std::string> argumentTypeStr(const Type *T, const CppAPIOptions &Cpp) {
  auto Unknown = [&] {
    return make_error<PythonAPIError>(SMLoc(),
                                      "unrecognized type '" + T->str() + "'");
  };
  if (T->isBase()) {
    switch (T->getBaseTy()) {
    case BaseTy::Int:
      return std::string("int64_t");
    case BaseTy::Float:
      return std::string("double");
    case BaseTy::Str:
      return std::string("c10::string_view");
    case BaseTy::Tensor:
    case BaseTy::Bool:
    case BaseTy::QScheme:
    case BaseTy::Scalar:
    case BaseTy::ScalarType:
    case BaseTy::Generator:
    case BaseTy::Storage:
    case BaseTy::Layout:
    case BaseTy::Device:
    case BaseTy::DeviceIndex:
    case BaseTy::MemoryFormat:
    case BaseTy::Dimname:
    case BaseTy::Stream:
    case BaseTy::ConstQuantizerPtr:
    case BaseTy::SymInt:
      return baseTyName(T->getBaseTy()).str();
    default:
      return Unknown();
    }
  }
  if (T->isOptional()) {
    Expected<std::string> Element = argumentTypeStr(T->getElement(), Cpp);
    if (!Element)
      return Element.takeError();
    return *Element + "?";
  }
  if (T->isList()) {
    const Type *Element = T->getElement();
    std::optional<unsigned> Size = T->getSize();
    auto Sized = [&](StringRef Name) {
      return Size ? (Name + "[" + Twine(*Size) + "]").str() : Name.str();
    };
    if (Element->isBase(BaseTy::Bool)) {
      if (!Size)
        return Unknown();
      return "::std::array<bool," + std::to_string(*Size) + ">";
    }
    if (Element->isBase(BaseTy::Int))
      return Sized("IntArrayRef");
    if (Element->isBase(BaseTy::SymInt))
      return Sized("SymIntArrayRef");
    if (Element->isBase(BaseTy::Tensor))
      return Sized("TensorList");
    if (Element->isBase(BaseTy::Scalar))
      return Sized("ScalarList");
    if (Element->isOptional() && Element->getElement()->isBase(BaseTy::Tensor))
      return "const c10::List<" + Cpp.OptionalTemplate + "<Tensor>> &";
    if (Element->isBase(BaseTy::Dimname))
      return Sized("DimnameList");
    Expected<std::string> ElementStr = argumentTypeStr(Element, Cpp);
    if (!ElementStr)
      return ElementStr.takeError();
    return "ArrayRef<" + *ElementStr + ">";
  }
  return Unknown();
}

/// argument_str: `int64_t dim=-1`, `Tensor input`.
static Expected<std::string> argumentStr(const PythonArgument &A, bool Method,
                                         const CppAPIOptions &Cpp) {
  Expected<std::string> TypeStr = argumentTypeStr(A.Ty, Cpp);
  if (!TypeStr)
    return TypeStr.takeError();
  std::string Type = *TypeStr;
  // `const T &` parses as T.
  for (StringRef Drop : {"const ", " &"}) {
    size_t Pos;
    while ((Pos = Type.find(Drop.data(), 0, Drop.size())) != std::string::npos)
      Type.erase(Pos, Drop.size());
  }
  std::string Name = A.Name;
  if (Name == "self" && Type == "Tensor" && !Method)
    Name = "input";
  std::string Result = Type + " " + Name;
  if (A.Default) {
    StringRef Default = *A.Default;
    if (Default == "nullptr" || Default == "{}" || Default == Cpp.Nullopt)
      Default = "None";
    Result += "=";
    Result += Default;
  }
  return Result;
}

std::string PythonSignature::signatureStr(const CppAPIOptions &Cpp,
                                          bool SkipOutputs) const {
  std::vector<std::string> Formals;
  for (const PythonArgument *A : arguments(SkipOutputs)) {
    Expected<std::string> Formal = argumentStr(*A, Method, Cpp);
    // Every argument's type was checked when the signature was made.
    Formals.push_back(Formal ? *Formal
                             : "<" + toString(Formal.takeError()) + ">");
  }
  if (Formals.size() > InputArgs.size())
    Formals.insert(Formals.begin() + InputArgs.size(), "*");
  std::string Result = Name + "(" + join(Formals, ", ") + ")";
  if (Deprecated)
    Result += "|deprecated";
  return Result;
}

//===----------------------------------------------------------------------===//
// Python's spelling of defaults.
//===----------------------------------------------------------------------===//

/// Python's int(Text), printed: an optional sign and decimal digits.
static std::optional<std::string> pythonInt(StringRef Text) {
  StringRef Digits = Text.trim();
  bool Negative = false;
  if (Digits.consume_front("-"))
    Negative = true;
  else
    Digits.consume_front("+");
  if (Digits.empty() || !all_of(Digits, isDigit))
    return std::nullopt;
  Digits = Digits.ltrim('0');
  if (Digits.empty())
    return std::string("0");
  return (Negative ? "-" : "") + Digits.str();
}

/// repr(float(Text)): the shortest digits that read back, in fixed notation
/// for exponents from -4 to 15, else scientific with a two-digit exponent.
static std::optional<std::string> pythonFloat(StringRef Text) {
  std::string Trimmed = Text.trim().str();
  if (Trimmed.empty() || StringRef(Trimmed).contains_insensitive("x"))
    return std::nullopt;
  char *End = nullptr;
  double Value = std::strtod(Trimmed.c_str(), &End);
  if (End != Trimmed.c_str() + Trimmed.size())
    return std::nullopt;
  if (std::isnan(Value))
    return std::string("nan");
  if (std::isinf(Value))
    return std::string(Value < 0 ? "-inf" : "inf");
  char Buffer[64];
  for (int Precision = 0; Precision < 17; ++Precision) {
    std::snprintf(Buffer, sizeof(Buffer), "%.*e", Precision, Value);
    if (std::strtod(Buffer, nullptr) == Value)
      break;
  }
  // Buffer: [-]d[.ddd]e[+-]xx
  StringRef Scientific(Buffer);
  bool Negative = Scientific.consume_front("-");
  auto [Mantissa, ExponentText] = Scientific.split('e');
  int Exponent = std::atoi(ExponentText.str().c_str());
  std::string Digits = Mantissa.str();
  Digits.erase(std::remove(Digits.begin(), Digits.end(), '.'), Digits.end());
  while (Digits.size() > 1 && Digits.back() == '0')
    Digits.pop_back();
  std::string Result = Negative ? "-" : "";
  if (Exponent >= -4 && Exponent < 16) {
    if (Exponent < 0) {
      Result += "0." + std::string(-Exponent - 1, '0') + Digits;
    } else if (size_t(Exponent) + 1 >= Digits.size()) {
      Result += Digits + std::string(Exponent + 1 - Digits.size(), '0') + ".0";
    } else {
      Result +=
          Digits.substr(0, Exponent + 1) + "." + Digits.substr(Exponent + 1);
    }
    return Result;
  }
  Result += Digits.substr(0, 1);
  if (Digits.size() > 1)
    Result += "." + Digits.substr(1);
  char ExponentBuffer[16];
  std::snprintf(ExponentBuffer, sizeof(ExponentBuffer), "e%c%02d",
                Exponent < 0 ? '-' : '+', std::abs(Exponent));
  return Result + ExponentBuffer;
}

std::string pythonifyDefault(StringRef Text) {
  if (Text == "true")
    return "True";
  if (Text == "false")
    return "False";
  if (std::optional<std::string> Int = pythonInt(Text))
    return *Int;
  if (std::optional<std::string> Float = pythonFloat(Text))
    return *Float;
  return Text.str();
}

std::string cppString(StringRef Text) {
  std::string Result = "\"";
  for (char C : Text) {
    switch (C) {
    case '\\':
      Result += "\\\\";
      break;
    case '"':
      Result += "\\\"";
      break;
    case '\a':
      Result += "\\a";
      break;
    case '\b':
      Result += "\\b";
      break;
    case '\f':
      Result += "\\f";
      break;
    case '\n':
      Result += "\\n";
      break;
    case '\v':
      Result += "\\v";
      break;
    case '\t':
      Result += "\\t";
      break;
    default:
      Result += C;
    }
  }
  return Result + "\"";
}

//===----------------------------------------------------------------------===//
// The signature of a schema.
//===----------------------------------------------------------------------===//

namespace {

class SignatureBuilder {
public:
  SignatureBuilder(const FunctionSchema &Func, SMLoc Loc, PythonTypes &Types,
                   const CppAPIOptions &Cpp, const PythonAPIOptions &Options)
      : Func(Func), Loc(Loc), Types(Types), Cpp(Cpp), Options(Options) {}

  Expected<PythonSignature>
  build(const std::optional<std::string> &CategoryOverride, bool Method);

private:
  Error error(const Twine &Message) const {
    return make_error<PythonAPIError>(Loc, Message.str());
  }

  /// torchgen's argument(): the schema default in C++, pythonified.
  Expected<PythonArgument> argument(const Argument &A) const {
    PythonArgument Result;
    Result.Name = A.Name;
    Result.Ty = A.Ty;
    if (A.Default) {
      std::optional<std::string> Expr =
          cpp::defaultExpr(*A.Default, A.Ty, /*SymInt=*/false, Cpp);
      if (!Expr)
        return error("the default '" + *A.Default + "' of '" + A.Name +
                     "' has no C++ spelling");
      Result.Default = pythonifyDefault(*Expr);
    }
    return Result;
  }

  Expected<std::optional<PythonArgument>>
  outArgument(std::vector<PythonArgument> Outputs);
  std::optional<std::string> optionsDefaultInit(StringRef Name) const;
  void addTensorOptions(bool LikeOrNew, PythonSignature &Signature);

  const FunctionSchema &Func;
  SMLoc Loc;
  PythonTypes &Types;
  const CppAPIOptions &Cpp;
  const PythonAPIOptions &Options;
};

} // namespace

Expected<std::optional<PythonArgument>>
SignatureBuilder::outArgument(std::vector<PythonArgument> Outputs) {
  if (Outputs.empty())
    return std::nullopt;
  PythonArgument Out;
  Out.Default = "None";
  if (Outputs.size() == 1) {
    Out.Name = Outputs[0].Name;
    Out.Ty = Outputs[0].Ty;
  } else {
    for (const PythonArgument &A : Outputs)
      if (!A.Ty->isTensorLike())
        return error("'" + Func.Name.str() + "': unsupported output type '" +
                     A.Ty->str() + "'");
    Out.Name = "out";
    SchemaContext &Context = Types.context();
    Out.Ty = Context.getList(Context.getBase(BaseTy::Tensor),
                             unsigned(Outputs.size()));
  }
  Out.Outputs = std::move(Outputs);
  return Out;
}

/// topt_default_init: the C++ default of a TensorOptions field of the
/// schema, unless it is None.
std::optional<std::string>
SignatureBuilder::optionsDefaultInit(StringRef Name) const {
  if (!Func.Args.TensorOptions)
    return std::nullopt;
  const TensorOptionsArguments &TO = *Func.Args.TensorOptions;
  const Argument &A = Name == "dtype"    ? TO.DType
                      : Name == "layout" ? TO.Layout
                                         : TO.Device;
  if (!A.Default || *A.Default == "None")
    return std::nullopt;
  return cpp::defaultExpr(*A.Default, A.Ty, /*SymInt=*/false, Cpp);
}

void SignatureBuilder::addTensorOptions(bool LikeOrNew,
                                        PythonSignature &Signature) {
  SchemaContext &Context = Types.context();
  auto Optional = [&](BaseTy Ty) {
    return Context.getOptional(Context.getBase(Ty));
  };
  auto Init = [&](StringRef Name,
                  StringRef FromSelf) -> std::optional<std::string> {
    if (LikeOrNew)
      return Options.LikeOptionsDefaultFromSelf
                 ? std::optional<std::string>(FromSelf.str())
                 : std::nullopt;
    return optionsDefaultInit(Name);
  };
  std::optional<std::string> DeviceInit = Init("device", "self.device()");
  if (!LikeOrNew && !DeviceInit)
    DeviceInit = "torch::tensors::get_default_device()";
  Signature.TensorOptionsArgs = {
      {"dtype",
       Optional(BaseTy::ScalarType),
       "None",
       Init("dtype", "self.scalar_type()"),
       {}},
      {"layout",
       Optional(BaseTy::Layout),
       "None",
       Init("layout", "self.layout()"),
       {}},
      {"device", Optional(BaseTy::Device), "None", DeviceInit, {}},
      {"pin_memory", Optional(BaseTy::Bool), "False", std::nullopt, {}},
      {"requires_grad", Optional(BaseTy::Bool), "False", std::nullopt, {}},
  };
}

Expected<PythonSignature>
SignatureBuilder::build(const std::optional<std::string> &CategoryOverride,
                        bool Method) {
  PythonSignature Signature;
  Signature.Name = Func.Name.Name.str();
  Signature.Method = Method;
  const Arguments &Args = Func.Args;
  auto AddAll = [&](const std::vector<Argument> &From,
                    std::vector<PythonArgument> &To) -> Error {
    for (const Argument &A : From) {
      Expected<PythonArgument> PA = argument(A);
      if (!PA)
        return PA.takeError();
      To.push_back(std::move(*PA));
    }
    return Error::success();
  };
  if (Error E = AddAll(Args.PreSelfPositional, Signature.InputArgs))
    return E;
  if (Args.SelfArg && !Method) {
    Expected<PythonArgument> Self = argument(*Args.SelfArg);
    if (!Self)
      return Self.takeError();
    Signature.InputArgs.push_back(std::move(*Self));
  }
  if (Error E = AddAll(Args.PostSelfPositional, Signature.InputArgs))
    return E;
  if (Error E = AddAll(Args.PreTensorOptionsKwargOnly, Signature.InputKwargs))
    return E;
  if (Error E = AddAll(Args.PostTensorOptionsKwargOnly, Signature.InputKwargs))
    return E;
  std::vector<PythonArgument> Outputs;
  if (Error E = AddAll(Args.Out, Outputs))
    return E;
  Expected<std::optional<PythonArgument>> Out = outArgument(std::move(Outputs));
  if (!Out)
    return Out.takeError();
  Signature.OutputArgs = std::move(*Out);

  for (const Argument *A : Func.schemaOrderArguments())
    if (A->Name == "requires_grad")
      return error("argument named requires_grad is reserved, should not "
                   "explicitly add it in the schema");
  bool HasTensorInput = any_of(Args.flatNonOut(), [](const Argument *A) {
    return A->Ty->isTensorLike();
  });
  bool HasTensorReturn = any_of(
      Func.Returns, [](const Return &R) { return R.Ty->isTensorLike(); });
  StringRef Category = CategoryOverride ? StringRef(*CategoryOverride) : "";
  std::string CppName = cpp::name(Func);
  bool IsFactory =
      Category == "factory" || (HasTensorReturn && !HasTensorInput);
  bool IsLikeOrNew = Category == "new" || Category == "like" ||
                     StringRef(CppName).starts_with("new_") ||
                     StringRef(CppName).ends_with("_like");
  if ((IsFactory || IsLikeOrNew) && Category != "dummy")
    addTensorOptions(IsLikeOrNew, Signature);
  return Signature;
}

Expected<PythonSignature>
signatureFromSchema(const FunctionSchema &Func,
                    const std::optional<std::string> &CategoryOverride,
                    bool Method, SMLoc Loc, PythonTypes &Types,
                    const CppAPIOptions &Cpp, const PythonAPIOptions &Options) {
  return SignatureBuilder(Func, Loc, Types, Cpp, Options)
      .build(CategoryOverride, Method);
}

Expected<std::vector<std::string>> structseqFieldNames(ArrayRef<Return> Returns,
                                                       SMLoc Loc) {
  std::vector<std::string> Names;
  if (Returns.size() <= 1 ||
      all_of(Returns, [](const Return &R) { return !R.Name; }))
    return Names;
  for (const Return &R : Returns) {
    if (!R.Name)
      return make_error<PythonAPIError>(
          Loc, "a structseq cannot have unnamed fields: name every return of "
               "a Python binding, or none");
    Names.push_back(*R.Name);
  }
  return Names;
}

} // namespace gradgen::python
