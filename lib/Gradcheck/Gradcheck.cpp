//===- Gradcheck.cpp - Running the harness and reporting its results ------===//
//
// The harness runs in a child process with a time limit. It announces each
// case before running it, so a case that crashes or hangs it is reported as
// that operator's error, and the harness runs again after it.
//
//===----------------------------------------------------------------------===//

#include "GradcheckImpl.h"

#include "gradgen/Frontend/Compilation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <map>
#include <set>

using namespace llvm;

namespace gradgen {

namespace {

/// What the harness said about one case.
struct CaseResult {
  std::string Status; // started, checked, skipped
  std::string Reason, Sample, Errors;
  std::vector<json::Object> Checks;
};

/// Runs the harness on Plan after case After; returns its results by case,
/// and the case it was running when it crashed or hung (or -1).
std::map<int, CaseResult> runHarnessOnce(const BuiltHarness &Built,
                                         StringRef PlanPath, int After,
                                         unsigned Timeout, int &Crashed,
                                         std::string &Problem,
                                         std::vector<json::Object> &Others) {
  SmallString<128> Out, Log;
  sys::fs::createTemporaryFile("gradcheck", "json", Out);
  sys::fs::createTemporaryFile("gradcheck", "log", Log);
  std::string AfterText = std::to_string(After);
  std::string CaseTimeout = std::to_string(Timeout);
  StringRef Args[] = {Built.Harness, PlanPath,    Built.Library,   "--after",
                      AfterText,     "--case-timeout", CaseTimeout};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Log)};
  std::string Message;
  bool Failed = false;
  int Status = sys::ExecuteAndWait(Built.Harness, Args, std::nullopt, Redirects,
                                   Timeout, 0, &Message, &Failed);
  std::map<int, CaseResult> Results;
  Crashed = -1;
  auto Text = MemoryBuffer::getFile(Out);
  SmallVector<StringRef, 0> Lines;
  if (Text)
    (*Text)->getBuffer().split(Lines, '\n', -1, false);
  for (StringRef Line : Lines) {
    Expected<json::Value> Value = json::parse(Line);
    if (!Value || !Value->getAsObject()) {
      consumeError(Value.takeError());
      continue;
    }
    json::Object &Object = *Value->getAsObject();
    std::optional<int64_t> Id = Object.getInteger("id");
    if (!Id) {
      Others.push_back(std::move(Object));
      continue;
    }
    CaseResult &R = Results[*Id];
    R.Status = Object.getString("status").value_or("").str();
    R.Reason = Object.getString("reason").value_or("").str();
    R.Sample = Object.getString("sample").value_or("").str();
    R.Errors = Object.getString("errors").value_or("").str();
    if (const json::Array *Checks = Object.getArray("checks"))
      for (const json::Value &Check : *Checks)
        if (const json::Object *C = Check.getAsObject())
          R.Checks.push_back(*C);
  }
  for (const auto &[Id, R] : Results)
    if (R.Status == "started")
      Crashed = Id;
  if (Status != 0 && Crashed < 0) {
    auto LogText = MemoryBuffer::getFile(Log);
    Problem =
        "the harness failed (" +
        (Message.empty() ? "exit " + std::to_string(Status) : Message) + ")" +
        (LogText ? ": " + (*LogText)->getBuffer().take_back(400).str() : "");
  } else if (Crashed >= 0) {
    Problem = Message.find("Alarm") != std::string::npos ||
                      Message.find("timed out") != std::string::npos
                  ? "hung (no result within " + std::to_string(Timeout) + " s)"
                  : "crashed (" + Message + ")";
  }
  sys::fs::remove(Out);
  sys::fs::remove(Log);
  return Results;
}

