//===- EmitTest.cpp - CodeTemplate, CppCode and sharding ------------------===//

#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Emit/CppCode.h"
#include "gradgen/Emit/Sharding.h"

#include "llvm/Support/SHA1.h"
#include "gtest/gtest.h"

using namespace gradgen;
using namespace llvm;

namespace {

std::string substitute(StringRef Text, const TemplateEnv &Env,
                       BlockIndentStyle Style =
                           BlockIndentStyle::PrefixNonBlankAndTrim) {
  Expected<CodeTemplate> T = CodeTemplate::compile(Text, "t.tmpl", Style);
  if (!T)
    return "compile error: " + toString(T.takeError());
  Expected<std::string> Out = T->substitute(Env);
  if (!Out)
    return "substitution error: " + toString(Out.takeError());
  return *Out;
}

TEST(CodeTemplateTest, InlinePlaceholders) {
  TemplateEnv Env;
  Env.set("name", "x").setList("args", {"a", "b"}).setList("none", {});
  EXPECT_EQ(substitute("int $name = ${name};", Env), "int x = x;");
  EXPECT_EQ(substitute("f(${args})", Env), "f(a, b)");
  EXPECT_EQ(substitute("f(self${,args})", Env), "f(self, a, b)");
  EXPECT_EQ(substitute("f(${args,}self)", Env), "f(a, b, self)");
  EXPECT_EQ(substitute("f(self${,none})", Env), "f(self)");
  EXPECT_EQ(substitute("$$name costs $5", Env), "$x costs $5");
}

TEST(CodeTemplateTest, BlocksTakeTheIndentationOfTheirLine) {
  TemplateEnv Env;
  Env.setList("body", {"a;", "if (x) {\n  b;\n}"});
  EXPECT_EQ(substitute("{\n  ${body}\n}", Env),
            "{\n  a;\n  if (x) {\n    b;\n  }\n}");
  // A block ignores commas, and an empty one leaves its line empty.
  Env.setList("none", {});
  EXPECT_EQ(substitute("{\n  ${,none}\n}", Env), "{\n\n}");
}

TEST(CodeTemplateTest, BlankLinesDependOnTheStyle) {
  TemplateEnv Env;
  Env.set("body", "a;\n\nb;");
  EXPECT_EQ(substitute("  ${body}", Env), "  a;\n\n  b;");
  EXPECT_EQ(substitute("  ${body}", Env, BlockIndentStyle::PrefixEveryLine),
            "  a;\n  \n  b;");
}

TEST(CodeTemplateTest, LinesThatAreNotTidyAmongTidyOnes) {
  // Trailing white space, a "\r\n" break and a non-ASCII line between
  // lines that need no trimming, as torchgen's textwrap.indent and
  // str.rstrip (or its plain prefix) write them.
  TemplateEnv Env;
  Env.set("body", "a; \nb;\r\nc;\t\n\nd; \nx\xc3\xa9 \ne;");
  EXPECT_EQ(substitute("  ${body}", Env),
            "  a;\n  b;\n  c;\n\n  d;\n  x\xc3\xa9\n  e;");
  EXPECT_EQ(substitute("  ${body}", Env, BlockIndentStyle::PrefixEveryLine),
            "  a; \n  b;\n  c;\t\n  \n  d; \n  x\xc3\xa9 \n  e;");
  EXPECT_EQ(substitute("${body}", Env), "a;\nb;\nc;\n\nd;\nx\xc3\xa9\ne;");
  EXPECT_EQ(substitute("${body}", Env, BlockIndentStyle::PrefixEveryLine),
            "a; \nb;\nc;\t\n\nd; \nx\xc3\xa9 \ne;");
}

TEST(CodeTemplateTest, SubstitutionMemoKeepsCleanResultsOnly) {
  Expected<CodeTemplate> T = CodeTemplate::compile("f($x);", "t.tmpl");
  ASSERT_TRUE(bool(T)) << toString(T.takeError());
  SubstitutionMemo Memo;
  unsigned Fills = 0;
  auto Substitute = [&](StringRef Key, bool Set) {
    Expected<const std::string &> Text =
        Memo.substitute(*T, Key, [&](TemplateEnv &Env) {
          ++Fills;
          if (Set)
            Env.set("x", Key);
        });
    return Text ? *Text : "error: " + toString(Text.takeError());
  };
  EXPECT_EQ(Substitute("a", true), "f(a);");
  EXPECT_EQ(Substitute("a", true), "f(a);");
  EXPECT_EQ(Fills, 1u);
  // A missing value is an error at every use.
  EXPECT_EQ(Substitute("b", false),
            "error: t.tmpl:1:3: no value for template placeholder 'x'");
  EXPECT_EQ(Substitute("b", false),
            "error: t.tmpl:1:3: no value for template placeholder 'x'");
  EXPECT_EQ(Fills, 3u);
}

TEST(CodeTemplateTest, BlockScanCacheGivesTheSameText) {
  Expected<CodeTemplate> T = CodeTemplate::compile("{\n  ${items}\n}", "t.tmpl");
  ASSERT_TRUE(bool(T)) << toString(T.takeError());
  // Long enough to be cached: tidy lines, then a line with trailing white
  // space, then tidy ones again.
  std::string Tidy, Untidy;
  for (int I = 0; I < 40; ++I)
    Tidy += "f(" + std::to_string(I) + ");\n";
  Untidy = Tidy + "g(); \n" + Tidy;
  std::vector<std::string> Items = {Tidy, Untidy, "h();"};
  TemplateEnv Env;
  Env.setList("items", Items);
  std::string Plain;
  ASSERT_FALSE(bool(T->substitute(Env, Plain)));
  BlockScanCache Scans;
  for (int Use = 0; Use < 2; ++Use) {
    std::string Cached;
    ASSERT_FALSE(bool(T->substitute(Env, Cached, &Scans)));
    EXPECT_EQ(Cached, Plain);
  }
  // A text known by where it is, then changed in size, is scanned again.
  EXPECT_EQ(Scans.tidyLinesPrefix(StringRef(Untidy)), Tidy.size());
  EXPECT_EQ(Scans.tidyLinesPrefix(StringRef(Untidy).take_front(10)), 10u);
}

TEST(CodeTemplateTest, AMissingValueIsALocatedError) {
  Expected<CodeTemplate> T = CodeTemplate::compile("x\n  ${y}", "t.tmpl");
  ASSERT_TRUE(bool(T)) << toString(T.takeError());
  Error E = T->substitute(TemplateEnv()).takeError();
  ASSERT_TRUE(E.isA<TemplateError>());
  handleAllErrors(std::move(E), [](const TemplateError &TE) {
    EXPECT_EQ(TE.Line, 2u);
    EXPECT_EQ(TE.Column, 3u);
    EXPECT_EQ(TE.Message, "no value for template placeholder 'y'");
  });
}

TEST(CppCodeTest, StatementsAreSpelledAsTorchgenDoes) {
  EXPECT_EQ(cpp::declaration("auto", "self",
                             cpp::memberCall("self_", "unpack", {""})),
            "auto self = self_.unpack();");
  EXPECT_EQ(cpp::declaration("SavedVariable", "self_"), "SavedVariable self_;");
  EXPECT_EQ(cpp::statement(cpp::call("TORCH_CHECK",
                                     {"!x_released_", "ERR_BACKWARD_TWICE"})),
            "TORCH_CHECK(!x_released_, ERR_BACKWARD_TWICE);");
  EXPECT_EQ(cpp::call("task_should_compute_output", {cpp::braced({"x_ix"})}),
            "task_should_compute_output({ x_ix })");
  EXPECT_EQ(cpp::assignment("x_released_", "true"), "x_released_ = true;");
  EXPECT_EQ(cpp::subscript("grads", "0"), "grads[0]");
  EXPECT_EQ(cpp::conditional("any_grad_defined", "grad * 2", "Tensor()"),
            "any_grad_defined ? (grad * 2) : Tensor()");
  EXPECT_EQ(cpp::parameter("Tensor&", "self"), "Tensor& self");
  EXPECT_EQ(cpp::templateId("std::array", {"bool", "2"}),
            "std::array<bool, 2>");
}

/// The digest read as a little-endian integer, modulo 5, computed another
/// way: 256 = 1 (mod 5), so it is the sum of the bytes modulo 5.
unsigned byteSumShard(StringRef Key) {
  unsigned Sum = 0;
  for (uint8_t Byte : SHA1::hash(arrayRefFromStringRef(Key)))
    Sum += Byte;
  return Sum % 5;
}

TEST(ShardingTest, StableHashShard) {
  for (StringRef Key : {"add", "mul", "view_copy.", "_foreach_add", ""})
    EXPECT_EQ(stableHashShard(Key, 5), byteSumShard(Key)) << Key.str();
  // Modulo 1 everything is in the one shard; modulo 256 it is the digest's
  // lowest byte.
  EXPECT_EQ(stableHashShard("add", 1), 0u);
  EXPECT_EQ(stableHashShard("add", 256),
            SHA1::hash(arrayRefFromStringRef(StringRef("add")))[0]);
}

} // namespace
