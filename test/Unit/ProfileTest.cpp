//===- ProfileTest.cpp - The generic loader of profile sections -----------===//
//
// Support's loader knows no section: these tests declare their own, as a
// stage does, and load profile.yaml files from an in-memory file system.
//
//===----------------------------------------------------------------------===//

#include "DiagnosticsTestUtil.h"

#include "gradgen/Support/InputFiles.h"
#include "gradgen/Support/Profile.h"

#include "llvm/Support/VirtualFileSystem.h"

using namespace llvm;
using namespace gradgen;
using namespace gradgen::test;

namespace {

enum class Color { Red, Green };

/// A stage's switches: one of each kind the section reader offers.
struct ToySection : ProfileSectionBase<ToySection> {
  static constexpr StringLiteral SectionName = "toy";

  bool Enabled = false;
  std::string Label = "default";
  unsigned Count = 1;
  std::vector<std::string> Names = {"a"};
  Color Shade = Color::Red;

  void read(ProfileSectionReader &Reader) override {
    Reader.flag("enabled", Enabled);
    Reader.text("label", Label);
    Reader.number("count", Count);
    Reader.names("names", Names);
    Reader.choice<Color>("shade", Shade,
                         {{"red", Color::Red}, {"green", Color::Green}});
  }
  /// `count` must be below 10, and `enabled` needs the other section's
  /// `ready`.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;
};

struct OtherSection : ProfileSectionBase<OtherSection> {
  static constexpr StringLiteral SectionName = "other";
  bool Ready = true;
  void read(ProfileSectionReader &Reader) override {
    Reader.flag("ready", Ready);
  }
};

bool ToySection::validate(const Profile &P, DiagnosticEngine &Diags) const {
  if (Count >= 10) {
    Diags.report(diag::profile_value, rangeOf("count").Start,
                 "count must be below 10");
    return false;
  }
  if (Enabled && !P.get<OtherSection>().Ready) {
    Diags.report(diag::profile_inconsistent, rangeOf("enabled").Start,
                 "enabled needs ready");
    return false;
  }
  return true;
}

class ProfileTest : public ::testing::Test {
protected:
  ProfileTest() : FS(new vfs::InMemoryFileSystem), Files(SM, FS) {
    Diags.setConsumer(std::make_unique<CollectingConsumer>(Seen));
  }

  std::optional<Profile> load(StringRef Text) {
    // A folder per load: the file system keeps what it was given.
    std::string Name = "toy" + std::to_string(++Loads);
    addFile(Name + "/profile.yaml", Text);
    return loadNamed(Name);
  }

  std::optional<Profile> loadNamed(StringRef Name) {
    static const ProfileSectionKind Kinds[] = {
        ProfileSectionKind::of<ToySection>(),
        ProfileSectionKind::of<OtherSection>()};
    return loadProfile(Name, "/root", Kinds, Files, Diags);
  }

  /// Adds the file Path (relative to /root).
  void addFile(StringRef Path, StringRef Text) {
    FS->addFile("/root/" + Path, 0, MemoryBuffer::getMemBufferCopy(Text));
  }

  /// The line:column of Loc.
  std::pair<unsigned, unsigned> lineCol(SMLoc Loc) {
    return SM.getLineAndColumn(Loc);
  }

