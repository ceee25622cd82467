//===- FamilyCacheTest.cpp - Entries of the family cache ------------------===//
//
// An entry gives back exactly the files recorded, in order, under its key
// only; an entry that is not whole, not committed or damaged anywhere is a
// miss.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Emit/FamilyCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace gradgen {
namespace {

class FamilyCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("gradgen-family-cache", Dir));
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  FamilyCache cache(std::string Key) {
    return FamilyCache(std::string(Dir), "slot", [Key] { return Key; });
  }
  /// Records the files of family `f` under Key; returns the entry's bytes.
  std::string record(std::string Key, bool Commit = true) {
    FamilyCache Cache = cache(Key);
    {
      std::unique_ptr<FamilyCache::Recorder> Recorder = Cache.record("f");
      EXPECT_TRUE(Recorder);
      Recorder->add("A.cpp", "int a;\n");
      Recorder->add("B.h", "");
      if (Commit)
        Recorder->commit();
    }
    auto Buffer = MemoryBuffer::getFile(Dir + "/family-f-slot.bin");
    return Buffer ? (*Buffer)->getBuffer().str() : "";
  }

  SmallString<128> Dir;
};

TEST_F(FamilyCacheTest, GivesBackTheFilesUnderTheirKeyOnly) {
  std::string Entry = record("k1");
  std::optional<FamilyCache::Entry> Hit = cache("k1").lookup("f");
  ASSERT_TRUE(Hit);
  ASSERT_EQ(Hit->Files.size(), 2u);
  EXPECT_EQ(Hit->Files[0], FileText("A.cpp", "int a;\n"));
  EXPECT_EQ(Hit->Files[1], FileText("B.h", ""));
  EXPECT_FALSE(cache("k2").lookup("f"));
  EXPECT_FALSE(cache("k1").lookup("g"));
  EXPECT_TRUE(parseFamilyCacheEntry(Entry, "k1"));
  EXPECT_FALSE(parseFamilyCacheEntry(Entry, "k2"));
}

TEST_F(FamilyCacheTest, ANewEntryReplacesTheOld) {
  record("k1");
  record("k2");
  EXPECT_FALSE(cache("k1").lookup("f"));
  EXPECT_TRUE(cache("k2").lookup("f"));
}

TEST_F(FamilyCacheTest, WithoutACommitTheOldEntryStays) {
  record("k1");
  record("k2", /*Commit=*/false);
  EXPECT_TRUE(cache("k1").lookup("f"));
  std::error_code EC;
  unsigned Files = 0;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    ++Files;
  EXPECT_EQ(Files, 1u) << "a dropped entry leaves no temporary file";
}

TEST_F(FamilyCacheTest, EveryPrefixAndEveryChangedByteIsAMiss) {
  std::string Entry = record("k1");
  ASSERT_FALSE(Entry.empty());
  for (size_t Size = 0; Size < Entry.size(); ++Size)
    EXPECT_FALSE(parseFamilyCacheEntry(StringRef(Entry).take_front(Size), "k1"))
        << Size;
  EXPECT_FALSE(parseFamilyCacheEntry(Entry + "x", "k1"));
  for (size_t At = 0; At < Entry.size(); ++At) {
    std::string Damaged = Entry;
    Damaged[At] ^= 0x20;
    std::optional<std::vector<FileText>> Files =
        parseFamilyCacheEntry(Damaged, "k1");
    // A changed byte of a name or of a length's unused high bits may still
    // parse; the contents never come back changed.
    if (Files)
      for (auto [Name, Contents] : *Files)
        EXPECT_TRUE(Contents == "int a;\n" || Contents.empty()) << At;
  }
}

TEST_F(FamilyCacheTest, NoFolderNoCache) {
  FamilyCache None("", "slot", [] { return std::string("k"); });
  EXPECT_FALSE(None.enabled());
  EXPECT_FALSE(None.record("f"));
  EXPECT_FALSE(None.lookup("f"));
}

} // namespace
} // namespace gradgen
