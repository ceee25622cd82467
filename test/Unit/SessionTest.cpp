//===- SessionTest.cpp - The Frontend's Session and Compilation -----------===//
//
// A language server keeps one Session and runs it again whenever a buffer
// changes: runs must not share state, the unsaved buffers must be what the
// stages read, and each run must list exactly the files it read.
//
//===----------------------------------------------------------------------===//

#include "DiagnosticsTestUtil.h"

#include "gradgen/Frontend/Session.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace gradgen {
namespace {

std::string inputPath(StringRef Name) {
  SmallString<256> Path(GRADGEN_TEST_INPUTS_DIR);
  sys::path::append(Path, Name);
  return std::string(Path);
}

class SessionTest : public ::testing::Test {
protected:
  SessionTest() {
    Inv.NativeFunctionsPath = inputPath("native_functions.yaml");
    Inv.TagsPath = inputPath("tags.yaml");
    Inv.DerivativesPath = inputPath("derivatives.yaml");
    Inv.Formulas.Flags.HelperFiles = {inputPath("helpers.h")};
    Inv.TemplatesRoot = GRADGEN_TEST_TEMPLATES_DIR;
    Inv.TorchRoot = GRADGEN_TEST_TORCH_ROOT;
    // No precompiled header is kept between runs.
    Inv.Formulas.CacheDir = "";
  }

  /// Runs S up to Goal; keeps its diagnostics in Seen.
  std::unique_ptr<Compilation> run(Session &S, RunGoal Goal) {
    Seen.clear();
    return S.run(Goal, std::make_unique<test::CollectingConsumer>(Seen));
  }

  Invocation Inv;
  std::vector<Diagnostic> Seen;
};

/// The names of the infos with their saved inputs, in order.
std::vector<std::string> summary(const Compilation &C) {
  std::vector<std::string> Result;
  for (const InfoGroup &Group : C.getDatabase().Groups)
    for (const DifferentiabilityInfo &Info : Group.Infos) {
      std::string Line = Info.Name;
      for (const Derivative &D : Info.Derivatives)
        for (const SavedAttribute &A : D.SavedInputs)
          Line += (" " + A.name()).str();
      Result.push_back(Line);
    }
  return Result;
}

TEST_F(SessionTest, RunsTwiceWithTheSameResult) {
  Session S(Inv);
  std::unique_ptr<Compilation> First = run(S, RunGoal::Infos);
  EXPECT_TRUE(Seen.empty());
  EXPECT_FALSE(First->getDiags().hasErrors());
  std::unique_ptr<Compilation> Second = run(S, RunGoal::Infos);
  EXPECT_TRUE(Seen.empty());
  EXPECT_FALSE(Second->getDiags().hasErrors());

  std::vector<std::string> Infos = summary(*First);
  EXPECT_FALSE(Infos.empty());
  EXPECT_EQ(Infos, summary(*Second));
  // The Formula stage ran in both: mul saves both inputs and their types.
  EXPECT_NE(std::find(Infos.begin(), Infos.end(),
                      "mul self other_scalar_type self_scalar_type other"),
            Infos.end());
  EXPECT_EQ(First->getInputs().vec(), Second->getInputs().vec());
  EXPECT_TRUE(First->finish());
  EXPECT_TRUE(Second->finish());
}

TEST_F(SessionTest, ListsEachInputOnce) {
  Inv.CheckFormulas = false;
  Session S(Inv);
  std::unique_ptr<Compilation> C = run(S, RunGoal::Infos);
  // The templates are inputs too; emitting writes nothing.
  EXPECT_TRUE(C->emitFiles());
  EXPECT_FALSE(C->getGeneratedFiles().empty());
  std::vector<std::string> Inputs = C->getInputs().vec();
  ASSERT_GE(Inputs.size(), 4u);
  EXPECT_TRUE(StringRef(Inputs[0]).endswith("profile.yaml"));
  EXPECT_EQ(Inputs[1], Inv.NativeFunctionsPath);
  EXPECT_EQ(Inputs[2], Inv.TagsPath);
  EXPECT_EQ(Inputs[3], Inv.DerivativesPath);
  std::vector<std::string> Sorted = Inputs;
  llvm::sort(Sorted);
  EXPECT_EQ(std::unique(Sorted.begin(), Sorted.end()), Sorted.end());
}

TEST_F(SessionTest, UnsavedBuffersOverlayTheDisk) {
  Inv.CheckFormulas = false;
  Session S(Inv);
  S.setUnsavedFile(Inv.DerivativesPath,
                   "- name: sin(Tensor self) -> Tensor\n"
                   "  self: grad * self.cos()\n"
                   "- name: no_such_op(Tensor self) -> Tensor\n"
                   "  self: grad\n");
  std::unique_ptr<Compilation> Edited = run(S, RunGoal::Infos);
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "derivatives.unknown-schema");
  EXPECT_EQ(Edited->getSourceMgr()
                .getLineAndColumn(Seen[0].Loc)
                .first,
            3u);

