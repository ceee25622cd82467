//===- GradcheckCacheTest.cpp - Pruning gradcheck's cache -----------------===//

#include "Toolchain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace gradgen;
using namespace llvm;

namespace {

class GradcheckCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("gradcheck-cache", Dir));
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  std::string path(StringRef Name) const {
    SmallString<256> P(Dir);
    sys::path::append(P, Name);
    return std::string(P);
  }
  /// A file of Size bytes last used Age ago.
  void file(StringRef Name, std::chrono::hours Age, size_t Size = 16) {
    {
      std::error_code EC;
      raw_fd_ostream OS(path(Name), EC);
      ASSERT_FALSE(EC);
      OS << std::string(Size, 'x');
    }
    touch(Name, Age);
  }
  void folder(StringRef Name, std::chrono::hours Age) {
    ASSERT_FALSE(sys::fs::create_directories(path(Name) + "/include"));
    file((Name + "/Gradcheck.cpp").str(), Age);
    touch(Name, Age);
  }
  void touch(StringRef Name, std::chrono::hours Age) {
    int FD;
    ASSERT_FALSE(sys::fs::openFileForRead(path(Name), FD, sys::fs::OF_None));
    auto Then = std::chrono::system_clock::now() - Age;
    sys::fs::setLastAccessAndModificationTime(FD, Then, Then);
    sys::Process::SafelyCloseFileDescriptor(FD);
  }
  bool exists(StringRef Name) const { return sys::fs::exists(path(Name)); }

  /// Prunes the cache by Policy.
  void prune(StringRef Policy) {
    Expected<Toolchain> T = Toolchain::create("", std::string(Dir), Policy, {});
    ASSERT_TRUE(bool(T)) << toString(T.takeError());
    T->prune();
  }

  SmallString<128> Dir;
};

TEST_F(GradcheckCacheTest, RemovesWhatThePolicyExpires) {
  using std::chrono::hours;
  file("llvmcache-0123456789abcdef01234567.so", hours(24 * 10));
  file("llvmcache-1123456789abcdef01234567.o", hours(1));
  file("0123456789abcdef01234567.so", hours(1)); // Named before the prefix.
  file("notes.txt", hours(24 * 10));             // Not gradgen's.
  folder("work-0123456789abcdef01234567", hours(24 * 10));
  folder("work-1123456789abcdef01234567", hours(1));
  prune("prune_after=168h");
  EXPECT_FALSE(exists("llvmcache-0123456789abcdef01234567.so"));
  EXPECT_TRUE(exists("llvmcache-1123456789abcdef01234567.o"));
  EXPECT_FALSE(exists("0123456789abcdef01234567.so"));
  EXPECT_TRUE(exists("notes.txt"));
  EXPECT_FALSE(exists("work-0123456789abcdef01234567"));
  EXPECT_TRUE(exists("work-1123456789abcdef01234567"));
}

TEST_F(GradcheckCacheTest, KeepsTheMostRecentlyUsedUnderTheSize) {
  using std::chrono::hours;
  file("llvmcache-0123456789abcdef01234567.so", hours(3), 1000);
  file("llvmcache-1123456789abcdef01234567.so", hours(2), 1000);
  file("llvmcache-2123456789abcdef01234567.so", hours(1), 1000);
  prune("cache_size_bytes=2500");
  EXPECT_FALSE(exists("llvmcache-0123456789abcdef01234567.so"));
  EXPECT_TRUE(exists("llvmcache-1123456789abcdef01234567.so"));
  EXPECT_TRUE(exists("llvmcache-2123456789abcdef01234567.so"));
}

} // namespace
