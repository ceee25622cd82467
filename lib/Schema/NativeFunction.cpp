//===- NativeFunction.cpp - One operator of native_functions.yaml ---------===//
//
// Reads one entry the way torchgen's NativeFunction.from_yaml does, key by
// key, with its defaults and its checks, and reports each failed check at the
// key or value concerned instead of asserting.
//
//===----------------------------------------------------------------------===//

#include "NativeFunctionReader.h"

#include "gradgen/Schema/CppAPI.h"
#include "gradgen/Schema/SchemaParser.h"
#include "gradgen/Support/ClosestMatch.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

bool NativeFunction::hasTag(StringRef Tag) const {
  return any_of(Tags, [&](const Located<std::string> &T) { return *T == Tag; });
}

bool NativeFunction::hasCppNoDefaultArg(StringRef Name) const {
  return any_of(CppNoDefaultArgs,
                [&](const Located<std::string> &A) { return *A == Name; });
}

const DispatchEntry *NativeFunction::getKernel(StringRef Key) const {
  for (const DispatchEntry &Entry : Dispatch)
    if (Entry.Key == Key)
      return &Entry;
  return nullptr;
}

ViewSchemaKind NativeFunction::viewSchemaKind() const {
  if (IsViewOp && func().Name.Name.Inplace)
    return ViewSchemaKind::AliasingInplace;
  if (IsViewOp)
    return ViewSchemaKind::Aliasing;
  return ViewSchemaKind::NonAliasing;
}

bool computeIsViewOp(const NativeFunction &F, const SchemaOptions &Options) {
  const FunctionSchema &Func = F.func();
  bool NonMutatingView = any_of(Func.Returns, [](const Return &R) {
    return R.Annot && !R.Annot->IsWrite;
  });
  std::string Name = Func.Name.str();
  bool InplaceView = F.hasTag("inplace_view") && Name != "resize_" &&
                     !(Options.ResizeAsIsNotView && Name == "resize_as_");
  bool WildcardView =
      any_of(Func.schemaOrderArguments(), [](const Argument *A) {
        return A->Annot && A->Annot->isWildcardAfter();
      });
  return NonMutatingView || InplaceView || WildcardView;
}

static constexpr StringLiteral CompositeImplicit = "CompositeImplicitAutograd";
static constexpr StringLiteral CompositeImplicitNested =
    "CompositeImplicitAutogradNestedTensor";
static constexpr StringLiteral CompositeExplicit = "CompositeExplicitAutograd";
static constexpr StringLiteral CompositeExplicitNonFunctional =
    "CompositeExplicitAutogradNonFunctional";

void computeDispatchFlags(NativeFunction &F) {
  F.HasCompositeImplicitAutogradKernel = F.getKernel(CompositeImplicit);
  F.HasCompositeImplicitAutogradNestedTensorKernel =
      F.getKernel(CompositeImplicitNested);
  F.HasCompositeExplicitAutogradKernel = F.getKernel(CompositeExplicit);
  F.HasCompositeExplicitAutogradNonFunctionalKernel =
      F.getKernel(CompositeExplicitNonFunctional);
  if (F.StructuredDelegate->has_value()) {
    F.IsAbstract = true; // Structured functions must have a dispatch table.
    return;
  }
  bool OnlyImplicit = all_of(F.Dispatch, [](const DispatchEntry &E) {
    return E.Key == CompositeImplicit || E.Key == CompositeImplicitNested;
  });
  F.IsAbstract = F.Dispatch.empty() || !OnlyImplicit;
}

namespace {
const StringLiteral KnownKeys[] = {"func",
                                   "use_const_ref_for_mutable_tensors",
                                   "variants",
                                   "manual_kernel_registration",
                                   "manual_cpp_binding",
                                   "device_guard",
                                   "device_check",
                                   "structured",
                                   "structured_delegate",
                                   "structured_inherits",
                                   "python_module",
                                   "category_override",
                                   "precomputed",
                                   "tags",
                                   "dispatch",
                                   "autogen",
                                   "ufunc_inner_loop",
                                   "cpp_no_default_args"};
} // namespace

