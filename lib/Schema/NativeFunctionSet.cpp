//===- NativeFunctionSet.cpp - All native functions of a build ------------===//

#include "gradgen/Schema/NativeFunctionSet.h"

#include "NativeFunctionReader.h"

#include "gradgen/Schema/SchemaCache.h"

#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gradgen {

NativeFunctionSet::NativeFunctionSet(TagSet Tags, const SchemaOptions &Options)
    : Tags(std::move(Tags)), Options(Options),
      Context(std::make_unique<SchemaContext>()) {}

NativeFunctionSet::~NativeFunctionSet() = default;

const NativeFunction *NativeFunctionSet::lookup(StringRef Name) const {
  return ByName.lookup(Name);
}

const NativeFunction *
NativeFunctionSet::lookup(const OperatorName &Name) const {
  return lookup(Name.str());
}

std::unique_ptr<NativeFunctionSet>
NativeFunctionSet::load(StringRef NativeFunctionsPath, StringRef TagsPath,
                        const SchemaOptions &Options, InputFiles &Files,
                        DiagnosticEngine &Diags, SchemaCache *Cache) {
  std::optional<unsigned> NativeID =
      YAMLSource::read(NativeFunctionsPath, Files, Diags);
  std::optional<unsigned> TagsID = YAMLSource::read(TagsPath, Files, Diags);
  if (!NativeID || !TagsID)
    return nullptr;
  SourceMgr &SM = Files.getSourceMgr();
  if (Cache && Cache->enabled()) {
    TimeTraceScope Scope("Read cached native functions");
    if (std::unique_ptr<NativeFunctionSet> Set =
            Cache->lookup(SM, *NativeID, *TagsID, Options))
      return Set;
  }
  TimeTraceScope Scope("Parse native_functions.yaml");
  unsigned Reported = Diags.getNumErrors() + Diags.getNumWarnings();
  std::optional<YAMLSource> Native =
      YAMLSource::parseBuffer(*NativeID, SM, Diags);
  std::optional<TagSet> Tags = TagSet::parse(*TagsID, SM, Diags);
  if (!Tags || !Native)
    return nullptr;
  std::unique_ptr<NativeFunctionSet> Set =
      build(*Native, std::move(*Tags), Options, Diags);
  // A cached set reports nothing: only a set loaded without a word is kept.
  if (Cache && Cache->enabled() &&
      Diags.getNumErrors() + Diags.getNumWarnings() == Reported)
    Cache->store(*Set, SM, *NativeID, *TagsID);
  return Set;
}

/// Python's keywords, which torchgen 2.x rejects as argument names.
static bool isPythonKeyword(StringRef Name) {
  static const StringLiteral Keywords[] = {
      "False",  "None",   "True",    "and",      "as",       "assert", "async",
      "await",  "break",  "class",   "continue", "def",      "del",    "elif",
      "else",   "except", "finally", "for",      "from",     "global", "if",
      "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",   "raise",  "return",  "try",      "while",    "with",   "yield"};
  return is_contained(Keywords, Name);
}

bool checkNativeFunctions(ArrayRef<const NativeFunction *> Functions,
                          const StringMap<const NativeFunction *> &ByName,
                          const SchemaOptions &Options,
                          DiagnosticEngine &Diags) {
  bool OK = true;
  // Only inplace_view ops need the base names, and few are tagged so.
  StringSet<> BaseNames;
  auto HasBaseName = [&](StringRef Base) {
    if (BaseNames.empty())
      for (const NativeFunction *F : Functions)
        BaseNames.insert(F->func().Name.Name.str());
    return BaseNames.contains(Base);
  };
  for (const NativeFunction *F : Functions) {
    const FunctionSchema &Func = F->func();
    std::string Name = Func.Name.str();
    if (const std::optional<OperatorName> &Delegate = *F->StructuredDelegate) {
      const NativeFunction *Target = ByName.lookup(Delegate->str());
      if (!Target) {
        OK = false;
        Diags
            .report(diag::native_unknown_delegate, F->StructuredDelegate.loc(),
                    "'" + Func.Name.str() + "' is a structured_delegate of '" +
                        Delegate->str() + "', which does not exist")
            .range(F->StructuredDelegate.Range);
      } else if (!*Target->Structured) {
        OK = false;
        Diags
            .report(diag::native_invalid_delegate, F->StructuredDelegate.loc(),
                    "'" + Func.Name.str() + "' is a structured_delegate of '" +
                        Delegate->str() +
                        "', which is not marked 'structured: True'")
            .range(F->StructuredDelegate.Range)
            .note(Target->funcLoc(), "'" + Delegate->str() + "' is here");
      }
    }
    if (Options.CheckPythonKeywords) {
      for (const Argument *A : Func.Args.flatAll()) {
        bool Excluded =
            A->Name == "from" && (Name == "_has_compatible_shallow_copy_type" ||
                                  Name == "random_.from" || Name == "uniform_");
        if (isPythonKeyword(A->Name) && !Excluded) {
          OK = false;
          Diags
              .report(diag::native_reserved_name, A->Range.Start,
                      "argument name '" + A->Name +
                          "' is a reserved Python keyword")
              .range(A->Range);
        }
      }
    }
    if (F->hasTag("inplace_view") && Name != "resize_" &&
        !(Options.ResizeAsIsNotView && Name == "resize_as_") &&
        !(Options.SetIsNotView && Func.Name.Name.str() == "set_")) {
      const BaseOperatorName &Base = Func.Name.Name;
      BaseOperatorName OutOfPlace;
      OutOfPlace.Base = Base.Base;
      OutOfPlace.DunderMethod = Base.DunderMethod;
      if (!Base.Inplace) {
        OK = false;
        Diags.report(diag::native_invalid, F->funcLoc(),
                     "'" + Name +
                         "' is tagged inplace_view, but its name has no "
                         "trailing underscore as in-place ops do");
      } else if (!HasBaseName(OutOfPlace.str())) {
        OK = false;
        Diags.report(diag::native_invalid, F->funcLoc(),
                     "'" + Name +
                         "' is tagged inplace_view, but there is no "
                         "out-of-place view op '" +
                         OutOfPlace.str() + "'");
      }
    }
    if (F->IsViewOp && Func.Name.Name.Inplace && !F->hasTag("inplace_view")) {
      OK = false;
      Diags.report(diag::native_missing_tag, F->funcLoc(),
                   "in-place view op '" + Name +
                       "' needs the inplace_view tag");
    }
  }
  return OK;
}

