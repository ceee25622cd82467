//===- OutputFilesTest.cpp - Outputs written all or nothing ---------------===//
//
// A staged file is written to its temporary file before the commit: nothing
// may be visible at its path until the commit, nothing may be left behind
// without one, and the depfile must name the files in the order given. A
// temporary file is named after its process, and a commit removes only
// those of processes that have ended.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/OutputFiles.h"
#include "gradgen/Support/TemporaryFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace gradgen {
namespace {

class OutputFilesTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("gradgen-outputs", Dir));
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  std::string path(StringRef Name) const {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    return std::string(Path);
  }

  /// The names in Dir, sorted.
  std::vector<std::string> entries() const {
    std::vector<std::string> Names;
    std::error_code EC;
    for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      Names.push_back(sys::path::filename(It->path()).str());
    llvm::sort(Names);
    return Names;
  }

  std::string read(StringRef Name) const {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(path(Name));
    return Buffer ? (*Buffer)->getBuffer().str() : "<missing>";
  }

  SmallString<256> Dir;
  SourceMgr SM;
  DiagnosticEngine Diags{SM};
};

TEST_F(OutputFilesTest, StagedFileAppearsOnlyAtCommit) {
  OutputSet Outputs;
  ASSERT_TRUE(Outputs.stageFile(path("a.h"), "int a;\n"));
  EXPECT_FALSE(sys::fs::exists(path("a.h")));
  OutputSet::CommitStats Stats;
  ASSERT_TRUE(Outputs.commit(Diags, &Stats));
  EXPECT_EQ(read("a.h"), "int a;\n");
  EXPECT_EQ(Stats.Written, 1u);
  EXPECT_EQ(entries(), std::vector<std::string>{"a.h"});
}

TEST_F(OutputFilesTest, NoCommitLeavesNothing) {
  {
    OutputSet Outputs;
    ASSERT_TRUE(Outputs.stageFile(path("sub/a.h"), "int a;\n"));
    EXPECT_TRUE(sys::fs::exists(path("sub")));
  }
  // The temporary file and the folder made for it are gone.
  EXPECT_TRUE(entries().empty());
}

TEST_F(OutputFilesTest, FailedRunLeavesNothing) {
  OutputSet Outputs;
  ASSERT_TRUE(Outputs.stageFile(path("a.h"), "int a;\n"));
  Diags.report(diag::output_write, SMLoc(), "an error of the run");
  EXPECT_FALSE(Outputs.commit(Diags));
  EXPECT_FALSE(sys::fs::exists(path("a.h")));
}

TEST_F(OutputFilesTest, UnchangedFileIsNotRewritten) {
  {
    OutputSet Outputs;
    Outputs.addFile(path("a.h"), "int a;\n");
    ASSERT_TRUE(Outputs.commit(Diags));
  }
  sys::fs::UniqueID Before;
  ASSERT_FALSE(sys::fs::getUniqueID(path("a.h"), Before));
  OutputSet Outputs;
  ASSERT_TRUE(Outputs.stageFile(path("a.h"), "int a;\n"));
  OutputSet::CommitStats Stats;
  ASSERT_TRUE(Outputs.commit(Diags, &Stats));
  EXPECT_EQ(Stats.Unchanged, 1u);
  EXPECT_EQ(Stats.Written, 0u);
  sys::fs::UniqueID After;
  ASSERT_FALSE(sys::fs::getUniqueID(path("a.h"), After));
  EXPECT_EQ(Before, After);
}

TEST_F(OutputFilesTest, StagingFailureIsReportedAtCommit) {
  // A directory where the file should go: staging keeps the contents, and
  // the commit reports it as it would have without staging.
  ASSERT_FALSE(sys::fs::create_directory(path("a.h")));
  OutputSet Outputs;
  EXPECT_TRUE(Outputs.stageFile(path("a.h"), "int a;\n"));
  EXPECT_EQ(Diags.getNumErrors(), 0u);
  EXPECT_FALSE(Outputs.commit(Diags));
  EXPECT_EQ(Diags.getNumErrors(), 1u);
}

