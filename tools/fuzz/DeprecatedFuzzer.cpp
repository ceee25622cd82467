//===- DeprecatedFuzzer.cpp - Fuzzes the deprecated.yaml reader -----------===//
//
// One input: one deprecated.yaml, read against the fixed native_functions.yaml
// as a run reads it (DeprecatedSignatures::read, every check of the calls
// against the schemas included), and once more without schemas, as the
// language server reads it where it finds none.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "gradgen/Schema/DeprecatedSignatures.h"
#include "gradgen/Support/YAMLSource.h"

using namespace gradgen;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)fuzz::FixedInputs::get();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::FixedInputs &Fixed = fuzz::FixedInputs::get();
  llvm::SourceMgr SM;
  DiagnosticEngine Diags(SM);
  Diags.setConsumer(std::make_unique<IgnoringDiagnosticConsumer>());
  unsigned ID = fuzz::addBuffer(SM, Data, Size, "deprecated.yaml");
  std::optional<YAMLSource> Source = YAMLSource::parseBuffer(ID, SM, Diags);
  if (!Source)
    return 0;
  const SchemaOptions &Options = Fixed.Functions->getOptions();
  for (const NativeFunctionSet *Functions :
       {static_cast<const NativeFunctionSet *>(Fixed.Functions.get()),
        static_cast<const NativeFunctionSet *>(nullptr)})
    (void)DeprecatedSignatures::read(*Source, Options, Functions, Diags);
  return 0;
}
