//===- DerivativesCommands.cpp - gradgen check, gradgen infos -------------===//

#include "Pipeline.h"

#include "gradgen/Derivatives/InfosJSON.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

enum class InfosFormat { JSON, Summary };

static cl::opt<InfosFormat> InfosFormatOpt(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(InfosFormat::JSON, "json", "every info as JSON"),
               clEnumValN(InfosFormat::Summary, "summary",
                          "one line an info: op, name, schema")),
    cl::init(InfosFormat::JSON), cl::sub(InfosCommand),
    cl::cat(GradgenCategory));

int runCheckCommand(DriverContext &Context, const char *Argv0) {
  std::unique_ptr<SavedAttributeAnalysis> Formulas = createFormulaStage(Context);
  loadDerivatives(Context, Argv0, Formulas.get());
  return Context.finish();
}

int runInfosCommand(DriverContext &Context, const char *Argv0) {
  std::unique_ptr<SavedAttributeAnalysis> Formulas = createFormulaStage(Context);
  std::unique_ptr<LoadedDerivatives> Loaded =
      loadDerivatives(Context, Argv0, Formulas.get());
  if (!Loaded || Context.Diags.hasErrors())
    return Context.finish();
  if (InfosFormatOpt == InfosFormat::JSON) {
    outs() << formatv("{0:2}", toJSON(Loaded->Database)) << "\n";
  } else {
    for (const InfoGroup &Group : Loaded->Database.Groups)
      for (const DifferentiabilityInfo &Info : Group.Infos)
        outs() << Info.Op.value_or("-") << " " << Info.Name << " "
               << Info.DispatchKey << " " << Info.Func->func().str() << "\n";
  }
  return Context.finish();
}

} // namespace gradgen::driver
