//===- KernelFamily.h - Sharded files of per-operator kernels ---*- C++ -*-===//
//
// Private to the Emit library: what the ADInplaceOrViewType and TraceType
// families share. Each writes, per operator, a kernel definition, its
// registration and its ops header include, from the templates
// method_definition, registration and ops_header of the family's folder,
// into the sections of a sharded file.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_EMIT_KERNELFAMILY_H
#define GRADGEN_LIB_EMIT_KERNELFAMILY_H

#include "NamedTemplates.h"

#include "gradgen/Emit/FileFamily.h"
#include "gradgen/Emit/Sharding.h"
#include "gradgen/Emit/VariableType.h"

#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// One operator's kernel: the three texts a sharded kernel file lists.
struct KernelText {
  std::string Definition, Registration, OpsHeader;
};

/// Renders a kernel family's templates; the families' writers derive from it.
class KernelWriter {
public:
  KernelWriter(EmitContext &Emit, const VariableTypeLists &Lists,
               const CppAPIOptions &CppOptions,
               const NamedTemplates &Templates)
      : Emit(Emit), Lists(Lists), CppOptions(CppOptions), Templates(Templates) {
  }

protected:
  std::string subst(llvm::StringRef Name, const TemplateEnv &Env) {
    return substituteOrReport(*Templates.lookup(Name), Env, Emit);
  }
  /// subst() of Name with the environment Fill makes, which depends on Key
  /// alone. Kept once clean: per-argument snippets recur across thousands
  /// of kernels. The text lives as long as this writer.
  llvm::StringRef substFor(llvm::StringRef Name, llvm::StringRef Key,
                           llvm::function_ref<void(TemplateEnv &)> Fill);
  /// F's kernel: returning ReturnType, taking Formals, doing Body.
  KernelText render(const NativeFunction &F, llvm::StringRef ReturnType,
                    llvm::StringRef Formals, std::vector<std::string> Body);

  EmitContext &Emit;
  const VariableTypeLists &Lists;
  const CppAPIOptions &CppOptions;
  const NamedTemplates &Templates;

private:
  SubstitutionMemo Memo;
};

/// A family of sharded files from PyTorch's template File (`TraceType.cpp`:
/// TraceType_N.cpp and TraceTypeEverything.cpp), whose sections are
/// ops_headers, <Prefix>_method_definitions and
/// <Prefix>_wrapper_registrations, with the profile's snippets in Folder.
class ShardedKernelFamily : public FileFamily {
protected:
  ShardedKernelFamily(llvm::StringRef Folder, llvm::StringRef File,
                      llvm::StringRef Prefix)
      : Folder(Folder), File(File), Prefix(Prefix) {}

  /// Loads the kernel templates Folder/<Name>.tmpl for each of Names and
  /// PyTorch's file template.
  bool loadKernelTemplates(TemplateSet &Templates, EmitContext &Emit,
                           llvm::ArrayRef<const char *> Names);
  ShardedFile shardedFiles(unsigned NumShards) const;
  /// Adds F's kernel to the shard of F's root name.
  void append(ShardedFile &Files, const NativeFunction &F, KernelText Kernel,
              EmitContext &Emit) const;
  /// Writes the files unless an error was reported.
  bool write(ShardedFile &Files, EmitContext &Emit) const;

  std::optional<CppAPIOptions> CppOptions;
  const VariableTypeLists *Lists = nullptr;
  NamedTemplates KernelTemplates;

private:
  std::string Folder, File, Prefix;
  const CodeTemplate *FileTemplate = nullptr;
};

} // namespace gradgen

#endif // GRADGEN_LIB_EMIT_KERNELFAMILY_H
