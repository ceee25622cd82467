//===- PythonDispatch.cpp - From parsed arguments to the C++ call ---------===//
//
// torchgen's dispatch side of api/python.py: the lambda that calls the C++
// function (dispatch_lambda_args, dispatch_lambda_return_str), its callee
// (cpp_dispatch_target, cpp_dispatch_exprs) and how PythonArgParser's
// outputs fill its parameters (arg_parser_output_exprs,
// dispatch_lambda_exprs).
//
//===----------------------------------------------------------------------===//

#include "gradgen/Schema/DeprecatedSignatures.h"
#include "gradgen/Schema/PythonAPI.h"

#include "gradgen/Schema/Type.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace gradgen::python {

const ParserOutput *DispatchCall::output(StringRef Name) const {
  for (const ParserOutput &Output : ParserOutputs)
    if (Output.Name == Name)
      return &Output;
  return nullptr;
}

/// The unpacking method of a base type, or std::nullopt.
static std::optional<std::string> baseUnpackMethod(BaseTy Ty,
                                                   bool HasDefaultInit) {
  switch (Ty) {
  case BaseTy::Tensor:
    return std::string("tensor");
  case BaseTy::Stream:
    return std::string("stream");
  case BaseTy::Storage:
    return std::string("storage");
  case BaseTy::Scalar:
    return std::string("scalar");
  case BaseTy::Dimname:
    return std::string("dimname");
  case BaseTy::ScalarType:
    return std::string(HasDefaultInit ? "scalartypeWithDefault"
                                      : "scalartype");
  case BaseTy::Device:
    return std::string(HasDefaultInit ? "deviceWithDefault" : "device");
  case BaseTy::DeviceIndex:
  case BaseTy::Int:
    return std::string("toInt64");
  case BaseTy::SymInt:
    return std::string("toSymInt");
  case BaseTy::Bool:
    return std::string(HasDefaultInit ? "toBoolWithDefault" : "toBool");
  case BaseTy::Float:
    return std::string("toDouble");
  case BaseTy::Str:
    return std::string("stringView");
  case BaseTy::Layout:
    return std::string(HasDefaultInit ? "layoutWithDefault" : "layout");
  case BaseTy::MemoryFormat:
    return std::string("memoryformat");
  default:
    return std::nullopt;
  }
}

/// The types PythonArgParser unpacks with a default of their own:
/// ScalarType, Device, Layout, bool and their optionals.
static bool unpacksWithDefault(const Type *T) {
  if (T->isOptional())
    T = T->getElement();
  if (!T->isBase())
    return false;
  switch (T->getBaseTy()) {
  case BaseTy::ScalarType:
  case BaseTy::Device:
  case BaseTy::Layout:
  case BaseTy::Bool:
    return true;
  default:
    return false;
  }
}

/// `Dimname[]`, without a size.
static bool isDimnameList(const Type *T) {
  return T->isList() && !T->getSize() &&
         T->getElement()->isBase(BaseTy::Dimname);
}

