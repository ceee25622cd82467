//===- LSPTest.cpp - The protocol layer and document positions -------------===//

#include "TextShift.h"

#include "gradgen/LSP/Dispatcher.h"
#include "gradgen/Server/Document.h"

#include "gtest/gtest.h"

#include <cstdio>

using namespace llvm;
using namespace gradgen;
using namespace gradgen::lsp;
using gradgen::server::offsetOf;
using gradgen::server::positionOf;

namespace {

TEST(DocumentTest, PositionsCountUTF16CodeUnits) {
  // U+00E9 is two bytes and one unit, U+1F600 four bytes and two units.
  std::string Text = "a\xC3\xA9" "b\n\xF0\x9F\x98\x80x\n";
  EXPECT_EQ(offsetOf(Text, {0, 2}), 3u);
  EXPECT_EQ(offsetOf(Text, {1, 2}), 9u);
  EXPECT_EQ(positionOf(Text, 9), (Position{1, 2}));
  EXPECT_EQ(positionOf(Text, 3), (Position{0, 2}));
  // Past the end of a line or of the text: clamped.
  EXPECT_EQ(offsetOf(Text, {0, 99}), 4u);
  EXPECT_EQ(offsetOf(Text, {7, 0}), Text.size());
}

TEST(DocumentTest, IncrementalChanges) {
  server::Document Doc;
  Doc.Text = "- name: sin\n  self: grad\n";
  ASSERT_FALSE(errorToBool(Doc.apply({Range{{1, 8}, {1, 12}}, "grad * 2"})));
  EXPECT_EQ(Doc.Text, "- name: sin\n  self: grad * 2\n");
  ASSERT_FALSE(errorToBool(Doc.apply({std::nullopt, "whole"})));
  EXPECT_EQ(Doc.Text, "whole");
  EXPECT_TRUE(errorToBool(Doc.apply({Range{{0, 3}, {0, 1}}, ""})));
}

TEST(ProtocolTest, FileURIs) {
  EXPECT_EQ(pathToURI("/a b/c#d.yaml"), "file:///a%20b/c%23d.yaml");
  Expected<std::string> Path = uriToPath("file:///a%20b/c%23d.yaml");
  ASSERT_TRUE(bool(Path));
  EXPECT_EQ(*Path, "/a b/c#d.yaml");
  EXPECT_TRUE(errorToBool(uriToPath("http://x/y").takeError()));
  EXPECT_TRUE(errorToBool(uriToPath("file://host/y").takeError()));
}

/// Records what the transport dispatched.
struct Recorder : MessageHandler {
  std::vector<std::string> Seen;
  bool onNotify(StringRef Method, json::Value) override {
    Seen.push_back("notify " + Method.str());
    return Method != "exit";
  }
  bool onCall(StringRef Method, json::Value, json::Value ID) override {
    Seen.push_back("call " + Method.str() + " " + formatv("{0}", ID).str());
    return true;
  }
  bool onReply(json::Value ID, Expected<json::Value> R) override {
    consumeError(R.takeError());
    Seen.push_back("reply " + formatv("{0}", ID).str());
    return true;
  }
};

/// Runs a transport over Input; returns whether it ended with an error.
bool runTransport(std::string Input, StreamStyle Style, MessageHandler &H,
                  std::string &Output) {
  std::FILE *In = fmemopen(Input.data(), Input.size(), "r");
  EXPECT_NE(In, nullptr);
  raw_string_ostream Out(Output);
  JSONTransport Transport(In, Out, Style);
  bool Failed = errorToBool(Transport.run(H));
  std::fclose(In);
  Out.flush();
  return Failed;
}

std::string framed(StringRef Body) {
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" +
         Body.str();
}

TEST(TransportTest, FramingErrorsAndExit) {
  std::string Input =
      framed(R"({"jsonrpc":"2.0","id":1,"method":"initialize"})") +
      // Headers other than Content-Length are ignored.
      "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" +
      framed(R"({"jsonrpc":"2.0","id":"x","result":null})") +
      framed("{not json") + framed(R"({"jsonrpc":"2.0","method":"exit"})") +
      framed(R"({"jsonrpc":"2.0","method":"after-exit"})");
  std::string Output;
  Recorder R;
  EXPECT_FALSE(runTransport(Input, StreamStyle::Standard, R, Output));
  EXPECT_EQ(R.Seen, (std::vector<std::string>{"call initialize 1",
                                              "reply \"x\"", "notify exit"}));
  EXPECT_NE(Output.find("\"code\":-32700"), std::string::npos) << Output;
  EXPECT_EQ(Output.rfind("Content-Length: ", 0), 0u);
}

TEST(TransportTest, EndOfInputIsAnError) {
  std::string Input = "// -----\n{\"jsonrpc\":\"2.0\",\n\"method\":\"x\"}\n// -----\n";
  std::string Output;
  Recorder R;
  EXPECT_TRUE(runTransport(Input, StreamStyle::Delimited, R, Output));
  EXPECT_EQ(R.Seen, (std::vector<std::string>{"notify x"}));
}

TEST(DispatcherTest, CancelledRequestsGetOneReply) {
  // Two requests answered later; the client cancels the first, then both
  // are answered: the first reply is RequestCancelled, the second the
  // result, and a cancel of a request answered already changes nothing.
  std::string Input =
      framed(R"({"jsonrpc":"2.0","id":1,"method":"later"})") +
      framed(R"({"jsonrpc":"2.0","id":"two","method":"later"})") +
      framed(
          R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}})") +
      framed(R"({"jsonrpc":"2.0","method":"answer"})") +
      framed(
          R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"two"}})");
  std::FILE *In = fmemopen(Input.data(), Input.size(), "r");
  std::string Output;
  raw_string_ostream Out(Output);
  {
    JSONTransport Transport(In, Out, StreamStyle::Standard);
    Dispatcher D(Transport);
    std::vector<Reply> Later;
    D.asyncMethod<json::Value>("later", [&](const json::Value &, Reply R) {
      Later.push_back(std::move(R));
    });
    D.notification<json::Value>("answer", [&](const json::Value &) {
      EXPECT_TRUE(Later[0].done());
      EXPECT_FALSE(Later[1].done());
      for (Reply &R : Later)
        R(json::Value("result"));
      return Error::success();
    });
    consumeError(Transport.run(D));
  }
  std::fclose(In);
  Out.flush();
  EXPECT_EQ(StringRef(Output).count("\"id\":"), 2u) << Output;
  EXPECT_NE(Output.find(R"("code":-32800)"), std::string::npos) << Output;
  EXPECT_NE(Output.find(R"("id":"two","jsonrpc":"2.0","result":"result")"),
            std::string::npos)
      << Output;
}

