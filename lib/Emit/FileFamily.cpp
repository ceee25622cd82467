//===- FileFamily.cpp - The families of generated files -------------------===//

#include "gradgen/Emit/FileFamily.h"

#include "FileFamilies.h"
#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/FamilyCache.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Emit/Sharding.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Emit/VariableType.h"
#include "gradgen/Schema/DispatcherAPI.h"
#include "gradgen/Schema/SchemaSection.h"
#include "gradgen/Support/ClosestMatch.h"
#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gradgen {

/// The registry: one line a family, in the order they are emitted.
static const FileFamilyInfo FileFamilies[] = {
    {"python-functions",
     "python_functions.h and python_functions*.cpp: the Python classes of "
     "the Nodes",
     createPythonFunctionsFamily,
     [](const Profile &P, std::vector<std::string> &Names) {
       Names.push_back("python_functions.h");
       appendShardedFileNames("python_functions.cpp",
                              PythonFunctionsOptions::of(P).Shards, Names);
     }},
    {"functions", "Functions.h and Functions.cpp: the autograd Nodes",
     createFunctionsFamily,
     [](const Profile &, std::vector<std::string> &Names) {
       Names.insert(Names.end(), {"Functions.h", "Functions.cpp"});
     }},
    {"variable-type",
     "VariableType.h and VariableType_*.cpp: the autograd kernels of every "
     "operator",
     createVariableTypeFamily,
     [](const Profile &P, std::vector<std::string> &Names) {
       Names.push_back("VariableType.h");
       appendShardedFileNames("VariableType.cpp",
                              VariableTypeOptions::of(P).Shards, Names);
     }},
    {"inplace-or-view",
     "ADInplaceOrViewType_*.cpp: the version-counter and view kernels",
     createInplaceOrViewFamily,
     [](const Profile &P, std::vector<std::string> &Names) {
       appendShardedFileNames("ADInplaceOrViewType.cpp",
                              InplaceOrViewOptions::of(P).Shards, Names);
     }},
    {"variable-factories",
     "variable_factories.h: the torch:: factory functions that make Variables",
     createVariableFactoriesFamily,
     [](const Profile &, std::vector<std::string> &Names) {
       Names.push_back("variable_factories.h");
     },
     /*ReadsSchemasOnly=*/true},
    {"trace-type", "TraceType_*.cpp: the tracer's kernels of every operator",
     createTraceTypeFamily,
     [](const Profile &P, std::vector<std::string> &Names) {
       appendShardedFileNames("TraceType.cpp", TraceTypeOptions::of(P).Shards,
                              Names);
     },
     /*ReadsSchemasOnly=*/true},
    {"view-funcs",
     "ViewFuncs.h and ViewFuncs.cpp: the classes that replay views",
     createViewFuncsFamily,
     [](const Profile &, std::vector<std::string> &Names) {
       Names.insert(Names.end(), {"ViewFuncs.h", "ViewFuncs.cpp"});
     }},
    {"python-bindings",
     "python_torch_functions*, python_variable_methods.cpp, "
     "python_<module>_functions.cpp and python_return_types.*: the Python "
     "bindings of the operators",
     createPythonBindingsFamily,
     [](const Profile &P, std::vector<std::string> &Names) {
       const PythonBindingsOptions &Options = PythonBindingsOptions::of(P);
       Names.push_back("python_variable_methods.cpp");
       appendShardedFileNames("python_torch_functions.cpp",
                              Options.TorchFunctionsShards, Names);
       for (const char *Module :
            {"nn", "fft", "linalg", "nested", "sparse", "special"})
         Names.push_back("python_" + std::string(Module) + "_functions.cpp");
       Names.push_back("python_return_types.cpp");
       if (Options.ReturnTypesHeader)
         Names.push_back("python_return_types.h");
     },
     /*ReadsSchemasOnly=*/true},
    {"python-enum-tag",
     "python_enum_tag.cpp: the Python enum torch.Tag of the tags of tags.yaml",
     createPythonEnumTagFamily,
     [](const Profile &, std::vector<std::string> &Names) {
       Names.push_back("python_enum_tag.cpp");
     },
     /*ReadsSchemasOnly=*/true},
};

ArrayRef<FileFamilyInfo> getFileFamilies() { return FileFamilies; }

const FileFamilyInfo *lookupFileFamily(StringRef Name) {
  for (const FileFamilyInfo &Family : FileFamilies)
    if (Name == Family.Name)
      return &Family;
  return nullptr;
}

/// The family closest to the unknown name Name.
static std::optional<StringRef> closestFileFamily(StringRef Name) {
  ClosestMatch Match(Name, defaultMaxEditDistance(Name));
  for (const FileFamilyInfo &Family : FileFamilies)
    Match.consider(Family.Name);
  return Match.get();
}