/// Where a failed comparison of Op points: the formula of its input (a
/// backward key) or of its output (a forward key), else the entry.
std::pair<SMLoc, std::string> locate(const CheckedOperator &Op,
                                     const json::Object &Check) {
  StringRef Mode = Check.getString("mode").value_or("");
  StringRef Input = Check.getString("input").value_or("");
  int64_t Output = Check.getInteger("output").value_or(-1);
  const DifferentiabilityInfo &Info = *Op.Info;
  SMLoc Entry = Info.Entry ? Info.Entry->Name.loc() : Op.Func->funcLoc();
  if (Mode == "forward") {
    std::string Name = Output >= 0 ? returnName(*Op.Func, Output) : "";
    for (const ForwardDerivative &F : Info.ForwardDerivatives)
      if (llvm::is_contained(F.VarNames, Name) && F.Source)
        return {F.Source->RawNames.loc(),
                "forward formula of '" + Op.Name + "' for '" + Name + "'"};
    // A pass that raised names no output; with one formula, that one raised.
    if (Output < 0 && Info.ForwardDerivatives.size() == 1 &&
        Info.ForwardDerivatives[0].Source) {
      const ForwardDerivative &F = Info.ForwardDerivatives[0];
      return {F.Source->RawNames.loc(), "forward formula of '" + Op.Name +
                                            "' for '" +
                                            llvm::join(F.VarNames, ", ") + "'"};
    }
    return {Entry, "forward derivative of '" + Op.Name + "'"};
  }
  // A pass that raised names no input; with one formula, that one raised.
  if (Input.empty() && Info.Derivatives.size() == 1 &&
      Info.Derivatives[0].Source &&
      !Info.Derivatives[0].Source->Names.empty()) {
    const Derivative &D = Info.Derivatives[0];
    return {D.Source->Names.front().loc(),
            (Mode == "backward" ? "backward formula of '"
                                : "derivative of the backward formula of '") +
                Op.Name + "' for '" + llvm::join(D.VarNames, ", ") + "'"};
  }
  for (const Derivative &D : Info.Derivatives) {
    if (!llvm::is_contained(D.VarNames, Input) || !D.Source)
      continue;
    for (const Located<std::string> &Name : D.Source->Names)
      if (Name.Value == Input)
        return {Name.loc(), (Mode == "backward" ? "backward formula of '"
                                                : "derivative of the backward "
                                                  "formula of '") +
                                Op.Name + "' for '" + Input.str() + "'"};
  }
  return {Entry, Mode.str() + " pass of '" + Op.Name + "'"};
}

class ResultReporter {
public:
  ResultReporter(Compilation &C, ArrayRef<CheckedOperator> Ops, bool Explicit,
                 GradcheckSummary &Summary)
      : C(C), Ops(Ops), Explicit(Explicit), Summary(Summary) {}

  void report(const std::map<int, CaseResult> &Results);

private:
  void skip(const CheckedOperator &Op, const std::string &Reason);
  void mismatch(const CheckedOperator &Op, const CaseResult &R,
                const json::Object &Check, bool Complex);

  Compilation &C;
  ArrayRef<CheckedOperator> Ops;
  bool Explicit;
  GradcheckSummary &Summary;
  std::map<std::string, std::vector<std::string>> Skips;
};

void ResultReporter::skip(const CheckedOperator &Op,
                          const std::string &Reason) {
  Skips[Reason].push_back(Op.Name);
  Summary.Report.push_back(formatv("{0}", json::Value(json::Object{
                                              {"op", Op.Name},
                                              {"status", "skipped"},
                                              {"reason", Reason}}))
                               .str());
  if (Explicit)
    C.getDiags().report(diag::gradcheck_skipped,
                        Op.Info->Entry ? Op.Info->Entry->Name.loc() : SMLoc(),
                        "'" + Op.Name + "' was not checked: " + Reason);
}

void ResultReporter::mismatch(const CheckedOperator &Op, const CaseResult &R,
                              const json::Object &Check, bool Complex) {
  auto [Loc, What] = locate(Op, Check);
  double Abs = Check.getNumber("max_abs").value_or(0);
  double Rel = Check.getNumber("max_rel").value_or(0);
  std::string Message =
      What + " disagrees with finite differences" +
      (Complex ? " on complex inputs" : "") + ": " +
      (R.Errors.empty() || Abs > 0
           ? formatv("largest absolute error {0:g}, relative {1:g}", Abs, Rel)
                 .str()
           : R.Errors) +
      " (sample: " + R.Sample + ")";
  C.getDiags().report(diag::gradcheck_mismatch, Loc, Message);
  ++Summary.Failures;
}

