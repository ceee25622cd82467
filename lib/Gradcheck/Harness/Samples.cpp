//===- Samples.cpp - Sample arguments of an operator from its schema ------===//
//
// A spec from the sample table is a kind followed by its value:
//   tensor [3,3]            a random tensor (the case's domain and dtype)
//   tensor [4] long 0 3     an int64 tensor with values in [0, 3)
//   tensor [3,3] bool       a random bool tensor
//   tensor [3,3] zeros      every third element 0
//   tensor [3,3] nonfinite  its first elements inf, -inf and NaN
//   tensor [3,3] nan        every third element NaN
//   tensor [3,3] mixed      complex in the real case, real in the complex
//                           one (the other dtype kind than the rest)
//   tensor [3,3] scaled 4   its values times 4
//   tensor [3,3] ties self  every other element equal to self's
//   tensors [3,3] [3,3]     a tensor list
//   int 1 | ints [1,0] | float 0.5 | scalar 2.5 | bool true | str mean |
//   dtype double | none
//   scalar 1.5 0.5          1.5, and 1.5+0.5i in a complex case
//   complex 1.5 0.5         1.5+0.5i in every case
//
//===----------------------------------------------------------------------===//

#include "Samples.h"

#include <ATen/CPUGeneratorImpl.h>

#include <cctype>
#include <cmath>
#include <set>
#include <sstream>

namespace gradcheck {

namespace {

std::vector<int64_t> parseInts(std::string Text) {
  std::vector<int64_t> Values;
  for (char &C : Text)
    if (C == '[' || C == ']' || C == ',')
      C = ' ';
  std::istringstream In(Text);
  int64_t Value;
  while (In >> Value)
    Values.push_back(Value);
  return Values;
}

std::string shapeText(at::IntArrayRef Shape) {
  std::string Text = "[";
  for (size_t I = 0; I < Shape.size(); ++I)
    Text += (I ? ", " : "") + std::to_string(Shape[I]);
  return Text + "]";
}

/// Values of a name the schema gives no default for.
int64_t intByName(const std::string &Name) {
  static const std::map<std::string, int64_t> Values = {
      {"dim0", 0},     {"dim1", 1},        {"k", 2},        {"chunks", 2},
      {"sections", 2}, {"split_size", 2},  {"diagonal", 0}, {"offset", 0},
      {"start", 0},    {"length", 2},      {"end", 2},      {"n", 2},
      {"source", 0},   {"destination", 1}, {"groups", 1},   {"size", 2},
      {"step", 1},     {"repeats", 2},     {"p", 2}};
  auto It = Values.find(Name);
  return It == Values.end() ? 1 : It->second;
}

/// Values of a float or Scalar the schema gives no default for, inside the
/// range of the samples' magnitudes (0.5 to 1.5), so that a threshold
/// splits them.
double floatByName(const std::string &Name, c10::TypeKind Kind) {
  static const std::map<std::string, double> Values = {{"lambd", 1.0},
                                                       {"min_val", -1.0},
                                                       {"max_val", 1.0},
                                                       {"beta", 1.5},
                                                       {"threshold", 1.0}};
  auto It = Values.find(Name);
  if (It != Values.end())
    return It->second;
  return Kind == c10::TypeKind::FloatType ? 0.5 : 1.7;
}

std::vector<int64_t> intsByName(const std::string &Name) {
  static const std::map<std::string, std::vector<int64_t>> Values = {
      {"dims", {1, 0}},
      {"size", {9}},
      {"shape", {9}},
      {"kernel_size", {2, 2}},
      {"stride", {1, 1}},
      {"padding", {0, 0}},
      {"dilation", {1, 1}},
      {"output_size", {2, 2}},
      {"split_sizes", {1, 2}},
      {"pad", {1, 1}},
      {"shifts", {1}},
      {"repeats", {2, 1}},
      {"source", {0}},
      {"destination", {1}},
      {"normalized_shape", {3}},
      {"output_padding", {0, 0}}};
  auto It = Values.find(Name);
  return It == Values.end() ? std::vector<int64_t>{1} : It->second;
}

class SampleBuilder {
public:
  SampleBuilder(const Case &C, Domain D, uint64_t Seed)
      : C(C), D(D), Gen(at::make_generator<at::CPUGeneratorImpl>(Seed)) {}