TEST_F(OutputFilesTest, DuplicatePathIsRefused) {
  OutputSet Outputs;
  EXPECT_TRUE(Outputs.stageFile(path("a.h"), "1"));
  EXPECT_FALSE(Outputs.stageFile(path("a.h"), "2"));
  EXPECT_FALSE(Outputs.addFile(path("a.h"), "3"));
  ASSERT_TRUE(Outputs.commit(Diags));
  EXPECT_EQ(read("a.h"), "1");
}

TEST_F(OutputFilesTest, DepfileNamesFilesInTheGivenOrder) {
  OutputSet Outputs;
  ASSERT_TRUE(Outputs.stageFile(path("b.h"), "b"));
  ASSERT_TRUE(Outputs.addFile(path("c.h"), "c"));
  ASSERT_TRUE(Outputs.stageFile(path("a.h"), "a"));
  Outputs.orderFiles({path("a.h"), path("b.h"), path("c.h")});
  Outputs.addDependency("in.yaml");
  std::string Depfile;
  ASSERT_TRUE(Outputs.renderDepfile(Depfile, Diags));
  EXPECT_EQ(Depfile, path("a.h") + " " + path("b.h") + " " + path("c.h") +
                         ": \\\n  in.yaml\n");
  Outputs.setDepfile(path("out.d"));
  ASSERT_TRUE(Outputs.commit(Diags));
  EXPECT_EQ(read("out.d"), Depfile);
  EXPECT_EQ(entries(),
            (std::vector<std::string>{"a.h", "b.h", "c.h", "out.d"}));
}

TEST_F(OutputFilesTest, TemporaryFileIsNamedAfterItsProcess) {
  OutputSet Outputs;
  ASSERT_TRUE(Outputs.stageFile(path("a.h"), "int a;\n"));
  std::vector<std::string> Names = entries();
  ASSERT_EQ(Names.size(), 1u);
  std::optional<TemporaryFileName> Name = parseTemporaryFileName(Names[0]);
  ASSERT_TRUE(Name);
  EXPECT_EQ(Name->Target, "a.h");
  EXPECT_EQ(Name->PID, sys::Process::getProcessId());
}

TEST_F(OutputFilesTest, CommitSparesTheTemporaryFilesOfALiveRun) {
  // Two runs into one folder: the one that commits first must leave the
  // other's temporary file, or the other's rename fails.
  OutputSet Slow, Fast;
  ASSERT_TRUE(Slow.stageFile(path("a.h"), "int a;\n"));
  ASSERT_TRUE(Fast.stageFile(path("a.h"), "int a;\n"));
  ASSERT_TRUE(Fast.commit(Diags));
  ASSERT_TRUE(Slow.commit(Diags));
  EXPECT_EQ(Diags.getNumErrors(), 0u);
  EXPECT_EQ(entries(), std::vector<std::string>{"a.h"});
}

TEST(TemporaryFileNameTest, Shapes) {
  std::optional<TemporaryFileName> Name =
      parseTemporaryFileName("Functions.h.tmp-123-0123abcd");
  ASSERT_TRUE(Name);
  EXPECT_EQ(Name->Target, "Functions.h");
  EXPECT_EQ(Name->PID, 123);
  // The last `.tmp-` counts.
  Name = parseTemporaryFileName("a.tmp-1-00000000.tmp-2-ffffffff");
  ASSERT_TRUE(Name);
  EXPECT_EQ(Name->Target, "a.tmp-1-00000000");
  for (StringRef Other :
       {"Functions.h", "Functions.h.tmp-0123abcd", ".tmp-1-0123abcd",
        "a.tmp--0123abcd", "a.tmp-0-0123abcd", "a.tmp-x1-0123abcd",
        "a.tmp-1-0123ABCD", "a.tmp-1-0123abc", "a.tmp-1-0123abcde",
        "a.tmp-99999999999-0123abcd", "a.tmp-1-0123abcd-"})
    EXPECT_FALSE(parseTemporaryFileName(Other)) << Other.str();
}

} // namespace
} // namespace gradgen
