//===- GradcheckImpl.h - The steps of a gradcheck run -----------*- C++ -*-===//
//
// Private to the Gradcheck library: the operators a run checks and their
// samples (Selection.cpp), the library and harness it builds (Build.cpp),
// and the run of the harness and its results (Gradcheck.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_GRADCHECK_GRADCHECKIMPL_H
#define GRADGEN_LIB_GRADCHECK_GRADCHECKIMPL_H

#include "Toolchain.h"

#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Gradcheck/Gradcheck.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SMLoc.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {

class Compilation;

/// The sample table's row of one operator.
struct SampleRow {
  llvm::SMLoc Loc;
  /// Argument name -> spec (see Harness/Samples.cpp).
  std::map<std::string, std::string> Arguments;
  std::optional<std::string> Shape, Domains, Skip;
  bool Complex = true;
};

/// An operator a run checks: its function and its "Default" info.
struct CheckedOperator {
  const NativeFunction *Func = nullptr;
  const DifferentiabilityInfo *Info = nullptr;
  /// Every info of the function (one a dispatch key): its kernels use them.
  std::vector<const DifferentiabilityInfo *> AllInfos;
  std::string Name;
  const SampleRow *Row = nullptr;
  /// Why the operator is not run (the selection or its row says so);
  /// empty if it is.
  std::string SkipReason = {};
};

/// The operators Names selects (every one with a formula if Names is
/// empty); nothing after reporting a name that selects none.
std::optional<std::vector<CheckedOperator>>
selectOperators(Compilation &C, llvm::ArrayRef<std::string> Names);

/// Reads the profile's sample table and Extra; false after reporting errors.
bool readSampleTables(Compilation &C, llvm::ArrayRef<std::string> Extra,
                      llvm::StringMap<SampleRow> &Table);

/// The harness's plan: case 2i is operator i on real inputs, 2i+1 on
/// complex ones.
std::string writePlan(llvm::ArrayRef<CheckedOperator> Operators,
                      bool SecondOrder);

/// The name a return has in formulas: its own, `result`, or `resultN`.
std::string returnName(const NativeFunction &F, size_t Index);

/// What a run builds: the kernel library and the harness.
struct BuiltHarness {
  std::string Library, Harness;
};

/// Emits the Nodes and kernels of Operators, builds them with the checkout's
/// FunctionsManual.cpp into a library, and the harness. Nothing after
/// reporting a located build error.
std::optional<BuiltHarness> buildHarness(Compilation &C, const Toolchain &T,
                                         llvm::ArrayRef<CheckedOperator> Ops,
                                         const GradcheckOptions &Options);

} // namespace gradgen

#endif // GRADGEN_LIB_GRADCHECK_GRADCHECKIMPL_H
