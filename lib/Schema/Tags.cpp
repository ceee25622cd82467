//===- Tags.cpp - The operator tags of tags.yaml --------------------------===//

#include "gradgen/Schema/Tags.h"
#include "gradgen/Support/ClosestMatch.h"

#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen {

std::optional<TagSet> TagSet::load(StringRef Path, InputFiles &Files,
                                   DiagnosticEngine &Diags) {
  std::optional<unsigned> BufferID = YAMLSource::read(Path, Files, Diags);
  if (!BufferID)
    return std::nullopt;
  return parse(*BufferID, Files.getSourceMgr(), Diags);
}

std::optional<TagSet> TagSet::parse(unsigned BufferID, SourceMgr &SM,
                                    DiagnosticEngine &Diags) {
  std::optional<YAMLSource> Source =
      YAMLSource::parseBuffer(BufferID, SM, Diags);
  if (!Source)
    return std::nullopt;
  const YAMLNode &Root = Source->root();
  TagSet Result;
  if (!Root.isSequence()) {
    Diags.report(diag::tags_invalid_entry, Root.loc(),
                 "expected tags.yaml to be a list of '- tag:' entries");
    return Result;
  }
  for (const YAMLNode &Entry : Root.items()) {
    if (!Entry.isMap()) {
      Diags.report(diag::tags_invalid_entry, Entry.loc(),
                   "expected a '- tag: NAME' entry with a 'desc:'");
      continue;
    }
    checkDuplicateKeys(Entry, Diags);
    const YAMLNode *Name = Entry.lookup("tag");
    if (!Name) {
      Diags.report(diag::tags_invalid_entry, Entry.loc(),
                   "missing 'tag:' in tags.yaml entry");
      continue;
    }
    if (classifyYAMLValue(*Name) != YAMLValueKind::String) {
      Diags
          .report(diag::tags_invalid_entry, Name->loc(),
                  "expected the tag name to be a string")
          .range(Name->range());
      continue;
    }
    const YAMLNode *Desc = Entry.lookup("desc");
    if (!Desc || !Desc->isScalar() || Desc->scalar().empty()) {
      Diags
          .report(diag::tags_missing_desc, Name->loc(),
                  "tag '" + Name->scalar() + "' must have a non-empty 'desc:'")
          .range(Name->range());
      continue;
    }
    if (Result.Locs.try_emplace(Name->scalar(), Name->loc()).second)
      Result.Names.push_back(Name->scalar().str());
  }
  return Result;
}

TagSet TagSet::fromNames(ArrayRef<StringRef> Names, ArrayRef<SMLoc> Locs) {
  TagSet Result;
  for (auto [I, Name] : enumerate(Names))
    if (Result.Locs.try_emplace(Name, I < Locs.size() ? Locs[I] : SMLoc())
            .second)
      Result.Names.push_back(Name.str());
  return Result;
}

SMLoc TagSet::getLoc(StringRef Tag) const {
  auto It = Locs.find(Tag);
  return It == Locs.end() ? SMLoc() : It->second;
}

std::optional<StringRef> TagSet::closest(StringRef Tag) const {
  return closestMatch(Tag, Names);
}

} // namespace gradgen
