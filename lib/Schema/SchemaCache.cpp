//===- SchemaCache.cpp - Native function sets loaded before ---------------===//

#include "gradgen/Schema/SchemaCache.h"

#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Support/CacheRecords.h"
#include "gradgen/Support/OutputFiles.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace gradgen {

static constexpr StringLiteral Magic = "gradgen-schema-cache-2\n";
/// The entry ends with the xxHash64 of what follows Magic, little-endian: a
/// damaged byte anywhere, even one the reader skips, makes the entry a miss.
static constexpr size_t ChecksumBytes = 8;

// A field added to the model must be added to the entry too (and Magic's
// version raised): the sizes catch an addition that forgets it.
// (The sizes with libstdc++ on x86-64, where the tests run.)
#if defined(__GLIBCXX__) && defined(__x86_64__)
static_assert(sizeof(NativeFunction) == 1808 &&
                  sizeof(FunctionSchema) == 1064 && sizeof(Argument) == 160 &&
                  sizeof(Return) == 128 && sizeof(DispatchEntry) == 120,
              "a changed schema model needs a changed SchemaCache entry");
#endif

/// The deepest type an entry may hold (`Tensor?[]?` is three).
static constexpr unsigned MaxTypeDepth = 8;

namespace {
/// Writes a set's entry. A location is 0 for none, else one more than its
/// offset in the file it points into; Outside is set by one in neither file.
class EntryWriter {
public:
  EntryWriter(raw_ostream &OS, StringRef Native, StringRef Tags)
      : W(OS), Native(Native), Tags(Tags) {}

  void set(ArrayRef<const NativeFunction *> Fns, const TagSet &TheTags);
  bool Outside = false;

private:
  void loc(SMLoc L, StringRef File);
  void loc(SMLoc L) { loc(L, Native); }
  void range(SMRange R) {
    loc(R.Start);
    loc(R.End);
  }
  void flag(bool B) { W.number(B); }
  void optString(const std::optional<std::string> &S) {
    flag(S.has_value());
    if (S)
      W.string(*S);
  }
  void strings(ArrayRef<std::string> Strings) {
    W.number(Strings.size());
    for (const std::string &S : Strings)
      W.string(S);
  }
  void locatedStrings(ArrayRef<Located<std::string>> Strings) {
    W.number(Strings.size());
    for (const Located<std::string> &S : Strings) {
      W.string(*S);
      range(S.Range);
    }
  }
  void locatedFlag(const Located<bool> &B) {
    flag(*B);
    range(B.Range);
  }
  void type(const Type *T);
  void annotation(const std::optional<Annotation> &A);
  void argument(const Argument &A);
  void arguments(ArrayRef<Argument> Args) {
    W.number(Args.size());
    for (const Argument &A : Args)
      argument(A);
  }
  void operatorName(const OperatorName &Name);
  void schema(const FunctionSchema &Func);
  void function(const NativeFunction &F,
                const DenseMap<const NativeFunction *, unsigned> &Index);

  RecordWriter W;
  StringRef Native, Tags;
};

/// Reads an entry. A failed read sets Failed and yields an empty value, so
/// that a record reads as a sequence of fields, checked once at its end.
class EntryReader {
public:
  /// Locations are in Native unless a read names another file.
  EntryReader(StringRef Data, StringRef Native, SchemaContext &Context)
      : R(Data), Native(Native), Context(Context) {}

