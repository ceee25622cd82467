//===- Tags.cpp - The operator tags of tags.yaml --------------------------===//

#include "gradgen/Schema/Tags.h"

#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

using namespace llvm;

namespace gradgen {

std::optional<TagSet> TagSet::load(StringRef Path, SourceMgr &SM,
                                   DiagnosticEngine &Diags) {
  std::optional<YAMLSource> Source = YAMLSource::load(Path, SM, Diags);
  if (!Source)
    return std::nullopt;
  const YAML::Node &Root = Source->root();
  TagSet Result;
  if (!Root.IsSequence()) {
    Diags.error("tags.invalid-entry", Source->locOf(Root),
                "expected tags.yaml to be a list of '- tag:' entries");
    return Result;
  }
  for (const YAML::Node &Entry : Root) {
    if (!Entry.IsMap()) {
      Diags.error("tags.invalid-entry", Source->locOf(Entry),
                  "expected a '- tag: NAME' entry with a 'desc:'");
      continue;
    }
    checkDuplicateKeys(*Source, Entry, Diags);
    YAML::Node Name = Entry["tag"];
    if (!Name) {
      Diags.error("tags.invalid-entry", Source->locOf(Entry),
                  "missing 'tag:' in tags.yaml entry");
      continue;
    }
    if (classifyYAMLValue(Name) != YAMLValueKind::String) {
      Diags
          .error("tags.invalid-entry", Source->locOf(Name),
                 "expected the tag name to be a string")
          .range(Source->rangeOf(Name));
      continue;
    }
    YAML::Node Desc = Entry["desc"];
    if (!Desc || !Desc.IsScalar() || Desc.Scalar().empty()) {
      Diags
          .error("tags.missing-desc", Source->locOf(Name),
                 "tag '" + Name.Scalar() + "' must have a non-empty 'desc:'")
          .range(Source->rangeOf(Name));
      continue;
    }
    if (Result.Locs.try_emplace(Name.Scalar(), Source->locOf(Name)).second)
      Result.Names.push_back(Name.Scalar());
  }
  return Result;
}

TagSet TagSet::fromNames(ArrayRef<StringRef> Names) {
  TagSet Result;
  for (StringRef Name : Names)
    if (Result.Locs.try_emplace(Name, SMLoc()).second)
      Result.Names.push_back(Name.str());
  return Result;
}

SMLoc TagSet::getLoc(StringRef Tag) const {
  auto It = Locs.find(Tag);
  return It == Locs.end() ? SMLoc() : It->second;
}

std::optional<StringRef> TagSet::closest(StringRef Tag) const {
  std::optional<StringRef> Best;
  unsigned BestDistance = std::max<size_t>(2, Tag.size() / 3) + 1;
  for (const std::string &Name : Names) {
    unsigned Distance = Tag.edit_distance(Name, true, BestDistance);
    if (Distance < BestDistance) {
      BestDistance = Distance;
      Best = Name;
    }
  }
  return Best;
}

} // namespace gradgen
