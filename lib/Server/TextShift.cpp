//===- TextShift.cpp - Positions of a newer text in an older one ----------===//

#include "TextShift.h"

#include <algorithm>

using namespace llvm;

namespace gradgen::server {

/// The start of the entry holding Offset: its `- name:` line, or 0.
static size_t entryBegin(StringRef Text, size_t Offset) {
  size_t LineStart = Text.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  for (;;) {
    if (Text.substr(LineStart).startswith("- name:") || LineStart == 0)
      return LineStart;
    size_t Previous = Text.rfind('\n', LineStart - 2);
    LineStart = Previous == StringRef::npos ? 0 : Previous + 1;
  }
}

/// The end of the entry holding Offset: the next `- name:` line, or the
/// end of the text.
static size_t entryEnd(StringRef Text, size_t Offset) {
  size_t Next = Text.find("\n- name:", Offset);
  return Next == StringRef::npos ? Text.size() : Next + 1;
}

std::optional<TextShift> shiftIntoOlder(StringRef Older, StringRef Newer,
                                        size_t Offset) {
  size_t Limit = std::min(Older.size(), Newer.size());
  size_t Prefix = 0;
  while (Prefix < Limit && Older[Prefix] == Newer[Prefix])
    ++Prefix;
  size_t Suffix = 0;
  while (Suffix < Limit - Prefix &&
         Older[Older.size() - 1 - Suffix] == Newer[Newer.size() - 1 - Suffix])
    ++Suffix;
  if (Prefix == Older.size() && Prefix == Newer.size())
    return TextShift{Offset, 0};
  Offset = std::min(Offset, Newer.size());
  // The entry must end before the change (its end line included: an edit
  // right after it may join a line to it) or begin after it.
  if (entryEnd(Newer, Offset) < Prefix)
    return TextShift{Offset, 0};
  size_t ChangedEnd = Newer.size() - Suffix;
  size_t Begin = entryBegin(Newer, Offset);
  if (Begin > ChangedEnd && Begin > 0 && Newer[Begin - 1] == '\n') {
    int Delta =
        static_cast<int>(Newer.take_front(ChangedEnd).count('\n')) -
        static_cast<int>(Older.take_front(Older.size() - Suffix).count('\n'));
    return TextShift{Offset + Older.size() - Newer.size(), Delta};
  }
  return std::nullopt;
}

/// Shifts Range, an object {start, end} of positions.
static void shiftRange(json::Object &Range, int Delta) {
  for (StringRef End : {"start", "end"})
    if (json::Object *Position = Range.getObject(End))
      if (std::optional<int64_t> Line = Position->getInteger("line"))
        (*Position)["line"] = *Line + Delta;
}

void shiftRanges(json::Value &Result, const TextShift &Shift, StringRef URI) {
  if (Shift.LineDelta == 0)
    return;
  if (json::Array *Items = Result.getAsArray()) {
    for (json::Value &Item : *Items)
      shiftRanges(Item, Shift, URI);
    return;
  }
  json::Object *O = Result.getAsObject();
  if (!O)
    return;
  if (std::optional<StringRef> Target = O->getString("uri"))
    if (*Target != URI)
      return;
  for (auto &Member : *O) {
    StringRef Key = Member.first;
    if (json::Object *Range = Member.second.getAsObject();
        Range && Range->getObject("start") && Range->getObject("end") &&
        (Key == "range" || Key.endswith("Range")))
      shiftRange(*Range, Shift.LineDelta);
    else
      shiftRanges(Member.second, Shift, URI);
  }
}

} // namespace gradgen::server
