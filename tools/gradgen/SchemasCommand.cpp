//===- SchemasCommand.cpp - gradgen schemas -------------------------------===//
//
// Prints every native function as torchgen's str(f.func), generated variants
// included, in torchgen's order; or, with --format=json, the model and C++
// API of each; or, with --resolve-derivatives, checks that every `name:` of a
// derivatives.yaml names a schema.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gradgen/Schema/SchemaSection.h"
#include "gradgen/Support/Profile.h"

#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaIndex.h"
#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand SchemasCommand("schemas",
                              "Print every operator schema of "
                              "native_functions.yaml in torchgen's form");

static cl::opt<std::string>
    NativeFunctionsPath("native-functions", cl::desc("native_functions.yaml"),
                        cl::value_desc("file"), cl::Required,
                        cl::sub(SchemasCommand), cl::cat(GradgenCategory));

static cl::opt<std::string>
    TagsPath("tags",
             cl::desc("tags.yaml (default: tags.yaml next to "
                      "--native-functions)"),
             cl::value_desc("file"), cl::sub(SchemasCommand),
             cl::cat(GradgenCategory));

static cl::opt<std::string>
    SchemaProfile("profile",
                  cl::desc("The PyTorch whose torchgen to follow: "
                           "pytorch-2.14 (default) or pytorch-1.13"),
                  cl::init("pytorch-2.14"), cl::sub(SchemasCommand),
                  cl::cat(GradgenCategory));
// The name this option had first; scripts may still use it.
static cl::opt<std::string> TorchVersion("torch-version", cl::Hidden,
                                         cl::desc("Same as --profile"),
                                         cl::sub(SchemasCommand),
                                         cl::cat(GradgenCategory));

enum class SchemasFormat { Text, JSON };
static cl::opt<SchemasFormat>
    Format("format", cl::desc("Output format"),
           cl::values(clEnumValN(SchemasFormat::Text, "text",
                                 "one schema per line (default)"),
                      clEnumValN(SchemasFormat::JSON, "json",
                                 "every function with its model and C++ API")),
           cl::init(SchemasFormat::Text), cl::sub(SchemasCommand),
           cl::cat(GradgenCategory));

static cl::opt<bool>
    NoGenerated("no-generated",
                cl::desc("Leave out the variants torchgen generates"),
                cl::sub(SchemasCommand), cl::cat(GradgenCategory));

static cl::opt<std::string> ResolveDerivatives(
    "resolve-derivatives",
    cl::desc("Check that every 'name:' of this derivatives.yaml is a schema "
             "(prints a summary instead of the schemas)"),
    cl::value_desc("file"), cl::sub(SchemasCommand), cl::cat(GradgenCategory));

static json::Value variantsJSON(const VariantSet &Variants) {
  json::Array Result;
  if (Variants.Function)
    Result.push_back("function");
  if (Variants.Method)
    Result.push_back("method");
  return Result;
}

static json::Value bindingsJSON(const std::optional<std::vector<Binding>> &Bs) {
  if (!Bs)
    return nullptr;
  json::Array Result;
  for (const Binding &B : *Bs) {
    json::Object Object{{"name", B.Name}, {"type", B.type()}};
    if (B.Default)
      Object["default"] = *B.Default;
    Result.push_back(std::move(Object));
  }
  return Result;
}

static json::Value functionJSON(const NativeFunction &F,
                                const CppAPIOptions &Cpp) {
  const FunctionSchema &Func = F.func();
  json::Array Tags;
  for (const Located<std::string> &Tag : F.Tags)
    Tags.push_back(*Tag);
  json::Array Dispatch;
  for (const DispatchEntry &E : F.Dispatch)
    Dispatch.push_back(json::Object{{"key", E.Key}, {"kernel", E.Kernel}});
  CppArgumentContext Context = CppArgumentContext::forFunction(F);
  auto Returns = [&](bool SymInt) -> json::Value {
    if (auto T = cpp::returnsType(Func.Returns, SymInt, Context, Cpp))
      return T->cppType();
    return nullptr;
  };
  json::Array ReturnNames;
  for (const std::string &Name : cpp::returnNames(Func))
    ReturnNames.push_back(Name);
  json::Object Object{
      {"schema", Func.str()},
      {"name", Func.Name.str()},
      {"namespace", F.Namespace},
      {"kind", schemaKindName(Func.kind())},
      {"generated", F.isGenerated()},
      {"variants", variantsJSON(*F.Variants)},
      {"tags", std::move(Tags)},
      {"dispatch", std::move(Dispatch)},
      {"is_abstract", F.IsAbstract},
      {"is_view_op", F.IsViewOp},
      {"structured", *F.Structured},
      {"signature", Func.signature().str()},
      {"cpp_name", cpp::name(Func)},
      {"cpp_arguments", bindingsJSON(cpp::signatureArguments(F, false, Cpp))},
      {"cpp_returns", Returns(false)},
      {"cpp_return_names", std::move(ReturnNames)}};
  if (const std::optional<OperatorName> &Delegate = *F.StructuredDelegate)
    Object["structured_delegate"] = Delegate->str();
  if (Func.hasSymInt()) {
    Object["cpp_symint_arguments"] =
        bindingsJSON(cpp::signatureArguments(F, true, Cpp));
    Object["cpp_symint_returns"] = Returns(true);
  }
  return Object;
}

