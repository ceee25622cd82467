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
  // The argument checks are the memoized texts themselves; the checks of
  // the outputs (AfterOutputs) follow them.
  std::vector<StringRef> Before, After;
  std::vector<std::string> AfterOutputs;
  auto Add = [&](StringRef Template, const TemplateEnv &Env) {
    AfterOutputs.push_back(T.substitute(Template, Env));
  };
  const CType OptionalTensorList =
      CType::list(CType::optional(CType::base(ctypes::TensorT), ""));
  auto AddChecks = [&](StringRef Save1, StringRef Save2, StringRef Enforce1,
                       StringRef Enforce2, StringRef Binding) {
    Before.push_back(T.bindingCheck(Save1, Binding));
    Before.push_back(T.bindingCheck(Save2, Binding));
    After.push_back(T.bindingCheck(Enforce1, Binding));
    After.push_back(T.bindingCheck(Enforce2, Binding));
  };
  for (const Binding &B : UnpackedBindings) {
    CType Type = B.NCType.Type.removeConstRef();
    if (Type.isBase(ctypes::TensorListT) ||
        Type.isBase(ctypes::ITensorListRefT))
      AddChecks("save_tensorlist_storage", "save_tensorlist_impl",
                "enforce_same_tensorlist_storage",
                "enforce_same_tensorlist_impl", B.Name);
    else if (Type == OptionalTensorList)
      AddChecks("save_optionaltensorlist_storage",
                "save_optionaltensorlist_impl",
                "enforce_same_optionaltensorlist_storage",
                "enforce_same_optionaltensorlist_impl", B.Name);
    else if (Type.isBase(ctypes::TensorT))
      AddChecks("save_tensor_storage", "save_tensor_impl",
                "enforce_same_tensor_storage", "enforce_same_tensor_impl",
                B.Name);
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
        Add("enforce_same_tensor_storage", ViewEnv);
      } else if (CheckStorageUseCount) {
        Add("enforce_storage_use_count", Env);
      }
      if (CheckImplUseCount)
        Add("enforce_tensor_impl_use_count", Env);
    }
  }
  if (Before.empty() || (After.empty() && AfterOutputs.empty()))
    return Call;
  After.insert(After.end(), AfterOutputs.begin(), AfterOutputs.end());
  TemplateEnv BeforeEnv, AfterEnv;
  BeforeEnv.setListOfRefs("statements", std::move(Before));
  AfterEnv.setListOfRefs("statements", std::move(After));
  std::string Result = T.substitute("debug_only", BeforeEnv);
  std::string AfterText = T.substitute("debug_only", AfterEnv);
  Result.reserve(Result.size() + Call.size() + AfterText.size());
  Result += Call;
  Result += AfterText;
  return Result;
}

} // namespace gradgen
