//===- PythonAPITest.cpp - How Python sees an operator --------------------===//
//
// Expected values are what torchgen computes: str(pythonify_default(...)),
// cpp_string, PythonSignature.signature_str and sort_overloads' order.
//
//===----------------------------------------------------------------------===//

#include "DiagnosticsTestUtil.h"
#include "ProfileTestUtil.h"

#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/PythonAPI.h"
#include "gradgen/Support/YAMLSource.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::python;
using namespace gradgen::test;

namespace {

TEST(PythonDefaultTest, PythonSpellsNumbersAsReprDoes) {
  EXPECT_EQ(pythonifyDefault("true"), "True");
  EXPECT_EQ(pythonifyDefault("false"), "False");
  EXPECT_EQ(pythonifyDefault("-1"), "-1");
  EXPECT_EQ(pythonifyDefault("007"), "7");
  EXPECT_EQ(pythonifyDefault("1e-5"), "1e-05");
  EXPECT_EQ(pythonifyDefault("1e-12"), "1e-12");
  EXPECT_EQ(pythonifyDefault("0.0001"), "0.0001");
  EXPECT_EQ(pythonifyDefault("0.5"), "0.5");
  EXPECT_EQ(pythonifyDefault("2."), "2.0");
  EXPECT_EQ(pythonifyDefault("1e16"), "1e+16");
  EXPECT_EQ(pythonifyDefault("123456789012345.0"), "123456789012345.0");
  EXPECT_EQ(pythonifyDefault("inf"), "inf");
  EXPECT_EQ(pythonifyDefault("-inf"), "-inf");
  EXPECT_EQ(pythonifyDefault("0x10"), "0x10");
  EXPECT_EQ(pythonifyDefault("c10::nullopt"), "c10::nullopt");
  EXPECT_EQ(pythonifyDefault("{0,1}"), "{0,1}");
}

TEST(PythonDefaultTest, CppStringEscapes) {
  EXPECT_EQ(cppString("add(Tensor input)"), "\"add(Tensor input)\"");
  EXPECT_EQ(cppString("a=\"none\"\\\n"), "\"a=\\\"none\\\"\\\\\\n\"");
}

class PythonAPITest : public DiagnosticsFixture {
protected:
  void SetUp() override {
    Diags.setConsumer(std::make_unique<CollectingConsumer>(Seen));
  }

  const NativeFunctionSet &load(StringRef Text,
                                StringRef Profile = "pytorch-2.14") {
    SchemaSection Section = stockSchemaSection(Profile);
    unsigned ID = addBuffer("native_functions.yaml", Text);
    Source = YAMLSource::parseBuffer(ID, SM, Diags);
    EXPECT_TRUE(Source.has_value());
    Set = NativeFunctionSet::build(*Source, TagSet::fromNames({"generated"}),
                                   Section.Schema, Diags);
    EXPECT_TRUE(Seen.empty()) << (Seen.empty() ? "" : Seen.front().Message);
    Cpp = Section.CppAPI;
    return *Set;
  }

  /// The parser's signatures of the functions' overloads, in order.
  std::vector<std::string> signatures(bool Method = false) {
    Expected<std::vector<SignaturePair>> Pairs =
        loadSignatures(Set->functions(), {}, Method, Types, Cpp, Options);
    EXPECT_TRUE(bool(Pairs));
    std::vector<const SignaturePair *> Overloads;
    for (const SignaturePair &Pair : *Pairs)
      Overloads.push_back(&Pair);
    Expected<std::vector<SignatureGroup>> Groups =
        groupOverloads(Overloads, Cpp, Options);
    EXPECT_TRUE(bool(Groups));
    std::vector<std::string> Result;
    for (const SignatureGroup &G : *Groups)
      Result.push_back(G.Signature.signatureStr(Cpp));
    return Result;
  }

  std::vector<Diagnostic> Seen;
  std::optional<YAMLSource> Source;
  std::unique_ptr<NativeFunctionSet> Set;
  CppAPIOptions Cpp;
  PythonAPIOptions Options;
  PythonTypes Types;
};

TEST_F(PythonAPITest, OutVariantSharesItsFunctionsSignature) {
  load("- func: abs(Tensor self) -> Tensor\n"
       "- func: abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n");
  EXPECT_EQ(signatures(),
            std::vector<std::string>{"abs(Tensor input, *, Tensor out=None)"});
  EXPECT_EQ(signatures(/*Method=*/true),
            std::vector<std::string>{"abs(*, Tensor out=None)"});
}

TEST_F(PythonAPITest, FactoriesScatterTensorOptions) {
  load("- func: ones(int[] size, *, ScalarType? dtype=None, Layout? "
       "layout=None, Device? device=None, bool? pin_memory=None) -> Tensor\n"
       "  dispatch:\n"
       "    CompositeExplicitAutograd: ones\n");
  EXPECT_EQ(signatures(),
            std::vector<std::string>{
                "ones(IntArrayRef size, *, ScalarType? dtype=None, Layout? "
                "layout=None, Device? device=None, bool? pin_memory=False, "
                "bool? requires_grad=False)"});
}

TEST_F(PythonAPITest, TensorOverloadsComeBeforeScalarOnes) {
  load("- func: mul.Scalar(Tensor self, Scalar other) -> Tensor\n"
       "- func: mul.Tensor(Tensor self, Tensor other) -> Tensor\n");
  EXPECT_EQ(signatures(), (std::vector<std::string>{
                              "mul(Tensor input, Tensor other)",
                              "mul(Tensor input, Scalar other)"}));
}

TEST_F(PythonAPITest, AnOutVariantWithoutFunctionIsAnError) {
  load("- func: frac.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n");
  Expected<std::vector<SignaturePair>> Pairs =
      loadSignatures(Set->functions(), {}, false, Types, Cpp, Options);
  ASSERT_TRUE(bool(Pairs));
  std::vector<const SignaturePair *> Overloads = {&(*Pairs)[0]};
  Expected<std::vector<SignatureGroup>> Groups =
      groupOverloads(Overloads, Cpp, Options);
  ASSERT_FALSE(bool(Groups));
  EXPECT_NE(toString(Groups.takeError()).find("has no non-out variant"),
            std::string::npos);
}

} // namespace
