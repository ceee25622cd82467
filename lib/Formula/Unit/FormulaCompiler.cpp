//===- FormulaCompiler.cpp - Clang on the formula translation units -------===//

#include "FormulaCompiler.h"

#include "gradgen/Config.h"
#include "gradgen/Support/InstallLayout.h"
#include "gradgen/Support/OutputFiles.h"
#include "gradgen/Support/TemporaryFiles.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::formula {

namespace {
/// Headers that PyTorch code includes and the prelude stands for.
const char *const PreludeAliases[] = {
    "ATen/ATen.h",
    "ATen/Tensor.h",
    "ATen/core/Tensor.h",
    "ATen/Functions.h",
    "ATen/NativeFunctions.h",
    "ATen/TensorGeometry.h",
    "ATen/ScalarOps.h",
    "ATen/ExpandUtils.h",
    "ATen/WrapDimUtils.h",
    "ATen/core/Reduction.h",
    "ATen/native/nested/NestedTensorUtils.h",
    "c10/core/SymInt.h",
    "c10/util/Optional.h",
    "c10/util/irange.h",
    "torch/csrc/autograd/generated/Functions.h",
    "torch/csrc/autograd/generated/variable_factories.h",
    "torch/csrc/autograd/function.h",
    "torch/csrc/autograd/variable.h",
    "torch/csrc/autograd/saved_variable.h",
    "torch/csrc/autograd/InferenceMode.h",
    "torch/csrc/Export.h",
};
const char *const StdHeaders[] = {
    "algorithm", "array",       "cmath",      "complex",
    "cstddef",   "cstdint",     "functional", "initializer_list",
    "limits",    "memory",      "numeric",    "optional",
    "string",    "string_view", "tuple",      "type_traits",
    "utility",   "vector",      "math.h",     "stdint.h",
    "stddef.h",
};
constexpr StringLiteral HeaderName = "/__gradgen/formula_header.h";
/// The part of the prelude that no input changes: the base the header is
/// built on, precompiled when gradgen is built. It is gradgen_prelude.h up
/// to the marker line, served as gradgen_prelude_base.h.
constexpr StringLiteral BaseHeaderName = "/__gradgen/prelude_base.h";
constexpr StringLiteral PreludeName = "gradgen_prelude.h";
constexpr StringLiteral PreludeBaseName = "gradgen_prelude_base.h";
constexpr StringLiteral PreludeBaseEnd = "// gradgen-prelude-base-end\n";
constexpr StringLiteral ChecksName = "gradgen_checks.h";

/// Runs a given consumer on the unit.
class ConsumerAction : public clang::ASTFrontendAction {
public:
  explicit ConsumerAction(std::unique_ptr<clang::ASTConsumer> Consumer)
      : Consumer(std::move(Consumer)) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, StringRef) override {
    return std::move(Consumer);
  }

private:
  std::unique_ptr<clang::ASTConsumer> Consumer;
};

/// Builds the precompiled header in memory (Clang's own output stream ends
/// the process when the disk is full), and lists the files on disk it was
/// built from.
class PCHAction : public clang::GeneratePCHAction {
public:
  PCHAction(std::vector<std::string> &Inputs, SmallVectorImpl<char> &Data)
      : Inputs(Inputs), Data(Data) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef InFile) override {
    std::string Sysroot;
    if (!ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    std::string OutputFile = CI.getFrontendOpts().OutputFile;
    auto Buffer = std::make_shared<clang::PCHBuffer>();
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<clang::PCHGenerator>(
        CI.getPreprocessor(), CI.getModuleCache(), OutputFile, "", Buffer,
        CI.getFrontendOpts().ModuleFileExtensions,
        bool(CI.getPreprocessorOpts().AllowPCHWithCompilerErrors),
        bool(CI.getFrontendOpts().IncludeTimestamps)));
    Consumers.push_back(CI.getPCHContainerWriter().CreatePCHContainerGenerator(
        CI, InFile.str(), OutputFile,
        std::make_unique<raw_svector_ostream>(Data), Buffer));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
  }

  void EndSourceFileAction() override {
    clang::SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
         ++It)
      if (!It->first->getName().startswith("/__gradgen/"))
        Inputs.push_back(It->first->getName().str());
    clang::GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::vector<std::string> &Inputs;
  SmallVectorImpl<char> &Data;
};

