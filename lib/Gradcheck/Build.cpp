//===- Build.cpp - The kernel library and the harness of a gradcheck run --===//
//
// The Nodes and kernels of the checked operators are compiled with
// `-Dgenerated=gradcheck_generated`: gradgen's node classes (and PyTorch's
// FunctionsManual.cpp helpers, compiled with them) live in a namespace of
// their own, so they never clash with the classes libtorch_cpu.so exports,
// whatever fields a formula under test saves. The kernels reach the
// dispatcher through Harness/Registry.h, after libtorch's own.
//
//===----------------------------------------------------------------------===//

#include "GradcheckImpl.h"

#include "gradgen/Frontend/Compilation.h"
#include "gradgen/Schema/DispatcherAPI.h"
#include "gradgen/Support/OutputFiles.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace llvm;

namespace gradgen {

namespace {

struct EmbeddedFile {
  const char *Name;
  const char *Text;
};

const EmbeddedFile HarnessFiles[] = {
#include "HarnessFiles.inc"
};

StringRef harnessFile(StringRef Name) {
  for (const EmbeddedFile &File : HarnessFiles)
    if (Name == File.Name)
      return File.Text;
  return "";
}

std::string pathIn(StringRef Dir, StringRef Name) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  return std::string(Path);
}

Error writeFile(StringRef Path, StringRef Text) {
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Path)))
    return createStringError(EC, "cannot create '" + Path + "'");
  // A file the same as before keeps its time (the precompiled header records
  // that of Prefix.h, and refuses a newer one); a run that starts meanwhile
  // reads the old file or the new one.
  if (Error E = writeFileIfChanged(Path, Text))
    return createStringError(errorToErrorCode(std::move(E)),
                             "cannot write '" + Path + "'");
  return Error::success();
}

/// One product to build: Key+Suffix from Sources with Flags.
struct BuildStep {
  BuildStep(std::string What, std::string Key, std::string Suffix,
            std::vector<std::string> Flags,
            std::vector<std::string> Sources = {})
      : What(std::move(What)), Key(std::move(Key)), Suffix(std::move(Suffix)),
        Flags(std::move(Flags)), Sources(std::move(Sources)) {}

  std::string What, Key, Suffix;
  std::vector<std::string> Flags, Sources;
  std::string Product;
  std::optional<BuildFailure> Failure;
  std::string Error;
};

void runSteps(const Toolchain &T, std::vector<BuildStep> &Steps,
              unsigned Jobs) {
  ThreadPool Pool(hardware_concurrency(Jobs));
  for (BuildStep &Step : Steps)
    Pool.async([&T, &Step] {
      Expected<std::string> Product = T.build(Step.Key, Step.Suffix, Step.Flags,
                                              Step.Sources, Step.Failure);
      if (Product)
        Step.Product = *Product;
      else
        Step.Error = toString(Product.takeError());
    });
  Pool.wait();
}

/// The checked operator whose generated code holds Line of Text: the last
/// node class or kernel defined at or before it.
const CheckedOperator *operatorAt(ArrayRef<CheckedOperator> Ops, StringRef Text,
                                  unsigned Line) {
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (unsigned I = std::min<unsigned>(Line, Lines.size()); I-- > 0;) {
    StringRef L = Lines[I];
    for (const CheckedOperator &Op : Ops) {
      std::string Kernel = dispatcher::kernelName(Op.Func->func()) + "(";
      if ((Op.Info->Op && L.contains(*Op.Info->Op + "::")) ||
          (!L.startswith(" ") && L.contains(" " + Kernel)))
        return &Op;
    }
  }
  return nullptr;
}