ArrayRef<StringLiteral> NativeFunctionReader::knownKeys() { return KnownKeys; }

class NativeFunctionReader::EntryReader {
public:
  EntryReader(NativeFunctionReader &Reader, const YAMLNode &Entry)
      : R(Reader), Diags(Reader.Diags), Options(Reader.Options), Entry(Entry) {}

  std::unique_ptr<NativeFunction> read();

private:
  DiagnosticBuilder error(diag::Kind Rule, const YAMLNode &At,
                          const Twine &Message) {
    OK = false;
    DiagnosticBuilder Builder = Diags.report(Rule, At.loc(), Message);
    Builder.range(At.range());
    return Builder;
  }
  /// The value of Key, for an error about it; the entry if there is none.
  const YAMLNode &valueOf(StringRef Key) const {
    const YAMLNode *Value = Entry.lookup(Key);
    return Value ? *Value : Entry;
  }
  /// An error about the whole entry, at its `func:` value.
  DiagnosticBuilder entryError(diag::Kind Rule, const Twine &Message) {
    OK = false;
    DiagnosticBuilder Builder =
        Diags.report(Rule, F->Func.Range.Start, Message);
    Builder.range(F->Func.Range);
    return Builder;
  }
  bool expect(const YAMLNode &Node, YAMLValueKind Kind, StringRef Key);
  Located<bool> readBool(StringRef Key, bool Default);
  Located<std::optional<std::string>> readString(StringRef Key);
  std::optional<OperatorName> readOperatorName(const YAMLNode &Node,
                                               size_t Begin, size_t End);

  void checkKeys();
  bool readFunc();
  void readVariants();
  void readTags();
  void readDispatch();
  void readImplicitDispatch(StringRef CppName);
  bool checkKernelDispatchKey(StringRef Key, SMRange KeyRange);
  void checkRedundantDispatch(const YAMLNode &Node, unsigned NumWritten,
                              bool RedundantImplicit, StringRef CppName);
  void readAutogen();
  void readUfuncInnerLoop();
  void readCppNoDefaultArgs();
  void readConstRefForMutableTensors();
  void readDeviceCheck();
  void readStructured();
  void readPythonModule();
  void readPrecomputed();
  void checkCompositeKernels();
  void checkDelegatedKernels();
  void checkInvariants();

  NativeFunctionReader &R;
  DiagnosticEngine &Diags;
  const SchemaOptions &Options;
  const YAMLNode &Entry;
  std::unique_ptr<NativeFunction> F = std::make_unique<NativeFunction>();
  bool OK = true;
};

bool NativeFunctionReader::EntryReader::expect(const YAMLNode &Node,
                                               YAMLValueKind Kind,
                                               StringRef Key) {
  if (R.Keys.expect(Node, Kind, Key))
    return true;
  OK = false;
  return false;
}

Located<bool> NativeFunctionReader::EntryReader::readBool(StringRef Key,
                                                          bool Default) {
  const YAMLNode *Node = Entry.lookup(Key);
  if (!Node)
    return Located<bool>(Default);
  if (!expect(*Node, YAMLValueKind::Bool, Key))
    return Located<bool>(Default, Node->range());
  return Located<bool>(*getYAMLBool(*Node), Node->range());
}

Located<std::optional<std::string>>
NativeFunctionReader::EntryReader::readString(StringRef Key) {
  const YAMLNode *Node = Entry.lookup(Key);
  if (!Node || !expect(*Node, YAMLValueKind::String, Key))
    return {};
  return {Node->scalar().str(), Node->range()};
}

