//===- FileFamily.h - A family of generated files ---------------*- C++ -*-===//
//
// What `gradgen generate` writes comes in families, in the spirit of
// TableGen's backends: each family loads its templates from the profile
// folder, reads the shared EmitContext (the infos, the profile, the Node
// models) and adds its files to the output. Functions.h/.cpp (`functions`)
// and python_functions* (`python-functions`) are two families; profile.yaml
// lists the families of its PyTorch version (`families:`), and
// `gradgen generate --families a,b` selects some of them.
//
// Adding a family:
//
//   1. Derive from FileFamily: loadTemplates() gets every template the
//      family needs from the TemplateSet up front (emit() may run work on
//      several threads, which must not touch the TemplateSet), emit() adds
//      the files with EmitContext::addFile. EmitContext::nodes() gives the
//      Node models, EmitContext::forEach() runs per-item work on -j threads
//      and reports errors in item order, and Sharding.h splits a file into
//      shards as torchgen's FileManager.write_sharded does.
//   2. Add a line to the registry table in FileFamily.cpp.
//   3. Add its templates to templates/<profile>/, its name to the
//      profile's `families:`, and lists its files (ListFiles, OutputList.h),
//      which build systems read before generate runs (`gradgen outputs`).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_FILEFAMILY_H
#define GRADGEN_EMIT_FILEFAMILY_H

#include "gradgen/Autograd/NodeModelSet.h"
#include "gradgen/Derivatives/DifferentiabilityInfo.h"
#include "gradgen/Emit/Sharding.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/PythonAPI.h"
#include "gradgen/Support/Located.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
}

namespace gradgen {

class BlockScanCache;
class CodeTemplate;
class DiagnosticEngine;
class FamilyCache;
class TagSet;
class TemplateEnv;
class TemplateSet;
struct VariableTypeLists;
class VariableTypeListsLoader;

struct GeneratedFile {
  /// The file name, relative to the output directory.
  std::string Name;
  std::string Contents;
};

/// What the families of one run share: the inputs, the run's Nodes, the
/// threads, and the files written so far.
class EmitContext {
public:
  /// Threads: how many threads forEach() uses (0: one per hardware thread);
  /// the output does not depend on it.
  /// KernelLists gives the kernel families the run's VariableType lists;
  /// Nodes are the Node models of Database.
  EmitContext(const DerivativesDatabase &Database, const NodeModelSet &Nodes,
              const Profile &TheProfile, InputFiles &Files,
              DiagnosticEngine &Diags, VariableTypeListsLoader &KernelLists,
              unsigned Threads = 0);
  ~EmitContext();

  const DerivativesDatabase &getDatabase() const { return Database; }
  const Profile &getProfile() const { return TheProfile; }
  /// What the families read through (the view-function list, templates).
  InputFiles &getInputFiles() const { return Inputs; }
  DiagnosticEngine &getDiags() const { return Diags; }
  /// The profile's VariableType lists, read on the first call; null after
  /// reporting an error. Ask in FileFamily::loadTemplates, not on forEach()'s
  /// threads.
  const VariableTypeLists *variableTypeLists() const;

  /// The Nodes of the database in torchgen's order (the infos hasNode()
  /// accepts); null after reporting why some Node cannot be built (on the
  /// first call).
  const NodeModelSet *nodes();

  /// Runs Work(I) for every I in [0, N), on several threads, each index
  /// once. Errors are reported (reportEmitError) in index order after all
  /// work is done. Returns false if there were any.
  bool forEach(size_t N, llvm::function_ref<llvm::Error(size_t)> Work);

  /// forEach for work that computes a value: the values of Work(0) to
  /// Work(N - 1), in order, or nothing after reporting errors.
  template <typename T>
  std::optional<std::vector<T>>
  map(size_t N, llvm::function_ref<llvm::Expected<T>(size_t)> Work) {
    std::vector<T> Values(N);
    bool OK = forEach(N, [&](size_t I) -> llvm::Error {
      llvm::Expected<T> Value = Work(I);
      if (!Value)
        return Value.takeError();
      Values[I] = std::move(*Value);
      return llvm::Error::success();
    });
    if (!OK)
      return std::nullopt;
    return Values;
  }

