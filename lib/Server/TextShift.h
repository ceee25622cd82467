//===- TextShift.h - Positions of a newer text in an older one --*- C++ -*-===//
//
// While a check of the editor's newest text runs, requests are answered from
// the check of an older text where that is exact: at a position whose entry
// of derivatives.yaml the edits since did not touch, the older check says
// what the newer one will.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SERVER_TEXTSHIFT_H
#define GRADGEN_LIB_SERVER_TEXTSHIFT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>

namespace gradgen::server {

/// Where a position of the newer text is in the older one.
struct TextShift {
  /// The byte offset in the older text.
  size_t OlderOffset = 0;
  /// Lines of the newer text minus those of the older, at the position: a
  /// position of the older text's answer moves by so many lines.
  int LineDelta = 0;
};

/// Offset of Newer in Older, if the edits between them (one changed span:
/// the texts' common prefix and suffix are kept) leave the `- name:` entry
/// holding Offset unchanged and whole.
std::optional<TextShift> shiftIntoOlder(llvm::StringRef Older,
                                        llvm::StringRef Newer, size_t Offset);

/// Moves every range of Result (an answer made from the older text) by
/// Shift.LineDelta lines, but those of a Location in a file other than URI.
void shiftRanges(llvm::json::Value &Result, const TextShift &Shift,
                 llvm::StringRef URI);

} // namespace gradgen::server

#endif // GRADGEN_LIB_SERVER_TEXTSHIFT_H