/// Writes Path through a temporary file; on any error (a full disk) leaves
/// nothing and says why. (llvm::writeToOutput ends the process instead.)
std::optional<std::string> writeAtomically(StringRef Path, StringRef Bytes) {
  if (Error E =
          writeFileAtomically(Path, [&](raw_ostream &OS) { OS << Bytes; }))
    return toString(std::move(E));
  return std::nullopt;
}

/// BLAKE3 of a sequence of fields, each ended by a NUL: computed over the
/// whole prelude, at a fraction of SHA1's cost.
class KeyHash {
public:
  void add(StringRef S) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
  }
  std::string hex() { return toHex(Hash.final<20>(), /*LowerCase=*/true); }

  /// What a key of anything Clang built starts with: this gradgen, this
  /// Clang and the arguments it ran with.
  void addCompiler(ArrayRef<std::string> Args) {
    add(GRADGEN_VERSION);
    add(GRADGEN_LLVM_VERSION);
    for (size_t I = 0; I != Args.size(); ++I) {
      // Where the builtin headers are changes nothing the version above
      // does not, and differs between a build tree and its install, which
      // share the prelude's precompiled base.
      if (Args[I] == "-resource-dir") {
        ++I;
        continue;
      }
      add(Args[I]);
    }
  }

private:
  BLAKE3 Hash;
};

/// `size mtime path` of a file on disk.
std::optional<std::string> stamp(StringRef Path) {
  sys::fs::file_status Status;
  if (sys::fs::status(Path, Status))
    return std::nullopt;
  return std::to_string(Status.getSize()) + " " +
         std::to_string(
             Status.getLastModificationTime().time_since_epoch().count()) +
         " " + Path.str();
}
} // namespace

FormulaCompiler::FormulaCompiler(FormulaCompilerOptions Options)
    : Options(std::move(Options)) {
  for (auto [Name, Text] : builtinPrelude()) {
    if (!this->Options.PreludeDir.empty()) {
      SmallString<128> Path(this->Options.PreludeDir);
      sys::path::append(Path, Name);
      if (auto Buffer = MemoryBuffer::getFile(Path)) {
        Overrides.push_back(std::move(*Buffer));
        Text = Overrides.back()->getBuffer();
      }
    }
    PreludeFiles.emplace_back(Name.str(), Text);
  }
  splitPrelude();
  findBasePCH();
}

void FormulaCompiler::splitPrelude() {
  BaseHeaderText = "#include <gradgen_c10.h>\n";
  auto Prelude = find_if(PreludeFiles,
                         [](const auto &File) { return File.first == PreludeName; });
  if (Prelude == PreludeFiles.end())
    return;
  StringRef Text = Prelude->second;
  size_t End = Text.find(PreludeBaseEnd);
  if (End == StringRef::npos)
    return;
  // Copies: Clang's lexer reads up to a NUL after each file.
  PreludeBase = Text.take_front(End).str();
  PreludeRest = "#pragma once\n#include <" + PreludeBaseName.str() + ">\n" +
                Text.drop_front(End).str();
  Prelude->second = PreludeRest;
  PreludeFiles.emplace_back(PreludeBaseName.str(), PreludeBase);
  BaseHeaderText = "#include <" + PreludeBaseName.str() + ">\n";
}

FormulaCompiler::~FormulaCompiler() {
  if (TemporaryPCH && !PCHPath.empty()) {
    sys::fs::remove(PCHPath);
    forgetFileAtExit(PCHPath);
  }
}

void FormulaCompiler::setDeclarations(const GeneratedDeclarations &Functions,
                                      const GeneratedDeclarations &Methods) {
  FunctionsText = Functions.Text;
  MethodsText = Methods.Text;
  Key.clear();
}

std::string FormulaCompiler::headerText() const {
  std::string S = "#include <" + ChecksName.str() + ">\n";
  for (const std::string &Addition : Options.PreludeAdditions)
    S += "#include \"" + Addition + "\"\n";
  for (const std::string &Helper : Options.Flags.HelperFiles)
    S += "#include \"" + Helper + "\"\n";
  // What Functions.cpp sees besides the generated Functions.h.
  S += "using namespace torch::autograd::generated::details;\n"
       "using at::Tensor;\nusing at::Scalar;\nusing at::IntArrayRef;\n"
       "using at::TensorList;\n";
  return S;
}

