//===- DerivativesCommands.cpp - gradgen check, gradgen infos -------------===//

#include "Pipeline.h"

#include "gradgen/Derivatives/InfosJSON.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

/// `op var, var: formula` and `  saved input|output name : type = expr`.
static void printFormulas(const DerivativesDatabase &Database,
                          raw_ostream &OS) {
  for (const InfoGroup &Group : Database.Groups)
    for (const DifferentiabilityInfo &Info : Group.Infos) {
      if (Info.Origin != InfoOrigin::DerivativesFile)
        continue;
      for (const Derivative &D : Info.Derivatives) {
        OS << Info.Func->func().Name.str() << " " << join(D.VarNames, ", ")
           << ": " << D.Formula
           << "\n";
        auto Print = [&](StringRef Kind, ArrayRef<SavedAttribute> Saved) {
          for (const SavedAttribute &A : Saved)
            OS << "  saved " << Kind << " " << A.name() << " : "
               << A.NCType.cppType() << " = " << A.Expr << "\n";
        };
        Print("input", D.SavedInputs);
        Print("output", D.SavedOutputs);
      }
    }
}

int runCheckCommand(DriverContext &Context, const char *Argv0) {
  std::unique_ptr<SavedAttributeAnalysis> Formulas = createFormulaStage(Context);
  keepUntilExit(loadDerivatives(Context, Argv0, Formulas.get()));
  keepUntilExit(std::move(Formulas));
  return Context.finish();
}

int runInfosCommand(DriverContext &Context, const char *Argv0) {
  std::unique_ptr<SavedAttributeAnalysis> Formulas = createFormulaStage(Context);
  std::unique_ptr<LoadedDerivatives> Loaded =
      loadDerivatives(Context, Argv0, Formulas.get());
  if (!Loaded || Context.Diags.hasErrors())
    return Context.finish();
  if (infosFormat() == InfosFormat::JSON) {
    outs() << formatv("{0:2}", toJSON(Loaded->Database)) << "\n";
  } else if (infosFormat() == InfosFormat::Formulas) {
    printFormulas(Loaded->Database, outs());
  } else {
    for (const InfoGroup &Group : Loaded->Database.Groups)
      for (const DifferentiabilityInfo &Info : Group.Infos)
        outs() << Info.Op.value_or("-") << " " << Info.Name << " "
               << Info.DispatchKey << " " << Info.Func->func().str() << "\n";
  }
  keepUntilExit(std::move(Loaded));
  keepUntilExit(std::move(Formulas));
  return Context.finish();
}

} // namespace gradgen::driver
