//===- FamilyOptions.cpp - The profile's sections of the kernel families --===//

#include "gradgen/Emit/FamilyOptions.h"

#include "llvm/ADT/STLExtras.h"

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
