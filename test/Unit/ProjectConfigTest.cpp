//===- ProjectConfigTest.cpp - Finding a run's inputs ---------------------===//

#include "DiagnosticsTestUtil.h"

#include "gradgen/Frontend/ProjectConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

/// A temporary folder tree, removed at the end of the test.
class ProjectConfigTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("gradgen-project", Root));
    Diags.setConsumer(std::make_unique<CollectingConsumer>(Seen));
  }
  void TearDown() override { sys::fs::remove_directories(Root); }

  std::string write(StringRef Relative, StringRef Text = "") {
    SmallString<256> Path(Root);
    sys::path::append(Path, Relative);
    EXPECT_FALSE(sys::fs::create_directories(sys::path::parent_path(Path)));
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    EXPECT_FALSE(EC);
    OS << Text;
    return std::string(Path);
  }

  /// A PyTorch checkout's files.
  std::string writeCheckout() {
    write("aten/src/ATen/native/native_functions.yaml");
    write("aten/src/ATen/native/tags.yaml");
    write("torch/csrc/autograd/FunctionsManual.h");
    return write("tools/autograd/derivatives.yaml");
  }

  SmallString<256> Root;
  SourceMgr SM;
  DiagnosticEngine Diags{SM};
  std::vector<Diagnostic> Seen;
};

TEST_F(ProjectConfigTest, CheckoutLayout) {
  ProjectConfig Config;
  Config.Derivatives.set(writeCheckout(), "test");
  ASSERT_TRUE(Config.discover(SM, Diags));
  EXPECT_EQ(Config.CheckoutRoot, std::string(Root));
  EXPECT_TRUE(StringRef(Config.NativeFunctions.Value)
                  .endswith("aten/src/ATen/native/native_functions.yaml"));
  EXPECT_EQ(Config.NativeFunctions.Origin, "PyTorch checkout " + Root.str().str());
  ASSERT_EQ(Config.Helpers.Value.size(), 1u);
  EXPECT_TRUE(StringRef(Config.Helpers.Value[0]).endswith("FunctionsManual.h"));
  // No deprecated.yaml here: left unset.
  EXPECT_FALSE(Config.Deprecated.isSet());
  EXPECT_TRUE(Seen.empty());
}

TEST_F(ProjectConfigTest, FileBeatsLayoutAndFlagsBeatFile) {
  std::string Derivatives = writeCheckout();
  write("other/tags.yaml");
  write(".gradgen.yaml", "tags: other/tags.yaml\nprofile: pytorch-1.13\n");
  ProjectConfig Config;
  Config.Derivatives.set(Derivatives, "test");
  Config.Profile.set("mine", ProjectConfig::CommandLine.str());
  ASSERT_TRUE(Config.discover(SM, Diags));
  EXPECT_TRUE(StringRef(Config.Tags.Value).endswith("other/tags.yaml"));
  EXPECT_TRUE(StringRef(Config.Tags.Origin).endswith(".gradgen.yaml:1"));
  EXPECT_EQ(Config.Profile.Value, "mine");
  EXPECT_EQ(Config.Profile.Origin, "command line");
  EXPECT_TRUE(StringRef(Config.NativeFunctions.Origin).startswith("PyTorch"));
}

TEST_F(ProjectConfigTest, UnknownKeyIsLocated) {
  std::string Derivatives = write("a/b/derivatives.yaml");
  write("a/.gradgen.yaml", "tag: x\n");
  ProjectConfig Config;
  Config.Derivatives.set(Derivatives, "test");
  EXPECT_FALSE(Config.discover(SM, Diags));
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].Message, "unknown key 'tag' in .gradgen.yaml");
  ASSERT_EQ(Seen[0].Notes.size(), 1u);
  EXPECT_EQ(Seen[0].Notes[0].Message, "did you mean 'tags'?");
}

TEST_F(ProjectConfigTest, NearestFileAbove) {
  write(".gradgen.yaml");
  write("a/.gradgen.yaml");
  SmallString<256> Dir(Root);
  sys::path::append(Dir, "a", "b");
  EXPECT_TRUE(StringRef(findProjectConfigFile(Dir)).endswith("a/.gradgen.yaml"));
}

} // namespace