/// The formula of Op whose text the line ErrorLine shows, else its entry.
SMLoc formulaLocation(const CheckedOperator &Op, StringRef ErrorLine) {
  for (const Derivative &D : Op.Info->Derivatives)
    if (D.Source && !D.Formula.empty() && ErrorLine.contains(D.Formula))
      return D.Source->RawNames.loc();
  for (const ForwardDerivative &F : Op.Info->ForwardDerivatives)
    if (F.Source && !F.Formula.empty() && ErrorLine.contains(F.Formula))
      return F.Source->RawNames.loc();
  return Op.Info->Entry ? Op.Info->Entry->Name.loc() : Op.Func->funcLoc();
}

/// Reports a failed step at the formula or helper it comes from.
void reportFailure(Compilation &C, ArrayRef<CheckedOperator> Ops,
                   const StringMap<std::string> &Generated,
                   const BuildStep &Step) {
  DiagnosticEngine &Diags = C.getDiags();
  if (!Step.Failure) {
    Diags.report(diag::gradcheck_build, SMLoc(), Step.What + ": " + Step.Error);
    return;
  }
  const BuildFailure &F = *Step.Failure;
  StringRef Name = sys::path::filename(F.File);
  auto Text = Generated.find(Name);
  if (Text != Generated.end()) {
    if (const CheckedOperator *Op = operatorAt(Ops, Text->second, F.Line)) {
      SmallVector<StringRef, 0> Lines;
      StringRef(Text->second).split(Lines, '\n');
      StringRef ErrorLine =
          F.Line && F.Line <= Lines.size() ? Lines[F.Line - 1] : StringRef();
      Diags.report(diag::gradcheck_build, formulaLocation(*Op, ErrorLine),
                   "the generated code of '" + Op->Name +
                       "' does not compile against the libtorch under test: " +
                       Name + ":" + Twine(F.Line) + ": " + F.Message);
      return;
    }
  }
  SmallVector<StringRef, 3> Helper;
  if (Regex("undefined reference to `[^`']*details::([A-Za-z_0-9]+)\\(")
          .match(F.Message, &Helper)) {
    for (const CheckedOperator &Op : Ops)
      for (const Derivative &D : Op.Info->Derivatives)
        if (D.Source && StringRef(D.OriginalFormula).contains(Helper[1])) {
          Diags.report(diag::gradcheck_build, D.Source->RawNames.loc(),
                       "the helper '" + Helper[1] +
                           "' this formula calls is not defined by the "
                           "checkout's FunctionsManual.cpp: " +
                           F.Message);
          return;
        }
  }
  Diags.report(
      diag::gradcheck_build, SMLoc(),
      Step.What + " failed: " +
          (F.File.empty() ? "" : F.File + ":" + Twine(F.Line).str() + ": ") +
          F.Message);
}

} // namespace

/// Writes the harness sources under the cache; returns their folder.
static Expected<std::string> harnessSources(const Toolchain &T) {
  std::vector<StringRef> Texts;
  for (const EmbeddedFile &File : HarnessFiles)
    Texts.push_back(File.Text);
  std::string Dir = pathIn(T.cacheDir(), "harness-src-" + T.key(Texts));
  for (const EmbeddedFile &File : HarnessFiles)
    if (Error E = writeFile(pathIn(Dir, File.Name), File.Text))
      return E;
  return Dir;
}

/// The step compiling Source (whose bytes are Text) into an object.
static BuildStep objectStep(const Toolchain &T, std::string What,
                            std::string Source, StringRef Text,
                            std::vector<std::string> Flags,
                            ArrayRef<StringRef> Depends) {
  std::vector<StringRef> Parts = {"object", Text};
  for (const std::string &Flag : Flags)
    if (!StringRef(Flag).startswith("-I") && Flag != "-include")
      Parts.push_back(Flag);
  Parts.insert(Parts.end(), Depends.begin(), Depends.end());
  std::string Key = T.key(Parts);
  return {std::move(What), Key, ".o", std::move(Flags), {std::move(Source)}};
}