std::optional<std::vector<const FileFamilyInfo *>>
selectFileFamilies(ArrayRef<Located<std::string>> Names,
                   DiagnosticEngine &Diags) {
  std::vector<bool> Selected(std::size(FileFamilies), Names.empty());
  bool OK = true;
  for (const Located<std::string> &Name : Names) {
    if (const FileFamilyInfo *Family = lookupFileFamily(*Name)) {
      Selected[Family - FileFamilies] = true;
      continue;
    }
    std::string Known;
    for (const FileFamilyInfo &Family : FileFamilies)
      Known += (Known.empty() ? "" : ", ") + std::string(Family.Name);
    auto Diag = Diags.report(diag::emit_unknown_family, Name.loc(),
                            "unknown file family '" + *Name +
                                "' (families: " + Known + ")");
    if (Name.Range.isValid())
      Diag.range(Name.Range);
    if (std::optional<StringRef> Suggestion = closestFileFamily(*Name)) {
      if (Name.Range.isValid())
        Diag.fixIt(Name.Range, *Suggestion);
      Diag.note(Name.loc(), "did you mean '" + *Suggestion + "'?");
    }
    OK = false;
  }
  if (!OK)
    return std::nullopt;
  std::vector<const FileFamilyInfo *> Result;
  for (size_t I = 0; I < Selected.size(); ++I)
    if (Selected[I])
      Result.push_back(&FileFamilies[I]);
  return Result;
}

FileFamily::~FileFamily() = default;

EmitContext::EmitContext(const DerivativesDatabase &Database,
                         const NodeModelSet &Nodes, const Profile &TheProfile,
                         InputFiles &Files, DiagnosticEngine &Diags,
                         VariableTypeListsLoader &KernelLists, unsigned Threads)
    : Database(Database), TheProfile(TheProfile), Inputs(Files), Diags(Diags),
      KernelLists(KernelLists), Threads(Threads), Nodes(Nodes) {}

EmitContext::~EmitContext() = default;

const EmitContext::KernelSignature &
EmitContext::kernelSignature(const NativeFunction &F) {
  std::lock_guard<std::mutex> Lock(KernelSignaturesLock);
  std::unique_ptr<KernelSignature> &Signature = KernelSignatures[&F];
  if (!Signature) {
    Signature = std::make_unique<KernelSignature>();
    Signature->Arguments = dispatcher::arguments(F, cppAPIOptionsOf(*this));
    if (Signature->Arguments)
      Signature->Formals = dispatcher::kernelFormals(*Signature->Arguments);
  }
  return *Signature;
}

unsigned EmitContext::shardOf(StringRef Key, unsigned NumShards) {
  std::lock_guard<std::mutex> Lock(ShardDigestsLock);
  auto [It, Inserted] = ShardDigests.try_emplace(Key);
  if (Inserted)
    It->second = shardDigest(Key);
  return digestShard(It->second, NumShards);
}

const VariableTypeLists *EmitContext::variableTypeLists() const {
  return KernelLists.get(TheProfile, Inputs, Diags);
}

bool EmitContext::forEach(size_t N, function_ref<Error(size_t)> Work) {
  std::vector<Error> Errors;
  Errors.reserve(N);
  for (size_t I = 0; I < N; ++I)
    Errors.push_back(Error::success());
  auto Run = [&](size_t Begin, size_t End) {
    for (size_t I = Begin; I < End; ++I)
      Errors[I] = Work(I);
  };
  ThreadPoolStrategy Strategy = hardware_concurrency(Threads);
  if (Strategy.compute_thread_count() <= 1 || N < 2) {
    Run(0, N);
  } else {
    // Each task writes only its own slots; small chunks balance the load.
    constexpr size_t ChunkSize = 16;
    ThreadPool Pool(Strategy);
    for (size_t Begin = 0; Begin < N; Begin += ChunkSize)
      Pool.async(Run, Begin, std::min(Begin + ChunkSize, N));
    Pool.wait();
  }
  // Report in index order, whatever order the threads finished in.
  bool OK = true;
  for (Error &E : Errors)
    if (E) {
      reportEmitError(std::move(E), Diags);
      OK = false;
    }
  return OK;
}

const NodeModelSet *EmitContext::nodes() {
  if (!Nodes.hasProblems())
    return &Nodes;
  if (!NodeProblemsReported)
    for (const AutogradNode &Node : Nodes.nodes())
      if (Node.Problem)
        reportEmitError(make_error<NodeError>(*Node.Problem), Diags);
  NodeProblemsReported = true;
  return nullptr;
}

