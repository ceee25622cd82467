//===- PythonStringTest.cpp - str.splitlines() scans ---------------------===//
//
// The scans skip plain ASCII many bytes at a time: a line break or a
// character that ends the tidy lines must be found wherever it falls in a
// word, against a byte-by-byte search.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Support/PythonString.h"

#include "gtest/gtest.h"

#include <string>

using namespace gradgen;

namespace {

/// findLineBreak() one byte at a time.
python::LineBreak slowLineBreak(llvm::StringRef Text, size_t From) {
  for (size_t Pos = From; Pos < Text.size(); ++Pos)
    if (size_t Length = python::lineBreakLengthAt(Text, Pos))
      return {Pos, Length};
  return {Text.size(), 0};
}

TEST(PythonStringTest, FindsEveryLineBreakAtEveryOffset) {
  const char *Breaks[] = {"\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1d",
                          "\x1e", "\xc2\x85", "\xe2\x80\xa8", "\xe2\x80\xa9"};
  for (const char *Break : Breaks)
    for (size_t At = 0; At < 40; ++At) {
      std::string Text(At, 'a');
      Text += Break;
      Text += std::string(37, 'b');
      for (size_t From = 0; From <= At; From += 3) {
        python::LineBreak Fast = python::findLineBreak(Text, From);
        python::LineBreak Slow = slowLineBreak(Text, From);
        EXPECT_EQ(Fast.Pos, Slow.Pos) << At << " " << From;
        EXPECT_EQ(Fast.Length, Slow.Length) << At << " " << From;
      }
    }
}

/// tidyLinesPrefix() by its definition, a line at a time.
size_t slowTidyLinesPrefix(llvm::StringRef Text, size_t &NumBreaks) {
  size_t Prefix = 0;
  NumBreaks = 0;
  while (Prefix < Text.size()) {
    size_t Break = Text.find('\n', Prefix);
    llvm::StringRef Line = Text.slice(Prefix, Break);
    for (char C : Line)
      if (C != '\t' && (uint8_t(C) < 0x20 || uint8_t(C) >= 0x80))
        return Prefix;
    if (!Line.empty() && (Line.back() == ' ' || Line.back() == '\t'))
      return Prefix;
    if (Break == llvm::StringRef::npos)
      return Text.size();
    Prefix = Break + 1;
    ++NumBreaks;
  }
  return Prefix;
}

TEST(PythonStringTest, TidyLinesPrefixAtEveryOffset) {
  // Lines of every length around the 16- and 32-byte steps of the scan, with a
  // space, tab or stopping byte at every column.
  const char *Marks[] = {" ", "\t", "\r", "\xc3\xa9", "\n", "\n\n"};
  for (size_t Length = 0; Length < 40; ++Length)
    for (const char *Mark : Marks)
      for (size_t At = 0; At <= 3 * Length + 2; ++At) {
        std::string Text;
        for (int I = 0; I < 3; ++I)
          Text += std::string(Length, 'a' + I) + "\n";
        Text.insert(std::min(At, Text.size()), Mark);
        for (llvm::StringRef Piece :
             {llvm::StringRef(Text), llvm::StringRef(Text).drop_back()}) {
          size_t Fast = 0, Slow = 0;
          size_t Prefix = slowTidyLinesPrefix(Piece, Slow);
          EXPECT_EQ(python::tidyLinesPrefix(Piece, &Fast), Prefix)
              << Length << " " << At << " " << Mark;
          EXPECT_EQ(Fast, Slow) << Length << " " << At << " " << Mark;
          // The breaks found are the "\n" of the prefix.
          llvm::SmallVector<size_t, 8> Breaks;
          EXPECT_EQ(python::tidyLinesPrefix(Piece, Breaks), Prefix);
          llvm::SmallVector<size_t, 8> Expected;
          for (size_t I = 0; I < Prefix; ++I)
            if (Piece[I] == '\n')
              Expected.push_back(I);
          EXPECT_EQ(Breaks, Expected) << Length << " " << At << " " << Mark;
        }
      }
}

TEST(PythonStringTest, NonASCIIOrControlEndsTidyLines) {
  const char *Stops[] = {"\t", "\x01", "\x7f\x01", "\xc3\xa9", "\xff", "\r"};
  for (const char *Stop : Stops)
    for (size_t At = 0; At < 40; ++At) {
      // Two tidy lines, then one with the character at column At.
      std::string Text = "first line\nsecond line\n";
      size_t Tidy = Text.size();
      Text += std::string(At, 'x') + Stop + "y\nlast";
      // A tab is no white space at the end of a line: the lines stay tidy.
      size_t Expected = llvm::StringRef(Stop) == "\t" ? Text.size() : Tidy;
      size_t NumBreaks = 0;
      EXPECT_EQ(python::tidyLinesPrefix(Text, &NumBreaks), Expected)
          << At << " " << Stop;
      if (Expected == Tidy) {
        EXPECT_EQ(NumBreaks, 2u);
      }
    }
  std::string Plain(100, 'p');
  EXPECT_EQ(python::tidyLinesPrefix(""), 0u);
  EXPECT_EQ(python::tidyLinesPrefix("\n"), 1u);
  EXPECT_EQ(python::tidyLinesPrefix("a\t\nb"), 0u);
  EXPECT_EQ(python::tidyLinesPrefix(Plain), Plain.size());
  EXPECT_EQ(python::tidyLinesPrefix(Plain + " "), 0u);
}

} // namespace
