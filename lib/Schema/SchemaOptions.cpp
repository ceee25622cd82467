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

void SchemaOptions::setDispatchKeys(ArrayRef<std::string> Named,
                                    ArrayRef<std::string> Functionalities,
                                    ArrayRef<std::string> Backends) {
  KnownDispatchKeys.assign(Named.begin(), Named.end());
  // The empty functionality (the bare backend keys) comes first.
  KnownDispatchKeys.insert(KnownDispatchKeys.end(), Backends.begin(),
                           Backends.end());
  for (const std::string &Functionality : Functionalities)
    for (const std::string &Backend : Backends)
      KnownDispatchKeys.push_back(Functionality + Backend);
  AutogradDispatchKeys = {"AutogradNestedTensor"};
  for (const std::string &Backend : Backends)
    AutogradDispatchKeys.push_back("Autograd" + Backend);
}

SchemaOptions::SchemaOptions() {
  SchemaOptions &O = *this;
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
  O.setDispatchKeys(
      splitWords(
          "Undefined CatchAll FPGA MAIA Vulkan Metal MKLDNN OpenGL OpenCL "
          "IDEEP "
          "CustomRNGKeyId MkldnnCPU Sparse SparseCsr NestedTensor Dense "
          "PythonTLSSnapshot PreDispatch PythonDispatcher Python "
          "FuncTorchDynamicLayerBackMode ZeroTensor Conjugate Negative "
          "BackendSelect Named AutogradOther AutogradFunctionality "
          "AutogradNestedTensor Tracer Autocast AutocastCPU AutocastCUDA "
          "AutocastXPU Batched VmapMode FuncTorchGradWrapper FuncTorchBatched "
          "BatchedNestedTensor FuncTorchVmapMode "
          "FuncTorchDynamicLayerFrontMode "
          "Functionalize TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode "
          "ADInplaceOrView Autograd CompositeImplicitAutograd "
          "CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd "
          "CompositeExplicitAutogradNonFunctional "
          "FuncTorchBatchedDecomposition"),
      splitWords("Quantized Sparse SparseCsr NestedTensor Autograd"),
      splitWords(Backends));
  O.StructuredDispatchKeys = splitWords("CPU CUDA MPS XPU MTIA");
}

} // namespace gradgen
