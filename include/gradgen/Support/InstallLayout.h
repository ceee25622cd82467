//===- InstallLayout.h - Where gradgen's data is found ----------*- C++ -*-===//
//
// gradgen finds its profiles and documentation relative to its own
// executable, never through a path of the tree it was built from: an
// installed prefix can be moved, and a package installs anywhere. The build
// tree has the installed layout too (bin/gradgen beside share/gradgen/, whose
// folders link to the source tree).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_INSTALLLAYOUT_H
#define GRADGEN_SUPPORT_INSTALLLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace gradgen {

/// The path of Parts under ../share next to the running executable (found
/// through Argv0 where the system cannot say).
std::string installedDataPath(const char *Argv0,
                              llvm::ArrayRef<llvm::StringRef> Parts);

} // namespace gradgen

#endif // GRADGEN_SUPPORT_INSTALLLAYOUT_H