  bool Failed = false;
  uint32_t number() {
    uint32_t N = 0;
    Failed |= !R.number(N);
    return N;
  }
  StringRef string() {
    StringRef S;
    Failed |= !R.string(S);
    return S;
  }
  /// A count of records of at least MinBytes each.
  uint32_t count(uint32_t MinBytes = 4) {
    uint32_t N = 0;
    if (!R.count(N, MinBytes))
      Failed = true;
    return Failed ? 0 : N;
  }
  bool atEnd() const { return R.atEnd(); }
  SMLoc loc(StringRef File);
  SMLoc loc() { return loc(Native); }
  std::unique_ptr<NativeFunction> function();
  /// The index of the function a generated one comes from, plus one.
  uint32_t GeneratedFrom = 0;

private:
  SMRange range() {
    SMLoc Start = loc();
    return SMRange(Start, loc());
  }
  bool flag() {
    uint32_t N = number();
    Failed |= N > 1;
    return N;
  }
  std::optional<std::string> optString() {
    if (!flag())
      return std::nullopt;
    return string().str();
  }
  std::vector<std::string> strings() {
    std::vector<std::string> Result(count());
    for (std::string &S : Result)
      S = string().str();
    return Result;
  }
  std::vector<Located<std::string>> locatedStrings() {
    std::vector<Located<std::string>> Result(count(12));
    for (Located<std::string> &S : Result) {
      S.Value = string().str();
      S.Range = range();
    }
    return Result;
  }
  Located<bool> locatedFlag() {
    bool B = flag();
    return {B, range()};
  }
  const Type *type(unsigned Depth = 0);
  std::optional<Annotation> annotation();
  Argument argument();
  std::vector<Argument> arguments() {
    std::vector<Argument> Result(count(24));
    for (Argument &A : Result)
      A = argument();
    return Result;
  }
  OperatorName operatorName();
  FunctionSchema schema();

  RecordReader R;
  StringRef Native;
  SchemaContext &Context;
};
} // namespace

void EntryWriter::loc(SMLoc L, StringRef File) {
  if (!L.isValid()) {
    W.number(0);
    return;
  }
  const char *P = L.getPointer();
  if (P < File.begin() || P > File.end() || File.size() >= UINT32_MAX) {
    Outside = true;
    W.number(0);
    return;
  }
  W.number(P - File.begin() + 1);
}

SMLoc EntryReader::loc(StringRef File) {
  uint32_t N = number();
  if (N == 0)
    return SMLoc();
  if (N - 1 > File.size()) {
    Failed = true;
    return SMLoc();
  }
  return SMLoc::getFromPointer(File.begin() + (N - 1));
}

void EntryWriter::type(const Type *T) {
  W.number(unsigned(T->getKind()));
  switch (T->getKind()) {
  case Type::Kind::Base:
    W.number(unsigned(T->getBaseTy()));
    return;
  case Type::Kind::Optional:
    type(T->getElement());
    return;
  case Type::Kind::List:
    flag(T->getSize().has_value());
    W.number(T->getSize().value_or(0));
    type(T->getElement());
    return;
  case Type::Kind::CustomClass:
    W.string(T->getClassName());
    return;
  }
}

const Type *EntryReader::type(unsigned Depth) {
  uint32_t Kind = number();
  if (Failed || Depth > MaxTypeDepth) {
    Failed = true;
    return nullptr;
  }
  switch (Kind) {
  case unsigned(Type::Kind::Base): {
    uint32_t Base = number();
    if (Failed || Base >= NumBaseTys) {
      Failed = true;
      return nullptr;
    }
    return Context.getBase(BaseTy(Base));
  }
  case unsigned(Type::Kind::Optional):
    if (const Type *Element = type(Depth + 1))
      return Context.getOptional(Element);
    return nullptr;
  case unsigned(Type::Kind::List): {
    bool Sized = flag();
    uint32_t Size = number();
    if (const Type *Element = type(Depth + 1))
      return Context.getList(Element, Sized ? std::optional<unsigned>(Size)
                                            : std::nullopt);
    return nullptr;
  }
  case unsigned(Type::Kind::CustomClass):
    return Context.getCustomClass(string());
  }
  Failed = true;
  return nullptr;
}

void EntryWriter::annotation(const std::optional<Annotation> &A) {
  flag(A.has_value());
  if (!A)
    return;
  strings(A->AliasSet);
  flag(A->IsWrite);
  strings(A->AliasSetAfter);
}

std::optional<Annotation> EntryReader::annotation() {
  if (!flag())
    return std::nullopt;
  Annotation A;
  A.AliasSet = strings();
  A.IsWrite = flag();
  A.AliasSetAfter = strings();
  return A;
}

