//===- SchemaSection.cpp - The profile's schema: section ------------------===//

#include "gradgen/Schema/SchemaSection.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen {

/// Reads the keys of SchemaOptions that are switches.
static void readSchemaSwitches(ProfileSectionReader &Reader, SchemaOptions &O) {
  Reader.text("generator", O.GeneratorName);
  Reader.flag("defaults-may-contain-spaces", O.DefaultsMayContainSpaces);
  Reader.flag("tags-may-be-list", O.TagsMayBeList);
  Reader.flag("implicit-tags", O.ImplicitTags);
  Reader.flag("out-and-inplace-tags", O.OutAndInplaceTags);
  Reader.flag("const-ref-rejects-out", O.ConstRefRejectsOut);
  Reader.flag("count-written-dispatch-keys", O.CountWrittenDispatchKeys);
  Reader.number("kernel-namespace-levels", O.KernelNamespaceLevels);
  Reader.flag("resize-as-is-not-view", O.ResizeAsIsNotView);
  Reader.flag("inverse-has-no-view-copy", O.InverseHasNoViewCopy);
  Reader.flag("view-copy-scatter", O.ViewCopyScatter);
  Reader.flag("check-delegate-exists", O.CheckDelegateExists);
  Reader.flag("check-python-keywords", O.CheckPythonKeywords);
  Reader.flag("dropout-arguments-are-random", O.DropoutArgumentsAreRandom);
  Reader.flag("prefer-mutable-base", O.PreferMutableBase);
  Reader.flag("generate-for-core-composites", O.GenerateForCoreComposites);
  Reader.flag("set-is-not-view", O.SetIsNotView);
  Reader.flag("generated-tags-follow-kind", O.GeneratedTagsFollowKind);
  Reader.flag("lookup-includes-view-copies", O.LookupIncludesViewCopies);
}

static void readCppAPI(ProfileSectionReader &Reader, CppAPIOptions &O) {
  Reader.text("cpp-optional", O.OptionalTemplate);
  Reader.text("cpp-nullopt", O.Nullopt);
  Reader.text("cpp-contiguous-format", O.ContiguousFormat);
  Reader.flag("symint-list-defaults", O.SymIntListDefaults);
  Reader.flag("returns-always-symint", O.ReturnsAlwaysSymInt);
  Reader.flag("optional-tensor-returns", O.OptionalTensorReturns);
  Reader.flag("owning-tensor-and-scalar", O.OwningTensorAndScalar);
  Reader.flag("dimname-list", O.DimnameList);
}

/// torchgen's DispatchKey enum: `named`, `functionalities` and `backends`,
/// all three given.
static void readDispatchKeyEnum(ProfileSectionReader &Reader,
                                const YAMLNode &Value, SchemaOptions &O) {
  YAMLDictReader &Dict = Reader.dict();
  if (!Dict.expect(Value, YAMLValueKind::Map, "dispatch-key-enum"))
    return;
  static constexpr StringLiteral Keys[] = {"named", "functionalities",
                                           "backends"};
  std::vector<std::string> Parts[3];
  bool Seen[3] = {false, false, false};
  YAMLDictReader Enum(Dict.getDiags(),
                      {diag::profile_syntax, diag::profile_unknown_key,
                       "unknown key '%0' in 'dispatch-key-enum'",
                       /*FixIt=*/true});
  for (size_t I = 0; I < std::size(Keys); ++I)
    Enum.handle(Keys[I], [&, I](const YAMLNode &Names) {
      Seen[I] = true;
      Reader.eachName(Names, Keys[I], [&](const YAMLNode &Name) {
        Parts[I].push_back(Name.scalar().str());
      });
    });
  if (!Enum.parse(Value)) {
    Dict.fail();
    return;
  }
  if (!(Seen[0] && Seen[1] && Seen[2])) {
    Dict.error(Value, "'dispatch-key-enum' needs named, functionalities and "
                      "backends");
    return;
  }
  O.setDispatchKeys(Parts[0], Parts[1], Parts[2]);
}

void SchemaSection::read(ProfileSectionReader &Reader) {
  readSchemaSwitches(Reader, Schema);
  readCppAPI(Reader, CppAPI);
  Reader.custom("base-types", [this, &Reader](const YAMLNode &Value) {
    Schema.BaseTypes.reset();
    Reader.eachName(Value, "base-types", [&](const YAMLNode &Name) {
      if (std::optional<BaseTy> Ty = lookupBaseTy(Name.scalar()))
        Schema.BaseTypes.set(unsigned(*Ty));
      else
        Reader.dict().error(Name, "unknown base type '" + Name.scalar() + "'");
    });
  });
  Reader.names("supported-dispatch-keys", Schema.SupportedDispatchKeys);
  Reader.names("structured-dispatch-keys", Schema.StructuredDispatchKeys);
  Reader.custom("dispatch-key-enum", [this, &Reader](const YAMLNode &Value) {
    readDispatchKeyEnum(Reader, Value, Schema);
  });
}

bool SchemaSection::validate(const Profile &, DiagnosticEngine &Diags) const {
  bool OK = true;
  auto Check = [&](StringRef Key, ArrayRef<std::string> Keys) {
    for (const std::string &DispatchKey : Keys) {
      if (Schema.isKnownDispatchKey(DispatchKey))
        continue;
      SMRange Range = rangeOf(Key);
      if (!Range.isValid())
        Range = rangeOf("dispatch-key-enum");
      Diags
          .report(diag::profile_value, Range.Start,
                  "'" + Key + "' names '" + DispatchKey +
                      "', which is not a key of the dispatch-key-enum")
          .range(Range);
      OK = false;
    }
  };
  Check("supported-dispatch-keys", Schema.SupportedDispatchKeys);
  Check("structured-dispatch-keys", Schema.StructuredDispatchKeys);
  return OK;
}

const SchemaSection &SchemaSection::of(const Profile &P) {
  return P.get<SchemaSection>();
}

} // namespace gradgen