namespace {

/// The headers every generated file includes but Functions.h (which the
/// run generates): precompiled once, when the compiler is Clang.
constexpr const char *PrefixHeader = R"(#include <ATen/ATen.h>
#include <ATen/RedispatchFunctions.h>
#include <ATen/core/TorchDispatchUtils.h>
#include <c10/core/impl/TorchDispatchModeTLS.h>
#include <torch/csrc/autograd/VariableTypeUtils.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/generated/VariableType.h>
#include <torch/library.h>
)";

/// Two runs that start at once may both write Prefix.h: its contents, not
/// its time, say whether the precompiled header still fits.
constexpr const char *PCHContentCheck = "-fvalidate-ast-input-files-content";

class HarnessBuilder {
public:
  HarnessBuilder(Compilation &C, const Toolchain &T,
                 ArrayRef<CheckedOperator> Ops, const GradcheckOptions &Options)
      : C(C), T(T), Ops(Ops), Options(Options) {}

  std::optional<BuiltHarness> build();

private:
  /// Emits the Nodes and kernels into one translation unit, Generated.
  bool emit();
  bool report(Error E) {
    C.getDiags().report(diag::gradcheck_build, SMLoc(),
                        toString(std::move(E)));
    return false;
  }
  std::vector<std::string> baseFlags() const;
  /// The steps that depend on nothing the run generates.
  bool fixedSteps(std::vector<BuildStep> &Steps);
  /// Runs Steps; false after reporting the failed ones.
  bool run(std::vector<BuildStep> &Steps, unsigned Jobs) {
    runSteps(T, Steps, Jobs);
    bool OK = true;
    for (const BuildStep &Step : Steps)
      if (Step.Product.empty()) {
        reportFailure(C, Ops, Generated, Step);
        OK = false;
      }
    return OK;
  }

  Compilation &C;
  const Toolchain &T;
  ArrayRef<CheckedOperator> Ops;
  const GradcheckOptions &Options;
  std::string Sources, FunctionsH, Work;
  StringMap<std::string> Generated;
  bool UsePCH = false;
};

bool HarnessBuilder::emit() {
  DenseSet<const DifferentiabilityInfo *> Selected;
  for (const CheckedOperator &Op : Ops)
    Selected.insert(Op.AllInfos.begin(), Op.AllInfos.end());
  C.setEmitSelection(&Selected);
  bool Emitted = C.emitFiles();
  C.setEmitSelection(nullptr);
  if (!Emitted)
    return false;
  // One translation unit: the headers are parsed once, not once a shard.
  std::string Unity;
  for (StringRef Name : {"Functions.cpp", "VariableTypeEverything.cpp"})
    for (const GeneratedFile &File : C.getGeneratedFiles())
      if (File.Name == Name)
        Unity += File.Contents + "\n";
  for (const GeneratedFile &File : C.getGeneratedFiles())
    if (File.Name == "Functions.h")
      FunctionsH = File.Contents;
  Generated["Gradcheck.cpp"] = Unity;
  Work = pathIn(T.cacheDir(), "work-" + T.key({FunctionsH, Unity}));
  if (Error E = writeFile(
          pathIn(Work, "include/torch/csrc/autograd/generated/Functions.h"),
          FunctionsH))
    return report(std::move(E));
  if (Error E = writeFile(pathIn(Work, "Gradcheck.cpp"), Unity))
    return report(std::move(E));
  return true;
}

std::vector<std::string> HarnessBuilder::baseFlags() const {
  std::vector<std::string> Flags = T.compileFlags();
  Flags.insert(Flags.end(), {"-c", "-O0", "-Dgenerated=gradcheck_generated"});
  Flags.insert(Flags.end(), Options.ExtraFlags.begin(),
               Options.ExtraFlags.end());
  return Flags;
}