void EntryWriter::argument(const Argument &A) {
  W.string(A.Name);
  type(A.Ty);
  optString(A.Default);
  annotation(A.Annot);
  range(A.Range);
}

Argument EntryReader::argument() {
  Argument A;
  A.Name = string().str();
  A.Ty = type();
  A.Default = optString();
  A.Annot = annotation();
  A.Range = range();
  return A;
}

void EntryWriter::operatorName(const OperatorName &Name) {
  W.string(Name.Name.Base);
  flag(Name.Name.Inplace);
  flag(Name.Name.DunderMethod);
  flag(Name.Name.FunctionalOverload);
  W.string(Name.Name.Namespace);
  W.string(Name.OverloadName);
}

OperatorName EntryReader::operatorName() {
  OperatorName Name;
  Name.Name.Base = string().str();
  Name.Name.Inplace = flag();
  Name.Name.DunderMethod = flag();
  Name.Name.FunctionalOverload = flag();
  Name.Name.Namespace = string().str();
  Name.OverloadName = string().str();
  return Name;
}

void EntryWriter::schema(const FunctionSchema &Func) {
  operatorName(Func.Name);
  const Arguments &Args = Func.Args;
  arguments(Args.PreSelfPositional);
  flag(Args.SelfArg.has_value());
  if (Args.SelfArg)
    argument(*Args.SelfArg);
  arguments(Args.PostSelfPositional);
  arguments(Args.PreTensorOptionsKwargOnly);
  flag(Args.TensorOptions.has_value());
  if (Args.TensorOptions)
    for (const Argument *A : Args.TensorOptions->all())
      argument(*A);
  arguments(Args.PostTensorOptionsKwargOnly);
  arguments(Args.Out);
  W.number(Func.Returns.size());
  for (const Return &Ret : Func.Returns) {
    optString(Ret.Name);
    type(Ret.Ty);
    annotation(Ret.Annot);
    range(Ret.Range);
  }
}

FunctionSchema EntryReader::schema() {
  FunctionSchema Func;
  Func.Name = operatorName();
  Arguments &Args = Func.Args;
  Args.PreSelfPositional = arguments();
  if (flag())
    Args.SelfArg = argument();
  Args.PostSelfPositional = arguments();
  Args.PreTensorOptionsKwargOnly = arguments();
  if (flag())
    Args.TensorOptions = TensorOptionsArguments{argument(), argument(),
                                                argument(), argument()};
  Args.PostTensorOptionsKwargOnly = arguments();
  Args.Out = arguments();
  Func.Returns.resize(count(20));
  for (Return &Ret : Func.Returns) {
    Ret.Name = optString();
    Ret.Ty = type();
    Ret.Annot = annotation();
    Ret.Range = range();
  }
  return Func;
}

void EntryWriter::function(
    const NativeFunction &F,
    const DenseMap<const NativeFunction *, unsigned> &Index) {
  W.string(F.Namespace);
  schema(F.func());
  range(F.Func.Range);
  W.string(F.FuncText);
  W.string(F.Signature);
  loc(F.Loc);
  locatedFlag(F.UseConstRefForMutableTensors);
  locatedFlag(F.DeviceGuard);
  W.number(unsigned(*F.DeviceCheck));
  range(F.DeviceCheck.Range);
  for (const auto *S :
       {&F.PythonModule, &F.CategoryOverride, &F.StructuredInherits}) {
    optString(**S);
    range(S->Range);
  }
  flag(F.Variants->Function);
  flag(F.Variants->Method);
  range(F.Variants.Range);
  locatedFlag(F.ManualKernelRegistration);
  locatedFlag(F.ManualCppBinding);
  W.number(F.Autogen.size());
  for (const Located<OperatorName> &Name : F.Autogen) {
    operatorName(*Name);
    range(Name.Range);
  }
  W.number(F.UfuncInnerLoop.size());
  for (const auto &[Key, Loop] : F.UfuncInnerLoop) {
    W.string(Key);
    W.string(Loop);
  }
  locatedFlag(F.Structured);
  flag(F.StructuredDelegate->has_value());
  if (*F.StructuredDelegate)
    operatorName(**F.StructuredDelegate);
  range(F.StructuredDelegate.Range);
  locatedStrings(F.Precomputed);
  locatedStrings(F.CppNoDefaultArgs);
  locatedStrings(F.Tags);
  W.number(F.Dispatch.size());
  for (const DispatchEntry &Entry : F.Dispatch) {
    W.string(Entry.Key);
    W.string(Entry.Kernel);
    flag(Entry.Structured);
    W.string(Entry.CppNamespace);
    range(Entry.KeyRange);
  }
  for (bool B : {F.IsAbstract, F.HasCompositeImplicitAutogradKernel,
                 F.HasCompositeImplicitAutogradNestedTensorKernel,
                 F.HasCompositeExplicitAutogradKernel,
                 F.HasCompositeExplicitAutogradNonFunctionalKernel,
                 F.IsViewOp})
    flag(B);
  W.number(F.GeneratedFrom ? Index.lookup(F.GeneratedFrom) + 1 : 0);
}

