//===- LSPTest.cpp - The protocol layer and document positions -------------===//

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

} // namespace
