//===- DeprecatedOverloads.cpp - deprecated.yaml for the bindings ---------===//
//
// TEMPORARY (see DeprecatedOverloads.h).
//
//===----------------------------------------------------------------------===//

#include "DeprecatedOverloads.h"

#include "gradgen/Schema/SchemaParser.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace gradgen {

bool DeprecatedOverloadFile::read(StringRef Path, const SchemaOptions &Options,
                                  InputFiles &Files, DiagnosticEngine &Diags) {
  ErrorOr<unsigned> Buffer = Files.addFile(Path);
  if (!Buffer) {
    Diags.report(diag::driver_io, SMLoc(),
                 "cannot read '" + Path + "': " + Buffer.getError().message());
    return false;
  }
  StringRef Text = Files.getSourceMgr().getMemoryBuffer(*Buffer)->getBuffer();
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n');
  const FunctionSchema *Schema = nullptr;
  SMLoc EntryLoc;
  bool OK = true;
  for (StringRef Line : Lines) {
    StringRef Trimmed = Line.trim();
    if (Trimmed.consume_front("- name:")) {
      Trimmed = Trimmed.trim();
      EntryLoc = SMLoc::getFromPointer(Trimmed.data());
      SchemaParser Parser(Context, Options, Diags);
      std::optional<FunctionSchema> Parsed =
          Parser.parseFunctionSchema(SchemaText{Trimmed});
      Schema = nullptr;
      if (!Parsed) {
        OK = false;
        continue;
      }
      Schemas.push_back(std::make_unique<FunctionSchema>(std::move(*Parsed)));
      Schema = Schemas.back().get();
      continue;
    }
    if (!Trimmed.consume_front("aten:") || !Schema)
      continue;
    Trimmed = Trimmed.trim();
    auto [Name, Rest] = Trimmed.split('(');
    python::DeprecatedOverload Overload;
    Overload.Schema = Schema;
    Overload.Loc = EntryLoc;
    Overload.AtenName = Name.trim().str();
    if (StringRef(Overload.AtenName).ends_with("_out")) {
      Overload.IsOut = true;
      Overload.AtenName.resize(Overload.AtenName.size() - 4);
    }
    Rest = Rest.rsplit(')').first;
    SmallVector<StringRef> Args;
    Rest.split(Args, ',', -1, /*KeepEmpty=*/false);
    for (StringRef Arg : Args)
      Overload.CallArgs.push_back(Arg.trim().str());
    Overloads.push_back(std::move(Overload));
    Schema = nullptr;
  }
  return OK;
}

} // namespace gradgen
