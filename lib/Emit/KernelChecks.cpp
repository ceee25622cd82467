//===- KernelChecks.cpp - The debug checks around the call ----------------===//
//
// NOTE [ TensorImpl and Storage Pointer Sanity Checks ] of torchgen: in debug
// builds a kernel checks that the operator kept its inputs' TensorImpl and
// Storage, and that a fresh output is not shared (a view output shares the
// storage of the input it views).
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "gradgen/Schema/DispatcherAPI.h"

using namespace llvm;

namespace gradgen {

std::string KernelEmitter::wrapWithStorageChecks(std::string Call) {
  const VariableTypeLists &Lists = Context.Lists;
  if (Lists.DontEnforceSameTensorImplOrStorage.contains(Name))
    return Call;
  std::vector<std::string> Before, After;
  auto Add = [&](std::vector<std::string> &Into, StringRef Template,
                 const TemplateEnv &Env) {
    Into.push_back(T.substitute(Template, Env));
  };
  // One environment for every binding: its variables are overwritten in
  // place.
  TemplateEnv Env;
  const CType OptionalTensorList =
      CType::list(CType::optional(CType::base(ctypes::TensorT), ""));
  for (const Binding &B : UnpackedBindings) {
    CType Type = B.NCType.Type.removeConstRef();
    Env.set("tensor", B.Name).set("out_tensor", B.Name).set("list", B.Name);
    if (Type.isBase(ctypes::TensorListT) ||
        Type.isBase(ctypes::ITensorListRefT)) {
      Add(Before, "save_tensorlist_storage", Env);
      Add(Before, "save_tensorlist_impl", Env);
      Add(After, "enforce_same_tensorlist_storage", Env);
      Add(After, "enforce_same_tensorlist_impl", Env);
    } else if (Type == OptionalTensorList) {
      Add(Before, "save_optionaltensorlist_storage", Env);
      Add(Before, "save_optionaltensorlist_impl", Env);
      Add(After, "enforce_same_optionaltensorlist_storage", Env);
      Add(After, "enforce_same_optionaltensorlist_impl", Env);
    } else if (Type.isBase(ctypes::TensorT)) {
      Add(Before, "save_tensor_storage", Env);
      Add(Before, "save_tensor_impl", Env);
      Add(After, "enforce_same_tensor_storage", Env);
      Add(After, "enforce_same_tensor_impl", Env);
    }
  }

  if (!Inplace && !IsOutFn) {
    std::optional<std::string> Aliased;
    auto View = Lists.ViewFunctions.find(BaseName);
    if (View != Lists.ViewFunctions.end())
      Aliased = View->second + "_";
    else if (auto Unsafe = Lists.UnsafeViewFunctions.find(BaseName);
             Unsafe != Lists.UnsafeViewFunctions.end())
      Aliased = Unsafe->second + "_";
    std::string KernelName = dispatcher::kernelName(F.func());
    bool CheckStorageUseCount =
        !Lists.DontEnforceStorageImplUseCount.contains(KernelName) &&
        !Lists.DontEnforceTensorImplUseCount.contains(KernelName);
    bool CheckImplUseCount =
        !Lists.DontEnforceTensorImplUseCount.contains(KernelName);
    std::vector<std::string> Names = cpp::returnNames(F.func());
    const std::vector<Return> &Returns = F.func().Returns;
    for (size_t I = 0; I < Returns.size(); ++I) {
      std::optional<CType> Type =
          cpp::returnType(Returns[I], /*SymInt=*/true,
                          CppArgumentContext::forFunction(F),
                          Context.CppOptions);
      if (!Type || !Type->removeConstRef().isBase(ctypes::TensorT))
        continue;
      TemplateEnv Env;
      Env.set("tensor", Names[I]).set("kernel_name", KernelName);
      if (Aliased) {
        TemplateEnv ViewEnv;
        ViewEnv.set("tensor", *Aliased).set("out_tensor", Names[I]);
        Add(After, "enforce_same_tensor_storage", ViewEnv);
      } else if (CheckStorageUseCount) {
        Add(After, "enforce_storage_use_count", Env);
      }
      if (CheckImplUseCount)
        Add(After, "enforce_tensor_impl_use_count", Env);
    }
  }
  if (Before.empty() || After.empty())
    return Call;
  TemplateEnv BeforeEnv, AfterEnv;
  BeforeEnv.setList("statements", std::move(Before));
  AfterEnv.setList("statements", std::move(After));
  std::string Result = T.substitute("debug_only", BeforeEnv);
  Result += Call;
  Result += T.substitute("debug_only", AfterEnv);
  return Result;
}

} // namespace gradgen