  SourceMgr SM;
  DiagnosticEngine Diags{SM};
  std::vector<Diagnostic> Seen;
  IntrusiveRefCntPtr<vfs::InMemoryFileSystem> FS;
  InputFiles Files;
  unsigned Loads = 0;
};

TEST_F(ProfileTest, ReadsEveryKindOfValueIntoItsSection) {
  std::optional<Profile> P = load("name: toy\n"
                                  "pytorch-version: 9.9.9\n"
                                  "toy:\n"
                                  "  enabled: true\n"
                                  "  label: hello\n"
                                  "  count: 3\n"
                                  "  names: [x, y]\n"
                                  "  shade: green\n");
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(Seen.empty());
  const ToySection &Toy = P->get<ToySection>();
  EXPECT_TRUE(Toy.Enabled);
  EXPECT_EQ(Toy.Label, "hello");
  EXPECT_EQ(Toy.Count, 3u);
  EXPECT_EQ(Toy.Names, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(Toy.Shade, Color::Green);
  EXPECT_EQ(lineCol(Toy.rangeOf("count").Start), std::make_pair(6u, 10u));
  EXPECT_EQ(lineCol(Toy.SectionRange.Start), std::make_pair(3u, 1u));
  EXPECT_FALSE(Toy.rangeOf("missing").isValid());
  // A section the file leaves out has its defaults.
  EXPECT_TRUE(P->get<OtherSection>().Ready);
  EXPECT_EQ(P->Sections.size(), 2u);
}

TEST_F(ProfileTest, CopiesOwnTheirSections) {
  std::optional<Profile> P = load("toy:\n  label: first\n");
  ASSERT_TRUE(P.has_value());
  Profile Copy = *P;
  Copy.getMutable<ToySection>().Label = "second";
  EXPECT_EQ(P->get<ToySection>().Label, "first");
  EXPECT_EQ(Copy.get<ToySection>().Label, "second");
  // A profile built by hand answers with the defaults.
  Profile Empty;
  EXPECT_EQ(Empty.get<ToySection>().Label, "default");
}

TEST_F(ProfileTest, UnknownSectionSuggestsTheClosest) {
  EXPECT_FALSE(load("tyo:\n  enabled: true\n").has_value());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "profile.unknown-key");
  EXPECT_EQ(Seen[0].Message, "unknown profile section 'tyo'");
  EXPECT_EQ(lineCol(Seen[0].Loc), std::make_pair(1u, 1u));
  ASSERT_EQ(Seen[0].Notes.size(), 1u);
  EXPECT_EQ(Seen[0].Notes[0].Message, "did you mean 'toy'?");
}

TEST_F(ProfileTest, UnknownKeyIsNamedWithItsSection) {
  EXPECT_FALSE(load("toy:\n  labl: x\n").has_value());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].Message,
            "unknown setting 'labl' in the profile's 'toy:' section");
  EXPECT_EQ(lineCol(Seen[0].Loc), std::make_pair(2u, 3u));
  ASSERT_EQ(Seen[0].Notes.size(), 1u);
  EXPECT_EQ(Seen[0].Notes[0].Message, "did you mean 'label'?");
}

TEST_F(ProfileTest, WrongTypesAreLocated) {
  EXPECT_FALSE(load("toy:\n  enabled: perhaps\n  count: many\n"
                    "  shade: blue\nother: [ready]\n")
                   .has_value());
  ASSERT_EQ(Seen.size(), 4u);
  EXPECT_EQ(Seen[0].RuleID, "profile.syntax");
  EXPECT_EQ(lineCol(Seen[0].Loc), std::make_pair(2u, 12u));
  EXPECT_EQ(lineCol(Seen[1].Loc), std::make_pair(3u, 10u));
  EXPECT_EQ(lineCol(Seen[2].Loc), std::make_pair(4u, 10u));
  EXPECT_EQ(lineCol(Seen[3].Loc), std::make_pair(5u, 8u));
}

TEST_F(ProfileTest, ValidateSeesEverySection) {
  EXPECT_FALSE(load("toy:\n  count: 12\n").has_value());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "profile.value");
  EXPECT_EQ(lineCol(Seen[0].Loc), std::make_pair(2u, 10u));

  Seen.clear();
  EXPECT_FALSE(
      load("toy:\n  enabled: true\nother:\n  ready: false\n").has_value());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].Message, "enabled needs ready");
  EXPECT_EQ(lineCol(Seen[0].Loc), std::make_pair(2u, 12u));
}