void ResultReporter::report(const std::map<int, CaseResult> &Results) {
  for (size_t I = 0; I < Ops.size(); ++I) {
    const CheckedOperator &Op = Ops[I];
    if (!Op.SkipReason.empty()) {
      skip(Op, Op.SkipReason);
      continue;
    }
    auto Real = Results.find(2 * I);
    if (Real == Results.end() || Real->second.Status != "checked" ||
        Real->second.Checks.empty()) {
      std::string Reason = Real == Results.end()         ? "no result"
                           : Real->second.Reason.empty() ? Real->second.Errors
                                                         : Real->second.Reason;
      skip(Op, Reason.empty() ? "nothing to compare" : Reason);
      continue;
    }
    ++Summary.OperatorsChecked;
    // One diagnostic a formula: the real case's, else the complex one's.
    std::set<std::string> Formulas, Reported;
    for (int Case : {int(2 * I), int(2 * I + 1)}) {
      auto It = Results.find(Case);
      if (It == Results.end() || It->second.Status != "checked")
        continue;
      for (const json::Object &Check : It->second.Checks) {
        std::string What = locate(Op, Check).second;
        Formulas.insert(What);
        if (!Check.getBoolean("pass").value_or(false) &&
            Reported.insert(What).second)
          mismatch(Op, It->second, Check, Case % 2 == 1);
      }
    }
    Summary.FormulasChecked += Formulas.size();
    Summary.Report.push_back(
        formatv("{0}", json::Value(json::Object{
                           {"op", Op.Name},
                           {"status", Reported.empty() ? "checked" : "failed"},
                           {"formulas", int64_t(Formulas.size())}}))
            .str());
  }
  for (auto &[Reason, Names] : Skips)
    Summary.Skipped.push_back({Reason, Names});
  llvm::sort(Summary.Skipped, [](const auto &A, const auto &B) {
    return A.second.size() > B.second.size();
  });
}

} // namespace

void GradcheckSummary::print(raw_ostream &OS) const {
  unsigned NumSkipped = 0;
  for (const auto &Entry : Skipped)
    NumSkipped += Entry.second.size();
  OS << "gradcheck: " << OperatorsChecked << " operators checked, "
     << FormulasChecked << " formulas checked, " << Failures
     << " disagreements; " << NumSkipped << " operators skipped\n";
  for (const auto &[Reason, Names] : Skipped) {
    OS << "  skipped " << Names.size() << ": " << Reason << " (";
    for (size_t I = 0; I < Names.size() && I < 5; ++I)
      OS << (I ? ", " : "") << Names[I];
    OS << (Names.size() > 5 ? ", ..." : "") << ")\n";
  }
}

static std::string cacheFolder(const GradcheckOptions &Options) {
  if (!Options.CacheDir.empty())
    return Options.CacheDir;
  SmallString<256> Dir;
  if (!sys::path::cache_directory(Dir))
    sys::fs::current_path(Dir);
  sys::path::append(Dir, "gradgen", "gradcheck");
  return std::string(Dir);
}

/// The libtorch of Options, if it is there and of the profile's version.
static std::optional<LibtorchInstall> findLibtorch(Compilation &C,
                                                   StringRef Prefix) {
  DiagnosticEngine &Diags = C.getDiags();
  Expected<LibtorchInstall> Install = LibtorchInstall::find(Prefix);
  if (!Install) {
    Diags.report(diag::gradcheck_libtorch, SMLoc(),
                 "--libtorch: " + toString(Install.takeError()));
    return std::nullopt;
  }
  const Located<std::string> &Wanted = C.getProfile().PyTorchVersion;
  auto MajorMinor = [](StringRef Version) {
    SmallVector<StringRef, 3> Parts;
    Version.split(Parts, '.');
    return Parts.size() >= 2 ? (Parts[0] + "." + Parts[1]).str() : "";
  };
  if (MajorMinor(Install->Version) != MajorMinor(Wanted.Value)) {
    Diags.report(diag::gradcheck_libtorch, SMLoc(),
                 "--libtorch: '" + Prefix + "' is libtorch " +
                     Install->Version + ", but the profile '" +
                     C.getProfile().Name + "' generates code for PyTorch " +
                     Wanted.Value);
    return std::nullopt;
  }
  return *Install;
}

