//===- TemplateTestCommand.cpp - gradgen template-test --------------------===//
//
// A testing aid for the emit stage: substitutes templates with an environment
// read from JSON, the way the generator will, and checks CodeTemplate against
// cases whose expected text was produced by torchgen itself.
//
//===----------------------------------------------------------------------===//

#include "TestDriver.h"

#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Frontend/ProfileSections.h"
#include "gradgen/Support/OutputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::driver {

cl::SubCommand TemplateTestCommand(
    "template-test",
    "(testing) Substitute templates with a JSON environment");

static cl::list<std::string>
    TemplateNames(cl::Positional, cl::desc("<profile template name>..."),
                  cl::sub(TemplateTestCommand));

static cl::opt<std::string>
    TemplateFile("template-file", cl::desc("Substitute this file instead"),
                 cl::value_desc("file"), cl::sub(TemplateTestCommand),
                 cl::cat(GradgenCategory));

static cl::opt<std::string> EnvFile("env",
                                    cl::desc("JSON object: name -> string or "
                                             "array of strings"),
                                    cl::value_desc("file"),
                                    cl::sub(TemplateTestCommand),
                                    cl::cat(GradgenCategory));

static cl::opt<std::string>
    CasesFile("cases",
              cl::desc("Check the cases of this JSON file instead: "
                       "{\"cases\": [{name, template, env, expected: "
                       "{profile: text or null}}]}"),
              cl::value_desc("file"), cl::sub(TemplateTestCommand),
              cl::cat(GradgenCategory));

static cl::opt<std::string>
    ProfileName("profile",
                cl::desc("Output profile (default pytorch-2.14), or a "
                         "profile folder"),
                cl::init(DefaultProfileName.str()),
                cl::sub(TemplateTestCommand), cl::cat(GradgenCategory));

static cl::opt<std::string>
    TemplatesDir("templates-dir",
                 cl::desc("Folder of profile folders (default: the installed "
                          "or source templates/)"),
                 cl::value_desc("dir"), cl::sub(TemplateTestCommand),
                 cl::cat(GradgenCategory));

static cl::opt<std::string>
    OutputDir("o", cl::desc("Write each result to DIR/<template name> instead "
                            "of standard output"),
              cl::value_desc("dir"), cl::sub(TemplateTestCommand),
              cl::cat(GradgenCategory));

static cl::opt<std::string>
    DepfilePath("depfile", cl::desc("With -o, also write this depfile"),
                cl::value_desc("file"), cl::sub(TemplateTestCommand),
                cl::cat(GradgenCategory));

/// Reads a JSON file, reporting failures.
static std::optional<json::Value> readJSON(StringRef Path,
                                           DiagnosticEngine &Diags) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (std::error_code EC = Buffer.getError()) {
    Diags.report(diag::driver_io, SMLoc(),
                 "cannot read '" + Path + "': " + EC.message());
    return std::nullopt;
  }
  Expected<json::Value> JSON = json::parse((*Buffer)->getBuffer());
  if (!JSON) {
    Diags.report(diag::driver_io, SMLoc(),
                 "'" + Path + "' is not JSON: " + toString(JSON.takeError()));
    return std::nullopt;
  }
  return std::move(*JSON);
}

/// The profile named by --profile, in --templates-dir or the default root.
static std::optional<Profile> loadNamedProfile(DriverContext &Context,
                                               const char *Argv0) {
  return loadStageProfile(ProfileName, findTemplatesRoot(TemplatesDir, Argv0),
                          Context.Files, Context.Diags);
}

/// Prints a string as a JSON literal, so that white space shows.
static void printQuoted(raw_ostream &OS, StringRef Text) {
  OS << json::Value(Text.str());
}

namespace {
/// Checks the cases of a --cases file: each substitutes a template with an
/// environment and compares with what torchgen produced (null: it raised).
class CaseRunner {
public:
  CaseRunner(DriverContext &Context, BlockIndentStyle Style)
      : Context(Context), Diags(Context.Diags), Style(Style) {}

  int run(const json::Array &Cases);

private:
  enum class Outcome { Passed, Failed, BadCase };
  Outcome runCase(const json::Object &Case);
  /// The template of a case: its `template-file` (compiled once per file),
  /// or its inline `template` compiled into Inline; null if it does not
  /// compile.
  const CodeTemplate *templateOf(const json::Object &Case, StringRef Name,
                                 std::optional<CodeTemplate> &Inline,
                                 bool &BadCase);
  const CodeTemplate *compileFile(StringRef Path);
  static void printFailure(StringRef Name, std::optional<StringRef> Want,
                           const std::optional<std::string> &Got);

