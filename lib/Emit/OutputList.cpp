//===- OutputList.cpp - The files a profile writes ------------------------===//

#include "gradgen/Emit/OutputList.h"

#include "gradgen/Support/Diagnostics.h"

#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace gradgen {

OutputList OutputList::of(const Profile &TheProfile,
                          ArrayRef<const FileFamilyInfo *> Families) {
  OutputList Result;
  std::vector<std::string> Names;
  for (const FileFamilyInfo *Family : Families) {
    Names.clear();
    Family->ListFiles(TheProfile, Names);
    for (std::string &Name : Names)
      Result.Entries.push_back({Family->Name, std::move(Name)});
  }
  return Result;
}

std::optional<std::vector<GeneratedFile>>
OutputList::order(std::vector<GeneratedFile> Files,
                  DiagnosticEngine &Diags) const {
  StringMap<GeneratedFile *> Generated;
  for (GeneratedFile &File : Files)
    Generated[File.Name] = &File;
  std::vector<GeneratedFile> Ordered;
  bool OK = true;
  for (const Entry &E : Entries) {
    auto It = Generated.find(E.Name);
    if (It == Generated.end()) {
      Diags.report(diag::emit_outputs, SMLoc(),
                   "the family '" + E.Family + "' lists '" + E.Name +
                       "' among its files but did not generate it");
      OK = false;
      continue;
    }
    Ordered.push_back(std::move(*It->second));
    Generated.erase(It);
  }
  for (const GeneratedFile &File : Files)
    if (Generated.count(File.Name)) {
      Diags.report(diag::emit_outputs, SMLoc(),
                   "gradgen generated '" + File.Name +
                       "', which its family does not list among its files");
      OK = false;
    }
  if (!OK)
    return std::nullopt;
  return Ordered;
}

} // namespace gradgen
