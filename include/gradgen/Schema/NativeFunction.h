//===- NativeFunction.h - One operator of native_functions.yaml -*- C++ -*-===//
//
// torchgen's NativeFunction: an entry of native_functions.yaml after parsing
// and canonicalisation, or a variant torchgen generates from one. Every field
// read from the file carries its source range (Located<T>), invalid when the
// field was absent and took its default.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SCHEMA_NATIVEFUNCTION_H
#define GRADGEN_SCHEMA_NATIVEFUNCTION_H

#include "gradgen/Schema/FunctionSchema.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

enum class Variant { Function, Method };

struct VariantSet {
  bool Function = false;
  bool Method = false;

  bool contains(Variant V) const {
    return V == Variant::Function ? Function : Method;
  }
  bool onlyFunction() const { return Function && !Method; }
};

enum class DeviceCheckType { NoCheck, ExactSame };

enum class ViewSchemaKind { Aliasing, AliasingInplace, NonAliasing };

/// One kernel of the `dispatch:` table (torchgen's BackendMetadata).
struct DispatchEntry {
  /// A DispatchKey name, e.g. "CompositeImplicitAutograd".
  std::string Key;
  std::string Kernel;
  bool Structured = false;
  std::string CppNamespace;
  /// The key as written (one element of `CPU, CUDA: kernel`); invalid for
  /// implicit and generated entries.
  llvm::SMRange KeyRange;

  bool supportsSymInt() const {
    return llvm::StringRef(Kernel).contains("_symint");
  }
};

class NativeFunction {
public:
  /// The C++ namespace of the operator: "aten" unless the schema says
  /// `ns::name(...)`.
  std::string Namespace = "aten";
  /// The parsed `func:`; its range is the whole `func:` value token.
  Located<FunctionSchema> Func;
  /// The `func:` text after the namespace, which the parser checked prints
  /// back as func().str(); empty for generated functions.
  std::string FuncText;
  /// func().signatureStr() once the set builder has printed it, else empty.
  std::string Signature;
  /// Where the entry starts (the `- func:` line).
  llvm::SMLoc Loc;

  Located<bool> UseConstRefForMutableTensors{false};
  Located<bool> DeviceGuard{true};
  Located<DeviceCheckType> DeviceCheck{DeviceCheckType::ExactSame};
  Located<std::optional<std::string>> PythonModule;
  Located<std::optional<std::string>> CategoryOverride;
  Located<VariantSet> Variants;
  Located<bool> ManualKernelRegistration{false};
  Located<bool> ManualCppBinding{false};
  /// The operators `autogen:` promises, in the order written.
  std::vector<Located<OperatorName>> Autogen;
  /// The raw `ufunc_inner_loop:` loops, key by key ("Generic", ...).
  std::vector<std::pair<std::string, std::string>> UfuncInnerLoop;
  Located<bool> Structured{false};
  Located<std::optional<OperatorName>> StructuredDelegate;
  Located<std::optional<std::string>> StructuredInherits;
  /// The raw `precomputed:` lines.
  std::vector<Located<std::string>> Precomputed;
  std::vector<Located<std::string>> CppNoDefaultArgs;
  /// Tags in the order seen; implicit tags have an invalid range.
  std::vector<Located<std::string>> Tags;
  /// The dispatch table after torchgen's canonicalisation: the implicit
  /// CompositeImplicitAutograd kernel and ufunc kernels included.
  std::vector<DispatchEntry> Dispatch;

  bool IsAbstract = false;
  bool HasCompositeImplicitAutogradKernel = false;
  bool HasCompositeImplicitAutogradNestedTensorKernel = false;
  bool HasCompositeExplicitAutogradKernel = false;
  bool HasCompositeExplicitAutogradNonFunctionalKernel = false;
  /// torchgen's is_view_op, computed with the options of the load.
  bool IsViewOp = false;

  /// For functions torchgen generates (autogen variants): the entry they were
  /// generated from. Null for entries of the file.
  const NativeFunction *GeneratedFrom = nullptr;

  const FunctionSchema &func() const { return Func.Value; }
  bool isGenerated() const { return GeneratedFrom != nullptr; }
  bool hasTag(llvm::StringRef Tag) const;
  bool hasCppNoDefaultArg(llvm::StringRef Name) const;
  const DispatchEntry *getKernel(llvm::StringRef Key) const;
  bool partOfStructuredGroup() const {
    return *Structured || StructuredDelegate->has_value();
  }
  ViewSchemaKind viewSchemaKind() const;
  /// The base name, e.g. "add" for add_.Tensor.
  llvm::StringRef rootName() const { return func().Name.Name.Base; }
  /// The `func:` line, for notes that point at this function's entry (the
  /// entry it was generated from for generated functions).
  llvm::SMLoc funcLoc() const { return Func.Range.Start; }
};

} // namespace gradgen

#endif // GRADGEN_SCHEMA_NATIVEFUNCTION_H