std::vector<std::string> FormulaCompiler::commonArgs() const {
  // Clang's builtin headers are carried with gradgen's data, so that no
  // path of the build machine is needed (cmake/Install.cmake).
  static const std::string ResourceDir =
      installedDataPath(nullptr, {"gradgen", "clang"});
  std::vector<std::string> Args = {
      "gradgen",
      "-std=" + Options.Flags.Standard,
      "-resource-dir",
      ResourceDir,
      "-ferror-limit=0",
      // The work one formula can cause is bounded (docs/reliability.md);
      // PyTorch's own headers need far less than this.
      "-ftemplate-depth=512",
      "-fconstexpr-depth=256",
      "-fconstexpr-steps=1000000",
      "-fno-caret-diagnostics",
      "-Wno-undefined-inline",
  };
  if (!realHeaderMode())
    Args.push_back("-nostdinc");
  Args.push_back("-isystem");
  Args.push_back(IncludeDir.str());
  // PyTorch's headers are third-party code: their warnings are not ours.
  // A standard folder stays where it is among the system folders, after the
  // C++ library's, whose #include_next must find the C headers there.
  for (const std::string &Dir : Options.Flags.IncludeDirs) {
    SmallString<256> Real;
    if (sys::fs::real_path(Dir, Real))
      Real = Dir;
    bool Standard = Real == "/usr/include" || Real == "/usr/local/include";
    Args.push_back(Standard ? "-idirafter" : "-isystem");
    Args.push_back(Dir);
  }
  for (const std::string &D : Options.Flags.Defines)
    Args.push_back("-D" + D);
  return Args;
}

IntrusiveRefCntPtr<vfs::FileSystem>
FormulaCompiler::fileSystem(StringRef MainText) const {
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  auto AddFile = [&](StringRef Name, StringRef Text) {
    SmallString<128> Path(IncludeDir);
    sys::path::append(Path, sys::path::Style::posix, Name);
    Memory->addFile(Path, 0, MemoryBuffer::getMemBuffer(Text, Path, false));
  };
  for (const auto &[Name, Text] : PreludeFiles)
    if (!realHeaderMode() || Name == ChecksName)
      AddFile(Name, Text);
  if (!realHeaderMode()) {
    for (const char *Alias : PreludeAliases)
      AddFile(Alias, "#pragma once\n#include <gradgen_prelude.h>\n");
    for (const char *Header : StdHeaders)
      AddFile(Header, "#pragma once\n#include <gradgen_std.h>\n");
    AddFile(FunctionsIncName, FunctionsText);
    AddFile(MethodsIncName, MethodsText);
  }
  if (!realHeaderMode())
    Memory->addFile(BaseHeaderName, 0,
                    MemoryBuffer::getMemBuffer(BaseHeaderText, BaseHeaderName,
                                               false));
  Memory->addFile(HeaderName, 0,
                  MemoryBuffer::getMemBufferCopy(headerText(), HeaderName));
  if (!MainText.empty())
    Memory->addFile(MainFileName, 0,
                    MemoryBuffer::getMemBuffer(MainText, MainFileName, false));
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(
      Options.FileSystem ? Options.FileSystem : vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  return Overlay;
}

std::string FormulaCompiler::key() const {
  // Over the whole prelude and the helpers: computed once a run, with
  // BLAKE3, which costs a fraction of SHA1.
  if (!Key.empty())
    return Key;
  KeyHash Hash;
  Hash.addCompiler(commonArgs());
  Hash.add(headerText());
  for (const auto &[Name, Text] : PreludeFiles)
    if (!realHeaderMode() || Name == ChecksName) {
      Hash.add(Name);
      Hash.add(Text);
    }
  Hash.add(FunctionsText);
  Hash.add(MethodsText);
  // A header built on the base is valid only with that very file.
  Hash.add(BasePCHStamp);
  // The headers named on the command line; what they include is validated
  // through the manifest of the files the header was built from.
  std::vector<std::string> Direct = Options.Flags.HelperFiles;
  llvm::append_range(Direct, Options.PreludeAdditions);
  for (const std::string &Dir : Options.Flags.IncludeDirs)
    for (StringRef Name :
         {"ATen/ATen.h", "torch/csrc/autograd/generated/Functions.h"}) {
      SmallString<256> Path(Dir);
      sys::path::append(Path, Name);
      Direct.push_back(Path.str().str());
    }
  IntrusiveRefCntPtr<vfs::FileSystem> FS =
      Options.FileSystem ? Options.FileSystem : vfs::getRealFileSystem();
  for (const std::string &Path : Direct) {
    Hash.add(Path);
    if (auto Buffer = FS->getBufferForFile(Path))
      Hash.add((*Buffer)->getBuffer());
  }
  Key = Hash.hex();
  return Key;
}

std::string FormulaCompiler::baseKey() const {
  KeyHash Hash;
  Hash.addCompiler(commonArgs());
  Hash.add(BaseHeaderText);
  for (const auto &[Name, Text] : PreludeFiles) {
    Hash.add(Name);
    Hash.add(Text);
  }
  return Hash.hex();
}

void FormulaCompiler::findBasePCH() {
  // Built for the built-in prelude and no -D: its key says for which flags
  // and prelude, and a base of other ones is not used.
  if (realHeaderMode() || Options.Flags.Standard.empty() ||
      !all_of(Options.Flags.Standard,
              [](char C) { return isAlnum(C) || C == '+'; }))
    return;
  std::string Path = installedDataPath(
      nullptr,
      {"gradgen", "pch", "prelude-" + Options.Flags.Standard + ".pch"});
  auto KeyFile = MemoryBuffer::getFile(Path + ".key");
  if (!KeyFile || (*KeyFile)->getBuffer().trim() != baseKey())
    return;
  if (std::optional<std::string> Stamp = stamp(Path)) {
    BasePCHPath = std::move(Path);
    BasePCHStamp = std::move(*Stamp);
  }
}

bool FormulaCompiler::buildPCH(StringRef HeaderFile, StringRef OutputPath,
                               StringRef BasePCH,
                               std::vector<std::string> &Inputs,
                               SmallVectorImpl<char> &Data,
                               clang::DiagnosticConsumer &Diags) {
  std::vector<std::string> Args = commonArgs();
  Args.insert(Args.begin() + 1,
              {"-xc++-header", "-fpch-instantiate-templates"});
  if (!BasePCH.empty()) {
    Args.push_back("-include-pch");
    Args.push_back(BasePCH.str());
  }
  Args.push_back(HeaderFile.str());
  Args.push_back("-o");
  Args.push_back(OutputPath.str());
  auto Files = makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), fileSystem(""));
  clang::tooling::ToolInvocation Invocation(
      Args, std::make_unique<PCHAction>(Inputs, Data), Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  return Invocation.run() && !Diags.getNumErrors();
}

