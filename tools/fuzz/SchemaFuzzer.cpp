//===- SchemaFuzzer.cpp - Fuzzes the schema parser ------------------------===//
//
// One input: one `func:` schema, as native_functions.yaml's values are.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "gradgen/Schema/SchemaParser.h"

using namespace gradgen;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::SourceMgr SM;
  DiagnosticEngine Diags(SM);
  Diags.setConsumer(std::make_unique<IgnoringDiagnosticConsumer>());
  unsigned ID = fuzz::addBuffer(SM, Data, Size, "schema");
  SchemaContext Context;
  SchemaOptions Options; // torchgen 2.14
  SchemaParser Parser(Context, Options, Diags);
  SchemaText Text{SM.getMemoryBuffer(ID)->getBuffer()};
  (void)Parser.parseFunctionSchema(Text);
  return 0;
}
