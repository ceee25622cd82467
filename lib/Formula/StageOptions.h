//===- StageOptions.h - How the Formula stage compiles a unit ---*- C++ -*-===//
//
// Private to the Formula stage: the compiler options of a formula's unit,
// from the stage's options and the profile, the same for the check and for
// the editor's assistant (Assistant/).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_STAGEOPTIONS_H
#define GRADGEN_LIB_FORMULA_STAGEOPTIONS_H

#include "Unit/FormulaCompiler.h"

#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace gradgen::formula {

/// How the formulas' units are compiled for Options and the profile P;
/// relative paths resolve in FS.
FormulaCompilerOptions
compilerOptions(const FormulaAnalysisOptions &Options, const Profile &P,
                llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_STAGEOPTIONS_H