Expected<std::string>
argParserUnpackMethod(const Type *T, const std::optional<std::string> &Default,
                      bool HasDefaultInit, const CppAPIOptions &Cpp) {
  auto Unsupported = [&](StringRef Why) {
    return make_error<PythonAPIError>(SMLoc(),
                                      ("type '" + T->str() + "' " + Why).str());
  };
  if (HasDefaultInit && !unpacksWithDefault(T))
    return Unsupported("does not support unpacking with default");
  if (T->isBase()) {
    if (std::optional<std::string> Method =
            baseUnpackMethod(T->getBaseTy(), HasDefaultInit))
      return *Method;
  } else if (T->isOptional()) {
    const Type *Element = T->getElement();
    if (Element->isBase(BaseTy::Tensor))
      return std::string("optionalTensor");
    if (Element->isBase(BaseTy::Generator))
      return std::string("generator");
    if (isDimnameList(Element))
      return std::string("toDimnameListOptional");
    if (!HasDefaultInit &&
        (!Default || *Default == "None" || *Default == Cpp.Nullopt)) {
      Expected<std::string> Method =
          argParserUnpackMethod(Element, std::nullopt, false, Cpp);
      if (!Method)
        return Method.takeError();
      return *Method + "Optional";
    }
    return argParserUnpackMethod(Element, Default, HasDefaultInit, Cpp);
  } else if (T->isList()) {
    const Type *Element = T->getElement();
    if (Element->isBase(BaseTy::Tensor))
      return T->getSize()
                 ? "tensorlist_n<" + std::to_string(*T->getSize()) + ">"
                 : std::string("tensorlist");
    if (Element->isOptional() && Element->getElement()->isBase(BaseTy::Tensor))
      return std::string("list_of_optional_tensors");
    if (Element->isBase(BaseTy::Dimname))
      return std::string("dimnamelist");
    if (Element->isBase(BaseTy::Int))
      return std::string("intlist");
    if (Element->isBase(BaseTy::Float))
      return std::string("doublelist");
    if (Element->isBase(BaseTy::SymInt))
      return std::string("symintlist");
    if (Element->isBase(BaseTy::Scalar))
      return std::string("scalarlist");
  }
  return Unsupported("is not supported by PythonArgParser");
}

namespace {

/// The fields the Python side scatters TensorOptions into, with their
/// types.
constexpr std::pair<const char *, const char *> TensorOptionsFields[] = {
    {"dtype", "ScalarType?"}, {"device", "Device?"},      {"layout", "Layout?"},
    {"pin_memory", "bool?"},  {"requires_grad", "bool?"},
};

class CallBuilder {
public:
  CallBuilder(const PythonSignature &Signature, const NativeFunction &F,
              const CppAPIOptions &Cpp, const PythonAPIOptions &Options)
      : Signature(Signature), F(F), Func(F.func()), Cpp(Cpp), Options(Options) {
  }

  Expected<DispatchCall> build();

private:
  Error error(const Twine &Message) const {
    return make_error<PythonAPIError>(
        Signature.Deprecated ? Signature.Deprecated->Loc : F.funcLoc(),
        "'" + Func.str() + "': " + Message.str());
  }

  Error parserOutputs(DispatchCall &Call);
  Error lambdaArgs(DispatchCall &Call);
  Error lambdaReturn(DispatchCall &Call);
  void callee(DispatchCall &Call);
  Error lambdaExprs(DispatchCall &Call);
  Error packTensorOptions(DispatchCall &Call,
                          ArrayRef<std::string> OptionNames);

  const PythonSignature &Signature;
  const NativeFunction &F;
  const FunctionSchema &Func;
  const CppAPIOptions &Cpp;
  const PythonAPIOptions &Options;
};

} // namespace

Error CallBuilder::parserOutputs(DispatchCall &Call) {
  for (auto [I, A] : enumerate(Signature.arguments())) {
    Expected<std::string> Method = argParserUnpackMethod(
        A->Ty, A->Default, A->DefaultInit.has_value(), Cpp);
    if (!Method)
      return error(toString(Method.takeError()));
    std::string Expr = "_r." + *Method + "(" + std::to_string(I);
    if (A->DefaultInit)
      Expr += ", " + *A->DefaultInit;
    Call.ParserOutputs.push_back({A->Name, Expr + ")", I});
  }
  return Error::success();
}