  /// What the autograd kernels of every family (VariableType, TraceType,
  /// ADInplaceOrViewType, ViewFuncs) see of an operator: its dispatcher
  /// arguments (dispatcher::arguments) and kernel parameter list
  /// (dispatcher::kernelFormals) under the profile's C++ API options
  /// (cppAPIOptionsOf), computed once a run. Safe to call from several
  /// threads; the result lives as long as the context.
  struct KernelSignature {
    std::optional<std::vector<Binding>> Arguments;
    std::optional<std::string> Formals;
  };
  const KernelSignature &kernelSignature(const NativeFunction &F);

  /// The entries of deprecated.yaml the Python bindings add as deprecated
  /// overloads; empty when the run reads none.
  llvm::ArrayRef<DeprecatedSignature> deprecatedSignatures() const {
    return DeprecatedEntries;
  }
  void setDeprecatedSignatures(llvm::ArrayRef<DeprecatedSignature> Entries) {
    DeprecatedEntries = Entries;
  }

  /// stableHashShard(Key, NumShards), each key hashed once a run: the kernel
  /// families shard every overload of an operator, and each other's
  /// operators, by the same names. Safe to call from several threads.
  unsigned shardOf(llvm::StringRef Key, unsigned NumShards);

  /// The tags of tags.yaml; null if the run read none.
  const TagSet *getTags() const { return Tags; }
  void setTags(const TagSet *RunTags) { Tags = RunTags; }
  /// Restricts the Node classes and autograd kernels the families write to
  /// those of Infos (`gradgen gradcheck` builds only what it checks); null:
  /// every one. The set outlives the context.
  void
  setSelectedInfos(const llvm::DenseSet<const DifferentiabilityInfo *> *Infos) {
    SelectedInfos = Infos;
  }
  /// Whether the families write the Node and kernels of Info.
  bool selects(const DifferentiabilityInfo &Info) const {
    return !SelectedInfos || SelectedInfos->contains(&Info);
  }
  /// Whether the families write the kernels of a function using Infos.
  bool selectsAny(llvm::ArrayRef<const DifferentiabilityInfo *> Infos) const;

  /// Adds the file Name (relative to the output directory). Returns false
  /// after reporting an error if another family already wrote it.
  bool addFile(llvm::StringRef Name, std::string Contents);
  /// The files added so far; with a sink, their Contents are empty.
  std::vector<GeneratedFile> takeFiles() { return std::move(Files); }

  /// Hands every file added from now on to Sink instead of keeping its
  /// contents, so that a run that writes its files need not hold all of them
  /// in memory at once.
  using FileSink = std::function<void(llvm::StringRef Name, std::string)>;
  void setFileSink(FileSink Sink) { this->Sink = std::move(Sink); }
  /// Shows every file added from now on to Observer first; null: none.
  using FileObserver =
      std::function<void(llvm::StringRef Name, llvm::StringRef Contents)>;
  void setFileObserver(FileObserver Observer) {
    this->Observer = std::move(Observer);
  }

private:
  const DerivativesDatabase &Database;
  const Profile &TheProfile;
  InputFiles &Inputs;
  DiagnosticEngine &Diags;
  VariableTypeListsLoader &KernelLists;
  unsigned Threads;
  const NodeModelSet &Nodes;
  const TagSet *Tags = nullptr;
  const llvm::DenseSet<const DifferentiabilityInfo *> *SelectedInfos = nullptr;
  bool NodeProblemsReported = false;
  std::vector<GeneratedFile> Files;
  llvm::StringSet<> FileNames;
  FileSink Sink;
  FileObserver Observer;
  std::mutex KernelSignaturesLock;
  llvm::DenseMap<const NativeFunction *, std::unique_ptr<KernelSignature>>
      KernelSignatures;
  llvm::ArrayRef<DeprecatedSignature> DeprecatedEntries;
  std::mutex ShardDigestsLock;
  llvm::StringMap<ShardDigest> ShardDigests;
};

class FileFamily {
public:
  virtual ~FileFamily();