bool FormulaCompiler::writeBasePCH(StringRef Path, std::string &Error) {
  clang::TextDiagnosticPrinter Printer(errs(), new clang::DiagnosticOptions);
  std::vector<std::string> Inputs;
  SmallVector<char, 0> Data;
  if (!buildPCH(BaseHeaderName, Path, "", Inputs, Data, Printer)) {
    Error = "Clang could not compile the prelude";
    return false;
  }
  std::optional<std::string> WriteError =
      writeAtomically(Path, StringRef(Data.data(), Data.size()));
  if (!WriteError)
    WriteError = writeAtomically(Path.str() + ".key", baseKey() + "\n");
  if (WriteError) {
    Error = "cannot write '" + Path.str() + "': " + *WriteError;
    return false;
  }
  return true;
}

void FormulaCompiler::pruneCache() const {
  // Each native_functions.yaml, prelude and set of flags has its own header;
  // keep the most recently used ones.
  constexpr size_t Keep = 16;
  std::vector<std::pair<sys::TimePoint<>, std::string>> Headers;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Options.CacheDir, EC), End;
       It != End && !EC; It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (!Name.startswith("formulas-") || !Name.endswith(".pch"))
      continue;
    sys::fs::file_status Status;
    if (!sys::fs::status(It->path(), Status))
      Headers.emplace_back(Status.getLastModificationTime(), It->path());
  }
  if (Headers.size() < Keep)
    return;
  llvm::sort(Headers,
             [](const auto &A, const auto &B) { return A.first > B.first; });
  for (size_t I = Keep - 1; I < Headers.size(); ++I) {
    sys::fs::remove(Headers[I].second);
    sys::fs::remove(Headers[I].second + ".inputs");
  }
}

std::string FormulaCompiler::pchPath() const {
  SmallString<256> Path(Options.CacheDir);
  sys::path::append(Path, "formulas-" + key() + ".pch");
  return Path.str().str();
}

std::string FormulaCompiler::inputsDigest() const {
  if (Options.CacheDir.empty())
    return "";
  std::string PCH = pchPath();
  auto Buffer = MemoryBuffer::getFile(PCH + ".inputs");
  if (!Buffer || !sys::fs::exists(PCH))
    return "";
  SmallVector<StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (!all_of(Lines, [](StringRef Line) {
        StringRef Path = Line.split(' ').second.split(' ').second;
        std::optional<std::string> Now = stamp(Path);
        return Now && *Now == Line;
      }))
    return "";
  SHA1 Hash;
  Hash.update(PCH);
  Hash.update((*Buffer)->getBuffer());
  return toHex(Hash.final(), /*LowerCase=*/true);
}

