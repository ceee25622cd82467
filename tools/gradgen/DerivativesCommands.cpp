//===- DerivativesCommands.cpp - gradgen check, gradgen infos -------------===//

#include "Driver.h"

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

static void printSummary(const DerivativesDatabase &Database,
                         raw_ostream &OS) {
  for (const InfoGroup &Group : Database.Groups)
    for (const DifferentiabilityInfo &Info : Group.Infos)
      OS << Info.Op.value_or("-") << " " << Info.Name << " "
         << Info.DispatchKey << " " << Info.Func->func().str() << "\n";
}

int runCheckCommand(const char *Argv0) {
  CheckTargets Targets = derivativesFilesToCheck();
  int Status = 0;
  for (const std::string &File : Targets.Files) {
    std::optional<Invocation> Inv = makeInvocation(Argv0, RunGoal::Infos, File);
    if (!Inv) {
      Status = std::max(Status, failedInvocationStatus());
      continue;
    }
    Session S(std::move(*Inv));
    Status = std::max(
        Status, finish(S.run(RunGoal::Infos, createCommandLineConsumer())));
  }
  // The named files that lead to no derivatives.yaml were reported, not yet
  // shown.
  if (!Targets.AllFound)
    Status = std::max(Status, finishConfigDiagnostics());
  return Status;
}

int runInfosCommand(const char *Argv0) {
  std::optional<Invocation> Inv = makeInvocation(Argv0, RunGoal::Infos);
  if (!Inv)
    return 1;
  Session S(std::move(*Inv));
  std::unique_ptr<Compilation> C =
      S.run(RunGoal::Infos, createCommandLineConsumer());
  if (C->getDiags().hasErrors())
    return finish(std::move(C));
  const DerivativesDatabase &Database = C->getDatabase();
  switch (infosFormat()) {
  case InfosFormat::JSON:
    outs() << formatv("{0:2}", toJSON(Database)) << "\n";
    break;
  case InfosFormat::Formulas:
    printFormulas(Database, outs());
    break;
  case InfosFormat::Summary:
    printSummary(Database, outs());
    break;
  }
  return finish(std::move(C));
}

} // namespace gradgen::driver
