//===- CppAPITest.cpp - The C++ API of operators (torchgen api/cpp.py) ----===//

#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/SchemaParser.h"

#include "ProfileTestUtil.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gradgen;

namespace {

class CppAPITest : public ::testing::Test {
protected:
  FunctionSchema parse(StringRef Text, StringRef Profile = "pytorch-2.14") {
    SchemaSection Section = stockSchemaSection(Profile);
    Schema = Section.Schema;
    Cpp = Section.CppAPI;
    std::optional<FunctionSchema> Parsed =
        parseSchemaQuietly(Text, Context, Schema);
    EXPECT_TRUE(Parsed) << Text.str();
    return Parsed ? *Parsed : FunctionSchema();
  }

  /// The C++ declarations of the non-faithful signature's arguments.
  std::vector<std::string> declarations(const FunctionSchema &F,
                                        bool SymInt = false) {
    std::optional<std::vector<Binding>> Bindings =
        cpp::arguments(F.Args, /*Faithful=*/false, SymInt, /*Method=*/false, {},
                       CppArgumentContext(), Cpp);
    std::vector<std::string> Result;
    if (Bindings)
      for (const Binding &B : *Bindings)
        Result.push_back(B.decl());
    return Result;
  }

  std::string returns(const FunctionSchema &F) {
    std::optional<CType> Type =
        cpp::returnsType(F.Returns, /*SymInt=*/true, CppArgumentContext(), Cpp);
    return Type ? Type->cppType() : "<none>";
  }

  SchemaContext Context;
  SchemaOptions Schema;
  CppAPIOptions Cpp;
};

TEST_F(CppAPITest, Names) {
  EXPECT_EQ(cpp::name(parse("add.Tensor(Tensor self, Tensor other) -> Tensor")),
            "add");
  EXPECT_EQ(cpp::name(parse("add_.Tensor(Tensor(a!) self, Tensor other) -> "
                            "Tensor(a!)")),
            "add_");
  FunctionSchema Out = parse(
      "add.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  EXPECT_EQ(cpp::name(Out), "add_out");
  EXPECT_EQ(cpp::name(Out, /*FaithfulNameForOutOverloads=*/true), "add_outf");
  EXPECT_EQ(cpp::name(parse("narrow(Tensor(a) self, int dim, SymInt start, "
                            "SymInt length) -> Tensor(a)"),
                      false, /*SymIntOverload=*/true),
            "narrow_symint");
}

TEST_F(CppAPITest, ArgumentsAndDefaults) {
  FunctionSchema Sum =
      parse("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, "
            "*, ScalarType? dtype=None) -> Tensor");
  EXPECT_EQ(declarations(Sum),
            (std::vector<std::string>{
                "const at::Tensor & self", "at::OptionalIntArrayRef dim",
                "bool keepdim=false",
                "::std::optional<at::ScalarType> dtype=::std::nullopt"}));
}

TEST_F(CppAPITest, OutArgumentsComeFirst) {
  FunctionSchema Out = parse(
      "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) "
      "-> Tensor(a!)");
  std::vector<std::string> Decls = declarations(Out);
  ASSERT_EQ(Decls.size(), 4u);
  EXPECT_EQ(Decls[0], "at::Tensor & out");
  EXPECT_EQ(Decls[3], "const at::Scalar & alpha=1");
}

TEST_F(CppAPITest, TensorOptionsAreBundled) {
  FunctionSchema Ones =
      parse("ones(SymInt[] size, *, ScalarType? dtype=None, Layout? "
            "layout=None, Device? device=None, bool? pin_memory=None) -> "
            "Tensor");
  EXPECT_EQ(declarations(Ones),
            (std::vector<std::string>{"at::IntArrayRef size",
                                      "at::TensorOptions options={}"}));
  EXPECT_EQ(declarations(Ones, /*SymInt=*/true),
            (std::vector<std::string>{"c10::SymIntArrayRef size",
                                      "at::TensorOptions options={}"}));
}

TEST_F(CppAPITest, Returns) {
  EXPECT_EQ(returns(parse("abs(Tensor self) -> Tensor")), "at::Tensor");
  EXPECT_EQ(returns(parse("abs_(Tensor(a!) self) -> Tensor(a!)")),
            "at::Tensor &");
  EXPECT_EQ(returns(parse("max.dim(Tensor self, int dim, bool keepdim=False) "
                          "-> (Tensor values, Tensor indices)")),
            "::std::tuple<at::Tensor,at::Tensor>");
  EXPECT_EQ(returns(parse("_foreach_add_.Scalar(Tensor(a!)[] self, Scalar "
                          "scalar) -> ()")),
            "void");
  EXPECT_EQ(cpp::returnNames(parse("max.dim(Tensor self, int dim, bool "
                                   "keepdim=False) -> (Tensor values, Tensor "
                                   "indices)")),
            (std::vector<std::string>{"values", "indices"}));
  EXPECT_EQ(cpp::returnNames(parse("abs_(Tensor(a!) self) -> Tensor(a!)")),
            (std::vector<std::string>{"self"}));
}

TEST_F(CppAPITest, OptionalSpellingFollowsTheProfile) {
  FunctionSchema Mean = parse(
      "mean(Tensor self, *, ScalarType? dtype=None) -> Tensor", "pytorch-1.13");
  EXPECT_EQ(declarations(Mean),
            (std::vector<std::string>{
                "const at::Tensor & self",
                "c10::optional<at::ScalarType> dtype=c10::nullopt"}));
}

TEST_F(CppAPITest, DefaultExpressions) {
  FunctionSchema F =
      parse("f(Tensor self, int[] dims=[0,1], float eps=1e-05, str mode=\"x\", "
            "MemoryFormat? memory_format=contiguous_format) -> Tensor");
  const auto &Args = F.Args.PostSelfPositional;
  ASSERT_EQ(Args.size(), 4u);
  EXPECT_EQ(cpp::defaultExpr(*Args[0].Default, Args[0].Ty, false, Cpp),
            std::optional<std::string>("{0,1}"));
  EXPECT_EQ(cpp::defaultExpr(*Args[1].Default, Args[1].Ty, false, Cpp),
            std::optional<std::string>("1e-05"));
  EXPECT_EQ(cpp::defaultExpr(*Args[2].Default, Args[2].Ty, false, Cpp),
            std::optional<std::string>("\"x\""));
  EXPECT_EQ(cpp::defaultExpr(*Args[3].Default, Args[3].Ty, false, Cpp),
            std::optional<std::string>("c10::MemoryFormat::Contiguous"));
}

} // namespace
