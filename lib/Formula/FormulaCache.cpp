//===- FormulaCache.cpp - Results of formulas checked before --------------===//
//
// The file is a sequence of records, each a tag byte and fields; a string is
// its length as 4 little-endian bytes and its bytes. It is written to a
// temporary file and renamed, so that concurrent runs never read half of it;
// a file that does not parse is ignored.
//
//===----------------------------------------------------------------------===//

#include "FormulaCache.h"

#include "gradgen/Config.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::formula {

static constexpr StringLiteral Magic = "gradgen-formula-cache-1\n";

namespace {
class Writer {
public:
  explicit Writer(raw_ostream &OS) : OS(OS) {}
  void number(uint32_t N) {
    char Bytes[4] = {char(N), char(N >> 8), char(N >> 16), char(N >> 24)};
    OS.write(Bytes, 4);
  }
  void string(StringRef S) {
    number(S.size());
    OS << S;
  }

private:
  raw_ostream &OS;
};

class Reader {
public:
  explicit Reader(StringRef Data) : Data(Data) {}
  bool number(uint32_t &N) {
    if (Data.size() < 4)
      return false;
    N = 0;
    for (int I = 3; I >= 0; --I)
      N = N << 8 | uint8_t(Data[I]);
    Data = Data.drop_front(4);
    return true;
  }
  bool string(std::string &S) {
    uint32_t N;
    if (!number(N) || Data.size() < N)
      return false;
    S = Data.take_front(N).str();
    Data = Data.drop_front(N);
    return true;
  }
  bool atEnd() const { return Data.empty(); }

private:
  StringRef Data;
};

void writeSaved(Writer &W, ArrayRef<FormulaSavedValue> Values) {
  W.number(Values.size());
  for (const FormulaSavedValue &V : Values) {
    W.string(V.Name);
    W.string(V.CppType);
    W.string(V.Expr);
  }
}

bool readSaved(Reader &R, std::vector<FormulaSavedValue> &Values) {
  uint32_t N;
  if (!R.number(N))
    return false;
  Values.resize(N);
  for (FormulaSavedValue &V : Values)
    if (!R.string(V.Name) || !R.string(V.CppType) || !R.string(V.Expr))
      return false;
  return true;
}

/// Feeds strings to a hash, each terminated so that they cannot run into
/// each other.
struct Hasher {
  SHA1 Hash;
  Hasher &operator<<(StringRef S) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
    return *this;
  }
  std::string final() { return toHex(Hash.final(), /*LowerCase=*/true); }
};
} // namespace

FormulaCache::FormulaCache(std::string Dir, std::string Key) {
  if (Dir.empty())
    return;
  SmallString<256> P(Dir);
  sys::path::append(P, "results-" + Key + ".bin");
  Path = P.str().str();
  load();
}

std::string FormulaCache::buildStamp() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  sys::fs::file_status Status;
  std::string Stamp = std::string(GRADGEN_VERSION) + " " + Exe;
  if (!Exe.empty() && !sys::fs::status(Exe, Status))
    Stamp += " " + std::to_string(Status.getSize()) + " " +
             std::to_string(
                 Status.getLastModificationTime().time_since_epoch().count());
  return Stamp;
}

std::string FormulaCache::formulaKey(const FormulaInput &In, StringRef Salt) {
  Hasher H;
  H << Salt << (In.Kind == FormulaKind::Backward ? "b" : "f")
    << join(In.VarNames, ",") << In.Text << In.OperatorName
    << (In.IsForeach ? "foreach" : "") << (In.IsInplace ? "inplace" : "");
  for (const auto *Vars : {&In.Arguments, &In.Returns}) {
    H << "|";
    for (const FormulaVariable &V : *Vars)
      H << V.Name << V.CppType;
  }
  return H.final();
}

