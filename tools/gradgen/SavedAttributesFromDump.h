//===- SavedAttributesFromDump.h - Dev-only saved attributes ---*- C++ -*-===//
//
// DEVELOPMENT ONLY: saved attributes copied from a dump of torchgen's infos,
// to check the emitters against PyTorch until the Formula stage computes
// them. See SavedAttributesFromDump.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TOOLS_SAVEDATTRIBUTESFROMDUMP_H
#define GRADGEN_TOOLS_SAVEDATTRIBUTESFROMDUMP_H

#include "gradgen/Derivatives/LoadDerivatives.h"

#include <memory>

namespace gradgen::driver {

/// Reads Path, written by utils/dump-torchgen-infos.py. Errors are reported
/// to Diags.
std::unique_ptr<SavedAttributeAnalysis>
readSavedAttributeDump(llvm::StringRef Path, DiagnosticEngine &Diags);

} // namespace gradgen::driver

#endif // GRADGEN_TOOLS_SAVEDATTRIBUTESFROMDUMP_H
