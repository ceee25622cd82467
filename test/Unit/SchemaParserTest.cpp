//===- SchemaParserTest.cpp - Parsing operator schemas --------------------===//

#include "DiagnosticsTestUtil.h"

#include "gradgen/Schema/SchemaParser.h"

#include "ProfileTestUtil.h"
#include "gradgen/Schema/Type.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

class SchemaParserTest : public ::testing::Test {
protected:
  std::optional<FunctionSchema> parse(StringRef Text,
                                      StringRef Profile = "pytorch-2.14") {
    Options = stockSchemaSection(Profile).Schema;
    return parseSchemaQuietly(Text, Context, Options);
  }

  /// Parses Text, a buffer of its own, and keeps what is reported.
  std::optional<FunctionSchema> parseReporting(StringRef Text) {
    Options = SchemaOptions();
    unsigned ID = SM.AddNewSourceBuffer(
        MemoryBuffer::getMemBufferCopy(Text, "schema"), SMLoc());
    Buffer = SM.getMemoryBuffer(ID)->getBuffer();
    Diags.setConsumer(std::make_unique<CollectingConsumer>(Seen));
    SchemaText Source{Buffer};
    return SchemaParser(Context, Options, Diags).parseFunctionSchema(Source);
  }

  /// The 0-based column of a diagnostic in the parsed buffer.
  size_t columnOf(const Diagnostic &D) const {
    return D.Loc.getPointer() - Buffer.data();
  }

  SchemaContext Context;
  SchemaOptions Options;
  SourceMgr SM;
  DiagnosticEngine Diags{SM};
  std::vector<Diagnostic> Seen;
  StringRef Buffer;
};

TEST_F(SchemaParserTest, PrintsWhatItParsed) {
  for (StringRef Text :
       {"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "abs_(Tensor(a!) self) -> Tensor(a!)",
        "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, "
        "Tensor indices)",
        "split(Tensor(a -> *) self, SymInt split_size, int dim=0) -> "
        "Tensor(a)[]",
        "zeros(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None) -> Tensor"}) {
    std::optional<FunctionSchema> Schema = parse(Text);
    ASSERT_TRUE(Schema) << Text.str();
    EXPECT_EQ(Schema->str(), Text.str());
  }
}

TEST_F(SchemaParserTest, PrintsSignaturesAsSignatureDoes) {
  std::vector<SignatureOptions> AllOptions;
  for (unsigned Bits = 0; Bits != 16; ++Bits)
    AllOptions.push_back({bool(Bits & 1), bool(Bits & 2), bool(Bits & 4),
                          bool(Bits & 8)});
  for (StringRef Text :
       {"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> "
        "Tensor(a!)",
        "add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
        "Tensor(a!) out) -> Tensor(a!)",
        "__iand__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
        "_foo(Tensor(a!) x, Tensor(b!) y) -> ()",
        "_fused_thing.out(Tensor self, *, Tensor(a!) out0, Tensor(b!) out1) "
        "-> (Tensor(a!), Tensor(b!))",
        "_mut(Tensor(a!) running, Tensor x) -> Tensor y",
        "bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> "
        "Tensor",
        "bernoulli_.float(Tensor(a!) self, float p=0.5, *, "
        "Generator? generator=None) -> Tensor(a!)",
        "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, "
        "Tensor indices)",
        "select_copy.int(Tensor self, int dim, SymInt index) -> Tensor",
        "select_scatter(Tensor self, Tensor src, int dim, SymInt index) -> "
        "Tensor",
        "copy_copy_copy(Tensor self) -> Tensor",
        "zeros(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None) -> Tensor",
        "arange.start_out(Scalar start, Scalar end, Scalar step=1, *, "
        "Tensor(a!) out) -> Tensor(a!)"}) {
    std::optional<FunctionSchema> Schema = parse(Text);
    ASSERT_TRUE(Schema) << Text.str();
    for (const SignatureOptions &Options : AllOptions)
      EXPECT_EQ(Schema->signatureStr(Options),
                Schema->signature(Options).str())
          << Text.str();
  }
}

TEST_F(SchemaParserTest, GroupsSelfTensorOptionsAndOut) {
  std::optional<FunctionSchema> Schema =
      parse("add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
            "Tensor(a!) out) -> Tensor(a!)");
  ASSERT_TRUE(Schema);
  EXPECT_EQ(Schema->Name.str(), "add.out");
  ASSERT_TRUE(Schema->Args.SelfArg);
  EXPECT_EQ(Schema->Args.SelfArg->Name, "self");
  ASSERT_EQ(Schema->Args.Out.size(), 1u);
  EXPECT_EQ(Schema->Args.Out[0].Name, "out");
  EXPECT_TRUE(Schema->Args.Out[0].isWrite());
  EXPECT_TRUE(Schema->isOutFn());
  ASSERT_EQ(Schema->Args.PreTensorOptionsKwargOnly.size(), 1u);
  EXPECT_EQ(Schema->Args.PreTensorOptionsKwargOnly[0].Default,
            std::optional<std::string>("1"));

  std::optional<FunctionSchema> Factory =
      parse("ones(SymInt[] size, *, ScalarType? dtype=None, Layout? "
            "layout=None, Device? device=None, bool? pin_memory=None) -> "
            "Tensor");
  ASSERT_TRUE(Factory);
  EXPECT_FALSE(Factory->Args.SelfArg);
  ASSERT_TRUE(Factory->Args.TensorOptions);
  EXPECT_EQ(Factory->Args.TensorOptions->Device.Name, "device");
}

