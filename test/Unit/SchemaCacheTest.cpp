//===- SchemaCacheTest.cpp - Native function sets read back ---------------===//
//
// A set read back from its entry writes the same entry again (every field,
// type and location survives), points into the run's own buffers, and an
// entry that is not whole or is damaged is a miss, never a crash.
//
//===----------------------------------------------------------------------===//

#include "ProfileTestUtil.h"

#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace gradgen {
namespace {

constexpr StringLiteral NativeFunctions = R"(- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
  variants: function, method
  structured_delegate: add.out
  tags: [pointwise, core]
- func: add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
  structured: True
  dispatch:
    CPU, CUDA: add_out
- func: noisy(Tensor self, Tensor(a!) noise) -> Tensor
  dispatch:
    CPU: noisy
  autogen: noisy_functional
- func: make(int[2] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor
  dispatch:
    CompositeExplicitAutograd: make
- func: unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]
  variants: function, method
)";

constexpr StringLiteral Tags = R"(- tag: pointwise
  desc: Elementwise.
- tag: core
  desc: Core.
)";

class SchemaCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("gradgen-schema-cache", Dir));
    write("native_functions.yaml", NativeFunctions);
    write("tags.yaml", Tags);
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  std::string path(StringRef Name) const {
    SmallString<128> P(Dir);
    sys::path::append(P, Name);
    return std::string(P);
  }
  void write(StringRef Name, StringRef Text) {
    std::error_code EC;
    raw_fd_ostream OS(path(Name), EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  std::string read(StringRef Name) const {
    auto Buffer = MemoryBuffer::getFile(path(Name));
    return Buffer ? (*Buffer)->getBuffer().str() : "";
  }

  /// Loads the set with the cache in the folder CacheName.
  struct Run {
    SourceMgr SM;
    DiagnosticEngine Diags{SM};
    InputFiles Files{SM};
    std::unique_ptr<NativeFunctionSet> Set;
  };
  std::unique_ptr<Run> load(StringRef CacheName) {
    auto R = std::make_unique<Run>();
    SchemaCache Cache(path(CacheName), "slot", [] { return "key"; });
    R->Set = NativeFunctionSet::load(path("native_functions.yaml"),
                                     path("tags.yaml"), Options, R->Files,
                                     R->Diags, &Cache);
    return R;
  }

  SmallString<128> Dir;
  SchemaOptions Options = stockSchemaSection("pytorch-2.14").Schema;
};

TEST_F(SchemaCacheTest, ASetReadBackWritesTheSameEntry) {
  std::unique_ptr<Run> Cold = load("cache");
  ASSERT_TRUE(Cold->Set);
  ASSERT_EQ(Cold->Diags.getNumErrors() + Cold->Diags.getNumWarnings(), 0u);
  std::string Entry = read("cache/schemas-slot.bin");
  ASSERT_FALSE(Entry.empty());

  std::unique_ptr<Run> Warm = load("cache");
  ASSERT_TRUE(Warm->Set);
  ASSERT_EQ(Warm->Set->size(), Cold->Set->size());
  EXPECT_GT(Warm->Set->size(), 4u) << "generated functions are kept";
  for (auto [C, W] : zip(Cold->Set->functions(), Warm->Set->functions())) {
    EXPECT_EQ(C->func().str(), W->func().str());
    EXPECT_EQ(C->isGenerated(), W->isGenerated());
    // The same offset, in the warm run's own buffer.
    EXPECT_EQ(Cold->SM.getLineAndColumn(C->funcLoc()),
              Warm->SM.getLineAndColumn(W->funcLoc()));
    EXPECT_EQ(Warm->SM.FindBufferContainingLoc(W->funcLoc()), 1u);
    // Found by name as in the run that parsed the file.
    EXPECT_EQ(Warm->Set->lookup(W->func().Name) == W,
              Cold->Set->lookup(C->func().Name) == C);
  }
  EXPECT_EQ(Warm->Set->getTags().names(), Cold->Set->getTags().names());

  // Written again from the set read back: the same bytes.
  SchemaCache Again(path("again"), "slot", [] { return "key"; });
  Again.store(*Warm->Set, Warm->SM, 1, 2);
  EXPECT_EQ(read("again/schemas-slot.bin"), Entry);
}

TEST_F(SchemaCacheTest, AnEntryNotWholeOrDamagedIsAMiss) {
  ASSERT_TRUE(load("cache")->Set);
  std::string Entry = read("cache/schemas-slot.bin");
  ASSERT_FALSE(Entry.empty());
  auto Parse = [&](StringRef Data) {
    return SchemaCache::parseEntry(Data, "key", NativeFunctions, Tags,
                                   Options);
  };
  ASSERT_TRUE(Parse(Entry));
  EXPECT_FALSE(SchemaCache::parseEntry(Entry, "other", NativeFunctions, Tags,
                                       Options));
  for (size_t Size = 0; Size < Entry.size(); Size += 7)
    EXPECT_FALSE(Parse(StringRef(Entry).take_front(Size))) << Size;
  EXPECT_FALSE(Parse(Entry + "x"));
  // A changed byte may still parse (a name, a flag's value); what must hold
  // is that nothing crashes, which the sanitizer runs check.
  for (size_t At = 0; At < Entry.size(); ++At)
    for (char Bit : {'\x01', '\x80'}) {
      std::string Damaged = Entry;
      Damaged[At] ^= Bit;
      (void)Parse(Damaged);
    }
}

TEST_F(SchemaCacheTest, ASetWithDiagnosticsIsNotKept) {
  write("native_functions.yaml", "- func: broken(Tensor self -> Tensor\n");
  std::unique_ptr<Run> R = load("cache");
  EXPECT_GT(R->Diags.getNumErrors(), 0u);
  EXPECT_FALSE(sys::fs::exists(path("cache/schemas-slot.bin")));
}

} // namespace
} // namespace gradgen