std::optional<OperatorName>
NativeFunctionReader::EntryReader::readOperatorName(const YAMLNode &Node,
                                                    size_t Begin, size_t End) {
  ScalarSourceMap Map(Node);
  SchemaText Text{Node.scalar().slice(Begin, End), &Map, Begin};
  SchemaParser Parser(R.Context, Options, Diags);
  std::optional<OperatorName> Name = Parser.parseOperatorName(Text);
  if (!Name)
    OK = false;
  return Name;
}

void NativeFunctionReader::EntryReader::checkKeys() {
  if (!R.Keys.checkKeys(Entry))
    OK = false;
}

bool NativeFunctionReader::EntryReader::readFunc() {
  const YAMLNode *Func = Entry.lookup("func");
  if (!Func) {
    error(diag::native_missing_func, Entry, "entry has no 'func:'");
    return false;
  }
  F->Func.Range = Func->range();
  if (!expect(*Func, YAMLValueKind::String, "func"))
    return false;
  StringRef Text = Func->scalar();
  ScalarSourceMap Map(*Func);
  // torchgen splits the whole string at "::" (NamespaceHelper, one level).
  size_t First = Text.find("::");
  size_t Second =
      First == StringRef::npos ? StringRef::npos : Text.find("::", First + 2);
  if (Second != StringRef::npos) {
    OK = false;
    Diags.report(diag::schema_syntax, Map.locForOffset(Second),
                 "only one level of namespace is supported in 'func:'");
    return false;
  }
  size_t Begin = 0;
  if (First != StringRef::npos) {
    if (First != 0)
      F->Namespace = Text.take_front(First).str();
    Begin = First + 2;
  }
  SchemaText Schema{Text.drop_front(Begin), &Map, Begin};
  SchemaParser Parser(R.Context, Options, Diags);
  std::optional<FunctionSchema> Parsed = Parser.parseFunctionSchema(Schema);
  if (!Parsed) {
    OK = false;
    return false;
  }
  F->Func.Value = std::move(*Parsed);
  F->FuncText = Schema.Text.str();
  return true;
}

void NativeFunctionReader::EntryReader::readVariants() {
  const YAMLNode *Node = Entry.lookup("variants");
  if (!Node) {
    F->Variants = Located<VariantSet>(VariantSet{true, false});
    return;
  }
  F->Variants.Range = Node->range();
  if (!expect(*Node, YAMLValueKind::String, "variants"))
    return;
  StringRef Text = Node->scalar();
  ScalarSourceMap Map(*Node);
  SmallVector<StringRef, 2> Names;
  Text.split(Names, ", ");
  for (StringRef Name : Names) {
    if (Name == "function") {
      F->Variants.Value.Function = true;
    } else if (Name == "method") {
      F->Variants.Value.Method = true;
    } else {
      OK = false;
      size_t At = Name.data() - Text.data();
      Diags
          .report(diag::native_invalid_value, Map.locForOffset(At),
                  "illegal variant '" + Name +
                      "'; expected 'function' or 'method', separated by ', '")
          .range(Map.rangeForOffsets(At, At + Name.size()));
    }
  }
}

