//===- YAMLFuzzer.cpp - Fuzzes the YAML document builder ------------------===//
//
// One input: one YAML file, read as every input of gradgen is read, and its
// document walked to the last scalar.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "gradgen/Support/YAMLSource.h"

using namespace gradgen;

static size_t walk(const YAMLNode &Node, unsigned Depth) {
  // Aliases share nodes: a walk is bounded by the builder's budget.
  size_t Size = Node.isScalar() ? Node.scalar().size() : 1;
  if (Node.isSequence())
    for (const YAMLNode &Item : Node.items())
      Size += walk(Item, Depth + 1);
  if (Node.isMap())
    for (const YAMLMapEntry &Entry : Node.entries())
      Size += walk(Entry.Key, Depth + 1) + walk(Entry.Value, Depth + 1);
  return Size;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::SourceMgr SM;
  DiagnosticEngine Diags(SM);
  Diags.setConsumer(std::make_unique<IgnoringDiagnosticConsumer>());
  unsigned ID = fuzz::addBuffer(SM, Data, Size, "input.yaml");
  if (std::optional<YAMLSource> Source =
          YAMLSource::parseBuffer(ID, SM, Diags))
    (void)walk(Source->root(), 0);
  return 0;
}
