//===- PythonString.h - Python's str whitespace and line rules --*- C++ -*-===//
//
// torchgen manipulates generated text with Python's str methods, whose notion
// of whitespace and of a line break is Unicode's, not C's: str.isspace() also
// accepts U+001C..U+001F and U+00A0, and str.splitlines() also breaks at
// U+000B, U+000C, U+001C..U+001E, U+0085, U+2028 and U+2029. Reproducing
// torchgen's output byte for byte needs the same rules on UTF-8 text.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_PYTHONSTRING_H
#define GRADGEN_SUPPORT_PYTHONSTRING_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace gradgen::python {

/// The byte length of the Python-whitespace character (str.isspace()) that
/// starts at Text[Pos], or 0 if there is none there. Bytes that are not valid
/// UTF-8 are not whitespace.
size_t spaceLengthAt(llvm::StringRef Text, size_t Pos);

/// The byte length of the str.splitlines() line boundary that starts at
/// Text[Pos] ("\r\n" counts as one), or 0.
size_t lineBreakLengthAt(llvm::StringRef Text, size_t Pos);

/// str.isspace() on a whole string, except that the empty string counts as
/// all-space (Python answers False for "", callers want "nothing to show").
bool isAllSpace(llvm::StringRef Text);

/// str.replace(From, To): every occurrence of From, left to right. An empty
/// From leaves Text as it is, where Python would insert To between all
/// characters: no caller wants that, and a name from the input may be empty.
std::string replace(llvm::StringRef Text, llvm::StringRef From,
                    llvm::StringRef To);

/// str.rstrip() with no argument.
llvm::StringRef rstrip(llvm::StringRef Text);

/// str.strip() with no argument.
llvm::StringRef strip(llvm::StringRef Text);

/// Where a line ends: the position and byte length of its line break, or
/// the end of the text and 0 for a last line without one.
struct LineBreak {
  size_t Pos;
  size_t Length;
};

/// The first str.splitlines() line boundary at or after Text[From].
LineBreak findLineBreak(llvm::StringRef Text, size_t From);

/// The length of the longest prefix of Text made of whole lines of ASCII
/// characters that do not end in white space, each ended by "\n" (or by the
/// end of Text). These lines are their own str.rstrip(), and
/// "\n".join(prefix.splitlines()) is the prefix, without its last "\n".
/// NumBreaks, if given, gets the number of "\n" in the prefix.
size_t tidyLinesPrefix(llvm::StringRef Text, size_t *NumBreaks = nullptr);
/// tidyLinesPrefix(), appending the position of each "\n" of the prefix to
/// Breaks.
size_t tidyLinesPrefix(llvm::StringRef Text,
                       llvm::SmallVectorImpl<size_t> &Breaks);

/// str.splitlines(KeepEnds). Like Python, "" gives no lines and a final line
/// break does not start an empty last line.
void splitLines(llvm::StringRef Text,
                llvm::SmallVectorImpl<llvm::StringRef> &Lines,
                bool KeepEnds = false);

} // namespace gradgen::python

#endif // GRADGEN_SUPPORT_PYTHONSTRING_H