void NativeFunctionReader::EntryReader::readTags() {
  const YAMLNode *Node = Entry.lookup("tags");
  SmallVector<std::pair<std::string, SMRange>, 4> Written;
  if (Node) {
    YAMLValueKind Kind = classifyYAMLValue(*Node);
    if (Kind == YAMLValueKind::String && Options.TagsMayBeList) {
      Written.push_back({Node->scalar().str(), Node->range()});
    } else if (Kind == YAMLValueKind::String) {
      StringRef Text = Node->scalar();
      ScalarSourceMap Map(*Node);
      SmallVector<StringRef, 4> Names;
      Text.split(Names, ", ");
      for (StringRef Name : Names) {
        size_t At = Name.data() - Text.data();
        Written.push_back(
            {Name.str(), Map.rangeForOffsets(At, At + Name.size())});
      }
    } else if (Kind == YAMLValueKind::Sequence && Options.TagsMayBeList) {
      for (const YAMLNode &Tag : Node->items()) {
        if (!Tag.isScalar()) {
          error(diag::native_invalid_value, Tag, "expected a tag name");
          continue;
        }
        Written.push_back({Tag.scalar().str(), Tag.range()});
      }
    } else {
      error(diag::native_invalid_value, *Node,
            Options.TagsMayBeList
                ? "'tags' must be a tag name or a list of tag names"
                : "'tags' must be a string of tag names separated by ', '");
    }
  }
  const TagSet &Valid = R.Tags;
  for (auto &[Name, Range] : Written) {
    if (Valid.contains(Name)) {
      if (!F->hasTag(Name))
        F->Tags.push_back(Located<std::string>(Name, Range));
      continue;
    }
    OK = false;
    auto Diag = Diags.report(diag::native_unknown_tag, Range.Start,
                             "unknown tag '" + Name +
                                 "'; tags must be "
                                 "defined in tags.yaml");
    Diag.range(Range);
    if (std::optional<StringRef> Closest = Valid.closest(Name))
      Diag.note(Valid.getLoc(*Closest).isValid() ? Valid.getLoc(*Closest)
                                                 : Range.Start,
                "did you mean '" + *Closest + "'?");
  }
  if (!Options.ImplicitTags)
    return;
  auto AddImplicit = [&](StringRef Tag) {
    if (Valid.contains(Tag) && !F->hasTag(Tag))
      F->Tags.push_back(Located<std::string>(Tag.str()));
  };
  if (F->Namespace == "aten")
    AddImplicit("pt2_compliant_tag");
  if (!Options.OutAndInplaceTags)
    return;
  if (F->func().isOutFn())
    AddImplicit("out");
  if (F->func().Name.Name.Inplace)
    AddImplicit("inplace");
}

/// Without `dispatch:`, an unstructured function gets the implicit
/// CompositeImplicitAutograd kernel, which factory functions may not use.
void NativeFunctionReader::EntryReader::readImplicitDispatch(
    StringRef CppName) {
  if (*F->Structured || F->StructuredDelegate->has_value())
    return;
  std::string BaseName = F->func().Name.Name.str();
  StringRef Name = BaseName;
  if (Name.startswith("new_") || Name.endswith("_like") ||
      (F->func().Args.TensorOptions && !F->func().Args.hasTensorArg()))
    entryError(diag::native_missing_dispatch,
               "expected '" + Name +
                   "' to have a CompositeExplicitAutograd dispatch entry: "
                   "factory functions must not use implicit dispatch");
  F->Dispatch.push_back(
      {CompositeImplicit.str(), CppName.str(), false, "at::native", SMRange()});
}

/// Reports a dispatch key the version does not know or has no kernels for.
bool NativeFunctionReader::EntryReader::checkKernelDispatchKey(
    StringRef Key, SMRange KeyRange) {
  if (Options.isKnownDispatchKey(Key) && Options.isSupportedDispatchKey(Key))
    return true;
  OK = false;
  bool Known = Options.isKnownDispatchKey(Key);
  auto Diag = Diags.report(diag::native_unknown_dispatch_key, KeyRange.Start,
                           Known ? "dispatch key '" + Key +
                                       "' is not a supported dispatch key for "
                                       "kernels"
                                 : "unknown dispatch key '" + Key + "'");
  Diag.range(KeyRange);
  if (std::optional<StringRef> Best = closestMatch(
          Key, Options.SupportedDispatchKeys, /*MaxDistance=*/3))
    Diag.note(KeyRange.Start, "did you mean '" + *Best + "'?");
  return false;
}