std::unique_ptr<NativeFunction> EntryReader::function() {
  auto F = std::make_unique<NativeFunction>();
  F->Namespace = string().str();
  F->Func.Value = schema();
  F->Func.Range = range();
  F->FuncText = string().str();
  F->Signature = string().str();
  F->Loc = loc();
  F->UseConstRefForMutableTensors = locatedFlag();
  F->DeviceGuard = locatedFlag();
  uint32_t DeviceCheck = number();
  Failed |= DeviceCheck > unsigned(DeviceCheckType::ExactSame);
  F->DeviceCheck = {DeviceCheckType(DeviceCheck), range()};
  for (auto *S :
       {&F->PythonModule, &F->CategoryOverride, &F->StructuredInherits}) {
    S->Value = optString();
    S->Range = range();
  }
  F->Variants.Value.Function = flag();
  F->Variants.Value.Method = flag();
  F->Variants.Range = range();
  F->ManualKernelRegistration = locatedFlag();
  F->ManualCppBinding = locatedFlag();
  F->Autogen.resize(count(32));
  for (Located<OperatorName> &Name : F->Autogen) {
    Name.Value = operatorName();
    Name.Range = range();
  }
  F->UfuncInnerLoop.resize(count(8));
  for (auto &[Key, Loop] : F->UfuncInnerLoop) {
    Key = string().str();
    Loop = string().str();
  }
  F->Structured = locatedFlag();
  if (flag())
    F->StructuredDelegate.Value = operatorName();
  F->StructuredDelegate.Range = range();
  F->Precomputed = locatedStrings();
  F->CppNoDefaultArgs = locatedStrings();
  F->Tags = locatedStrings();
  F->Dispatch.resize(count(24));
  for (DispatchEntry &Entry : F->Dispatch) {
    Entry.Key = string().str();
    Entry.Kernel = string().str();
    Entry.Structured = flag();
    Entry.CppNamespace = string().str();
    Entry.KeyRange = range();
  }
  for (bool *B : {&F->IsAbstract, &F->HasCompositeImplicitAutogradKernel,
                  &F->HasCompositeImplicitAutogradNestedTensorKernel,
                  &F->HasCompositeExplicitAutogradKernel,
                  &F->HasCompositeExplicitAutogradNonFunctionalKernel,
                  &F->IsViewOp})
    *B = flag();
  GeneratedFrom = number();
  if (Failed)
    return nullptr;
  return F;
}

void EntryWriter::set(ArrayRef<const NativeFunction *> Fns,
                      const TagSet &TheTags) {
  W.number(TheTags.names().size());
  for (const std::string &Name : TheTags.names()) {
    W.string(Name);
    loc(TheTags.getLoc(Name), Tags);
  }
  DenseMap<const NativeFunction *, unsigned> Index;
  for (auto [I, F] : enumerate(Fns))
    Index[F] = I;
  W.number(Fns.size());
  for (const NativeFunction *F : Fns)
    function(*F, Index);
}