  /// Reads and compiles every template the family uses from Templates (the
  /// profile's folder). Returns false after reporting errors.
  virtual bool loadTemplates(TemplateSet &Templates, EmitContext &Context) = 0;

  /// Adds the family's files to Context. Returns false after reporting
  /// errors.
  virtual bool emit(EmitContext &Context) = 0;
};

/// A family gradgen knows.
struct FileFamilyInfo {
  /// The name profile.yaml and --families use, e.g. `python-functions`.
  const char *Name;
  /// One line for --help.
  const char *Description;
  std::unique_ptr<FileFamily> (*Create)();
  /// Appends the files the family writes with a profile, in the order it
  /// writes them (its shard counts are the profile's): the list build
  /// systems read before generate runs (`gradgen outputs`, OutputList.h).
  void (*ListFiles)(const Profile &TheProfile, std::vector<std::string> &Names);
  /// The family reads the native functions, tags and profile, never an info
  /// or a Node: FamilyCache may keep its files from one run to the next.
  bool ReadsSchemasOnly = false;
};

/// Every family, in the order they are emitted (PyTorch's build order).
llvm::ArrayRef<FileFamilyInfo> getFileFamilies();

/// The family Name, or null.
const FileFamilyInfo *lookupFileFamily(llvm::StringRef Name);

/// The families Names selects, in registry order. Names come from the
/// command line, if it names any, else from the profile (each located in
/// profile.yaml); an unknown name is an error, with the closest family's
/// name as a suggestion. An empty list selects every family.
std::optional<std::vector<const FileFamilyInfo *>>
selectFileFamilies(llvm::ArrayRef<Located<std::string>> Names,
                   DiagnosticEngine &Diags);

/// torchgen's FileManager.write_with_template: substitutes Template, which
/// was read from the profile's file TemplateName, into the file FileName,
/// with `generated_comment` naming the template. Returns false after
/// reporting errors. Scans: see CodeTemplate::substitute.
bool writeFromTemplate(EmitContext &Context, llvm::StringRef FileName,
                       llvm::StringRef TemplateName,
                       const CodeTemplate &Template, TemplateEnv &Env,
                       BlockScanCache *Scans = nullptr);

/// The C++ API spellings of the profile (its schema: section).
const CppAPIOptions &cppAPIOptionsOf(const EmitContext &Context);

/// A placeholder list of PyTorch's file templates.
using PlaceholderNames = std::initializer_list<llvm::StringRef>;

/// PyTorch's file template FileName into Slot, whose placeholders must be
/// Fills (TemplateSet::getPyTorch). Returns false after reporting why not.
bool loadPyTorchTemplate(TemplateSet &Templates, EmitContext &Context,
                         llvm::StringRef FileName, PlaceholderNames Fills,
                         const CodeTemplate *&Slot);

/// Gets each named template of the profile into its slot. Returns false
/// after reporting every one that cannot be read or compiled.
bool loadFamilyTemplates(
    TemplateSet &Templates, EmitContext &Context,
    llvm::ArrayRef<std::pair<llvm::StringRef, const CodeTemplate **>> Slots);

/// Template substituted with Env; reports an error (and returns what was
/// substituted) if a placeholder has no value.
std::string substituteOrReport(const CodeTemplate &Template,
                               const TemplateEnv &Env, EmitContext &Context);

/// Loads the templates of every family in Families, then emits them in
/// order, copying the files of those that read only the schemas from Cache
/// where it has them. Returns the files, or nothing after reporting errors.
std::optional<std::vector<GeneratedFile>>
emitFileFamilies(llvm::ArrayRef<const FileFamilyInfo *> Families,
                 TemplateSet &Templates, EmitContext &Context,
                 FamilyCache *Cache = nullptr);

} // namespace gradgen

#endif // GRADGEN_EMIT_FILEFAMILY_H
