//===- SchemaJSON.cpp - Native functions as text and JSON -----------------===//

#include "gradgen/Schema/SchemaJSON.h"

using namespace llvm;

namespace gradgen {

static json::Value variantsJSON(const VariantSet &Variants) {
  json::Array Result;
  if (Variants.Function)
    Result.push_back("function");
  if (Variants.Method)
    Result.push_back("method");
  return Result;
}

static json::Value bindingsJSON(const std::optional<std::vector<Binding>> &Bs) {
  if (!Bs)
    return nullptr;
  json::Array Result;
  for (const Binding &B : *Bs) {
    json::Object Object{{"name", B.Name}, {"type", B.type()}};
    if (B.Default)
      Object["default"] = *B.Default;
    Result.push_back(std::move(Object));
  }
  return Result;
}

/// The schema's model: what native_functions.yaml says about it.
static json::Object modelJSON(const NativeFunction &F) {
  const FunctionSchema &Func = F.func();
  json::Array Tags;
  for (const Located<std::string> &Tag : F.Tags)
    Tags.push_back(*Tag);
  json::Array Dispatch;
  for (const DispatchEntry &E : F.Dispatch)
    Dispatch.push_back(json::Object{{"key", E.Key}, {"kernel", E.Kernel}});
  json::Object Object{{"schema", Func.str()},
                      {"name", Func.Name.str()},
                      {"namespace", F.Namespace},
                      {"kind", schemaKindName(Func.kind())},
                      {"generated", F.isGenerated()},
                      {"variants", variantsJSON(*F.Variants)},
                      {"tags", std::move(Tags)},
                      {"dispatch", std::move(Dispatch)},
                      {"is_abstract", F.IsAbstract},
                      {"is_view_op", F.IsViewOp},
                      {"structured", *F.Structured},
                      {"signature", Func.signatureStr()}};
  if (const std::optional<OperatorName> &Delegate = *F.StructuredDelegate)
    Object["structured_delegate"] = Delegate->str();
  return Object;
}

json::Value toJSON(const NativeFunction &F, const CppAPIOptions &Cpp) {
  const FunctionSchema &Func = F.func();
  CppArgumentContext Context = CppArgumentContext::forFunction(F);
  auto Returns = [&](bool SymInt) -> json::Value {
    if (auto T = cpp::returnsType(Func.Returns, SymInt, Context, Cpp))
      return T->cppType();
    return nullptr;
  };
  json::Array ReturnNames;
  for (const std::string &Name : cpp::returnNames(Func))
    ReturnNames.push_back(Name);
  json::Object Object = modelJSON(F);
  Object["cpp_name"] = cpp::name(Func);
  Object["cpp_arguments"] = bindingsJSON(cpp::signatureArguments(F, false, Cpp));
  Object["cpp_returns"] = Returns(false);
  Object["cpp_return_names"] = std::move(ReturnNames);
  if (Func.hasSymInt()) {
    Object["cpp_symint_arguments"] =
        bindingsJSON(cpp::signatureArguments(F, true, Cpp));
    Object["cpp_symint_returns"] = Returns(true);
  }
  return Object;
}

void printSchemasJSON(const NativeFunctionSet &Set, const CppAPIOptions &Cpp,
                      bool IncludeGenerated, raw_ostream &OS) {
  // One function per line keeps the array greppable.
  OS << "[";
  bool First = true;
  for (const NativeFunction *F : Set.functions()) {
    if (!IncludeGenerated && F->isGenerated())
      continue;
    OS << (First ? "\n" : ",\n") << toJSON(*F, Cpp);
    First = false;
  }
  OS << "\n]\n";
}

void printSchemas(const NativeFunctionSet &Set, bool IncludeGenerated,
                  raw_ostream &OS) {
  for (const NativeFunction *F : Set.functions())
    if (IncludeGenerated || !F->isGenerated())
      OS << F->func().str() << "\n";
}

} // namespace gradgen
