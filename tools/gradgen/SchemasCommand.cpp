//===- SchemasCommand.cpp - gradgen schemas -------------------------------===//
//
// Prints every native function as torchgen's str(f.func), generated variants
// included, in torchgen's order; or, with --format=json, the model and C++
// API of each; or, with --resolve-derivatives, checks that every `name:` of a
// derivatives.yaml names a schema.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Derivatives/NameResolution.h"
#include "gradgen/Schema/SchemaJSON.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

int runSchemasCommand(const char *Argv0) {
  SchemasOutput Output = schemasOutput();
  std::optional<Invocation> Inv = makeInvocation(Argv0, RunGoal::Schemas);
  if (!Inv)
    return 1;
  auto C = std::make_unique<Compilation>(*Inv, createCommandLineConsumer());
  // Schemas with errors are still printed: they show what the errors were
  // about.
  if (!C->run(RunGoal::Schemas))
    return finish(std::move(C));
  const NativeFunctionSet &Set = C->getFunctions();
  if (!Output.ResolveDerivatives.empty()) {
    if (std::optional<YAMLSource> Derivatives =
            YAMLSource::load(Output.ResolveDerivatives, C->getInputFiles(),
                             C->getDiags())) {
      NameResolutionCounts Counts =
          resolveDerivativeNames(*Derivatives, Set, C->getDiags());
      outs() << "resolved " << Counts.Resolved << " of " << Counts.Total
             << " derivatives.yaml names\n";
    }
    return finish(std::move(C));
  }
  if (Output.JSON)
    printSchemasJSON(Set, C->getCppOptions(), Output.IncludeGenerated, outs());
  else
    printSchemas(Set, Output.IncludeGenerated, outs());
  return finish(std::move(C));
}

} // namespace gradgen::driver
