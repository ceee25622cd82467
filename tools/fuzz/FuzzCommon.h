//===- FuzzCommon.h - What the fuzz targets share ---------------*- C++ -*-===//
//
// Each target of tools/fuzz feeds one input to one of gradgen's readers with
// the same steps the gradgen tool takes, diagnostics discarded: any crash,
// sanitizer report, hang or leak is a bug. The fixed inputs (a small
// native_functions.yaml, the default profile) come from the source tree.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TOOLS_FUZZ_FUZZCOMMON_H
#define GRADGEN_TOOLS_FUZZ_FUZZCOMMON_H

#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaIndex.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/Profile.h"

#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <memory>

namespace gradgen {
class FormulaStage;
struct VariableTypeLists;
}

namespace gradgen::fuzz {

/// The fixed world of one fuzzing process: the default profile and the
/// operators of test/Formula/Inputs/native_functions.yaml.
struct FixedInputs {
  llvm::SourceMgr SM;
  DiagnosticEngine Diags{SM};
  InputFiles Files{SM};
  Profile TheProfile;
  CppAPIOptions CppOptions;
  std::unique_ptr<NativeFunctionSet> Functions;
  std::unique_ptr<SchemaIndex> Index;
  /// The profile's lists of the autograd kernels.
  const VariableTypeLists *Lists = nullptr;

  static FixedInputs &get();
};

/// Adds Data to SM as a buffer named Name.
unsigned addBuffer(llvm::SourceMgr &SM, const uint8_t *Data, size_t Size,
                   llvm::StringRef Name);

/// Reads Text as derivatives.yaml against the fixed inputs, through the
/// Derivatives stage, the autograd kernels' checks and, if Formulas is
/// given, the Formula stage: the steps of Compilation::runDerivativesStages.
void loadDerivatives(llvm::StringRef Text, FormulaStage *Formulas);

} // namespace gradgen::fuzz

#endif // GRADGEN_TOOLS_FUZZ_FUZZCOMMON_H
