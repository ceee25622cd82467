//===- OperatorDeclarations.cpp - ATen's C++ API as declarations ----------===//

#include "OperatorDeclarations.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen::formula {

/// A parameter as the declaration spells it. An optional's default
/// `c10::nullopt` becomes `{}`, the same disengaged optional: converting
/// nullopt_t makes Clang weigh every converting constructor of the optional,
/// with their conditions, once per declaration and again per defaulted call.
static void appendParameter(std::string &Text, const Binding &B) {
  Text += B.type();
  Text += ' ';
  Text += B.Name;
  if (!B.Default)
    return;
  StringRef Default = *B.Default;
  bool Nullopt = Default == "c10::nullopt" || Default == "::std::nullopt" ||
                 Default == "std::nullopt";
  Text += '=';
  Text += Nullopt ? StringRef("{}") : Default;
}

bool declareOperator(const NativeFunction &F, const CppAPIOptions &Options,
                     function_ref<bool(StringRef Name)> Wanted,
                     std::vector<OperatorDeclaration> &Into) {
  // manual_cpp_binding functions are declared under `__dispatch_` names that
  // formulas never use; the prelude declares their real API by hand.
  if (*F.ManualCppBinding || F.Namespace != "aten")
    return true;
  const FunctionSchema &Func = F.func();
  CppArgumentContext Context = CppArgumentContext::forFunction(F);
  std::vector<std::string> NoDefaults;
  for (const Located<std::string> &Name : F.CppNoDefaultArgs)
    NoDefaults.push_back(*Name);
  bool HasFaithful = Func.Args.TensorOptions.has_value() || Func.isOutFn();

  size_t Begin = Into.size();
  for (bool Method : {false, true}) {
    if (!F.Variants->contains(Method ? Variant::Method : Variant::Function))
      continue;
    if (Method && (!Func.Args.SelfArg || Func.isOutFn()))
      continue;
    // CppSignatureGroup.signatures(): plain, faithful, then the SymInt pair.
    for (bool SymInt : {false, true}) {
      if (SymInt && !Func.hasSymInt())
        continue;
      for (bool Faithful : {false, true}) {
        if (Faithful && !HasFaithful)
          continue;
        std::string Name = cpp::name(Func, Faithful, SymInt);
        if (!Wanted(Name))
          continue;
        std::optional<std::vector<Binding>> Arguments = cpp::arguments(
            Func.Args, Faithful, SymInt, Method, NoDefaults, Context, Options);
        std::optional<CType> Returns =
            cpp::returnsType(Func.Returns, SymInt, Context, Options);
        if (!Arguments || !Returns) {
          Into.resize(Begin);
          return false;
        }
        OperatorDeclaration D;
        D.Name = std::move(Name);
        D.Text = Returns->cppType() + " " + D.Name + "(";
        for (auto [I, B] : enumerate(*Arguments)) {
          if (I)
            D.Text += ", ";
          appendParameter(D.Text, B);
        }
        D.Text += Method ? ") const" : ")";
        D.Method = Method;
        D.FuncLoc = F.funcLoc();
        Into.push_back(std::move(D));
      }
    }
  }
  return true;
}

} // namespace gradgen::formula
