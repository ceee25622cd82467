//===- VariableTypeLists.cpp - The names a profile treats specially -------===//

#include "gradgen/Emit/VariableType.h"

#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Support/YAMLDictReader.h"
#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

using namespace llvm;

namespace gradgen {

namespace {

/// Reads lists.yaml: each key a set of names or a map of names to names.
class ListsReader {
public:
  ListsReader(VariableTypeLists &Lists, DiagnosticEngine &Diags)
      : Lists(Lists), Diags(Diags),
        Reader(Diags, {diag::kernel_lists, diag::kernel_lists,
                       "unknown list '%0'", /*FixIt=*/true}) {}

  bool read(const YAMLNode &Root) {
    if (!Root.isMap()) {
      Diags.report(diag::kernel_lists, Root.loc(),
                   "expected a mapping of list names to lists");
      return false;
    }
    set("dont-require-derivative", Lists.DontRequireDerivative);
    set("gradient-implemented-for-complex",
        Lists.GradientImplementedForComplex);
    set("reset-grad-accumulator", Lists.ResetGradAccumulator);
    set("dont-enforce-same-tensor-impl-or-storage",
        Lists.DontEnforceSameTensorImplOrStorage);
    set("dont-enforce-tensor-impl-use-count",
        Lists.DontEnforceTensorImplUseCount);
    set("dont-enforce-storage-impl-use-count",
        Lists.DontEnforceStorageImplUseCount);
    set("manual-backend", Lists.ManualBackend);
    set("manual-autograd-and-tracer", Lists.ManualAutogradAndTracer);
    set("returns-views-of-input", Lists.ReturnsViewsOfInput);
    set("view-functions-with-metadata-change",
        Lists.ViewFunctionsWithMetadataChange);
    set("foreach-without-derivatives", Lists.ForeachWithoutDerivatives);
    set("foreach-with-different-arity", Lists.ForeachWithDifferentArity);
    set("dont-record-trace", Lists.DontRecordTrace);
    set("rename-trace-add-args", Lists.RenameTraceAddArgs);
    map("view-functions", Lists.ViewFunctions);
    map("unsafe-view-functions", Lists.UnsafeViewFunctions);
    map("rename-trace", Lists.RenameTrace);
    return Reader.parse(Root);
  }

private:
  void set(StringRef Key, StringSet<> &Set) {
    Reader.handle(Key, [this, Key, &Set](const YAMLNode &Node) {
      if (Node.isNull())
        return;
      if (!Reader.expect(Node, YAMLValueKind::Sequence, Key))
        return;
      for (const YAMLNode &Item : Node.items())
        if (Reader.expect(Item, YAMLValueKind::String, Key))
          Set.insert(Item.scalar());
    });
  }

  void map(StringRef Key, StringMap<std::string> &Map) {
    Reader.handle(Key, [this, Key, &Map](const YAMLNode &Node) {
      if (Node.isNull())
        return;
      if (!Reader.expect(Node, YAMLValueKind::Map, Key))
        return;
      for (const YAMLMapEntry &Entry : Node.entries())
        if (Reader.expect(Entry.Value, YAMLValueKind::String,
                          Entry.Key.scalar()))
          Map[Entry.Key.scalar()] = Entry.Value.scalar().str();
    });
  }

  VariableTypeLists &Lists;
  DiagnosticEngine &Diags;
  YAMLDictReader Reader;
};

} // namespace

std::optional<VariableTypeLists>
VariableTypeLists::load(StringRef Path, InputFiles &Files,
                        DiagnosticEngine &Diags) {
  std::optional<YAMLSource> Source = YAMLSource::load(Path, Files, Diags);
  if (!Source)
    return std::nullopt;
  VariableTypeLists Lists;
  if (!ListsReader(Lists, Diags).read(Source->root()))
    return std::nullopt;
  return Lists;
}

const VariableTypeLists *
VariableTypeListsLoader::get(const Profile &TheProfile, InputFiles &Files,
                             DiagnosticEngine &Diags) {
  if (!Tried) {
    Tried = true;
    std::string Path =
        TheProfile.path(VariableTypeOptions::of(TheProfile).Lists);
    Lists = VariableTypeLists::load(Path, Files, Diags);
  }
  return Lists ? &*Lists : nullptr;
}

} // namespace gradgen