TEST_F(ProfileTest, InheritsSectionsKeyByKey) {
  addFile("base/profile.yaml", "name: base\ntoy:\n  label: base\n"
                               "  count: 4\nother:\n  ready: false\n");
  addFile("child/profile.yaml", "inherits: base\ntoy:\n  count: 5\n");
  std::optional<Profile> P = loadNamed("child");
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(Seen.empty());
  EXPECT_EQ(P->Name, "child");
  const ToySection &Toy = P->get<ToySection>();
  EXPECT_EQ(Toy.Count, 5u);
  EXPECT_EQ(Toy.Label, "base");
  EXPECT_FALSE(P->get<OtherSection>().Ready);
  // Each value is located in the file that set it.
  EXPECT_TRUE(SM.getMemoryBuffer(SM.FindBufferContainingLoc(
                                     Toy.rangeOf("label").Start))
                  ->getBuffer()
                  .startswith("name: base"));
  EXPECT_EQ(lineCol(Toy.rangeOf("label").Start), std::make_pair(3u, 10u));
  EXPECT_EQ(P->Directories,
            (std::vector<std::string>{"/root/child", "/root/base"}));
}

TEST_F(ProfileTest, FilesComeFromTheNearestFolder) {
  addFile("base/profile.yaml", "name: base\n");
  addFile("base/a.tmpl", "base a");
  addFile("base/sub/b.tmpl", "base b");
  addFile("mid/profile.yaml", "inherits: base\n");
  addFile("mid/sub/b.tmpl", "mid b");
  addFile("leaf/profile.yaml", "inherits: ../mid\n");
  std::optional<Profile> P = loadNamed("leaf");
  ASSERT_TRUE(P.has_value());
  EXPECT_EQ(P->path("a.tmpl"), "/root/base/a.tmpl");
  EXPECT_EQ(P->path("sub/b.tmpl"), "/root/leaf/../mid/sub/b.tmpl");
  EXPECT_EQ(P->path("profile.yaml"), "/root/leaf/profile.yaml");
  // A file no folder has is named in the nearest folder, for the error.
  EXPECT_EQ(P->path("missing.tmpl"), "/root/leaf/missing.tmpl");
}

TEST_F(ProfileTest, InheritingAnUnknownProfileIsLocated) {
  addFile("known/profile.yaml", "name: known\n");
  addFile("child/profile.yaml", "name: child\ninherits: knwon\n");
  EXPECT_FALSE(loadNamed("child").has_value());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "profile.inherits");
  EXPECT_EQ(Seen[0].Message, "unknown profile 'knwon': no "
                             "/root/knwon/profile.yaml (profiles: child, "
                             "known)");
  EXPECT_EQ(lineCol(Seen[0].Loc), std::make_pair(2u, 11u));
}

TEST_F(ProfileTest, InheritanceCyclesAreLocated) {
  addFile("a/profile.yaml", "inherits: b\n");
  addFile("b/profile.yaml", "toy:\n  count: 2\ninherits: a\n");
  EXPECT_FALSE(loadNamed("a").has_value());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].Message, "profile 'a' inherits from itself");
  EXPECT_EQ(lineCol(Seen[0].Loc), std::make_pair(3u, 11u));

  Seen.clear();
  addFile("c/profile.yaml", "inherits: [a]\n");
  EXPECT_FALSE(loadNamed("c").has_value());
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0].RuleID, "profile.syntax");
}

TEST_F(ProfileTest, ValidationSeesTheMergedProfile) {
  // The parent alone is invalid; the child repairs it.
  addFile("p/profile.yaml", "toy:\n  enabled: true\nother:\n"
                            "  ready: false\n");
  addFile("q/profile.yaml", "inherits: p\nother:\n  ready: true\n");
  EXPECT_TRUE(loadNamed("q").has_value());
  EXPECT_TRUE(Seen.empty());
}

} // namespace