std::string FormulaCache::nodeKey(const GeneratedNode &Node, StringRef Salt) {
  Hasher H;
  H << Salt << Node.Name;
  for (const GeneratedVariable &V : Node.Variables)
    H << V.CppType << V.Name;
  H << "|";
  for (const GeneratedFormula &F : Node.Formulas)
    H << join(F.VarNames, ",") << F.Formula
      << (F.ChecksAnyGradDefined ? "any" : "") << (F.Foreach ? "foreach" : "")
      << (F.DeclaresGradInputMask ? "mask" : "");
  return H.final();
}

const CachedFormula *FormulaCache::lookupFormula(StringRef Key) const {
  auto It = Formulas.find(Key);
  return It == Formulas.end() ? nullptr : &It->second;
}

void FormulaCache::addFormula(StringRef Key, CachedFormula Formula) {
  if (Path.empty())
    return;
  Formulas[Key] = std::move(Formula);
  Changed = true;
}

void FormulaCache::addNode(StringRef Key) {
  if (Path.empty())
    return;
  Changed |= Nodes.insert(Key).second;
}

void FormulaCache::load() {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer || !(*Buffer)->getBuffer().startswith(Magic))
    return;
  Reader R((*Buffer)->getBuffer().drop_front(Magic.size()));
  StringMap<CachedFormula> Loaded;
  StringSet<> LoadedNodes;
  while (!R.atEnd()) {
    std::string Tag, Key;
    if (!R.string(Tag) || !R.string(Key))
      return;
    if (Tag == "n") {
      LoadedNodes.insert(Key);
      continue;
    }
    if (Tag != "f")
      return;
    CachedFormula F;
    uint32_t NumEdits, NumHelpers;
    if (!R.string(F.Result.Formula) || !R.number(NumEdits))
      return;
    F.Result.Edits.resize(NumEdits);
    for (FormulaEdit &E : F.Result.Edits)
      if (!R.number(E.Begin) || !R.number(E.End) || !R.string(E.Replacement))
        return;
    if (!readSaved(R, F.Result.SavedInputs) ||
        !readSaved(R, F.Result.SavedOutputs) || !R.number(NumHelpers))
      return;
    F.Helpers.resize(NumHelpers);
    for (HelperUse &U : F.Helpers) {
      uint32_t Call;
      if (!R.string(U.Name) || !R.number(U.Offset) || !R.number(Call))
        return;
      U.Call = Call;
    }
    Loaded[Key] = std::move(F);
  }
  Formulas = std::move(Loaded);
  Nodes = std::move(LoadedNodes);
}

void FormulaCache::save() {
  if (Path.empty() || !Changed)
    return;
  if (sys::fs::create_directories(sys::path::parent_path(Path)))
    return;
  SmallString<256> Temporary;
  int FD;
  if (sys::fs::createUniqueFile(Path + ".%%%%%%.tmp", FD, Temporary))
    return;
  bool WriteFailed;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Magic;
    Writer W(OS);
    for (const auto &Entry : Formulas) {
      const CachedFormula &F = Entry.getValue();
      W.string("f");
      W.string(Entry.getKey());
      W.string(F.Result.Formula);
      W.number(F.Result.Edits.size());
      for (const FormulaEdit &E : F.Result.Edits) {
        W.number(E.Begin);
        W.number(E.End);
        W.string(E.Replacement);
      }
      writeSaved(W, F.Result.SavedInputs);
      writeSaved(W, F.Result.SavedOutputs);
      W.number(F.Helpers.size());
      for (const HelperUse &U : F.Helpers) {
        W.string(U.Name);
        W.number(U.Offset);
        W.number(U.Call);
      }
    }
    for (const auto &Node : Nodes) {
      W.string("n");
      W.string(Node.getKey());
    }
    // A full disk leaves the cache as it was: it is only a cache.
    OS.close();
    WriteFailed = OS.has_error();
    OS.clear_error();
  }
  if (WriteFailed || sys::fs::rename(Temporary, Path))
    sys::fs::remove(Temporary);
}

} // namespace gradgen::formula
