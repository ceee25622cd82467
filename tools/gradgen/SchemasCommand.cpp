//===- SchemasCommand.cpp - gradgen schemas -------------------------------===//

#include "Driver.h"

#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand SchemasCommand("schemas",
                              "Print every operator schema of "
                              "native_functions.yaml in torchgen's form");

static cl::opt<std::string>
    NativeFunctionsPath("native-functions", cl::desc("native_functions.yaml"),
                        cl::value_desc("file"), cl::Required,
                        cl::sub(SchemasCommand), cl::cat(GradgenCategory));

int runSchemasCommand(DriverContext &Context) {
  std::optional<YAMLSource> Native =
      YAMLSource::load(NativeFunctionsPath, Context.SourceMgr, Context.Diags);
  if (Native && Native->root().IsSequence())
    for (const YAML::Node &Entry : Native->root())
      if (YAML::Node Func = Entry["func"])
        outs() << Func.Scalar() << "\n";
  return Context.finish();
}

} // namespace gradgen::driver
