//===- DerivativesFuzzer.cpp - Fuzzes the derivatives loader --------------===//
//
// One input: one derivatives.yaml, loaded against a fixed
// native_functions.yaml through the Derivatives stage (no Clang).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

using namespace gradgen;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)fuzz::FixedInputs::get();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::loadDerivatives(
      llvm::StringRef(reinterpret_cast<const char *>(Data), Size), nullptr);
  return 0;
}