  S.clearUnsavedFile(Inv.DerivativesPath);
  std::unique_ptr<Compilation> Saved = run(S, RunGoal::Infos);
  EXPECT_TRUE(Seen.empty());
  EXPECT_GT(summary(*Saved).size(), summary(*Edited).size());
}

TEST_F(SessionTest, ReadsTheVariableTypeListsInEveryRun) {
  Inv.CheckFormulas = false;
  Session S(Inv);
  auto ListsInput = [](const Compilation &C) -> std::string {
    for (const std::string &Input : C.getInputs())
      if (StringRef(Input).endswith("variable-type/lists.yaml"))
        return Input;
    return "";
  };
  std::string Lists;
  // Each run reads the lists again (a depfile lists them), and sees an edit,
  // wherever its Compilation lives.
  for (int Run = 0; Run < 4; ++Run) {
    std::unique_ptr<Compilation> C = run(S, RunGoal::Infos);
    ASSERT_TRUE(C->emitFiles());
    if (Lists.empty())
      Lists = ListsInput(*C);
    ASSERT_FALSE(Lists.empty());
    EXPECT_EQ(ListsInput(*C), Lists);
  }
  S.setUnsavedFile(Lists, "no-such-list: [a]\n");
  std::unique_ptr<Compilation> Edited = run(S, RunGoal::Infos);
  EXPECT_FALSE(Edited->emitFiles());
  ASSERT_FALSE(Seen.empty());
  EXPECT_EQ(Seen[0].RuleID, "kernel.lists");
}

TEST_F(SessionTest, ReportsAMissingInput) {
  Inv.CheckFormulas = false;
  Inv.DerivativesPath = inputPath("no-such-derivatives.yaml");
  Session S(Inv);
  std::unique_ptr<Compilation> C = run(S, RunGoal::Infos);
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "driver.io");
  EXPECT_FALSE(C->finish());
  for (const std::string &Input : C->getInputs())
    EXPECT_EQ(StringRef(Input).find("no-such"), StringRef::npos);
}

TEST_F(SessionTest, ReusesSchemasWhileTheirFilesAreUnchanged) {
  Inv.CheckFormulas = false;
  Session S(Inv);
  S.setReuseSchemas(true);
  std::unique_ptr<Compilation> First = run(S, RunGoal::Infos);
  EXPECT_TRUE(Seen.empty());
  S.setUnsavedFile(Inv.DerivativesPath,
                   "- name: no_such_op(Tensor self) -> Tensor\n"
                   "  self: grad\n");
  std::unique_ptr<Compilation> Edited = run(S, RunGoal::Infos);
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "derivatives.unknown-schema");
  EXPECT_EQ(Edited->getSourceMgr().getLineAndColumn(Seen[0].Loc).first, 1u);
  EXPECT_EQ(&First->getFunctions(), &Edited->getFunctions());
  EXPECT_EQ(First->getInputs().vec(), Edited->getInputs().vec());

  // A schema that the edited native_functions.yaml declares is found: the
  // schemas are loaded again.
  auto Native = MemoryBuffer::getFile(Inv.NativeFunctionsPath);
  ASSERT_TRUE(bool(Native));
  S.setUnsavedFile(Inv.NativeFunctionsPath,
                   (*Native)->getBuffer().str() +
                       "\n- func: no_such_op(Tensor self) -> Tensor\n"
                       "  dispatch:\n    CPU: no_such_op\n");
  std::unique_ptr<Compilation> Reloaded = run(S, RunGoal::Infos);
  EXPECT_TRUE(Seen.empty());
  EXPECT_NE(&First->getFunctions(), &Reloaded->getFunctions());
}

TEST_F(SessionTest, ChecksOnlyTheShapeWithoutNativeFunctions) {
  Inv.NativeFunctionsPath.clear();
  Session S(Inv);
  S.setUnsavedFile(Inv.DerivativesPath, "- name: no_such_op(Tensor self) -> "
                                        "Tensor\n  self: grad\n"
                                        "- self: grad\n");
  std::unique_ptr<Compilation> C = run(S, RunGoal::Infos);
  EXPECT_TRUE(C->hasProfile());
  EXPECT_FALSE(C->hasSchemas());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_NE(C->getDerivativesBuffer(), 0u);
  EXPECT_EQ(C->getEntries().size(), 1u);
}

} // namespace
} // namespace gradgen
