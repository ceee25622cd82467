//===- FamilyOptions.cpp - The profile's sections of the kernel families --===//

#include "gradgen/Emit/FamilyOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Regex.h"

namespace gradgen {

/// Reports a shard count of zero at Key of Section.
static bool checkShards(const ProfileSection &Section, llvm::StringRef Key,
                        unsigned Shards, DiagnosticEngine &Diags) {
  if (Shards > 0)
    return true;
  llvm::SMRange Range = Section.rangeOf(Key);
  Diags
      .report(diag::profile_value, Range.Start,
              "'" + Key + "' must be a positive number of files")
      .range(Range);
  return false;
}

void PythonFunctionsOptions::read(ProfileSectionReader &Reader) {
  Reader.number("shards", Shards);
}

bool PythonFunctionsOptions::validate(const Profile &,
                                      DiagnosticEngine &Diags) const {
  return checkShards(*this, "shards", Shards, Diags);
}

void PythonBindingsOptions::read(ProfileSectionReader &Reader) {
  Reader.flag("like-options-default-from-self", API.LikeOptionsDefaultFromSelf);
  Reader.flag("dimname-overloads-last", API.DimnameOverloadsLast);
  Reader.flag("tensor-before-int-overloads", API.TensorBeforeIntOverloads);
  Reader.flag("rewrap-optional-dimname-list", API.RewrapOptionalDimnameList);
  Reader.number("torch-functions-shards", TorchFunctionsShards);
  Reader.names("skip-functions", SkipFunctions);
  Reader.names("skip-signatures", SkipSignatures);
  Reader.flag("bind-generated-view-copies", BindGeneratedViewCopies);
  Reader.flag("foreach-inplace-returns-self", ForeachInplaceReturnsSelf);
  Reader.flag("return-types-header", ReturnTypesHeader);
  Reader.text("return-types-list", ReturnTypesList);
}

bool PythonBindingsOptions::validate(const Profile &,
                                     DiagnosticEngine &Diags) const {
  bool OK =
      checkShards(*this, "torch-functions-shards", TorchFunctionsShards, Diags);
  for (const std::string &Pattern : SkipFunctions) {
    std::string Why;
    if (llvm::Regex("^(" + Pattern + ")$").isValid(Why))
      continue;
    llvm::SMRange Range = rangeOf("skip-functions");
    Diags
        .report(diag::profile_value, Range.Start,
                "'" + Pattern + "' is no regular expression: " + Why)
        .range(Range);
    OK = false;
  }
  return OK;
}

void VariableTypeOptions::read(ProfileSectionReader &Reader) {
  Reader.text("lists", Lists);
  Reader.number("shards", Shards);
  Reader.names("section-order", SectionOrder);
  Reader.flag("foreach-kernels", ForeachKernels);
  Reader.flag("declare-returned-variables", DeclareReturnedVariables);
  Reader.text("zeros-for-inplace-self-tangent", ZerosForInplaceSelfTangent);
  Reader.text("zeros-for-tangent", ZerosForTangent);
}

bool VariableTypeOptions::validate(const Profile &,
                                   DiagnosticEngine &Diags) const {
  return checkShards(*this, "shards", Shards, Diags);
}

void InplaceOrViewOptions::read(ProfileSectionReader &Reader) {
  Reader.flag("view-func-classes", ViewFuncClasses);
  Reader.number("shards", Shards);
}

bool InplaceOrViewOptions::validate(const Profile &,
                                    DiagnosticEngine &Diags) const {
  return checkShards(*this, "shards", Shards, Diags);
}

void TraceTypeOptions::read(ProfileSectionReader &Reader) {
  Reader.number("shards", Shards);
  Reader.flag("all-out-arguments", AllOutArguments);
  Reader.names("untraceable-argument-types", UntraceableArgumentTypes);
}

bool TraceTypeOptions::validate(const Profile &,
                                DiagnosticEngine &Diags) const {
  return checkShards(*this, "shards", Shards, Diags);
}

bool TraceTypeOptions::isUntraceable(llvm::StringRef Type) const {
  return llvm::is_contained(UntraceableArgumentTypes, Type);
}

} // namespace gradgen