  DriverContext &Context;
  DiagnosticEngine &Diags;
  BlockIndentStyle Style;
  // Large generated case files share a few templates between thousands of
  // cases.
  StringMap<std::optional<CodeTemplate>> Files;
  unsigned Passed = 0, Failed = 0;
};
} // namespace

const CodeTemplate *CaseRunner::compileFile(StringRef Path) {
  auto [It, Inserted] = Files.try_emplace(Path);
  if (Inserted) {
    Expected<CodeTemplate> Compiled =
        readTemplateFile(Path, Style, Context.Files);
    if (Compiled)
      It->second = std::move(*Compiled);
    else
      reportTemplateError(Compiled.takeError(), Diags, diag::driver_io);
  }
  return It->second ? &*It->second : nullptr;
}

const CodeTemplate *CaseRunner::templateOf(const json::Object &Case,
                                           StringRef Name,
                                           std::optional<CodeTemplate> &Inline,
                                           bool &BadCase) {
  if (std::optional<StringRef> File = Case.getString("template-file")) {
    const CodeTemplate *Template = compileFile(*File);
    BadCase = !Template;
    return Template;
  }
  Expected<CodeTemplate> Compiled =
      CodeTemplate::compile(*Case.getString("template"), Name, Style);
  if (Compiled)
    return &Inline.emplace(std::move(*Compiled));
  consumeError(Compiled.takeError());
  return nullptr;
}

void CaseRunner::printFailure(StringRef Name, std::optional<StringRef> Want,
                              const std::optional<std::string> &Got) {
  outs() << "FAIL: " << Name << "\n  expected: ";
  if (Want)
    printQuoted(outs(), *Want);
  else
    outs() << "an error";
  outs() << "\n  got:      ";
  if (Got)
    printQuoted(outs(), *Got);
  else
    outs() << "an error";
  outs() << "\n";
}

CaseRunner::Outcome CaseRunner::runCase(const json::Object &Case) {
  std::optional<StringRef> Name = Case.getString("name");
  const json::Value *Env = Case.get("env");
  const json::Object *ExpectedTexts = Case.getObject("expected");
  const json::Value *Want =
      ExpectedTexts ? ExpectedTexts->get(ProfileName) : nullptr;
  bool HasTemplate =
      Case.getString("template") || Case.getString("template-file");
  if (!Name || !HasTemplate || !Env || !Want) {
    Diags.report(diag::driver_io, SMLoc(),
                 "case " + Twine(Passed + Failed) +
                     " needs a name, a template or template-file, an env "
                     "and an expected text for '" +
                     ProfileName + "'");
    return Outcome::BadCase;
  }
  Expected<TemplateEnv> Vars = TemplateEnv::fromJSON(*Env);
  if (!Vars) {
    reportTemplateError(Vars.takeError(), Diags, diag::driver_io);
    return Outcome::BadCase;
  }
  std::optional<CodeTemplate> Inline;
  bool BadCase = false;
  const CodeTemplate *Template = templateOf(Case, *Name, Inline, BadCase);
  if (BadCase)
    return Outcome::BadCase;
  // nullopt stands for torchgen raising (a missing key).
  std::optional<std::string> Got;
  if (Template) {
    std::string Result;
    if (Error E = Template->substitute(*Vars, Result))
      consumeError(std::move(E));
    else
      Got = std::move(Result);
  }
  std::optional<StringRef> WantText = Want->getAsString();
  if (Got == (WantText ? std::optional<std::string>(WantText->str())
                       : std::nullopt))
    return Outcome::Passed;
  printFailure(*Name, WantText, Got);
  return Outcome::Failed;
}

int CaseRunner::run(const json::Array &Cases) {
  const json::Object NoCase;
  for (const json::Value &CaseValue : Cases) {
    const json::Object *Case = CaseValue.getAsObject();
    switch (runCase(Case ? *Case : NoCase)) {
    case Outcome::Passed:
      ++Passed;
      break;
    case Outcome::Failed:
      ++Failed;
      break;
    case Outcome::BadCase:
      return Context.finish();
    }
  }
  outs() << Passed << " passed, " << Failed << " failed\n";
  int Status = Context.finish();
  return Failed ? 1 : Status;
}