bool FormulaCompiler::preparePCH(clang::DiagnosticConsumer &Diags,
                                 std::string &Error) {
  std::string Manifest;
  if (!Options.CacheDir.empty()) {
    if (std::error_code EC = sys::fs::create_directories(Options.CacheDir)) {
      Error = "cannot create the cache folder '" + Options.CacheDir +
              "': " + EC.message();
      return false;
    }
    PCHPath = pchPath();
    Manifest = PCHPath + ".inputs";
    // A cached header is good if every file it was built from is unchanged.
    if (!inputsDigest().empty()) {
      // Recently used headers are kept longest.
      if (auto File = sys::fs::openNativeFileForReadWrite(
              PCHPath, sys::fs::CD_OpenExisting, sys::fs::OF_None)) {
        sys::fs::setLastAccessAndModificationTime(
            *File, std::chrono::system_clock::now());
        sys::fs::closeFile(*File);
      }
      return true;
    }
  } else {
    SmallString<256> Path;
    if (std::error_code EC =
            sys::fs::createTemporaryFile("gradgen-formulas", "pch", Path)) {
      Error = "cannot create a temporary file: " + EC.message();
      return false;
    }
    PCHPath = Path.str().str();
    TemporaryPCH = true;
    // The command line never destroys this compiler.
    removeFileAtExit(PCHPath);
  }

  std::vector<std::string> Inputs;
  SmallVector<char, 0> Data;
  if (!buildPCH(HeaderName, PCHPath, BasePCHPath, Inputs, Data, Diags)) {
    PCHPath.clear();
    return false;
  }
  if (std::optional<std::string> WriteError =
          writeAtomically(PCHPath, StringRef(Data.data(), Data.size()))) {
    Error = "cannot write '" + PCHPath + "': " + *WriteError;
    PCHPath.clear();
    return false;
  }
  if (!Manifest.empty()) {
    pruneCache();
    std::string Text;
    for (const std::string &Input : Inputs)
      if (std::optional<std::string> S = stamp(Input))
        Text += *S + "\n";
    // Renamed into place: a concurrent run reads the old manifest or the
    // new one, never half of one. Without it (a full cache folder) the
    // header is only rebuilt next time.
    consumeError(writeFileAtomically(
        Manifest, [&](raw_ostream &OS) { OS << Text; }));
  }
  return true;
}

bool FormulaCompiler::run(StringRef MainText,
                          std::unique_ptr<clang::ASTConsumer> Consumer,
                          clang::DiagnosticConsumer &Diags) {
  return runAction(MainText,
                   std::make_unique<ConsumerAction>(std::move(Consumer)), Diags);
}

std::vector<std::string>
FormulaCompiler::unitArgs(ArrayRef<std::string> ExtraArgs) const {
  std::vector<std::string> Args = commonArgs();
  Args.insert(Args.begin() + 1, {"-fsyntax-only", "-xc++"});
  if (!PCHPath.empty()) {
    Args.push_back("-include-pch");
    Args.push_back(PCHPath);
  } else {
    Args.push_back("-include");
    Args.push_back(HeaderName.str());
  }
  append_range(Args, ExtraArgs);
  Args.push_back(MainFileName.str());
  return Args;
}

bool FormulaCompiler::runAction(StringRef MainText,
                                std::unique_ptr<clang::FrontendAction> Action,
                                clang::DiagnosticConsumer &Diags,
                                ArrayRef<std::string> ExtraArgs) {
  auto Files = makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), fileSystem(MainText));
  clang::tooling::ToolInvocation Invocation(unitArgs(ExtraArgs),
                                            std::move(Action), Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  return Invocation.run();
}

bool FormulaCompiler::runTool(StringRef MainText,
                              clang::tooling::ToolAction &Tool,
                              clang::DiagnosticConsumer &Diags) {
  auto Files = makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), fileSystem(MainText));
  clang::tooling::ToolInvocation Invocation(
      unitArgs({}), &Tool, Files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Diags);
  return Invocation.run();
}

} // namespace gradgen::formula

namespace gradgen {

bool writePreludeBasePCH(StringRef Standard, StringRef Path,
                         std::string &Error) {
  FormulaCompilerOptions Options;
  Options.Flags.Standard = Standard.str();
  return formula::FormulaCompiler(std::move(Options))
      .writeBasePCH(Path, Error);
}

} // namespace gradgen
