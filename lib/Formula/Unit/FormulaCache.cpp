//===- FormulaCache.cpp - Results of formulas checked before --------------===//
//
// The file is a sequence of records (CacheRecords.h), each a tag and
// fields. It is written to a
// temporary file and renamed, so that concurrent runs never read half of it;
// a file that does not parse (damaged, truncated, of another version) is
// ignored and written anew.
//
//===----------------------------------------------------------------------===//


#include "gradgen/Formula/FormulaCache.h"
#include "gradgen/Support/CacheRecords.h"
#include "gradgen/Support/OutputFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen::formula {

static constexpr StringLiteral Magic = "gradgen-formula-cache-1\n";

namespace {
/// The smallest record of an edit, a saved value and a helper use: three
/// numbers or string lengths.
constexpr uint32_t MinRecordBytes = 12;

void writeSaved(RecordWriter &W, ArrayRef<FormulaSavedValue> Values) {
  W.number(Values.size());
  for (const FormulaSavedValue &V : Values) {
    W.string(V.Name);
    W.string(V.CppType);
    W.string(V.Expr);
  }
}

bool readSaved(RecordReader &R, std::vector<FormulaSavedValue> &Values) {
  uint32_t N;
  if (!R.count(N, MinRecordBytes))
    return false;
  Values.resize(N);
  for (FormulaSavedValue &V : Values)
    if (!R.string(V.Name) || !R.string(V.CppType) || !R.string(V.Expr))
      return false;
  return true;
}

/// Gathers strings, each terminated so that they cannot run into each
/// other, and hashes them at once: a warm run computes a key per formula and
/// per node, and BLAKE3 over one buffer costs a fraction of SHA1 fed field
/// by field.
struct Hasher {
  SmallString<1024> Bytes;
  Hasher &operator<<(StringRef S) {
    Bytes += S;
    Bytes.push_back('\0');
    return *this;
  }
  /// Names joined with commas, as one string.
  Hasher &names(ArrayRef<std::string> Names) {
    for (auto [I, Name] : enumerate(Names)) {
      if (I)
        Bytes.push_back(',');
      Bytes += Name;
    }
    Bytes.push_back('\0');
    return *this;
  }
  std::string final() {
    BLAKE3 Hash;
    Hash.update(Bytes.str());
    return toHex(Hash.final<20>(), /*LowerCase=*/true);
  }
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

std::string FormulaCache::formulaKey(const FormulaInput &In, StringRef Salt) {
  Hasher H;
  H << Salt << (In.Kind == FormulaKind::Backward ? "b" : "f");
  H.names(In.VarNames) << In.Text << In.OperatorName
                       << (In.IsForeach ? "foreach" : "")
                       << (In.IsInplace ? "inplace" : "");
  for (const auto *Vars : {&In.Arguments, &In.Returns}) {
    H << "|";
    for (const FormulaVariable &V : *Vars)
      H << V.Name << V.CppType << V.NodeType;
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
    H.names(F.VarNames) << F.Formula << (F.ChecksAnyGradDefined ? "any" : "")
                        << (F.Foreach ? "foreach" : "")
                        << (F.DeclaresGradInputMask ? "mask" : "")
                        << F.ForwardResultType;
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

/// One formula's record after its tag and key.
static bool readFormula(RecordReader &R, CachedFormula &F) {
  uint32_t NumEdits, NumHelpers;
  if (!R.string(F.Result.Formula) || !R.count(NumEdits, MinRecordBytes))
    return false;
  F.Result.Edits.resize(NumEdits);
  for (FormulaEdit &E : F.Result.Edits)
    if (!R.number(E.Begin) || !R.number(E.End) || !R.string(E.Replacement))
      return false;
  if (!readSaved(R, F.Result.SavedInputs) ||
      !readSaved(R, F.Result.SavedOutputs) ||
      !R.count(NumHelpers, MinRecordBytes))
    return false;
  F.Helpers.resize(NumHelpers);
  for (HelperUse &U : F.Helpers) {
    uint32_t Call;
    if (!R.string(U.Name) || !R.number(U.Offset) || !R.number(Call))
      return false;
    U.Call = Call;
  }
  return true;
}

static void writeFormula(RecordWriter &W, const CachedFormula &F) {
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

void FormulaCache::load() {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer || !(*Buffer)->getBuffer().startswith(Magic))
    return;
  RecordReader R((*Buffer)->getBuffer().drop_front(Magic.size()));
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
    CachedFormula F;
    if (Tag != "f" || !readFormula(R, F))
      return;
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
  // Written to a temporary file and renamed: concurrent runs share the
  // folder. A full disk leaves the cache as it was: it is only a cache.
  consumeError(writeFileAtomically(Path, [&](raw_ostream &OS) {
    OS << Magic;
    RecordWriter W(OS);
    for (const auto &Entry : Formulas) {
      W.string("f");
      W.string(Entry.getKey());
      writeFormula(W, Entry.getValue());
    }
    for (const auto &Node : Nodes) {
      W.string("n");
      W.string(Node.getKey());
    }
  }));
}

} // namespace gradgen::formula