class NativeFunctionSetBuilder {
public:
  static std::unique_ptr<NativeFunctionSet> build(const YAMLSource &Source,
                                                  TagSet Tags,
                                                  const SchemaOptions &Options,
                                                  DiagnosticEngine &Diags);
};

std::unique_ptr<NativeFunctionSet>
NativeFunctionSetBuilder::build(const YAMLSource &Source, TagSet Tags,
                                const SchemaOptions &Options,
                                DiagnosticEngine &Diags) {
  std::unique_ptr<NativeFunctionSet> Set(
      new NativeFunctionSet(std::move(Tags), Options));
  unsigned ErrorsBefore = Diags.getNumErrors();
  const YAMLNode &Root = Source.root();
  if (!Root.isSequence()) {
    if (!Root.isNull())
      Diags.report(diag::native_invalid_entry, Root.loc(),
                   "expected native_functions.yaml to be a list of "
                   "'- func:' entries");
    return Set;
  }
  NativeFunctionReader Reader(Set->Tags, Set->Options, *Set->Context, Diags);
  for (const YAMLNode &Entry : Root.items()) {
    if (!Entry.isMap()) {
      Diags.report(diag::native_invalid_entry, Entry.loc(),
                   "expected a '- func: SCHEMA' entry");
      continue;
    }
    checkDuplicateKeys(Entry, Diags);
    std::unique_ptr<NativeFunction> F = Reader.read(Entry);
    if (!F)
      continue;
    auto [It, Inserted] =
        Set->ByName.try_emplace(F->func().Name.str(), F.get());
    if (!Inserted) {
      const NativeFunction *Previous = It->second;
      bool SameSchema = Previous->func().str() == F->func().str();
      Diags
          .report(SameSchema ? diag::native_duplicate_schema
                             : diag::native_duplicate_operator,
                  F->funcLoc(),
                  SameSchema ? "duplicate schema '" + F->func().str() + "'"
                             : "duplicate operator name '" +
                                   F->func().Name.str() + "'")
          .range(F->Func.Range)
          .note(Previous->funcLoc(), "previously defined here");
      continue;
    }
    Set->Storage.push_back(std::move(F));
  }
  for (const auto &F : Set->Storage)
    Set->Functions.push_back(F.get());

  // Checks across functions and generated variants build on a consistent
  // file; after an error they would only add noise.
  if (Diags.getNumErrors() != ErrorsBefore)
    return Set;
  if (!checkNativeFunctions(Set->Functions, Set->ByName, Options, Diags))
    return Set;

  size_t NumRead = Set->Storage.size();
  addGeneratedNativeFunctions(Set->Storage, Options, Diags);
  for (size_t I = NumRead; I != Set->Storage.size(); ++I) {
    NativeFunction *F = Set->Storage[I].get();
    Set->Functions.push_back(F);
    Set->ByName.try_emplace(F->func().Name.str(), F);
  }
  return Set;
}

std::unique_ptr<NativeFunctionSet>
NativeFunctionSet::build(const YAMLSource &NativeFunctions, TagSet Tags,
                         const SchemaOptions &Options,
                         DiagnosticEngine &Diags) {
  return NativeFunctionSetBuilder::build(NativeFunctions, std::move(Tags),
                                         Options, Diags);
}

} // namespace gradgen
