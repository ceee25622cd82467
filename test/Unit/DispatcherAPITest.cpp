//===- DispatcherAPITest.cpp - The kernels' view of an operator -----------===//
//
// Expected values are what torchgen (2.14.1 and 1.13.1) computes for the
// same schemas: gen_formals, extract_bindings, type_wrapper_name and the
// at::redispatch:: name of emit_dispatch_call.
//
//===----------------------------------------------------------------------===//

#include "DiagnosticsTestUtil.h"
#include "ProfileTestUtil.h"

#include "gradgen/Schema/DispatcherAPI.h"
#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Support/YAMLSource.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

class DispatcherAPITest : public DiagnosticsFixture {
protected:
  void SetUp() override {
    Diags.setConsumer(std::make_unique<CollectingConsumer>(Seen));
  }

  /// The functions of a native_functions.yaml with the entries Text.
  const NativeFunctionSet &load(StringRef Text,
                                StringRef Profile = "pytorch-2.14") {
    SchemaSection Section = stockSchemaSection(Profile);
    unsigned ID = addBuffer("native_functions.yaml", Text);
    Source = YAMLSource::parseBuffer(ID, SM, Diags);
    EXPECT_TRUE(Source.has_value());
    Set = NativeFunctionSet::build(*Source, TagSet::fromNames({"generated"}),
                                   Section.Schema, Diags);
    EXPECT_TRUE(Seen.empty()) << (Seen.empty() ? "" : Seen.front().Message);
    Options = Section.CppAPI;
    return *Set;
  }

  const NativeFunction &function(StringRef Name) {
    const NativeFunction *F = Set->lookup(Name);
    EXPECT_NE(F, nullptr) << Name.str();
    return *F;
  }

  std::vector<Diagnostic> Seen;
  std::optional<YAMLSource> Source;
  std::unique_ptr<NativeFunctionSet> Set;
  CppAPIOptions Options;
};

TEST_F(DispatcherAPITest, FormalsTakeTheKeySetAndSymIntTypes) {
  load(R"(- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
  variants: function, method
  dispatch:
    CPU: add
- func: narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a)
  dispatch:
    CompositeExplicitAutograd: narrow
- func: add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
  dispatch:
    CPU: add_out
)");
  EXPECT_EQ(dispatcher::kernelFormals(function("add.Tensor"), Options),
            "c10::DispatchKeySet ks, const at::Tensor & self, const "
            "at::Tensor & other, const at::Scalar & alpha");
  EXPECT_EQ(dispatcher::kernelFormals(function("narrow"), Options),
            "c10::DispatchKeySet ks, const at::Tensor & self, int64_t dim, "
            "c10::SymInt start, c10::SymInt length");
  EXPECT_EQ(dispatcher::kernelFormals(function("add.out"), Options),
            "c10::DispatchKeySet ks, const at::Tensor & self, const "
            "at::Tensor & other, const at::Scalar & alpha, at::Tensor & out");
}

TEST_F(DispatcherAPITest, ArgumentsAreInSchemaOrderWithoutTensorOptions) {
  load(R"(- func: ones_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor
  dispatch:
    CompositeExplicitAutograd: ones_like
)");
  std::optional<std::vector<Binding>> Bindings =
      dispatcher::arguments(function("ones_like"), Options);
  ASSERT_TRUE(Bindings.has_value());
  std::vector<std::string> Defns;
  for (const Binding &B : *Bindings)
    Defns.push_back(B.defn());
  EXPECT_EQ(Defns, (std::vector<std::string>{
                       "const at::Tensor & self",
                       "::std::optional<at::ScalarType> dtype",
                       "::std::optional<at::Layout> layout",
                       "::std::optional<at::Device> device",
                       "::std::optional<bool> pin_memory",
                       "::std::optional<at::MemoryFormat> memory_format"}));
}

TEST_F(DispatcherAPITest, OneThirteenSpellsOptionalsWithC10) {
  load(
      R"(- func: ones_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor
  dispatch:
    CompositeExplicitAutograd: ones_like
)",
      "pytorch-1.13");
  EXPECT_EQ(dispatcher::kernelFormals(function("ones_like"), Options),
            "c10::DispatchKeySet ks, const at::Tensor & self, "
            "c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> "
            "layout, c10::optional<at::Device> device, c10::optional<bool> "
            "pin_memory, c10::optional<at::MemoryFormat> memory_format");
}

TEST_F(DispatcherAPITest, KernelNamesCarryOverloadAndKey) {
  load(R"(- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
  dispatch:
    CPU: add
- func: add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
  dispatch:
    CPU: add_
- func: abs(Tensor self) -> Tensor
  dispatch:
    CPU: abs
)");
  EXPECT_EQ(dispatcher::kernelName(function("add.Tensor").func()),
            "add_Tensor");
  EXPECT_EQ(dispatcher::kernelName(function("add_.Tensor").func()),
            "add__Tensor");
  EXPECT_EQ(dispatcher::kernelName(function("abs").func(), "AutogradCUDA"),
            "abs_AutogradCUDA");
  EXPECT_EQ(dispatcher::kernelName(function("abs").func(), "Default"), "abs");
}

TEST_F(DispatcherAPITest, RedispatchNamesAreFaithfulAndSymInt) {
  load(R"(- func: add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
  dispatch:
    CPU: add_out
- func: narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a)
  dispatch:
    CompositeExplicitAutograd: narrow
- func: abs(Tensor self) -> Tensor
  dispatch:
    CPU: abs
)");
  EXPECT_EQ(dispatcher::redispatchName(function("add.out").func()),
            "add_outf");
  EXPECT_EQ(dispatcher::redispatchName(function("narrow").func()),
            "narrow_symint");
  EXPECT_EQ(dispatcher::redispatchName(function("abs").func()), "abs");
}

} // namespace