Error CallBuilder::lambdaArgs(DispatchCall &Call) {
  const FunctionSchema &Schema =
      Signature.Deprecated ? *Signature.Deprecated->Schema : Func;
  std::vector<std::string> NoDefaults;
  for (const Located<std::string> &Name : F.CppNoDefaultArgs)
    NoDefaults.push_back(*Name);
  std::optional<std::vector<Binding>> Bindings = cpp::arguments(
      Schema.Args, /*Faithful=*/false, /*SymInt=*/true, /*Method=*/false,
      NoDefaults, CppArgumentContext::forFunction(F), Cpp);
  if (!Bindings)
    return error("an argument has no C++ type");
  size_t NumOut = Schema.Args.Out.size();
  for (const Binding &B : *Bindings) {
    DispatchLambdaArgument Arg{B.Name, B.type(), false};
    Arg.IsOut = any_of(Schema.Args.Out,
                       [&](const Argument &A) { return A.Name == B.Name; });
    if (Signature.Method && B.Name == "self")
      Arg.Type = "const at::Tensor &";
    else if ((NumOut <= 1 || !Arg.IsOut) && Arg.Type == "at::Tensor &")
      // The lambda takes the parser's temporaries by value.
      Arg.Type = "at::Tensor";
    Call.LambdaArgs.push_back(std::move(Arg));
  }
  return Error::success();
}

Error CallBuilder::lambdaReturn(DispatchCall &Call) {
  std::vector<Return> Returns = Func.Returns;
  for (Return &R : Returns)
    R.Annot.reset();
  std::optional<CType> Type = cpp::returnsType(
      Returns, /*SymInt=*/true, CppArgumentContext::forFunction(F), Cpp);
  if (!Type)
    return error("a return has no C++ type");
  Call.LambdaReturn = Type->cppType();
  return Error::success();
}

void CallBuilder::callee(DispatchCall &Call) {
  std::string Name =
      cpp::name(Func, /*FaithfulNameForOutOverloads=*/false, Func.hasSymInt());
  bool IsMethod = F.Variants->contains(Variant::Method);
  if (IsMethod)
    Call.Callee = "self." + Name;
  else if (Func.Args.TensorOptions ||
           StringRef(Func.Name.Name.Base).ends_with("_like"))
    Call.Callee = "torch::" + Name;
  else
    Call.Callee = "at::" + Name;

  if (Signature.Deprecated) {
    for (const DeprecatedCallArgument &Arg : Signature.Deprecated->CallArgs)
      if (*Arg.Text != "out" || Func.isOutFn())
        Call.CalleeArgs.push_back(*Arg.Text);
  } else if (std::optional<std::vector<Binding>> Bindings =
                 cpp::signatureArguments(F, /*SymInt=*/false, Cpp)) {
    for (const Binding &B : *Bindings)
      Call.CalleeArgs.push_back(B.Name);
  }
  if (IsMethod)
    llvm::erase_value(Call.CalleeArgs, "self");
}