/// torchgen rejects a dispatch table that says only what the default says.
void NativeFunctionReader::EntryReader::checkRedundantDispatch(
    const YAMLNode &Node, unsigned NumWritten, bool RedundantImplicit,
    StringRef CppName) {
  unsigned Count =
      Options.CountWrittenDispatchKeys ? NumWritten : F->Dispatch.size();
  if (Count == 1 && RedundantImplicit)
    error(diag::native_redundant_dispatch, Node,
          "unnecessary dispatch table for this function; just delete the "
          "dispatch key entirely");
  else if (!F->StructuredDelegate->has_value() && F->Dispatch.size() == 1 &&
           F->Dispatch.front().Key == CompositeImplicit &&
           !F->Dispatch.front().supportsSymInt() && Count == 1)
    error(diag::native_redundant_dispatch, Node,
          "unexpected name for a singleton CompositeImplicitAutograd entry: "
          "expected '" +
              CppName + "' but got '" + F->Dispatch.front().Kernel +
              "'; rename your implementation, then delete the dispatch "
              "table");
}

void NativeFunctionReader::EntryReader::readDispatch() {
  const YAMLNode *Node = Entry.lookup("dispatch");
  std::string CppName = cpp::name(F->func());
  if (!Node)
    return readImplicitDispatch(CppName);
  if (!Node->isMap()) {
    error(diag::native_invalid_value, *Node, "'dispatch' must be a mapping");
    return;
  }
  if (*F->ManualKernelRegistration)
    error(diag::native_invalid, *Node,
          "cannot specify both manual_kernel_registration and dispatch; with "
          "manual registration, dispatch has no effect");
  checkDuplicateKeys(*Node, Diags);
  unsigned NumWritten = 0;
  bool RedundantImplicit = false;
  for (const YAMLMapEntry &KeyValue : Node->entries()) {
    const YAMLNode &Keys = KeyValue.Key;
    const YAMLNode &Kernel = KeyValue.Value;
    if (!expect(Keys, YAMLValueKind::String, "dispatch key") ||
        !expect(Kernel, YAMLValueKind::String, "dispatch kernel"))
      continue;
    StringRef KeysText = Keys.scalar();
    ScalarSourceMap Map(Keys);
    SmallVector<StringRef, 4> Pieces;
    KeysText.split(Pieces, ",");
    for (StringRef Piece : Pieces) {
      StringRef Key = Piece.trim();
      size_t At = Key.data() - KeysText.data();
      SMRange KeyRange = Map.rangeForOffsets(At, At + Key.size());
      ++NumWritten;
      if (!checkKernelDispatchKey(Key, KeyRange))
        continue;
      StringRef KernelName = Kernel.scalar();
      SmallVector<StringRef, 4> Namespaces;
      KernelName.split(Namespaces, "::");
      if (Namespaces.size() - 1 > Options.KernelNamespaceLevels) {
        error(diag::native_invalid_value, Kernel,
              "a kernel name may have at most " +
                  Twine(Options.KernelNamespaceLevels) +
                  " levels of namespace");
        continue;
      }
      std::string Namespace = join(ArrayRef(Namespaces).drop_back(), "::");
      DispatchEntry Entry{
          Key.str(), Namespaces.back().str(),
          *F->Structured && Options.isStructuredDispatchKey(Key),
          (Namespace.empty() ? std::string("at") : Namespace) + "::native",
          KeyRange};
      auto Existing = find_if(F->Dispatch, [&](const DispatchEntry &E) {
        return E.Key == Entry.Key;
      });
      if (Existing != F->Dispatch.end())
        *Existing = std::move(Entry);
      else
        F->Dispatch.push_back(std::move(Entry));
      if (Key == CompositeImplicit && KernelName == CppName)
        RedundantImplicit = true;
    }
  }
  checkRedundantDispatch(*Node, NumWritten, RedundantImplicit, CppName);
}

