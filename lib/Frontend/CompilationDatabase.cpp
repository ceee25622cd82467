//===- CompilationDatabase.cpp - Flags from compile_commands.json ---------===//
//
// A PyTorch build folder knows the exact headers and flags its sources are
// compiled with; real-header mode takes those of FunctionsManual.cpp, the
// file whose helpers the formulas call.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Formula/FormulaFlags.h"
#include "gradgen/Frontend/ProjectConfig.h"

#include "gradgen/Support/Diagnostics.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gradgen {

namespace {

/// The flags of one compile command that the formula checks take.
FormulaFlags flagsOf(const clang::tooling::CompileCommand &Command) {
  FormulaFlags Flags;
  auto Absolute = [&](StringRef Dir) {
    SmallString<256> Path(Dir);
    if (!sys::path::is_absolute(Path)) {
      Path = Command.Directory;
      sys::path::append(Path, Dir);
    }
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    return std::string(Path);
  };
  const std::vector<std::string> &Args = Command.CommandLine;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    // -I dir, -Idir, -isystem dir, -isystemdir; -D name, -Dname.
    for (StringRef Flag : {"-isystem", "-I"}) {
      if (!Arg.startswith(Flag))
        continue;
      StringRef Value = Arg.drop_front(Flag.size());
      if (Value.empty() && I + 1 < Args.size())
        Value = Args[++I];
      Flags.IncludeDirs.push_back(Absolute(Value));
      break;
    }
    if (Arg.startswith("-D")) {
      StringRef Value = Arg.drop_front(2);
      if (Value.empty() && I + 1 < Args.size())
        Value = Args[++I];
      Flags.Defines.push_back(Value.str());
    } else if (Arg.startswith("-std=")) {
      StringRef Standard = Arg.drop_front(5);
      // gnu++17 compiles as c++17 with extensions, which formulas never use.
      if (Standard.consume_front("gnu++"))
        Flags.Standard = ("c++" + Standard).str();
      else
        Flags.Standard = Standard.str();
    }
  }
  return Flags;
}

} // namespace

bool ProjectConfig::applyCompilationDatabase(StringRef EntryFile,
                                             DiagnosticEngine &Diags) {
  if (!CompileCommands.isSet())
    return true;
  std::string Error;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database =
      clang::tooling::CompilationDatabase::loadFromDirectory(
          CompileCommands.Value, Error);
  if (!Database) {
    Diags.report(diag::config_compile_commands, SMLoc(),
                "cannot read the compilation database in '" +
                    CompileCommands.Value + "' (from " +
                    CompileCommands.Origin + "): " + Error);
    return false;
  }
  std::vector<clang::tooling::CompileCommand> Commands;
  std::string Entry;
  if (!EntryFile.empty()) {
    SmallString<256> Path(EntryFile);
    sys::fs::make_absolute(Path);
    Entry = std::string(Path);
    Commands = Database->getCompileCommands(Entry);
  } else {
    // PyTorch's FunctionsManual.cpp, wherever the checkout is.
    for (const std::string &File : Database->getAllFiles())
      if (StringRef(File).endswith("/torch/csrc/autograd/FunctionsManual.cpp")) {
        Entry = File;
        Commands = Database->getCompileCommands(File);
        break;
      }
    if (Entry.empty()) {
      Diags.report(diag::config_compile_commands, SMLoc(),
                  "the compilation database in '" + CompileCommands.Value +
                      "' has no entry for torch/csrc/autograd/"
                      "FunctionsManual.cpp; name the file whose flags to "
                      "take with --compile-commands-entry");
      return false;
    }
  }
  if (Commands.empty()) {
    Diags.report(diag::config_compile_commands, SMLoc(),
                "the compilation database in '" + CompileCommands.Value +
                    "' has no entry for '" + Entry + "'");
    return false;
  }
  FormulaFlags Flags = flagsOf(Commands.front());
  std::string Origin = "compile_commands.json entry " + Entry;
  if (!IncludeDirs.isSet())
    IncludeDirs.set(std::move(Flags.IncludeDirs), Origin);
  if (!Defines.isSet())
    Defines.set(std::move(Flags.Defines), Origin);
  if (!Standard.isSet() && !Flags.Standard.empty())
    Standard.set(std::move(Flags.Standard), Origin);
  return true;
}

} // namespace gradgen