bool EmitContext::selectsAny(
    ArrayRef<const DifferentiabilityInfo *> Infos) const {
  return !SelectedInfos || llvm::any_of(Infos, [&](const auto *Info) {
    return SelectedInfos->contains(Info);
  });
}

bool EmitContext::addFile(StringRef Name, std::string Contents) {
  if (!FileNames.insert(Name).second) {
    Diags.report(diag::emit_duplicate_file, SMLoc(),
                "two file families write '" + Name + "'");
    return false;
  }
  if (Observer)
    Observer(Name, Contents);
  if (Sink) {
    Sink(Name, std::move(Contents));
    Files.push_back({Name.str(), std::string()});
    return true;
  }
  Files.push_back({Name.str(), std::move(Contents)});
  return true;
}

bool writeFromTemplate(EmitContext &Context, StringRef FileName,
                       StringRef TemplateName, const CodeTemplate &Template,
                       TemplateEnv &Env, BlockScanCache *Scans) {
  Env.set("generated_comment", TemplateSet::generatedComment(TemplateName));
  std::string Contents;
  if (Error E = Template.substitute(Env, Contents, Scans)) {
    reportEmitError(std::move(E), Context.getDiags());
    return false;
  }
  return Context.addFile(FileName, std::move(Contents));
}

const CppAPIOptions &cppAPIOptionsOf(const EmitContext &Context) {
  return SchemaSection::of(Context.getProfile()).CppAPI;
}

bool loadFamilyTemplates(
    TemplateSet &Templates, EmitContext &Context,
    ArrayRef<std::pair<StringRef, const CodeTemplate **>> Slots) {
  bool OK = true;
  for (auto [Name, Slot] : Slots) {
    Expected<const CodeTemplate &> Template = Templates.get(Name);
    if (!Template) {
      reportTemplateError(Template.takeError(), Context.getDiags(),
                          diag::emit_template);
      OK = false;
      continue;
    }
    *Slot = &*Template;
  }
  return OK;
}

bool loadPyTorchTemplate(TemplateSet &Templates, EmitContext &Context,
                         StringRef FileName, PlaceholderNames Fills,
                         const CodeTemplate *&Slot) {
  TemplateLoader Loader(Templates, Context.getDiags());
  Slot = Loader.getPyTorch(FileName, Fills);
  return Slot;
}

std::string substituteOrReport(const CodeTemplate &Template,
                               const TemplateEnv &Env, EmitContext &Context) {
  std::string Text;
  if (Error E = Template.substitute(Env, Text))
    reportEmitError(std::move(E), Context.getDiags());
  return Text;
}

/// Family's files, from Cache if it has them; a family emitted without a
/// diagnostic leaves them there for the next run.
static bool emitThroughCache(const FileFamilyInfo &Info, FileFamily &Family,
                             EmitContext &Context, FamilyCache &Cache) {
  if (std::optional<FamilyCache::Entry> Cached = Cache.lookup(Info.Name)) {
    // Named after the family: --time-trace totals every name, however short.
    TimeTraceScope Scope(("Copy cached " + Twine(Info.Name)).str());
    for (auto [Name, Contents] : Cached->Files)
      if (!Context.addFile(Name, Contents.str()))
        return false;
    return true;
  }
  std::unique_ptr<FamilyCache::Recorder> Recorder = Cache.record(Info.Name);
  if (Recorder)
    Context.setFileObserver([&](StringRef Name, StringRef Contents) {
      Recorder->add(Name, Contents);
    });
  const DiagnosticEngine &Diags = Context.getDiags();
  unsigned Reported = Diags.getNumErrors() + Diags.getNumWarnings();
  bool OK = Family.emit(Context);
  Context.setFileObserver(nullptr);
  if (OK && Recorder &&
      Diags.getNumErrors() + Diags.getNumWarnings() == Reported)
    Recorder->commit();
  return OK;
}

std::optional<std::vector<GeneratedFile>>
emitFileFamilies(ArrayRef<const FileFamilyInfo *> Families,
                 TemplateSet &Templates, EmitContext &Context,
                 FamilyCache *Cache) {
  std::vector<std::unique_ptr<FileFamily>> Loaded;
  bool OK = true;
  for (const FileFamilyInfo *Info : Families) {
    Loaded.push_back(Info->Create());
    OK &= Loaded.back()->loadTemplates(Templates, Context);
  }
  if (!OK)
    return std::nullopt;
  for (auto [Info, Family] : zip(Families, Loaded))
    if (!(Cache && Cache->enabled() && Info->ReadsSchemasOnly
              ? emitThroughCache(*Info, *Family, Context, *Cache)
              : Family->emit(Context)))
      return std::nullopt;
  if (Context.getDiags().hasErrors())
    return std::nullopt;
  return Context.takeFiles();
}

} // namespace gradgen
