//===- Toolchain.h - Compiling against libtorch, cached by content -*- C++ -*-//
//
// Private to the Gradcheck library. Every product (object, library, harness)
// is kept under the cache folder by a hash of everything that decides it:
// the compiler and its version, the flags, the libtorch, and the bytes of
// its inputs. A product is written to a temporary file and renamed into
// place, so a failed or interrupted build leaves nothing half-built, and
// runs may share the cache. A run prunes the cache when it ends, by the
// policy of --cache-policy (docs/gradcheck.md).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_GRADCHECK_TOOLCHAIN_H
#define GRADGEN_LIB_GRADCHECK_TOOLCHAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// A libtorch install: its headers and libraries.
struct LibtorchInstall {
  std::string Prefix, LibDir;
  std::vector<std::string> IncludeDirs;
  /// TORCH_VERSION of its version.h, e.g. "1.13.0".
  std::string Version;

  /// Finds the install at Prefix; an error says what is missing.
  static llvm::Expected<LibtorchInstall> find(llvm::StringRef Prefix);
};

/// The first error of a failed compile or link.
struct BuildFailure {
  /// The file and line the compiler names; empty for a link error.
  std::string File;
  unsigned Line = 0;
  std::string Message;
  /// The whole output, for --verbose.
  std::string Output;
};

class Toolchain {
public:
  /// Compiler and CachePolicy: as GradcheckOptions::Compiler and
  /// GradcheckOptions::CachePolicy.
  static llvm::Expected<Toolchain> create(std::string Compiler,
                                          std::string CacheDir,
                                          llvm::StringRef CachePolicy,
                                          LibtorchInstall Libtorch);

  const LibtorchInstall &libtorch() const { return Libtorch; }

  /// A hash of Parts and the toolchain's identity, for a cache key.
  std::string key(llvm::ArrayRef<llvm::StringRef> Parts) const;
  /// The cached product Key+Suffix, if present.
  std::optional<std::string> lookup(llvm::StringRef Key,
                                    llvm::StringRef Suffix) const;

  /// Compiles Sources into the product Key+Suffix with Flags (an object
  /// with -c, else an executable or library); libraries follow the sources.
  /// Returns its path, or the failure.
  llvm::Expected<std::string> build(llvm::StringRef Key, llvm::StringRef Suffix,
                                    llvm::ArrayRef<std::string> Flags,
                                    llvm::ArrayRef<std::string> Sources,
                                    std::optional<BuildFailure> &Failure) const;

  /// Flags every compile of code against the libtorch uses.
  std::vector<std::string> compileFlags() const;
  /// Flags linking against the libtorch.
  std::vector<std::string> linkFlags() const;

  const std::string &cacheDir() const { return CacheDir; }
  /// Removes what the cache policy says of the cache: products by age and
  /// by the cache's size (llvm::pruneCache), and the folders of sources
  /// that builds wrote by age.
  void prune() const;
  /// Clang, which can precompile a header.
  bool isClang() const {
    return llvm::StringRef(Compiler).contains("clang");
  }

private:
  /// Where the product Key+Suffix is kept.
  std::string productPath(llvm::StringRef Key, llvm::StringRef Suffix) const;

  std::string Compiler, Identity, CacheDir;
  llvm::CachePruningPolicy Policy;
  LibtorchInstall Libtorch;
};

/// The first error of a compiler's Output.
BuildFailure firstBuildError(llvm::StringRef Output);

} // namespace gradgen

#endif // GRADGEN_LIB_GRADCHECK_TOOLCHAIN_H