TEST_F(SchemaParserTest, TypesAreUniqued) {
  std::optional<FunctionSchema> A = parse("f(int[2]? x) -> Tensor");
  std::optional<FunctionSchema> B = parse("g(int[2]? y) -> Tensor");
  ASSERT_TRUE(A && B);
  const Type *TA = A->Args.PostSelfPositional.empty()
                       ? A->Args.PreSelfPositional[0].Ty
                       : A->Args.PostSelfPositional[0].Ty;
  const Type *TB = B->Args.PostSelfPositional.empty()
                       ? B->Args.PreSelfPositional[0].Ty
                       : B->Args.PostSelfPositional[0].Ty;
  EXPECT_EQ(TA, TB);
  ASSERT_TRUE(TA->isOptional());
  EXPECT_TRUE(TA->getElement()->isList());
  EXPECT_EQ(TA->getElement()->getSize(), std::optional<unsigned>(2));
  EXPECT_EQ(TA->str(), "int[2]?");
}

TEST_F(SchemaParserTest, VersionsDiffer) {
  // SymBool is a 2.x base type.
  EXPECT_TRUE(parse("f(SymBool b) -> Tensor"));
  EXPECT_FALSE(parse("f(SymBool b) -> Tensor", "pytorch-1.13"));
}

TEST_F(SchemaParserTest, ErrorsAreLocatedAndSuggest) {
  EXPECT_FALSE(parseReporting("add(Tensr self, Tensor other) -> Tensor"));
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "schema.unknown-type");
  EXPECT_EQ(columnOf(Seen[0]), 4u);
  EXPECT_EQ(Seen[0].Message, "unknown type 'Tensr'");
  ASSERT_EQ(Seen[0].Notes.size(), 1u);
  EXPECT_EQ(Seen[0].Notes[0].Message, "did you mean 'Tensor'?");
}

TEST_F(SchemaParserTest, MalformedSchemasAreRejected) {
  for (StringRef Text :
       {"add(Tensor self", "add(Tensor self) ->",
        "add(Tensor self) -> Tensor extra junk", "(Tensor self) -> Tensor",
        "add_out(Tensor self) -> Tensor"})
    EXPECT_FALSE(parse(Text)) << Text.str();
}

TEST_F(SchemaParserTest, OperatorNamesMarkDunderInplaceAndFunctional) {
  std::optional<FunctionSchema> Dunder =
      parse("__iadd__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  ASSERT_TRUE(Dunder);
  EXPECT_EQ(Dunder->Name.Name.Base, "add");
  EXPECT_TRUE(Dunder->Name.Name.DunderMethod);
  EXPECT_TRUE(Dunder->Name.Name.Inplace);
  EXPECT_EQ(Dunder->Name.OverloadName, "Tensor");

  std::optional<FunctionSchema> Functional =
      parse("ns::resize_functional(Tensor self) -> Tensor");
  ASSERT_TRUE(Functional);
  EXPECT_EQ(Functional->Name.Name.Namespace, "ns");
  EXPECT_EQ(Functional->Name.Name.Base, "resize");
  EXPECT_TRUE(Functional->Name.Name.FunctionalOverload);
  EXPECT_FALSE(Functional->Name.Name.Inplace);

  std::optional<FunctionSchema> Inplace = parse("abs_(Tensor(a!) self) -> "
                                                "Tensor(a!)");
  ASSERT_TRUE(Inplace);
  EXPECT_EQ(Inplace->Name.Name.Base, "abs");
  EXPECT_TRUE(Inplace->Name.Name.Inplace);
  EXPECT_FALSE(Inplace->Name.Name.DunderMethod);
}

TEST_F(SchemaParserTest, MalformedOperatorNamesAreLocated) {
  struct Case {
    StringRef Schema;
    size_t Column;
    StringRef Message;
  } Cases[] = {
      {"add.(Tensor self) -> Tensor", 3, "expected an overload name after '.'"},
      {"add.T-1(Tensor self) -> Tensor", 5,
       "invalid character '-' in overload name 'T-1'"},
      {"ns::(Tensor self) -> Tensor", 4, "expected an operator name"},
      {"a-b(Tensor self) -> Tensor", 1, "invalid character '-' in operator "
                                        "name"},
      {"__ifoo__(Tensor self) -> Tensor", 0,
       "unexpected dunder method starting with 'i': '__ifoo__'"},
      {"add_functional_(Tensor(a!) self) -> Tensor(a!)", 0,
       "a functional overload ('_functional') cannot be a dunder method or "
       "in-place"},
      {"add_out(Tensor self) -> Tensor", 3,
       "the '_out' suffix is reserved for out= overloads; did you mean the "
       "overload name '.out'?"},
  };
  for (const Case &C : Cases) {
    Seen.clear();
    EXPECT_FALSE(parseReporting(C.Schema)) << C.Schema.str();
    ASSERT_EQ(Seen.size(), 1u) << C.Schema.str();
    EXPECT_EQ(Seen[0].Message, C.Message.str()) << C.Schema.str();
    EXPECT_EQ(columnOf(Seen[0]), C.Column) << C.Schema.str();
  }
}

} // namespace