bool HarnessBuilder::fixedSteps(std::vector<BuildStep> &Steps) {
  std::vector<std::string> Base = baseFlags();
  std::string Manual = pathIn(C.getInvocation().TorchRoot,
                              "torch/csrc/autograd/FunctionsManual.cpp");
  auto ManualText = MemoryBuffer::getFile(Manual);
  if (!ManualText)
    return report(createStringError(
        ManualText.getError(),
        "cannot read the checkout's FunctionsManual.cpp ('" + Manual +
            "'): " + ManualText.getError().message() +
            " (name the checkout with --torch-root)"));
  Steps.push_back(objectStep(T, "FunctionsManual.cpp", Manual,
                             (*ManualText)->getBuffer(), Base, {}));
  Steps.push_back(objectStep(T, "Library.cpp", pathIn(Sources, "Library.cpp"),
                             harnessFile("Library.cpp"), Base,
                             {harnessFile("Registry.h")}));
  if (UsePCH) {
    std::string Prefix = pathIn(Sources, "Prefix.h");
    if (Error E = writeFile(Prefix, PrefixHeader))
      return report(std::move(E));
    std::vector<std::string> Flags = Base;
    Flags.erase(llvm::find(Flags, "-c"));
    Flags.insert(Flags.end(), {"-x", "c++-header", PCHContentCheck});
    BuildStep PCH = objectStep(T, "the precompiled header", Prefix,
                               PrefixHeader, Flags, {});
    PCH.Suffix = ".pch";
    Steps.push_back(PCH);
  }
  std::vector<StringRef> HarnessTexts = {"harness"};
  for (const EmbeddedFile &File : HarnessFiles)
    HarnessTexts.push_back(File.Text);
  std::vector<std::string> HarnessFlags = T.compileFlags();
  HarnessFlags.push_back("-O1");
  BuildStep Harness{"the harness", T.key(HarnessTexts), ".harness",
                    HarnessFlags};
  for (StringRef Name : {"Main.cpp", "Samples.cpp", "Checks.cpp"})
    Harness.Sources.push_back(pathIn(Sources, Name));
  Steps.push_back(Harness);
  return true;
}

std::optional<BuiltHarness> HarnessBuilder::build() {
  Expected<std::string> Dir = harnessSources(T);
  if (!Dir) {
    report(Dir.takeError());
    return std::nullopt;
  }
  Sources = *Dir;
  UsePCH = T.isClang();
  std::vector<BuildStep> Fixed;
  if (!emit() || !fixedSteps(Fixed) || !run(Fixed, Options.Jobs))
    return std::nullopt;
  std::vector<std::string> Flags = baseFlags();
  Flags.insert(Flags.begin(), "-I" + pathIn(Work, "include"));
  std::vector<StringRef> Depends = {FunctionsH, harnessFile("Registry.h")};
  if (UsePCH) {
    Flags.insert(Flags.end(),
                 {"-include-pch", Fixed[2].Product, PCHContentCheck});
    Depends.push_back(Fixed[2].Key);
  }
  Flags.insert(Flags.end(), {"-include", pathIn(Sources, "Registry.h")});
  std::vector<BuildStep> Unity = {
      objectStep(T, "Gradcheck.cpp", pathIn(Work, "Gradcheck.cpp"),
                 Generated["Gradcheck.cpp"], Flags, Depends)};
  if (!run(Unity, 1))
    return std::nullopt;
  std::vector<std::string> Objects = {Unity[0].Product, Fixed[0].Product,
                                      Fixed[1].Product};
  std::vector<StringRef> Keys = {"library", Unity[0].Key, Fixed[0].Key,
                                 Fixed[1].Key};
  std::vector<BuildStep> Link = {{"linking the kernel library",
                                  T.key(Keys),
                                  ".so",
                                  {"-shared", "-Wl,--no-undefined"},
                                  Objects}};
  if (!run(Link, 1))
    return std::nullopt;
  return BuiltHarness{Link[0].Product, Fixed.back().Product};
}

} // namespace

std::optional<BuiltHarness> buildHarness(Compilation &C, const Toolchain &T,
                                         ArrayRef<CheckedOperator> Ops,
                                         const GradcheckOptions &Options) {
  return HarnessBuilder(C, T, Ops, Options).build();
}

} // namespace gradgen
