//===- OperatorSchema.cpp - The C++ API of native_functions.yaml ----------===//

#include "OperatorSchema.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen::formula {

std::string SchemaType::str() const {
  std::string S = Base;
  if (ElementOptional)
    S += "?";
  if (List)
    S += Size ? "[" + std::to_string(*Size) + "]" : "[]";
  if (Optional)
    S += "?";
  return S;
}

bool OperatorSchema::isInplace() const {
  StringRef N = Name;
  if (N.startswith("__i") && N.endswith("__"))
    return true;
  return N.endswith("_") && !N.endswith("__");
}

bool OperatorSchema::isOutFn() const {
  return any_of(Arguments, [](const SchemaArgument &A) { return A.IsOut; });
}

bool OperatorSchema::hasSymInt() const {
  return any_of(Arguments,
                [](const SchemaArgument &A) { return A.Type.hasSymInt(); });
}

/// Splits S at commas outside parentheses and brackets.
static std::vector<StringRef> splitTopLevel(StringRef S) {
  std::vector<StringRef> Parts;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I != S.size(); ++I) {
    char C = S[I];
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Parts.push_back(S.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  if (!S.slice(Start, S.size()).trim().empty())
    Parts.push_back(S.slice(Start, S.size()).trim());
  return Parts;
}

/// The first (or last) space of S outside an alias annotation's parentheses.
static size_t topLevelSpace(StringRef S, bool Last) {
  int Depth = 0;
  size_t Space = StringRef::npos;
  for (size_t I = 0; I != S.size(); ++I) {
    if (S[I] == '(')
      ++Depth;
    else if (S[I] == ')')
      --Depth;
    else if (S[I] == ' ' && Depth == 0) {
      Space = I;
      if (!Last)
        break;
    }
  }
  return Space;
}

static std::optional<SchemaType> parseType(StringRef S) {
  SchemaType T;
  S = S.trim();
  if (S.consume_back("?"))
    T.Optional = true;
  if (S.endswith("]")) {
    size_t Open = S.rfind('[');
    if (Open == StringRef::npos)
      return std::nullopt;
    StringRef SizeText = S.slice(Open + 1, S.size() - 1);
    if (!SizeText.empty()) {
      unsigned N;
      if (SizeText.getAsInteger(10, N))
        return std::nullopt;
      T.Size = N;
    }
    T.List = true;
    S = S.take_front(Open);
    if (S.consume_back("?"))
      T.ElementOptional = true;
  }
  size_t Paren = S.find('(');
  if (Paren != StringRef::npos) {
    if (!S.endswith(")"))
      return std::nullopt;
    T.IsWrite = S.slice(Paren, S.size()).contains('!');
    S = S.take_front(Paren);
  }
  if (S.empty() || !all_of(S, [](char C) { return isAlnum(C) || C == '_'; }))
    return std::nullopt;
  T.Base = S.str();
  return T;
}

std::optional<OperatorSchema> parseOperatorSchema(StringRef Func,
                                                  std::string &Error) {
  OperatorSchema Schema;
  size_t Open = Func.find('(');
  size_t Arrow = Func.rfind("->");
  if (Open == StringRef::npos || Arrow == StringRef::npos || Arrow < Open) {
    Error = "expected 'name(arguments) -> returns'";
    return std::nullopt;
  }
  size_t Close = Func.take_front(Arrow).rfind(')');
  if (Close == StringRef::npos || Close < Open) {
    Error = "expected ')' before '->'";
    return std::nullopt;
  }
  StringRef FullName = Func.take_front(Open).trim();
  std::tie(FullName, std::ignore) = FullName.split(' ');
  auto [Name, Overload] = FullName.split('.');
  Schema.Name = Name.str();
  Schema.Overload = Overload.str();

  bool KwargOnly = false;
  for (StringRef Part : splitTopLevel(Func.slice(Open + 1, Close))) {
    if (Part == "*") {
      KwargOnly = true;
      continue;
    }
    // The type ends at the first space outside an alias annotation.
    size_t Space = topLevelSpace(Part, /*Last=*/false);
    if (Space == StringRef::npos) {
      Error = ("argument '" + Part + "' has no name").str();
      return std::nullopt;
    }
    std::optional<SchemaType> Type = parseType(Part.take_front(Space));
    if (!Type) {
      Error = ("cannot parse the type of '" + Part + "'").str();
      return std::nullopt;
    }
    auto [ArgName, Default] = Part.drop_front(Space + 1).trim().split('=');
    SchemaArgument Arg;
    Arg.Type = *Type;
    Arg.Name = ArgName.trim().str();
    if (Part.drop_front(Space + 1).contains('='))
      Arg.Default = Default.trim().str();
    Arg.KwargOnly = KwargOnly;
    Arg.IsOut = KwargOnly && Type->IsWrite;
    Schema.Arguments.push_back(std::move(Arg));
  }

  StringRef Returns = Func.drop_front(Arrow + 2).trim();
  if (Returns.startswith("(") && Returns.endswith(")"))
    Returns = Returns.drop_front().drop_back();
  for (StringRef Part : splitTopLevel(Returns)) {
    size_t Space = topLevelSpace(Part, /*Last=*/true);
    std::optional<SchemaType> Type = parseType(Part.take_front(Space));
    if (!Type) {
      Error = ("cannot parse the return type '" + Part + "'").str();
      return std::nullopt;
    }
    SchemaReturn Ret;
    Ret.Type = *Type;
    if (Space != StringRef::npos)
      Ret.Name = Part.drop_front(Space + 1).trim().str();
    Schema.Returns.push_back(std::move(Ret));
  }

  // torchgen groups `ScalarType? dtype, Layout? layout, Device? device,
  // bool? pin_memory` among the keyword-only arguments.
  static const char *const Grouped[][2] = {{"dtype", "ScalarType"},
                                           {"layout", "Layout"},
                                           {"device", "Device"},
                                           {"pin_memory", "bool"}};
  for (size_t I = 0; I + 4 <= Schema.Arguments.size(); ++I) {
    bool Match = true;
    for (size_t J = 0; J != 4 && Match; ++J) {
      const SchemaArgument &A = Schema.Arguments[I + J];
      Match = A.KwargOnly && !A.IsOut && A.Name == Grouped[J][0] &&
              A.Type.Base == Grouped[J][1] && !A.Type.List;
    }
    if (Match) {
      Schema.TensorOptionsBegin = I;
      break;
    }
  }
  return Schema;
}

static std::string optionalOf(const CppSpelling &Spelling, StringRef Elem) {
  return Spelling.Optional + "<" + Elem.str() + ">";
}

static std::string baseCppType(StringRef Base, bool Symint) {
  static const std::pair<const char *, const char *> Map[] = {
      {"int", "int64_t"},
      {"float", "double"},
      {"bool", "bool"},
      {"str", "c10::string_view"},
      {"Generator", "at::Generator"},
      {"ScalarType", "at::ScalarType"},
      {"Tensor", "at::Tensor"},
      {"Layout", "at::Layout"},
      {"Device", "at::Device"},
      {"DeviceIndex", "at::DeviceIndex"},
      {"Scalar", "at::Scalar"},
      {"MemoryFormat", "at::MemoryFormat"},
      {"QScheme", "at::QScheme"},
      {"Storage", "at::Storage"},
      {"Stream", "at::Stream"},
      {"SymBool", "c10::SymBool"},
      {"Dimname", "at::Dimname"},
      {"DimVector", "at::DimVector"},
  };
  if (Base == "SymInt")
    return Symint ? "c10::SymInt" : "int64_t";
  for (auto &[Name, Cpp] : Map)
    if (Base == Name)
      return Cpp;
  return ("at::" + Base).str();
}

/// torchgen's valuetype_type: types passed by value, or "" for the others.
static std::string valueType(const SchemaType &T, bool Symint,
                             const CppSpelling &Spelling) {
  if (T.List) {
    if (T.Base == "bool" && !T.ElementOptional && T.Size) {
      std::string A = "::std::array<bool," + std::to_string(*T.Size) + ">";
      return T.Optional ? optionalOf(Spelling, A) : A;
    }
    return "";
  }
  if (T.Base == "Tensor" || T.Base == "Scalar")
    return "";
  std::string B = baseCppType(T.Base, Symint);
  return T.Optional ? optionalOf(Spelling, B) : B;
}

std::string cppArgumentType(const SchemaType &T, bool Symint,
                            const CppSpelling &Spelling,
                            const CppApiOptions &Options) {
  std::string V = valueType(T, Symint, Spelling);
  if (!V.empty())
    return V;
  bool Mutable = T.IsWrite && !Options.ConstRefForMutableTensors;
  if (!T.List) {
    if (T.Base == "Tensor") {
      if (Mutable)
        return "at::Tensor &";
      return T.Optional ? "const " + optionalOf(Spelling, "at::Tensor") + " &"
                        : "const at::Tensor &";
    }
    // Scalar
    return T.Optional ? "const " + optionalOf(Spelling, "at::Scalar") + " &"
                      : "const at::Scalar &";
  }
  if (T.Optional) {
    if (T.Base == "int" && !T.ElementOptional)
      return "at::OptionalIntArrayRef";
    if (T.Base == "SymInt" && !T.ElementOptional)
      return Symint ? "at::OptionalSymIntArrayRef" : "at::OptionalIntArrayRef";
    SchemaType Elem = T;
    Elem.Optional = false;
    return optionalOf(Spelling,
                      cppArgumentType(Elem, Symint, Spelling, Options));
  }
  if (T.ElementOptional) {
    if (T.Base == "Tensor")
      return "const c10::List<" + optionalOf(Spelling, "at::Tensor") + "> &";
    return "at::ArrayRef<" + optionalOf(Spelling, baseCppType(T.Base, Symint)) +
           ">";
  }
  if (T.Base == "int")
    return "at::IntArrayRef";
  if (T.Base == "SymInt")
    return Symint ? "c10::SymIntArrayRef" : "at::IntArrayRef";
  if (T.Base == "Tensor")
    return Options.UseIListRef ? "const at::ITensorListRef &" : "at::TensorList";
  if (T.Base == "Scalar")
    return "at::ArrayRef<at::Scalar>";
  if (T.Base == "Dimname")
    return "at::DimnameList";
  return "at::ArrayRef<" + baseCppType(T.Base, Symint) + ">";
}

static std::string returnType(const SchemaType &T, const CppSpelling &Spelling,
                              bool MethodMutable) {
  std::string V = valueType(T, /*Symint=*/true, Spelling);
  if (!V.empty())
    return V;
  if (T.List)
    return "::std::vector<" + baseCppType(T.Base, true) + ">";
  std::string B = baseCppType(T.Base, true);
  if (T.Optional)
    return optionalOf(Spelling, B);
  if (T.IsWrite)
    return MethodMutable ? "const " + B + " &" : B + " &";
  return B;
}

std::string cppReturnsType(const OperatorSchema &Schema,
                           const CppSpelling &Spelling) {
  if (Schema.Returns.empty())
    return "void";
  if (Schema.Returns.size() == 1)
    return returnType(Schema.Returns[0].Type, Spelling, false);
  std::string S = "::std::tuple<";
  for (auto [I, R] : enumerate(Schema.Returns))
    S += (I ? "," : "") + returnType(R.Type, Spelling, false);
  return S + ">";
}

std::string cppDefaultExpr(StringRef D, const SchemaType &T, bool Symint,
                           const CppSpelling &Spelling) {
  if (D == "None" && T.Base == "Tensor" && T.Optional && !T.List)
    return "{}";
  if (T.Base == "str" && !T.List && D.size() >= 2 && D.front() == '\'' &&
      D.back() == '\'') {
    std::string S = "\"";
    for (size_t I = 1; I + 1 < D.size(); ++I) {
      if (D[I] == '\\' && I + 2 < D.size()) {
        S += D[I + 1] == '\'' ? std::string("'") : D.substr(I, 2).str();
        ++I;
      } else {
        S += D[I] == '"' ? std::string("\\\"") : std::string(1, D[I]);
      }
    }
    return S + "\"";
  }
  if (T.Optional) {
    if (D == "None")
      return Spelling.Nullopt;
    SchemaType Elem = T;
    Elem.Optional = false;
    return cppDefaultExpr(D, Elem, Symint, Spelling);
  }
  if (T.List) {
    if (D.startswith("[") && D.endswith("]"))
      return ("{" + D.drop_front().drop_back() + "}").str();
    if (Symint && all_of(D, isDigit) && T.Base == "SymInt")
      return ("c10::SymInt(" + D + ")").str();
  }
  if (D == "False")
    return "false";
  if (D == "True")
    return "true";
  if (D == "None")
    return Spelling.Nullopt;
  if (D == "Mean")
    return "at::Reduction::Mean";
  if (D == "[]")
    return "{}";
  if (D == "contiguous_format")
    return "c10::MemoryFormat::Contiguous";
  if (D == "long")
    return "at::kLong";
  return D.str();
}

std::vector<std::string> cppReturnNames(const OperatorSchema &Schema) {
  std::vector<std::string> Names;
  std::vector<const SchemaArgument *> Outs;
  for (const SchemaArgument &A : Schema.Arguments)
    if (A.IsOut)
      Outs.push_back(&A);
  for (auto [I, R] : enumerate(Schema.Returns)) {
    if (Schema.isInplace())
      Names.push_back("self");
    else if (!Outs.empty() && I < Outs.size())
      Names.push_back(Outs[I]->Name);
    else if (!R.Name.empty()) {
      bool Conflict = any_of(Schema.Arguments, [&](const SchemaArgument &A) {
        return A.Name == R.Name;
      });
      Names.push_back(Conflict ? R.Name + "_return" : R.Name);
    } else {
      Names.push_back(Schema.Returns.size() == 1 ? "result"
                                                 : "result" + std::to_string(I));
    }
  }
  return Names;
}

std::string cppName(const OperatorSchema &Schema,
                    const CppApiOptions &Options) {
  std::string Name = Schema.Name;
  if (Options.Symint)
    Name += "_symint";
  if (Schema.isOutFn())
    Name += Options.Faithful ? "_outf" : "_out";
  return Name;
}

std::string cppDeclaration(const OperatorSchema &Schema,
                           const CppSpelling &Spelling,
                           const CppApiOptions &Options) {
  std::string Name = cppName(Schema, Options);
  bool Out = Schema.isOutFn();

  std::vector<const SchemaArgument *> Order;
  for (const SchemaArgument &A : Schema.Arguments)
    if (Out && !Options.Faithful && A.IsOut)
      Order.push_back(&A);
  for (const SchemaArgument &A : Schema.Arguments)
    if (!A.IsOut)
      Order.push_back(&A);
  for (const SchemaArgument &A : Schema.Arguments)
    if (Out && Options.Faithful && A.IsOut)
      Order.push_back(&A);

  bool SkippedSelf = false;
  std::vector<std::string> Params;
  for (const SchemaArgument *A : Order) {
    size_t Index = A - Schema.Arguments.data();
    if (Schema.TensorOptionsBegin && Index >= *Schema.TensorOptionsBegin &&
        Index < *Schema.TensorOptionsBegin + 4 && !Options.Faithful) {
      if (Index != *Schema.TensorOptionsBegin)
        continue;
      std::string P = "at::TensorOptions options";
      const SchemaArgument *Group = &Schema.Arguments[Index];
      if (all_of(ArrayRef(Group, 4), [](const SchemaArgument &G) {
            return G.Default && *G.Default == "None";
          }))
        P += "={}";
      else if (Group->Default && *Group->Default == "long")
        P += "=at::kLong";
      Params.push_back(P);
      continue;
    }
    if (Options.Method && !SkippedSelf && A->Name == "self" && !A->KwargOnly) {
      SkippedSelf = true;
      continue;
    }
    std::string P =
        cppArgumentType(A->Type, Options.Symint, Spelling, Options);
    P += " " + A->Name;
    bool NoDefault = Options.Faithful ||
                     is_contained(Options.NoDefaultArgs, A->Name);
    if (A->Default && !NoDefault)
      P += "=" + cppDefaultExpr(*A->Default, A->Type, Options.Symint, Spelling);
    Params.push_back(P);
  }
  std::string Ret;
  if (Options.Method && Schema.Returns.size() == 1 &&
      Schema.Returns[0].Type.IsWrite && !Schema.Returns[0].Type.List)
    Ret = returnType(Schema.Returns[0].Type, Spelling, /*MethodMutable=*/true);
  else
    Ret = cppReturnsType(Schema, Spelling);
  std::string Decl = Ret + " " + Name + "(" + join(Params, ", ") + ")";
  if (Options.Method)
    Decl += " const";
  return Decl;
}

} // namespace gradgen::formula
