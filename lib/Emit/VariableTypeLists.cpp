//===- VariableTypeLists.cpp - The names a profile treats specially -------===//

#include "gradgen/Emit/VariableType.h"

#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace gradgen {

namespace {

class ListsReader {
public:
  ListsReader(VariableTypeLists &Lists, DiagnosticEngine &Diags)
      : Lists(Lists), Diags(Diags) {}

  bool read(const YAMLNode &Root) {
    if (!Root.isMap()) {
      Diags.report(diag::kernel_lists, Root.loc(),
                  "expected a mapping of list names to lists");
      return false;
    }
    for (const YAMLMapEntry &Entry : Root.entries())
      readEntry(Entry);
    return OK;
  }

private:
  void readEntry(const YAMLMapEntry &Entry) {
    StringRef Key = Entry.Key.scalar();
    StringSet<> *Set =
        StringSwitch<StringSet<> *>(Key)
            .Case("dont-require-derivative", &Lists.DontRequireDerivative)
            .Case("gradient-implemented-for-complex",
                  &Lists.GradientImplementedForComplex)
            .Case("reset-grad-accumulator", &Lists.ResetGradAccumulator)
            .Case("dont-enforce-same-tensor-impl-or-storage",
                  &Lists.DontEnforceSameTensorImplOrStorage)
            .Case("dont-enforce-tensor-impl-use-count",
                  &Lists.DontEnforceTensorImplUseCount)
            .Case("dont-enforce-storage-impl-use-count",
                  &Lists.DontEnforceStorageImplUseCount)
            .Case("manual-backend", &Lists.ManualBackend)
            .Case("manual-autograd-and-tracer", &Lists.ManualAutogradAndTracer)
            .Case("returns-views-of-input", &Lists.ReturnsViewsOfInput)
            .Case("view-functions-with-metadata-change",
                  &Lists.ViewFunctionsWithMetadataChange)
            .Case("foreach-without-derivatives",
                  &Lists.ForeachWithoutDerivatives)
            .Case("foreach-with-different-arity",
                  &Lists.ForeachWithDifferentArity)
            .Case("dont-record-trace", &Lists.DontRecordTrace)
            .Case("untraceable-argument-types", &Lists.UntraceableArgumentTypes)
            .Case("rename-trace-add-args", &Lists.RenameTraceAddArgs)
            .Default(nullptr);
    if (Set)
      return readSet(Entry.Value, *Set);
    if (Key == "view-functions")
      return readMap(Entry.Value, Lists.ViewFunctions);
    if (Key == "unsafe-view-functions")
      return readMap(Entry.Value, Lists.UnsafeViewFunctions);
    if (Key == "rename-trace")
      return readMap(Entry.Value, Lists.RenameTrace);
    if (Key == "trace-all-out-arguments")
      return readBool(Entry.Value, Lists.TraceAllOutArguments);
    if (Key == "section-order") {
      for (const YAMLNode &Item : Entry.Value.items())
        Lists.SectionOrder.push_back(Item.scalar().str());
      return;
    }
    if (Key == "foreach-kernels")
      return readBool(Entry.Value, Lists.ForeachKernels);
    if (Key == "view-func-classes")
      return readBool(Entry.Value, Lists.ViewFuncClasses);
    if (Key == "declare-returned-variables")
      return readBool(Entry.Value, Lists.DeclareReturnedVariables);
    if (Key == "zeros-for-inplace-self-tangent") {
      Lists.ZerosForInplaceSelfTangent = Entry.Value.scalar().str();
      return;
    }
    if (Key == "zeros-for-tangent") {
      Lists.ZerosForTangent = Entry.Value.scalar().str();
      return;
    }
    if (Key == "shards")
      return readShards(Entry.Value, Lists.NumShards);
    if (Key == "trace-shards")
      return readShards(Entry.Value, Lists.TraceShards);
    fail(Entry.Key, "unknown list '" + Key + "'");
  }

  void readShards(const YAMLNode &Node, unsigned &Value) {
    unsigned N = 0;
    if (Node.scalar().getAsInteger(10, N) || N == 0)
      return fail(Node, "expected a positive number of shards");
    Value = N;
  }

  void readBool(const YAMLNode &Node, bool &Value) {
    std::optional<bool> Parsed = getYAMLBool(Node);
    if (!Parsed)
      return fail(Node, "expected true or false");
    Value = *Parsed;
  }

  void readSet(const YAMLNode &Node, StringSet<> &Set) {
    if (!Node.isSequence() && !Node.isNull())
      return fail(Node, "expected a list of names");
    for (const YAMLNode &Item : Node.items()) {
      if (!Item.isScalar())
        return fail(Item, "expected a name");
      Set.insert(Item.scalar());
    }
  }

  void readMap(const YAMLNode &Node, StringMap<std::string> &Map) {
    if (!Node.isMap() && !Node.isNull())
      return fail(Node, "expected a mapping of names to argument names");
    for (const YAMLMapEntry &Entry : Node.entries())
      Map[Entry.Key.scalar()] = Entry.Value.scalar().str();
  }

  void fail(const YAMLNode &Node, const Twine &Message) {
    Diags.report(diag::kernel_lists, Node.loc(), Message)
        .range(Node.range());
    OK = false;
  }

  VariableTypeLists &Lists;
  DiagnosticEngine &Diags;
  bool OK = true;
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
    Lists = VariableTypeLists::load(
        TheProfile.path("variable-type/lists.yaml"), Files, Diags);
  }
  return Lists ? &*Lists : nullptr;
}

} // namespace gradgen