void NativeFunctionReader::EntryReader::readAutogen() {
  const YAMLNode *Node = Entry.lookup("autogen");
  if (!Node || !expect(*Node, YAMLValueKind::String, "autogen"))
    return;
  StringRef Text = Node->scalar();
  if (Text.empty())
    return;
  SmallVector<StringRef, 4> Names;
  Text.split(Names, ", ");
  ScalarSourceMap Map(*Node);
  for (StringRef Name : Names) {
    size_t Begin = Name.data() - Text.data();
    if (std::optional<OperatorName> Parsed =
            readOperatorName(*Node, Begin, Begin + Name.size()))
      F->Autogen.push_back(Located<OperatorName>(
          *Parsed, Map.rangeForOffsets(Begin, Begin + Name.size())));
  }
}

void NativeFunctionReader::EntryReader::readUfuncInnerLoop() {
  const YAMLNode *Node = Entry.lookup("ufunc_inner_loop");
  if (!Node)
    return;
  static const StringLiteral UfuncKeys[] = {
      "CUDAFunctor", "CUDAFunctorOnOther", "CUDAFunctorOnSelf",
      "CPUScalar",   "CPUVector",          "ScalarOnly",
      "Generic"};
  if (classifyYAMLValue(*Node) == YAMLValueKind::String) {
    F->UfuncInnerLoop.push_back({"Generic", Node->scalar().str()});
  } else if (Node->isMap()) {
    for (const YAMLMapEntry &KeyValue : Node->entries()) {
      if (!expect(KeyValue.Key, YAMLValueKind::String, "ufunc key") ||
          !expect(KeyValue.Value, YAMLValueKind::String, "ufunc loop"))
        continue;
      if (!is_contained(UfuncKeys, KeyValue.Key.scalar())) {
        error(diag::native_invalid_value, KeyValue.Key,
              "unknown ufunc key '" + KeyValue.Key.scalar() + "'");
        continue;
      }
      F->UfuncInnerLoop.push_back(
          {KeyValue.Key.scalar().str(), KeyValue.Value.scalar().str()});
    }
  } else {
    error(diag::native_invalid_value, *Node,
          "'ufunc_inner_loop' must be a string or a mapping");
    return;
  }
  if (F->UfuncInnerLoop.empty())
    return;
  if (!*F->Structured) {
    error(diag::native_invalid, *Node, "a ufunc must be structured");
    return;
  }
  for (StringRef Key : {"CPU", "CUDA"}) {
    if (F->getKernel(Key)) {
      error(diag::native_invalid, *Node,
            "a ufunc must not have an explicit dispatch entry for " + Key);
      continue;
    }
    F->Dispatch.push_back(
        {Key.str(), "ufunc_" + F->func().Name.Name.str() + "_" + Key.str(),
         true, "at::native", SMRange()});
  }
}

void NativeFunctionReader::EntryReader::readCppNoDefaultArgs() {
  const YAMLNode *Node = Entry.lookup("cpp_no_default_args");
  if (!Node || !expect(*Node, YAMLValueKind::Sequence, "cpp_no_default_args"))
    return;
  for (const YAMLNode &Name : Node->items())
    if (expect(Name, YAMLValueKind::String, "cpp_no_default_args element") &&
        !F->hasCppNoDefaultArg(Name.scalar()))
      F->CppNoDefaultArgs.push_back(Name.located());
}

void NativeFunctionReader::EntryReader::readPrecomputed() {
  const YAMLNode *Node = Entry.lookup("precomputed");
  if (!Node)
    return;
  if (!*F->Structured)
    error(diag::native_invalid, *Node,
          "'precomputed' requires 'structured: True'");
  if (!expect(*Node, YAMLValueKind::Sequence, "precomputed"))
    return;
  for (const YAMLNode &Line : Node->items())
    if (expect(Line, YAMLValueKind::String, "precomputed element"))
      F->Precomputed.push_back(Line.located());
}

