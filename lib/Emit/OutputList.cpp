//===- OutputList.cpp - The files a profile writes ------------------------===//

#include "gradgen/Emit/OutputList.h"

#include "gradgen/Emit/EmitOptions.h"

#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gradgen {

static constexpr StringLiteral OutputListFile = "outputs.txt";

std::optional<OutputList> OutputList::load(const Profile &TheProfile,
                                           InputFiles &Files,
                                           DiagnosticEngine &Diags) {
  std::string Path = TheProfile.path(OutputListFile);
  ErrorOr<unsigned> BufferID = Files.addFile(Path);
  if (std::error_code EC = BufferID.getError()) {
    Diags.report(diag::profile_outputs, SMLoc(),
                "cannot read '" + Path + "': " + EC.message());
    return std::nullopt;
  }
  StringRef Text =
      Files.getSourceMgr().getMemoryBuffer(*BufferID)->getBuffer();
  OutputList Result;
  StringMap<SMLoc> Seen;
  bool OK = true;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    StringRef Family, Name;
    std::tie(Family, Name) = Line.split('#').first.trim().split(' ');
    Name = Name.trim();
    if (Family.empty())
      continue;
    SMLoc FamilyLoc = SMLoc::getFromPointer(Family.data());
    if (!lookupFileFamily(Family)) {
      Diags
          .report(diag::profile_outputs, FamilyLoc,
                 "unknown file family '" + Family +
                     "'; a line is a family and a file name")
          .range(SMRange(FamilyLoc, SMLoc::getFromPointer(Family.end())));
      OK = false;
      continue;
    }
    if (!EmitOptions::of(TheProfile).Families.empty() &&
        none_of(EmitOptions::of(TheProfile).Families,
                [&](const Located<std::string> &F) { return *F == Family; })) {
      Diags.report(diag::profile_outputs, FamilyLoc,
                  "the profile's families: does not name '" + Family + "'");
      OK = false;
      continue;
    }
    if (Name.empty()) {
      Diags.report(diag::profile_outputs, SMLoc::getFromPointer(Family.end()),
                  "expected a file name after the family");
      OK = false;
      continue;
    }
    SMLoc Loc = SMLoc::getFromPointer(Name.data());
    SMRange Range(Loc, SMLoc::getFromPointer(Name.end()));
    if (sys::path::is_absolute(Name) || Name.contains("..")) {
      Diags
          .report(diag::profile_outputs, Loc,
                 "'" + Name + "' is not a path inside the output folder")
          .range(Range);
      OK = false;
      continue;
    }
    auto [It, Inserted] = Seen.try_emplace(Name, Loc);
    if (!Inserted) {
      Diags.report(diag::profile_outputs, Loc, "'" + Name + "' is listed twice")
          .range(Range)
          .note(It->second, "first listed here");
      OK = false;
      continue;
    }
    Result.Entries.push_back({Family.str(), Name.str(), Loc});
  }
  for (const Located<std::string> &F : EmitOptions::of(TheProfile).Families)
    if (OK && none_of(Result.Entries,
                      [&](const Entry &E) { return E.Family == *F; })) {
      Diags.report(diag::profile_outputs, F.loc(),
                  "outputs.txt lists no file of the family '" + *F + "'");
      OK = false;
    }
  if (!OK)
    return std::nullopt;
  return Result;
}

std::vector<const OutputList::Entry *>
OutputList::entriesOf(ArrayRef<const FileFamilyInfo *> Families) const {
  std::vector<const Entry *> Result;
  for (const Entry &E : Entries)
    if (any_of(Families, [&](const FileFamilyInfo *F) {
          return E.Family == F->Name;
        }))
      Result.push_back(&E);
  return Result;
}

std::optional<std::vector<GeneratedFile>>
OutputList::order(std::vector<GeneratedFile> Files,
                  ArrayRef<const FileFamilyInfo *> Families,
                  DiagnosticEngine &Diags) const {
  StringMap<GeneratedFile *> Generated;
  for (GeneratedFile &File : Files)
    Generated[File.Name] = &File;
  std::vector<GeneratedFile> Ordered;
  bool OK = true;
  for (const Entry *Declared : entriesOf(Families)) {
    const Entry &E = *Declared;
    auto It = Generated.find(E.Name);
    if (It == Generated.end()) {
      Diags.report(diag::profile_outputs, E.Loc,
                  "the profile lists '" + E.Name +
                      "', which gradgen does not generate");
      OK = false;
      continue;
    }
    Ordered.push_back(std::move(*It->second));
    Generated.erase(It);
  }
  for (const GeneratedFile &File : Files)
    if (Generated.count(File.Name)) {
      Diags.report(diag::profile_outputs, SMLoc(),
                  "gradgen generates '" + File.Name + "', which the profile's " +
                      OutputListFile + " does not list");
      OK = false;
    }
  if (!OK)
    return std::nullopt;
  return Ordered;
}

} // namespace gradgen
