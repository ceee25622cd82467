//===- SchemaOptions.cpp - What differs between torchgen versions ---------===//

#include "gradgen/Schema/SchemaOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace gradgen {

bool SchemaOptions::isKnownDispatchKey(StringRef Key) const {
  return is_contained(KnownDispatchKeys, Key);
}

bool SchemaOptions::isSupportedDispatchKey(StringRef Key) const {
  return is_contained(SupportedDispatchKeys, Key);
}

bool SchemaOptions::isStructuredDispatchKey(StringRef Key) const {
  return is_contained(StructuredDispatchKeys, Key);
}

static std::vector<std::string> splitWords(StringRef Words) {
  SmallVector<StringRef, 64> Pieces;
  Words.split(Pieces, ' ', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Result;
  for (StringRef Piece : Pieces)
    Result.push_back(Piece.str());
  return Result;
}

/// torchgen's DispatchKey enum: the named keys followed by one key per
/// functionality and backend component.
static std::vector<std::string> knownDispatchKeys(StringRef Named,
                                                  StringRef Functionalities,
                                                  StringRef Backends) {
  std::vector<std::string> Keys = splitWords(Named);
  std::vector<std::string> Components = splitWords(Backends);
  // The empty functionality (the bare backend keys) comes first.
  Keys.insert(Keys.end(), Components.begin(), Components.end());
  for (const std::string &Functionality : splitWords(Functionalities))
    for (const std::string &Backend : Components)
      Keys.push_back(Functionality + Backend);
  return Keys;
}

static std::vector<std::string> autogradKeys(StringRef Backends) {
  std::vector<std::string> Keys = {"AutogradNestedTensor"};
  for (const std::string &Backend : splitWords(Backends))
    Keys.push_back("Autograd" + Backend);
  return Keys;
}

static SchemaOptions torchgen113() {
  SchemaOptions O;
  O.Major = 1;
  O.Minor = 13;
  for (BaseTy Ty :
       {BaseTy::Generator, BaseTy::ScalarType, BaseTy::Tensor, BaseTy::Int,
        BaseTy::Dimname, BaseTy::DimVector, BaseTy::Float, BaseTy::Str,
        BaseTy::Bool, BaseTy::Layout, BaseTy::Device, BaseTy::Scalar,
        BaseTy::MemoryFormat, BaseTy::QScheme, BaseTy::Storage, BaseTy::Stream,
        BaseTy::SymInt, BaseTy::ConstQuantizerPtr})
    O.BaseTypes.set(unsigned(Ty));
  O.DefaultsMayContainSpaces = false;
  O.TagsMayBeList = false;
  O.ImplicitTags = false;
  O.ConstRefRejectsOut = false;
  O.CountWrittenDispatchKeys = false;
  O.KernelNamespaceLevels = 2;
  O.ResizeAsIsNotView = false;
  O.InverseHasNoViewCopy = false;
  O.ViewCopyScatter = false;
  O.CheckDelegateExists = false;
  O.CheckPythonKeywords = false;
  O.PreferMutableBase = false;
  O.GenerateForCoreComposites = false;
  O.SetIsNotView = false;
  O.GeneratedTagsFollowKind = false;
  O.LookupIncludesViewCopies = false;
  StringRef Backends =
      "CPU CUDA HIP XLA MPS IPU XPU HPU VE Lazy Meta PrivateUse1 PrivateUse2 "
      "PrivateUse3";
  O.SupportedDispatchKeys = splitWords(
      "CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS SparseCUDA SparseCsrCUDA "
      "QuantizedCPU QuantizedCUDA CompositeImplicitAutograd "
      "CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd "
      "CompositeExplicitAutogradNonFunctional NestedTensorCPU "
      "NestedTensorCUDA Meta SparseMeta QuantizedMeta NestedTensorMeta "
      "ZeroTensor");
  O.KnownDispatchKeys = knownDispatchKeys(
      "Undefined CatchAll FPGA ORT Vulkan Metal MKLDNN OpenGL OpenCL IDEEP "
      "CustomRNGKeyId MkldnnCPU Sparse SparseCsrCPU SparseCsrCUDA Python "
      "ZeroTensor BackendSelect Named AutogradOther AutogradFunctionality "
      "AutogradNestedTensor Tracer Autocast Batched VmapMode "
      "TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode Autograd "
      "CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor "
      "CompositeExplicitAutograd CompositeExplicitAutogradNonFunctional",
      "Quantized Sparse NestedTensor Autograd", Backends);
  O.StructuredDispatchKeys = splitWords("CPU CUDA MPS");
  O.AutogradDispatchKeys = autogradKeys(Backends);
  return O;
}

static SchemaOptions torchgen214() {
  SchemaOptions O;
  for (BaseTy Ty :
       {BaseTy::Generator, BaseTy::ScalarType, BaseTy::Tensor, BaseTy::Int,
        BaseTy::DimVector, BaseTy::Float, BaseTy::Str, BaseTy::Bool,
        BaseTy::Layout, BaseTy::Device, BaseTy::DeviceIndex, BaseTy::Scalar,
        BaseTy::MemoryFormat, BaseTy::QScheme, BaseTy::Storage, BaseTy::Stream,
        BaseTy::SymInt, BaseTy::SymBool, BaseTy::GraphModule})
    O.BaseTypes.set(unsigned(Ty));
  StringRef Backends = "CPU CUDA HIP XLA MTIA MPS IPU XPU HPU VE Lazy Meta "
                       "PrivateUse1 PrivateUse2 PrivateUse3";
  O.SupportedDispatchKeys = splitWords(
      "CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS XPU SparseXPU "
      "SparseCsrXPU SparseCUDA SparseCsrCUDA SparseMPS SparseCsrMPS "
      "QuantizedCPU QuantizedCUDA CompositeImplicitAutograd "
      "CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd "
      "CompositeExplicitAutogradNonFunctional NestedTensorCPU "
      "NestedTensorCUDA NestedTensorXPU NestedTensorHPU Meta SparseMeta "
      "SparseCsrMeta QuantizedMeta NestedTensorMeta ZeroTensor MTIA");
  O.KnownDispatchKeys = knownDispatchKeys(
      "Undefined CatchAll FPGA MAIA Vulkan Metal MKLDNN OpenGL OpenCL IDEEP "
      "CustomRNGKeyId MkldnnCPU Sparse SparseCsr NestedTensor Dense "
      "PythonTLSSnapshot PreDispatch PythonDispatcher Python "
      "FuncTorchDynamicLayerBackMode ZeroTensor Conjugate Negative "
      "BackendSelect Named AutogradOther AutogradFunctionality "
      "AutogradNestedTensor Tracer Autocast AutocastCPU AutocastCUDA "
      "AutocastXPU Batched VmapMode FuncTorchGradWrapper FuncTorchBatched "
      "BatchedNestedTensor FuncTorchVmapMode FuncTorchDynamicLayerFrontMode "
      "Functionalize TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode "
      "ADInplaceOrView Autograd CompositeImplicitAutograd "
      "CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd "
      "CompositeExplicitAutogradNonFunctional FuncTorchBatchedDecomposition",
      "Quantized Sparse SparseCsr NestedTensor Autograd", Backends);
  O.StructuredDispatchKeys = splitWords("CPU CUDA MPS XPU MTIA");
  O.AutogradDispatchKeys = autogradKeys(Backends);
  return O;
}

SchemaOptions SchemaOptions::forTorchgen(unsigned Major, unsigned Minor) {
  SchemaOptions O = Major < 2 ? torchgen113() : torchgen214();
  O.Major = Major;
  O.Minor = Minor;
  return O;
}

std::optional<std::pair<unsigned, unsigned>>
parseTorchVersion(StringRef Profile) {
  Profile.consume_front("pytorch-");
  Profile.consume_front("torch-");
  unsigned Major = 0, Minor = 0;
  if (Profile.consumeInteger(10, Major) || !Profile.consume_front(".") ||
      Profile.consumeInteger(10, Minor))
    return std::nullopt;
  // An optional patch level.
  if (Profile.consume_front(".")) {
    unsigned Patch = 0;
    if (Profile.consumeInteger(10, Patch))
      return std::nullopt;
  }
  if (!Profile.empty())
    return std::nullopt;
  return std::make_pair(Major, Minor);
}

} // namespace gradgen