std::unique_ptr<NativeFunction> NativeFunctionReader::EntryReader::read() {
  F->Loc = Entry.loc();
  checkKeys();
  if (!readFunc())
    return nullptr;
  readCppNoDefaultArgs();
  readConstRefForMutableTensors();
  readVariants();
  F->ManualKernelRegistration = readBool("manual_kernel_registration", false);
  F->ManualCppBinding = readBool("manual_cpp_binding", false);
  F->DeviceGuard = readBool("device_guard", true);
  readDeviceCheck();
  readStructured();
  readPythonModule();
  F->CategoryOverride = readString("category_override");
  readPrecomputed();
  readTags();
  readDispatch();
  checkCompositeKernels();
  readAutogen();
  readUfuncInnerLoop();
  computeDispatchFlags(*F);
  checkDelegatedKernels();
  checkInvariants();
  if (!OK)
    return nullptr;
  F->IsViewOp = computeIsViewOp(*F, Options);
  return std::move(F);
}

void NativeFunctionReader::EntryReader::readConstRefForMutableTensors() {
  F->UseConstRefForMutableTensors =
      readBool("use_const_ref_for_mutable_tensors", false);
  if (Options.ConstRefRejectsOut && *F->UseConstRefForMutableTensors &&
      F->func().isOutFn())
    error(diag::native_invalid, valueOf("use_const_ref_for_mutable_tensors"),
          "use_const_ref_for_mutable_tensors is not supported on out= "
          "functions");
}

void NativeFunctionReader::EntryReader::readDeviceCheck() {
  Located<std::optional<std::string>> DeviceCheck = readString("device_check");
  if (!DeviceCheck->has_value())
    return;
  F->DeviceCheck.Range = DeviceCheck.Range;
  if (**DeviceCheck == "NoCheck")
    F->DeviceCheck.Value = DeviceCheckType::NoCheck;
  else if (**DeviceCheck != "ExactSame")
    error(diag::native_invalid_value, valueOf("device_check"),
          "illegal device_check '" + **DeviceCheck +
              "'; expected 'NoCheck' or 'ExactSame'");
}

/// `structured`, `structured_delegate` and `structured_inherits`.
void NativeFunctionReader::EntryReader::readStructured() {
  F->Structured = readBool("structured", false);
  Located<std::optional<std::string>> Delegate =
      readString("structured_delegate");
  if (Delegate->has_value()) {
    const YAMLNode &Node = valueOf("structured_delegate");
    if (StringRef(**Delegate).contains("::"))
      error(diag::native_invalid_value, Node,
            "a namespace is not supported in structured_delegate; the "
            "delegate uses the namespace of the function");
    else if (std::optional<OperatorName> Name =
                 readOperatorName(Node, 0, Delegate->value().size()))
      F->StructuredDelegate = {*Name, Delegate.Range};
  }
  F->StructuredInherits = readString("structured_inherits");
  if (F->StructuredInherits->has_value() &&
      StringRef(**F->StructuredInherits).contains("::"))
    error(diag::native_invalid_value, valueOf("structured_inherits"),
          "a namespace is not supported in structured_inherits");
}

void NativeFunctionReader::EntryReader::readPythonModule() {
  F->PythonModule = readString("python_module");
  if (F->PythonModule->has_value() && F->Variants->Method)
    error(diag::native_invalid, valueOf("python_module"),
          "functions in python modules cannot be methods");
}

void NativeFunctionReader::EntryReader::checkCompositeKernels() {
  unsigned Composites = 0;
  bool HasNonFunctional = false, HasNested = false;
  for (const DispatchEntry &E : F->Dispatch) {
    if (E.Key == CompositeExplicit || E.Key == CompositeExplicitNonFunctional ||
        E.Key == CompositeImplicit || E.Key == CompositeImplicitNested)
      ++Composites;
    HasNonFunctional |= E.Key == CompositeExplicitNonFunctional;
    HasNested |= E.Key == CompositeImplicitNested;
  }
  if (Composites > 2 || (Composites == 2 && (HasNonFunctional || !HasNested)))
    error(diag::native_invalid, valueOf("dispatch"),
          "cannot specify more than one of CompositeExplicitAutograd, "
          "CompositeExplicitAutogradNonFunctional, or "
          "CompositeImplicitAutograd on a single kernel; each strictly "
          "subsumes the other");
}