  Sample build(const c10::FunctionSchema &Schema);

private:
  at::Tensor floating(at::IntArrayRef Shape);
  c10::IValue fromSpec(const c10::Argument &A, const std::string &Spec);
  c10::IValue byType(const c10::Argument &A);
  void addTensors(const c10::Argument &A, std::vector<at::Tensor> Tensors,
                  bool IsList);
  void describe(const std::string &Name, const c10::IValue &Value);
  at::Tensor modified(const c10::Argument &A, at::Tensor T,
                      const std::string &Modifier, std::istream &Args);

  const Case &C;
  Domain D;
  at::Generator Gen;
  Sample S;
  /// The real tensors made so far, by argument name (for `ties`).
  std::map<std::string, at::Tensor> Made;
  /// The arguments that stay real in the complex case (`mixed`).
  std::set<std::string> KeepReal;
};

at::Tensor SampleBuilder::floating(at::IntArrayRef Shape) {
  auto Options = at::TensorOptions().dtype(at::kDouble);
  at::Tensor Magnitude = at::rand(Shape, Gen, Options);
  if (D == Domain::Unit)
    return Magnitude * 0.8 + 0.1;
  Magnitude = Magnitude + 0.5;
  if (D == Domain::Positive)
    return Magnitude;
  at::Tensor Sign = at::rand(Shape, Gen, Options).gt(0.5).to(at::kDouble);
  return Magnitude * (Sign * 2 - 1);
}

c10::IValue SampleBuilder::fromSpec(const c10::Argument &A,
                                    const std::string &Spec) {
  std::istringstream In(Spec);
  std::string Kind, Rest;
  In >> Kind;
  std::getline(In, Rest);
  std::istringstream Args(Rest);
  if (Kind == "none")
    return c10::IValue();
  if (Kind == "int")
    return c10::IValue(parseInts(Rest).at(0));
  if (Kind == "ints")
    return c10::IValue(parseInts(Rest));
  if (Kind == "float")
    return c10::IValue(std::stod(Rest));
  if (Kind == "scalar") {
    double Real = 0, Imaginary = 0;
    Args >> Real >> Imaginary;
    if (C.Complex && Imaginary != 0)
      return c10::IValue(c10::complex<double>(Real, Imaginary));
    return c10::IValue(Real);
  }
  if (Kind == "complex") {
    double Real = 0, Imaginary = 0;
    Args >> Real >> Imaginary;
    return c10::IValue(c10::complex<double>(Real, Imaginary));
  }
  if (Kind == "bool")
    return c10::IValue(Rest.find("true") != std::string::npos);
  if (Kind == "str") {
    std::string Word;
    Args >> Word;
    return c10::IValue(Word);
  }
  if (Kind == "dtype")
    return c10::IValue(static_cast<int64_t>(
        Rest.find("long") != std::string::npos ? at::kLong : at::kDouble));
  if (Kind == "tensor" || Kind == "tensors") {
    std::vector<at::Tensor> Tensors;
    std::string Shape, Type;
    while (Args >> Shape) {
      if (Shape == "long") {
        int64_t Low, High;
        Args >> Low >> High;
        Tensors.back() = at::randint(Low, High, Tensors.back().sizes(), Gen,
                                     at::TensorOptions().dtype(at::kLong));
      } else if (Shape == "bool") {
        Tensors.back() = Tensors.back().gt(0);
      } else if (!Tensors.empty() && !std::isdigit(Shape[0]) &&
                 Shape[0] != '[') {
        Tensors.back() = modified(A, Tensors.back(), Shape, Args);
      } else {
        Tensors.push_back(floating(parseInts(Shape)));
      }
    }
    if (Tensors.empty())
      Tensors.push_back(floating(C.Shape));
    addTensors(A, Tensors, Kind == "tensors");
    return c10::IValue();
  }
  throw NoSample("sample table: unknown kind '" + Kind + "' for '" + A.name() +
                 "'");
}

/// A modifier of a tensor spec: values the random ones never take, for the
/// branches of formulas at zeros, non-finite values and ties.
at::Tensor SampleBuilder::modified(const c10::Argument &A, at::Tensor T,
                                   const std::string &Modifier,
                                   std::istream &Args) {
  at::Tensor Flat = T.contiguous().view(-1);
  // Every N-th element, from the first.
  auto Every = [](const at::Tensor &Values, int64_t N) {
    return Values.slice(/*dim=*/0, /*start=*/0, Values.numel(), N);
  };
  if (Modifier == "zeros") {
    Every(Flat, 3).fill_(0);
  } else if (Modifier == "nan") {
    Every(Flat, 3).fill_(NAN);
  } else if (Modifier == "mixed") {
    if (!C.Complex)
      return at::complex(T, floating(T.sizes()));
    KeepReal.insert(A.name());
  } else if (Modifier == "scaled") {
    double Factor = 1;
    Args >> Factor;
    return T * Factor;
  } else if (Modifier == "nonfinite") {
    const double Values[] = {INFINITY, -INFINITY, NAN};
    for (int64_t K = 0; K < std::min<int64_t>(3, Flat.numel()); ++K)
      Flat[K] = Values[K];
  } else if (Modifier == "ties") {
    std::string Name;
    Args >> Name;
    auto It = Made.find(Name);
    if (It == Made.end() || !It->second.sizes().equals(T.sizes()))
      throw NoSample("sample table: 'ties " + Name +
                     "' needs an earlier tensor argument of the same shape");
    Every(Flat, 2).copy_(Every(It->second.contiguous().view(-1), 2));
  } else {
    throw NoSample("sample table: unknown tensor modifier '" + Modifier + "'");
  }
  return Flat.view(T.sizes());
}

void SampleBuilder::addTensors(const c10::Argument &A,
                               std::vector<at::Tensor> Tensors, bool IsList) {
  size_t Arg = S.Fixed.size();
  Made[A.name()] = Tensors[0];
  bool Differentiated = C.Wrt.count(A.name()) != 0;
  S.IsList[Arg] = IsList;
  if (!Differentiated ||
      !(Tensors[0].is_floating_point() || Tensors[0].is_complex())) {
    if (IsList)
      S.Fixed.emplace_back(c10::List<at::Tensor>(Tensors));
    else
      S.Fixed.emplace_back(Tensors[0]);
    return;
  }
  S.Fixed.emplace_back();
  for (size_t I = 0; I < Tensors.size(); ++I) {
    S.SlotsOf[Arg].push_back(S.Slots.size());
    S.Slots.push_back({Arg, IsList ? static_cast<int>(I) : -1, A.name()});
    S.Values.push_back(
        C.Complex && !Tensors[I].is_complex() && !KeepReal.count(A.name())
            ? at::complex(Tensors[I], floating(Tensors[I].sizes()))
            : Tensors[I]);
  }
}

c10::IValue SampleBuilder::byType(const c10::Argument &A) {
  const c10::TypePtr &Type = A.type();
  c10::TypeKind Kind = Type->kind();
  bool Optional = Kind == c10::TypeKind::OptionalType;
  if (Optional)
    Kind = Type->castRaw<c10::OptionalType>()->getElementType()->kind();
  // Defaults are honoured, an optional tensor's (None) too.
  if (Kind == c10::TypeKind::TensorType && !(Optional && A.default_value())) {
    addTensors(A, {floating(C.Shape)}, false);
    return c10::IValue();
  }
  if (A.default_value())
    return *A.default_value();
  if (Optional)
    return c10::IValue();
  switch (Kind) {
  case c10::TypeKind::IntType:
  case c10::TypeKind::SymIntType:
    return c10::IValue(intByName(A.name()));
  case c10::TypeKind::FloatType:
  case c10::TypeKind::NumberType:
    return c10::IValue(floatByName(A.name(), Kind));
  case c10::TypeKind::BoolType:
    return c10::IValue(false);
  case c10::TypeKind::ScalarTypeType:
    return c10::IValue(static_cast<int64_t>(at::kDouble));
  case c10::TypeKind::ListType: {
    c10::TypeKind Element =
        Type->castRaw<c10::ListType>()->getElementType()->kind();
    if (Element == c10::TypeKind::TensorType) {
      addTensors(A, {floating(C.Shape), floating(C.Shape)}, true);
      return c10::IValue();
    }
    if (Element == c10::TypeKind::IntType ||
        Element == c10::TypeKind::SymIntType)
      return c10::IValue(intsByName(A.name()));
    break;
  }
  default:
    break;
  }
  throw NoSample("no sample for argument '" + A.name() + "' of type " +
                 Type->str() + " (add one to the sample table)");
}

void SampleBuilder::describe(const std::string &Name,
                             const c10::IValue &Value) {
  std::ostringstream Out;
  if (Value.isTensor()) {
    const at::Tensor &T = Value.toTensor();
    Out << c10::toString(T.scalar_type()) << shapeText(T.sizes());
  } else if (Value.isNone()) {
    Out << "None";
  } else if (!Value.isTensorList()) {
    Out << Value;
  }
  if (!S.Description.empty())
    S.Description += ", ";
  S.Description += Name + ": " + Out.str();
}

Sample SampleBuilder::build(const c10::FunctionSchema &Schema) {
  const auto &Arguments = Schema.arguments();
  S.ForwardOutputs = C.ForwardOutputs;
  S.SlotsOf.resize(Arguments.size());
  S.IsList.resize(Arguments.size());
  for (const c10::Argument &A : Arguments) {
    if (A.alias_info() && A.alias_info()->isWrite())
      throw NoSample("writes its argument '" + A.name() + "'");
    size_t Before = S.Fixed.size();
    auto Spec = C.Arguments.find(A.name());
    c10::IValue Value =
        Spec != C.Arguments.end() ? fromSpec(A, Spec->second) : byType(A);
    if (S.Fixed.size() == Before)
      S.Fixed.push_back(Value);
    size_t Arg = Before;
    if (!S.SlotsOf[Arg].empty()) {
      for (size_t SlotIndex : S.SlotsOf[Arg])
        describe(A.name(), S.Values[SlotIndex]);
    } else if (S.Fixed[Arg].isTensorList()) {
      for (const at::Tensor &T : S.Fixed[Arg].toTensorVector())
        describe(A.name(), T);
    } else {
      describe(A.name(), S.Fixed[Arg]);
    }
  }
  return std::move(S);
}

} // namespace

Sample makeSample(const c10::OperatorHandle &Op, const Case &C, Domain D,
                  uint64_t Seed) {
  return SampleBuilder(C, D, Seed).build(Op.schema());
}

std::vector<Output> callOperator(const c10::OperatorHandle &Op, const Sample &S,
                                 const std::vector<at::Tensor> &Values) {
  std::vector<c10::IValue> Stack;
  Stack.reserve(S.Fixed.size());
  for (size_t Arg = 0; Arg < S.Fixed.size(); ++Arg) {
    const std::vector<size_t> &Slots = S.SlotsOf[Arg];
    if (Slots.empty()) {
      Stack.push_back(S.Fixed[Arg]);
      continue;
    }
    if (!S.IsList[Arg]) {
      Stack.emplace_back(Values[Slots[0]]);
      continue;
    }
    c10::List<at::Tensor> List;
    for (size_t SlotIndex : Slots)
      List.push_back(Values[SlotIndex]);
    Stack.emplace_back(std::move(List));
  }
  Op.callBoxed(&Stack);
  std::vector<Output> Outputs;
  for (size_t Return = 0; Return < Stack.size(); ++Return) {
    const c10::IValue &Value = Stack[Return];
    if (Value.isTensor())
      Outputs.push_back({Return, Value.toTensor()});
    else if (Value.isTensorList())
      for (const at::Tensor &T : Value.toTensorVector())
        Outputs.push_back({Return, T});
  }
  return Outputs;
}

} // namespace gradcheck