static int runCases(DriverContext &Context, BlockIndentStyle Style) {
  std::optional<json::Value> JSON = readJSON(CasesFile, Context.Diags);
  if (!JSON)
    return Context.finish();
  const json::Object *Root = JSON->getAsObject();
  const json::Array *Cases = Root ? Root->getArray("cases") : nullptr;
  if (!Cases) {
    Context.Diags.report(diag::driver_io, SMLoc(),
                         "'" + CasesFile + "' has no \"cases\" array");
    return Context.finish();
  }
  return CaseRunner(Context, Style).run(*Cases);
}

/// The --env file, or an empty environment.
static std::optional<TemplateEnv> readEnv(DiagnosticEngine &Diags) {
  if (EnvFile.empty())
    return TemplateEnv();
  std::optional<json::Value> JSON = readJSON(EnvFile, Diags);
  if (!JSON)
    return std::nullopt;
  Expected<TemplateEnv> Env = TemplateEnv::fromJSON(*JSON);
  if (!Env) {
    reportTemplateError(Env.takeError(), Diags, diag::driver_io);
    return std::nullopt;
  }
  return std::move(*Env);
}

static int runTemplateFile(DriverContext &Context,
                           const TemplateEnv &Env, BlockIndentStyle Style) {
  Expected<CodeTemplate> Compiled =
      readTemplateFile(TemplateFile, Style, Context.Files);
  if (!Compiled) {
    reportTemplateError(Compiled.takeError(), Context.Diags, diag::driver_io);
    return Context.finish();
  }
  std::string Result;
  if (Error E = Compiled->substitute(Env, Result))
    reportTemplateError(std::move(E), Context.Diags);
  else
    outs() << Result;
  return Context.finish();
}

int runTemplateTestCommand(DriverContext &Context, const char *Argv0) {
  DiagnosticEngine &Diags = Context.Diags;
  std::optional<Profile> TheProfile =
      loadNamedProfile(Context, Argv0);
  if (!TheProfile)
    return Context.finish();
  BlockIndentStyle Style = blockIndentStyleOf(*TheProfile);
  if (!CasesFile.empty())
    return runCases(Context, Style);

  std::optional<TemplateEnv> Env = readEnv(Diags);
  if (!Env)
    return Context.finish();
  if (!TemplateFile.empty())
    return runTemplateFile(Context, *Env, Style);

  Expected<TemplateSet> Templates =
      TemplateSet::open(*TheProfile, "", Context.Files);
  if (!Templates) {
    reportTemplateError(Templates.takeError(), Diags, diag::driver_templates);
    return Context.finish();
  }

  OutputSet Outputs;
  for (const std::string &Name : TemplateNames) {
    Expected<const CodeTemplate &> Template = Templates->get(Name);
    if (!Template) {
      reportTemplateError(Template.takeError(), Diags, diag::driver_templates);
      continue;
    }
    // Like torchgen's FileManager, supply the header comment unless given.
    TemplateEnv FileEnv = *Env;
    if (!FileEnv.contains("generated_comment"))
      FileEnv.set("generated_comment", TemplateSet::generatedComment(Name));
    std::string Text;
    if (Error E = Template->substitute(FileEnv, Text)) {
      reportTemplateError(std::move(E), Diags);
      continue;
    }
    if (OutputDir.empty()) {
      outs() << Text;
      continue;
    }
    SmallString<256> Path(OutputDir);
    sys::path::append(Path, sys::path::filename(Name));
    if (!Outputs.addFile(Path, std::move(Text)))
      Diags.report(diag::output_duplicate, SMLoc(),
                   "two templates write '" + Path + "'");
  }
  if (!OutputDir.empty()) {
    Outputs.addDependencies(Context.Files.inputs());
    if (!EnvFile.empty())
      Outputs.addDependency(EnvFile);
    if (!DepfilePath.empty())
      Outputs.setDepfile(DepfilePath);
    OutputSet::CommitStats Stats;
    if (Outputs.commit(Diags, &Stats))
      errs() << "files: " << Stats.Written << " written, " << Stats.Unchanged
             << " unchanged\n";
  }
  return Context.finish();
}

} // namespace gradgen::driver