void NativeFunctionReader::EntryReader::checkDelegatedKernels() {
  if (!F->StructuredDelegate->has_value())
    return;
  for (const std::string &Key : Options.StructuredDispatchKeys)
    if (const DispatchEntry *E = F->getKernel(Key))
      Diags
          .report(diag::native_invalid, E->KeyRange.Start,
                  "a structured_delegate function must not have a " + Key +
                      " kernel (it is delegated)")
          .range(E->KeyRange);
}

void NativeFunctionReader::EntryReader::checkInvariants() {
  const FunctionSchema &Func = F->func();
  auto At = [&](StringRef Key) -> const YAMLNode & {
    const YAMLNode *Node = Entry.lookup(Key);
    return Node ? *Node : valueOf("func");
  };
  if (Func.isOutFn() && !F->Variants->onlyFunction())
    error(diag::native_invalid, At("variants"),
          "functions with out arguments must have only the function "
          "variant ('variants: function')");
  if (*F->Structured) {
    if (Func.kind() != SchemaKind::Out)
      error(diag::native_invalid, At("structured"),
            "put 'structured' on the out= variant of a function; did you "
            "mean 'structured_delegate'?");
    if (!*F->DeviceGuard)
      error(diag::native_invalid, At("device_guard"),
            "'device_guard: False' is not respected by structured kernels");
  }
  if (F->StructuredDelegate->has_value()) {
    if (Func.kind() == SchemaKind::Out)
      error(diag::native_invalid, At("structured_delegate"),
            "'structured_delegate' is not allowed on out= functions; did you "
            "mean 'structured'?");
    if (!*F->DeviceGuard)
      error(diag::native_invalid, At("device_guard"),
            "'device_guard: False' is not respected by structured kernels");
    if (*F->Structured)
      error(diag::native_invalid, At("structured_delegate"),
            "cannot have both 'structured' and 'structured_delegate'");
  }
  for (const Located<std::string> &Name : F->CppNoDefaultArgs) {
    bool Defaulted =
        any_of(Func.schemaOrderArguments(), [&](const Argument *A) {
          return A->Name == *Name && A->Default;
        });
    if (!Defaulted) {
      OK = false;
      Diags
          .report(diag::native_invalid, Name.loc(),
                  "invalid cpp_no_default_args entry '" + *Name +
                      "': no argument of that name has a default")
          .range(Name.Range);
    }
  }
  if (F->StructuredInherits->has_value() && !*F->Structured)
    error(diag::native_invalid, At("structured_inherits"),
          "'structured_inherits' requires 'structured: True'");
  std::string Name = Func.Name.str();
  if (StringRef(Name).startswith("_foreach") &&
      *F->DeviceCheck != DeviceCheckType::NoCheck)
    error(diag::native_invalid, At("device_check"),
          "foreach kernels fall back to a slow path for tensors on different "
          "devices; they need 'device_check: NoCheck'");
  bool Dropout = StringRef(Name).contains("dropout");
  if (Options.DropoutArgumentsAreRandom)
    Dropout |= any_of(Func.Args.flatAll(), [](const Argument *A) {
      return StringRef(A->Name).contains("dropout");
    });
  bool Random = StringRef(Name).contains("rand") ||
                (Dropout && !StringRef(Name).contains("backward") &&
                 Func.Name.Name.str() != "_cudnn_init_dropout_state") ||
                Func.Args.hasGeneratorArg();
  if (Random && !F->hasTag("nondeterministic_seeded"))
    error(diag::native_missing_tag, At("tags"),
          "'" + Name +
              "' looks random and needs the nondeterministic_seeded "
              "tag");
}

std::unique_ptr<NativeFunction>
NativeFunctionReader::read(const YAMLNode &Entry) {
  return EntryReader(*this, Entry).read();
}

} // namespace gradgen