bool runGradcheck(Compilation &C, const GradcheckOptions &Options,
                  GradcheckSummary &Summary) {
  std::optional<LibtorchInstall> Install =
      findLibtorch(C, Options.LibtorchPrefix);
  if (!Install)
    return false;
  StringMap<SampleRow> Table;
  std::optional<std::vector<CheckedOperator>> Ops =
      selectOperators(C, Options.Operators);
  if (!readSampleTables(C, Options.SampleTables, Table) || !Ops)
    return false;
  for (CheckedOperator &Op : *Ops) {
    auto Row = Table.find(Op.Name);
    Op.Row = Row == Table.end() ? nullptr : &Row->second;
    if (Op.SkipReason.empty() && Op.Row && Op.Row->Skip)
      Op.SkipReason = "sample table: " + *Op.Row->Skip;
  }
  Expected<Toolchain> T = Toolchain::create(
      Options.Compiler, cacheFolder(Options), Options.CachePolicy, *Install);
  if (!T) {
    C.getDiags().report(diag::gradcheck_build, SMLoc(),
                        toString(T.takeError()));
    return false;
  }
  std::optional<BuiltHarness> Built = buildHarness(C, *T, *Ops, Options);
  if (!Built)
    return false;
  SmallString<128> PlanPath;
  sys::fs::createTemporaryFile("gradcheck", "plan", PlanPath);
  {
    std::error_code EC;
    raw_fd_ostream Plan(PlanPath, EC);
    Plan << writePlan(*Ops, Options.SecondOrder);
  }
  std::map<int, CaseResult> Results;
  std::vector<json::Object> Others;
  int After = -1;
  for (unsigned Attempt = 0; Attempt <= 2 * Ops->size(); ++Attempt) {
    int Crashed = -1;
    std::string Problem;
    std::map<int, CaseResult> Run =
        runHarnessOnce(*Built, PlanPath, After, Options.TimeoutSeconds, Crashed,
                       Problem, Others);
    for (auto &[Id, R] : Run)
      Results[Id] = std::move(R);
    if (Crashed < 0) {
      if (!Problem.empty())
        C.getDiags().report(diag::gradcheck_harness, SMLoc(), Problem);
      break;
    }
    const CheckedOperator &Op = (*Ops)[Crashed / 2];
    C.getDiags().report(diag::gradcheck_harness,
                        Op.Info->Entry ? Op.Info->Entry->Name.loc() : SMLoc(),
                        "the check of '" + Op.Name + "'" +
                            (Crashed % 2 ? " on complex inputs " : " ") +
                            Problem);
    Results[Crashed].Status = "crashed";
    Results[Crashed].Reason = "the harness " + Problem;
    After = Crashed;
  }
  sys::fs::remove(PlanPath);
  for (const json::Object &Other : Others)
    if (std::optional<StringRef> Op = Other.getString("registration_error"))
      C.getDiags().report(diag::gradcheck_build, SMLoc(),
                          "the kernel of '" + *Op + "' does not register: " +
                              Other.getString("message").value_or("").str());
  T->prune();
  ResultReporter(C, *Ops, !Options.Operators.empty(), Summary).report(Results);
  if (!Options.ReportPath.empty()) {
    std::error_code EC;
    raw_fd_ostream Report(Options.ReportPath, EC);
    Report << "[\n" << join(Summary.Report, ",\n") << "\n]\n";
  }
  return true;
}

} // namespace gradgen
