//===- DispatcherAPI.cpp - How autograd kernels see an operator -----------===//

#include "gradgen/Schema/DispatcherAPI.h"

using namespace llvm;

namespace gradgen::dispatcher {

std::optional<std::vector<Binding>> arguments(const NativeFunction &F,
                                              const CppAPIOptions &Options) {
  CppArgumentContext Context = CppArgumentContext::forFunction(F);
  ArgumentRefs Arguments = F.func().schemaOrderArguments();
  std::vector<Binding> Result;
  Result.reserve(Arguments.size());
  for (const Argument *A : Arguments) {
    std::optional<NamedCType> Type = cpp::argumentType(
        *A, ArgName{A->Name, false}, /*SymInt=*/true, Context, Options);
    if (!Type)
      return std::nullopt;
    Result.push_back(Binding{A->Name, std::move(*Type),
                             ArgumentItem{ArgumentItem::Kind::Plain, A,
                                          nullptr},
                             std::nullopt});
  }
  return Result;
}

std::optional<std::string> kernelFormals(const NativeFunction &F,
                                         const CppAPIOptions &Options) {
  std::optional<std::vector<Binding>> Bindings = arguments(F, Options);
  if (!Bindings)
    return std::nullopt;
  return kernelFormals(*Bindings);
}

std::string kernelFormals(ArrayRef<Binding> Arguments) {
  std::string Result = "c10::DispatchKeySet ks";
  for (const Binding &B : Arguments) {
    Result += ", ";
    B.appendDefn(Result);
  }
  return Result;
}

std::string kernelName(const FunctionSchema &Func, StringRef DispatchKey) {
  std::string Name = cpp::name(Func);
  if (!Func.Name.OverloadName.empty())
    Name += "_" + Func.Name.OverloadName;
  if (DispatchKey != "Default")
    Name += ("_" + DispatchKey).str();
  return Name;
}

std::string redispatchName(const FunctionSchema &Func) {
  return cpp::name(Func, /*FaithfulNameForOutOverloads=*/true,
                   /*SymIntOverload=*/Func.hasSymInt());
}

} // namespace gradgen::dispatcher