/// Resolves every `name:` of a derivatives.yaml as load_derivatives does,
/// reporting each that names no schema.
static void resolveDerivatives(const NativeFunctionSet &Set,
                               DriverContext &Context) {
  std::optional<YAMLSource> Derivatives =
      YAMLSource::load(ResolveDerivatives, Context.SourceMgr, Context.Diags);
  if (!Derivatives)
    return;
  if (!Derivatives->root().isSequence()) {
    Context.Diags.report(diag::derivatives_invalid_entry,
                         Derivatives->root().loc(),
                         "expected a list of '- name:' entries");
    return;
  }
  SchemaIndex Index(Set);
  // 1.13 leaves view_copy functions out of the lookup; say so when a name
  // misses only because of that.
  std::optional<SchemaIndex> WithCopies;
  if (!Set.getOptions().LookupIncludesViewCopies)
    WithCopies.emplace(Set, /*IncludeCopy=*/true);
  unsigned Total = 0, Resolved = 0;
  for (const YAMLNode &Entry : Derivatives->root().items()) {
    const YAMLNode *Name = Entry.lookup("name");
    if (!Name || !Name->isScalar()) {
      Context.Diags.report(diag::derivatives_invalid_entry, Entry.loc(),
                           "expected a '- name: SCHEMA' entry");
      continue;
    }
    ++Total;
    StringRef Schema = Name->scalar();
    if (Index.lookupSchema(Schema)) {
      ++Resolved;
      continue;
    }
    DiagnosticBuilder Diag =
        reportUnknownSchema(Name->located(), Index, Context.Diags);
    if (WithCopies)
      if (const NativeFunction *Copy = WithCopies->lookupSchema(Schema))
        Diag.note(Copy->funcLoc(),
                  "this is a view_copy function, which " +
                      Set.getOptions().GeneratorName +
                      " leaves out of the schema lookup");
  }
  outs() << "resolved " << Resolved << " of " << Total
         << " derivatives.yaml names\n";
}

int runSchemasCommand(DriverContext &Context, const char *Argv0) {
  bool ByVersion = TorchVersion.getNumOccurrences() > 0;
  std::string ProfileName = ByVersion ? TorchVersion : SchemaProfile;
  if (ByVersion && !StringRef(ProfileName).startswith("pytorch-"))
    ProfileName = "pytorch-" + ProfileName;
  std::optional<Profile> TheProfile =
      loadProfile(ProfileName, findTemplatesRoot("", Argv0),
                  Context.SourceMgr, Context.Diags);
  if (!TheProfile)
    return Context.finish();
  const SchemaSection &Schema = SchemaSection::of(*TheProfile);
  const SchemaOptions &Options = Schema.Schema;
  const CppAPIOptions &Cpp = Schema.CppAPI;

  std::string Tags = TagsPath;
  if (Tags.empty()) {
    SmallString<256> Sibling = sys::path::parent_path(NativeFunctionsPath);
    sys::path::append(Sibling, "tags.yaml");
    Tags = std::string(Sibling);
  }
  std::unique_ptr<NativeFunctionSet> Set = NativeFunctionSet::load(
      NativeFunctionsPath, Tags, Options, Context.SourceMgr, Context.Diags);
  if (!Set)
    return Context.finish();

  if (!ResolveDerivatives.empty()) {
    resolveDerivatives(*Set, Context);
    return Context.finish();
  }

  if (Format == SchemasFormat::JSON) {
    // One function per line keeps the array greppable.
    outs() << "[";
    bool First = true;
    for (const NativeFunction *F : Set->functions()) {
      if (NoGenerated && F->isGenerated())
        continue;
      outs() << (First ? "\n" : ",\n") << functionJSON(*F, Cpp);
      First = false;
    }
    outs() << "\n]\n";
    return Context.finish();
  }
  for (const NativeFunction *F : Set->functions())
    if (!(NoGenerated && F->isGenerated()))
      outs() << F->func().str() << "\n";
  return Context.finish();
}

} // namespace gradgen::driver