Error CallBuilder::lambdaExprs(DispatchCall &Call) {
  StringMap<std::string> Exprs;
  bool HasOptions = Func.Args.TensorOptions.has_value();
  std::vector<LambdaInit> &Inits = Call.Exprs.Inits;
  for (const PythonArgument *A : Signature.arguments(false, true)) {
    const std::string &Expr = Call.output(A->Name)->Expr;
    if (HasOptions && A->Name == "self") {
      Inits.push_back(
          {LambdaInit::Kind::Statement, "auto self = " + Expr + ";"});
      Exprs[A->Name] = A->Name;
    } else if (A->isOut() && A->Outputs.size() > 1 && Func.isOutFn()) {
      Inits.push_back(
          {LambdaInit::Kind::Statement, "auto out = " + Expr + ";"});
      for (auto [I, Output] : enumerate(A->Outputs))
        Exprs[Output.Name] = "out[" + std::to_string(I) + "]";
    } else if (Options.RewrapOptionalDimnameList && A->Ty->isOptional() &&
               isDimnameList(A->Ty->getElement())) {
      const std::string &Name = A->Name;
      Inits.push_back(
          {LambdaInit::Kind::Statement, "auto __" + Name + " = " + Expr + ";"});
      // make_optional is in the namespace of the optional template.
      StringRef Optional = Cpp.OptionalTemplate;
      std::string MakeOptional =
          (Optional.drop_back(StringRef("optional").size()) + "make_optional")
              .str();
      Inits.push_back({LambdaInit::Kind::Statement,
                       Cpp.OptionalTemplate + "<DimnameList> " + Name +
                           " = __" + Name + " ? " + MakeOptional +
                           "(DimnameList(__" + Name +
                           ".value())) : " + Cpp.Nullopt + ";"});
      Exprs[Name] = Name;
    } else {
      Exprs[A->Name] = Expr;
    }
  }
  if (Signature.Method)
    Exprs["self"] = "self";

  std::vector<std::string> OptionNames;
  for (const PythonArgument &A : Signature.TensorOptionsArgs)
    OptionNames.push_back(A.Name);
  if (HasOptions) {
    if (Error E = packTensorOptions(Call, OptionNames))
      return E;
    Exprs["options"] = "options";
  } else if (!OptionNames.empty()) {
    if (is_contained(OptionNames, "dtype")) {
      if (!Func.isOutFn())
        return error("dtype in tensor_options_args without output arg");
      if (!is_contained(OptionNames, "layout") ||
          !is_contained(OptionNames, "device"))
        return error("incomplete tensor options for output check");
      Inits.push_back({LambdaInit::Kind::CheckOutType, ""});
    }
    if (!is_contained(OptionNames, "requires_grad"))
      return error("expected \"requires_grad\" in tensor_options_args");
  }
  for (const DispatchLambdaArgument &A : Call.LambdaArgs) {
    auto It = Exprs.find(A.Name);
    if (It == Exprs.end())
      return error("no Python argument binds the C++ argument '" + A.Name +
                   "'");
    Call.Exprs.Exprs.push_back(It->second);
  }
  return Error::success();
}

Error CallBuilder::packTensorOptions(DispatchCall &Call,
                                     ArrayRef<std::string> OptionNames) {
  if (Func.isOutFn())
    return error("tensor options with output arg");
  for (const PythonArgument &A : Signature.TensorOptionsArgs) {
    const auto *Field = find_if(TensorOptionsFields, [&](const auto &Field) {
      return A.Name == Field.first;
    });
    if (Field == std::end(TensorOptionsFields))
      return error("unrecognized tensor options field '" + A.Name +
                   "' in python binding arguments");
    if (A.Ty->str() != Field->second)
      return error("unrecognized type '" + A.Ty->str() +
                   "' for tensor options field '" + A.Name + "'");
  }
  for (const auto &Field : TensorOptionsFields)
    if (!is_contained(OptionNames, Field.first))
      return error("incomplete tensor options args");
  Call.Exprs.Inits.push_back({LambdaInit::Kind::PackTensorOptions, ""});
  return Error::success();
}

Expected<DispatchCall> CallBuilder::build() {
  DispatchCall Call;
  Call.SchemaComment =
      Signature.Deprecated
          ? "// [deprecated] aten::" + Signature.Deprecated->Schema->str()
          : "// aten::" + Func.str();
  Call.Name = cpp::name(Func);
  if (Error E = parserOutputs(Call))
    return E;
  if (Error E = lambdaArgs(Call))
    return E;
  if (Error E = lambdaReturn(Call))
    return E;
  callee(Call);
  if (Error E = lambdaExprs(Call))
    return E;
  const ParserOutput *RequiresGrad = Call.output("requires_grad");
  if (!Signature.TensorOptionsArgs.empty() &&
      (!Func.Args.TensorOptions || (Signature.Method && RequiresGrad)) &&
      RequiresGrad)
    Call.SetRequiresGrad = RequiresGrad->Expr;
  return Call;
}

Expected<DispatchCall> dispatchCall(const PythonSignature &Signature,
                                    const NativeFunction &F,
                                    const CppAPIOptions &Cpp,
                                    const PythonAPIOptions &Options) {
  return CallBuilder(Signature, F, Cpp, Options).build();
}

} // namespace gradgen::python