SchemaCache::SchemaCache(std::string Dir, StringRef Slot,
                         std::function<std::string()> Key)
    : Dir(std::move(Dir)), ComputeKey(std::move(Key)) {
  if (this->Dir.empty())
    return;
  SmallString<256> P(this->Dir);
  sys::path::append(P, "schemas-" + Slot + ".bin");
  Path = std::string(P);
}

StringRef SchemaCache::key() {
  if (!Key)
    Key = ComputeKey();
  return *Key;
}

std::unique_ptr<NativeFunctionSet>
SchemaCache::parseEntry(StringRef Entry, StringRef Key, StringRef NativeText,
                        StringRef TagsText, const SchemaOptions &Options) {
  if (!Entry.consume_front(Magic) || Entry.size() < ChecksumBytes)
    return nullptr;
  StringRef Body = Entry.drop_back(ChecksumBytes);
  if (support::endian::read64le(Entry.take_back(ChecksumBytes).data()) !=
      xxHash64(Body))
    return nullptr;
  Entry = Body;
  auto Context = std::make_unique<SchemaContext>();
  EntryReader R(Entry, NativeText, *Context);
  if (R.string() != Key || R.Failed)
    return nullptr;
  std::vector<StringRef> TagNames(R.count(8));
  std::vector<SMLoc> TagLocs;
  for (StringRef &Name : TagNames) {
    Name = R.string();
    TagLocs.push_back(R.loc(TagsText));
  }
  std::unique_ptr<NativeFunctionSet> Set(
      new NativeFunctionSet(TagSet::fromNames(TagNames, TagLocs), Options));
  Set->Context = std::move(Context);
  uint32_t NumFunctions = R.count(64);
  for (uint32_t I = 0; I < NumFunctions && !R.Failed; ++I) {
    std::unique_ptr<NativeFunction> F = R.function();
    // A generated function comes after the one it is generated from.
    if (!F || R.GeneratedFrom > I)
      return nullptr;
    if (R.GeneratedFrom)
      F->GeneratedFrom = Set->Storage[R.GeneratedFrom - 1].get();
    Set->Functions.push_back(F.get());
    Set->ByName.try_emplace(F->func().Name.str(), F.get());
    Set->Storage.push_back(std::move(F));
  }
  if (R.Failed || !R.atEnd())
    return nullptr;
  return Set;
}

std::unique_ptr<NativeFunctionSet>
SchemaCache::lookup(const SourceMgr &SM, unsigned NativeID, unsigned TagsID,
                    const SchemaOptions &Options) {
  if (!enabled())
    return nullptr;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return nullptr;
  std::unique_ptr<NativeFunctionSet> Set =
      parseEntry((*Buffer)->getBuffer(), key(),
                 SM.getMemoryBuffer(NativeID)->getBuffer(),
                 SM.getMemoryBuffer(TagsID)->getBuffer(), Options);
  Hit = Set != nullptr;
  return Set;
}

void SchemaCache::store(const NativeFunctionSet &Set, const SourceMgr &SM,
                        unsigned NativeID, unsigned TagsID) {
  if (!enabled() || sys::fs::create_directories(Dir))
    return;
  StringRef Key = key();
  bool Outside = false;
  // A full disk leaves the cache as it was: it is only a cache.
  consumeError(writeFileAtomically(Path, [&](raw_ostream &OS) {
    std::string Body;
    raw_string_ostream BodyOS(Body);
    RecordWriter(BodyOS).string(Key);
    EntryWriter W(BodyOS, SM.getMemoryBuffer(NativeID)->getBuffer(),
                  SM.getMemoryBuffer(TagsID)->getBuffer());
    W.set(Set.functions(), Set.getTags());
    Outside = W.Outside;
    BodyOS.flush();
    char Checksum[ChecksumBytes];
    support::endian::write64le(Checksum, xxHash64(Body));
    OS << Magic << Body;
    OS.write(Checksum, ChecksumBytes);
  }));
  // Every location points into the two files, unless the loader changed: an
  // entry that would lose one goes.
  if (Outside)
    sys::fs::remove(Path);
}

} // namespace gradgen