TEST(TextShiftTest, UntouchedEntriesMap) {
  using server::shiftIntoOlder;
  std::string Older = "# c\n- name: a\n  self: x\n- name: b\n  self: y\n"
                      "- name: c\n  self: z\n";
  std::string Newer = Older;
  Newer.insert(Older.find("  self: y"), "  other: w\n");
  size_t InA = Newer.find("self: x"), InB = Newer.find("self: y"),
         InC = Newer.find("self: z");
  // Before the edit: the same offset and lines.
  auto A = shiftIntoOlder(Older, Newer, InA);
  ASSERT_TRUE(A);
  EXPECT_EQ(A->OlderOffset, InA);
  EXPECT_EQ(A->LineDelta, 0);
  // In the edited entry: no answer from the older text.
  EXPECT_FALSE(shiftIntoOlder(Older, Newer, InB));
  // After it: one line lower.
  auto C = shiftIntoOlder(Older, Newer, InC);
  ASSERT_TRUE(C);
  EXPECT_EQ(StringRef(Older).substr(C->OlderOffset, 7), "self: z");
  EXPECT_EQ(C->LineDelta, 1);
  // An edit that joins the entry before it to the next one touches both.
  std::string Joined = Older;
  Joined.erase(Older.find("- name: b"), 2);
  EXPECT_FALSE(shiftIntoOlder(Older, Joined, Joined.find("self: x")));
  // The same text: every position maps.
  auto Same = shiftIntoOlder(Older, Older, InB);
  ASSERT_TRUE(Same);
  EXPECT_EQ(Same->OlderOffset, InB);
}

TEST(TextShiftTest, RangesOfThisFileMove) {
  json::Value Result = json::Array{
      json::Object{
          {"uri", "file:///d.yaml"},
          {"range",
           json::Object{{"start", json::Object{{"line", 3}, {"character", 1}}},
                        {"end", json::Object{{"line", 3}, {"character", 4}}}}}},
      json::Object{
          {"uri", "file:///native.yaml"},
          {"range",
           json::Object{
               {"start", json::Object{{"line", 7}, {"character", 0}}},
               {"end", json::Object{{"line", 7}, {"character", 2}}}}}}};
  server::shiftRanges(Result, server::TextShift{0, 2}, "file:///d.yaml");
  EXPECT_EQ(
      formatv("{0}", Result).str(),
      R"([{"range":{"end":{"character":4,"line":5},"start":{"character":1,"line":5}},"uri":"file:///d.yaml"},)"
      R"({"range":{"end":{"character":2,"line":7},"start":{"character":0,"line":7}},"uri":"file:///native.yaml"}])");
}

} // namespace
