//===- DeprecatedSignatures.cpp - deprecated.yaml as located records ------===//

#include "gradgen/Schema/DeprecatedSignatures.h"

#include "gradgen/Schema/NativeFunctionSet.h"
#include "gradgen/Schema/SchemaParser.h"
#include "gradgen/Schema/Type.h"
#include "gradgen/Support/ClosestMatch.h"
#include "gradgen/Support/YAMLDictReader.h"
#include "gradgen/Support/YAMLSource.h"
#include "gradgen/Support/YAMLValue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace gradgen {

/// torchgen's known_constants: the literals a call may pass for which the
/// type is known ahead of time.
static constexpr StringLiteral ScalarConstant = "1";

const Type *deprecatedConstantType(StringRef Text, SchemaContext &Context) {
  if (Text == ScalarConstant)
    return Context.getBase(BaseTy::Scalar);
  return nullptr;
}

const Argument *DeprecatedSignature::parameter(StringRef Name) const {
  for (const Argument *Arg : Schema->Args.flatAll())
    if (Arg->Name == Name)
      return Arg;
  return nullptr;
}

/// Types of two schemas, each uniqued in its own SchemaContext.
static bool sameType(const Type *A, const Type *B) {
  if (A == B)
    return true;
  if (!A || !B || A->getKind() != B->getKind())
    return false;
  switch (A->getKind()) {
  case Type::Kind::Base:
    return A->getBaseTy() == B->getBaseTy();
  case Type::Kind::Optional:
    return sameType(A->getElement(), B->getElement());
  case Type::Kind::List:
    return A->getSize() == B->getSize() &&
           sameType(A->getElement(), B->getElement());
  case Type::Kind::CustomClass:
    return A->getClassName() == B->getClassName();
  }
  return false;
}

static bool sameReturn(const Return &A, const Return &B) {
  return A.Name == B.Name && sameType(A.Ty, B.Ty) && A.Annot == B.Annot;
}

/// Why the call of Signature does not fit Aten (is_schema_compatible); an
/// empty string if it does.
static std::string whyIncompatible(const DeprecatedSignature &Signature,
                                   const FunctionSchema &Aten) {
  ArgumentRefs Params;
  if (Signature.IsOut) {
    for (const Argument &Out : Aten.Args.Out)
      Params.push_back(&Out);
    Params.append(Aten.Args.flatNonOut());
  } else {
    Params = Aten.Args.flatAll();
  }
  ArrayRef<DeprecatedCallArgument> Call = Signature.CallArgs;
  for (size_t I = 0; I != Params.size(); ++I) {
    const Argument &Param = *Params[I];
    if (I >= Call.size()) {
      if (!Param.Default)
        return "'" + Param.str() + "' has no default and is not passed";
      continue;
    }
    StringRef Text = *Call[I].Text;
    std::string Passed;
    bool Same;
    if (Call[I].IsConstant) {
      Passed = "the Scalar '" + Text.str() + "'";
      Same = Param.Ty->isBase(BaseTy::Scalar) && !Param.Annot;
    } else {
      const Argument *Arg = Signature.parameter(Text);
      if (!Arg)
        return "'" + Text.str() + "' is no parameter";
      Passed = "'" + Arg->str() + "'";
      Same = sameType(Arg->Ty, Param.Ty) && Arg->Annot == Param.Annot;
    }
    if (!Same)
      return "argument " + std::to_string(I + 1) + " is " + Passed +
             " where '" + Param.str() + "' is expected";
  }
  if (Call.size() > Params.size())
    return "it takes " + std::to_string(Params.size()) + " arguments, not " +
           std::to_string(Call.size());
  const std::vector<Return> &Mine = Signature.Schema->Returns;
  if (Mine.size() != Aten.Returns.size() ||
      !std::equal(Mine.begin(), Mine.end(), Aten.Returns.begin(), sameReturn))
    return "it returns '" + Aten.returnsStr() + "', not '" +
           Signature.Schema->returnsStr() + "'";
  return "";
}

bool DeprecatedSignature::isCompatibleWith(const FunctionSchema &Aten) const {
  return whyIncompatible(*this, Aten).empty();
}

/// A name torchgen's `\w+` matches.
static bool isWord(StringRef Text) {
  return !Text.empty() && all_of(Text, [](char C) {
    return isAlnum(C) || C == '_' || static_cast<unsigned char>(C) >= 0x80;
  });
}

namespace {

class DeprecatedReader {
public:
  DeprecatedReader(SchemaContext &Context, const SchemaOptions &Options,
                   const NativeFunctionSet *Functions, DiagnosticEngine &Diags)
      : Context(Context), Options(Options), Functions(Functions), Diags(Diags) {
    if (!Functions)
      return;
    for (const NativeFunction *F : Functions->functions()) {
      auto [It, New] = ByPythonName.try_emplace(F->func().Name.Name.str());
      It->second.push_back(F);
      if (New)
        PythonNames.push_back(It->first());
    }
  }

  std::optional<DeprecatedSignature> read(const YAMLNode &Entry);
  /// Reports an entry whose schema an earlier one has; true if it is new.
  bool checkDuplicate(const DeprecatedSignature &Signature);

private:
  /// Reads `name:` and `aten:` of Entry, reports a missing or unknown key.
  bool readKeys(const YAMLNode &Entry, const YAMLNode *&Name,
                const YAMLNode *&Aten);
  bool parseSchema(const YAMLNode &Name, DeprecatedSignature &Signature);
  /// split_name_params: `name(.overload)?(arg, arg)`.
  bool parseCall(const YAMLNode &Aten, DeprecatedSignature &Signature);
  bool checkCallArguments(const DeprecatedSignature &Signature);
  bool resolveCall(DeprecatedSignature &Signature);
  void reportNoMatch(const DeprecatedSignature &Signature,
                     ArrayRef<const NativeFunction *> Candidates);
  DiagnosticBuilder reportCall(const ScalarSourceMap &Map, size_t Begin,
                               size_t End, const Twine &Message);

  SchemaContext &Context;
  const SchemaOptions &Options;
  const NativeFunctionSet *Functions;
  DiagnosticEngine &Diags;
  /// The native functions by str(BaseOperatorName), torchgen's grouping.
  StringMap<std::vector<const NativeFunction *>> ByPythonName;
  /// Its keys in the set's order, so that the "did you mean" of a name
  /// equally close to two is always the same.
  std::vector<StringRef> PythonNames;
  /// The entries read so far, by schema.
  StringMap<SMRange> Seen;
};

} // namespace

bool DeprecatedReader::readKeys(const YAMLNode &Entry, const YAMLNode *&Name,
                                const YAMLNode *&Aten) {
  YAMLDictReader Keys(Diags,
                      {diag::deprecated_syntax, diag::deprecated_unknown_key,
                       "unknown key '%0' in a deprecated.yaml entry",
                       /*FixIt=*/true});
  Keys.handle("name", [&](const YAMLNode &Value) {
    if (Keys.expect(Value, YAMLValueKind::String, "name"))
      Name = &Value;
  });
  Keys.handle("aten", [&](const YAMLNode &Value) {
    if (Keys.expect(Value, YAMLValueKind::String, "aten"))
      Aten = &Value;
  });
  bool OK = checkDuplicateKeys(Entry, Diags);
  OK &= Keys.parse(Entry);
  for (StringRef Key : {"name", "aten"})
    if (!Entry.lookup(Key)) {
      Diags.report(diag::deprecated_missing_key, Entry.loc(),
                   "deprecated.yaml entry has no '" + Key + ":'");
      OK = false;
    }
  return OK && Name && Aten;
}

bool DeprecatedReader::parseSchema(const YAMLNode &Name,
                                   DeprecatedSignature &Signature) {
  ScalarSourceMap Map(Name);
  SchemaText Text{Name.scalar(), &Map, 0};
  std::optional<FunctionSchema> Parsed =
      SchemaParser(Context, Options, Diags).parseFunctionSchema(Text);
  if (!Parsed)
    return false;
  Signature.Schema = Located<FunctionSchema>(std::move(*Parsed), Name.range());
  return true;
}

DiagnosticBuilder DeprecatedReader::reportCall(const ScalarSourceMap &Map,
                                               size_t Begin, size_t End,
                                               const Twine &Message) {
  DiagnosticBuilder Diag = Diags.report(diag::deprecated_malformed_call,
                                        Map.locForOffset(Begin), Message);
  Diag.range(Map.rangeForOffsets(Begin, End));
  return Diag;
}

bool DeprecatedReader::parseCall(const YAMLNode &Aten,
                                 DeprecatedSignature &Signature) {
  StringRef Text = Aten.scalar();
  ScalarSourceMap Map(Aten);
  Signature.AtenCall = Aten.located();
  const char *Expected = "expected a call such as 'add(self, other, alpha)'";
  size_t Open = Text.find('(');
  size_t Close = Text.rfind(')');
  if (Open == StringRef::npos || Close == StringRef::npos || Close < Open) {
    reportCall(Map, 0, Text.size(), Expected);
    return false;
  }
  auto [Name, Overload] = Text.take_front(Open).split('.');
  bool HasOverload = Name.size() != Open;
  if (!isWord(Name) || (HasOverload && !isWord(Overload))) {
    reportCall(Map, 0, Open,
               "'" + Text.take_front(Open) + "' is not a function name; " +
                   Expected);
    return false;
  }
  if (Close + 1 != Text.size()) {
    reportCall(Map, Close + 1, Text.size(), "unexpected text after the call")
        .fixIt(Map.rangeForOffsets(Close + 1, Text.size()), "");
    return false;
  }
  Signature.AtenName =
      Located<std::string>(Name.str(), Map.rangeForOffsets(0, Name.size()));
  Signature.IsOut = Name.endswith("_out");
  Signature.BaseName = Name.str();
  // torchgen removes every "_out", not only the suffix.
  for (size_t At; (At = Signature.BaseName.find("_out")) != std::string::npos;)
    Signature.BaseName.erase(At, 4);
  // params.split(", "), as torchgen: each piece is one argument.
  for (size_t Begin = Open + 1;;) {
    size_t End = std::min<size_t>(Text.find(", ", Begin), Close);
    StringRef Arg = Text.slice(Begin, End);
    if (!isWord(Arg)) {
      reportCall(Map, Begin, std::max(End, Begin + 1),
                 Arg.empty() ? Twine("expected an argument name")
                             : "'" + Arg +
                                   "' is not an argument name; arguments are "
                                   "separated by ', '");
      return false;
    }
    Signature.CallArgs.push_back(
        {Located<std::string>(Arg.str(), Map.rangeForOffsets(Begin, End)),
         deprecatedConstantType(Arg, Context) != nullptr});
    if (End == Close)
      break;
    Begin = End + 2;
  }
  return true;
}

bool DeprecatedReader::checkCallArguments(
    const DeprecatedSignature &Signature) {
  bool OK = true;
  for (const DeprecatedCallArgument &Arg : Signature.CallArgs) {
    if (Arg.IsConstant || Signature.parameter(*Arg.Text))
      continue;
    OK = false;
    DiagnosticBuilder Diag =
        Diags.report(diag::deprecated_unknown_argument, Arg.Text.loc(),
                     "'" + *Arg.Text + "' is neither a parameter of '" +
                         Signature.Schema->str() + "' nor a known constant ('" +
                         ScalarConstant + "')");
    Diag.range(Arg.Text.Range);
    ClosestMatch Match(*Arg.Text, defaultMaxEditDistance(*Arg.Text));
    for (const Argument *Param : Signature.Schema->Args.flatAll())
      Match.consider(Param->Name);
    if (std::optional<StringRef> Best = Match.get()) {
      Diag.fixIt(Arg.Text.Range, *Best);
      Diag.note(Arg.Text.loc(), "did you mean '" + *Best + "'?");
    }
  }
  return OK;
}

void DeprecatedReader::reportNoMatch(
    const DeprecatedSignature &Signature,
    ArrayRef<const NativeFunction *> Candidates) {
  DiagnosticBuilder Diag = Diags.report(
      diag::deprecated_no_match, Signature.AtenCall.loc(),
      "no native function named '" + Signature.BaseName + "' fits the call '" +
          *Signature.AtenCall + "' of '" + Signature.Schema->str() + "'");
  Diag.range(Signature.AtenCall.Range);
  for (const NativeFunction *F : Candidates)
    Diag.note(F->funcLoc(),
              "candidate '" + F->func().str() +
                  "': " + whyIncompatible(Signature, F->func()),
              F->Func.Range);
}

bool DeprecatedReader::resolveCall(DeprecatedSignature &Signature) {
  if (!Functions)
    return true;
  auto Named = ByPythonName.find(Signature.BaseName);
  if (Named == ByPythonName.end()) {
    DiagnosticBuilder Diag = Diags.report(
        diag::deprecated_unknown_operator, Signature.AtenName.loc(),
        "no native function is named '" + Signature.BaseName + "'" +
            (Signature.IsOut ? " (the call without '_out')" : ""));
    Diag.range(Signature.AtenName.Range);
    ClosestMatch Match(Signature.BaseName,
                       defaultMaxEditDistance(Signature.BaseName));
    for (StringRef Known : PythonNames)
      Match.consider(Known);
    if (std::optional<StringRef> Best = Match.get()) {
      std::string Fixed = Best->str() + (Signature.IsOut ? "_out" : "");
      Diag.fixIt(Signature.AtenName.Range, Fixed);
      Diag.note(Signature.AtenName.loc(), "did you mean '" + Fixed + "'?");
    }
    return false;
  }
  if (any_of(Named->second, [&](const NativeFunction *F) {
        return Signature.isCompatibleWith(F->func());
      }))
    return true;
  reportNoMatch(Signature, Named->second);
  return false;
}

bool DeprecatedReader::checkDuplicate(const DeprecatedSignature &Signature) {
  auto [It, New] =
      Seen.try_emplace(Signature.Schema->str(), Signature.Schema.Range);
  if (New)
    return true;
  Diags
      .report(diag::deprecated_duplicate_entry, Signature.Schema.loc(),
              "a deprecated signature '" + Signature.Schema->str() +
                  "' is listed already")
      .range(Signature.Schema.Range)
      .note(It->second.Start, "listed here first", It->second);
  return false;
}

std::optional<DeprecatedSignature>
DeprecatedReader::read(const YAMLNode &Entry) {
  if (!Entry.isMap()) {
    Diags
        .report(diag::deprecated_invalid_entry, Entry.loc(),
                "expected an entry: a mapping with 'name:' and 'aten:'")
        .range(Entry.range());
    return std::nullopt;
  }
  DeprecatedSignature Signature;
  Signature.Loc = Entry.loc();
  const YAMLNode *Name = nullptr, *Aten = nullptr;
  if (!readKeys(Entry, Name, Aten))
    return std::nullopt;
  // The call is read even if the schema is wrong: both are reported.
  bool SchemaOK = parseSchema(*Name, Signature);
  if (!parseCall(*Aten, Signature) || !SchemaOK ||
      !checkCallArguments(Signature) || !checkDuplicate(Signature) ||
      !resolveCall(Signature))
    return std::nullopt;
  return Signature;
}

DeprecatedSignatures::DeprecatedSignatures()
    : Context(std::make_unique<SchemaContext>()) {}
DeprecatedSignatures::~DeprecatedSignatures() = default;

std::unique_ptr<DeprecatedSignatures> DeprecatedSignatures::read(
    const YAMLSource &Source, const SchemaOptions &Options,
    const NativeFunctionSet *Functions, DiagnosticEngine &Diags) {
  std::unique_ptr<DeprecatedSignatures> Result(new DeprecatedSignatures());
  Result->BufferID = Source.bufferID();
  const YAMLNode &Root = Source.root();
  if (Root.isNull())
    return Result;
  if (!Root.isSequence()) {
    Diags
        .report(diag::deprecated_invalid_entry, Root.loc(),
                "deprecated.yaml must be a list of entries ('- name: ...')")
        .range(Root.range());
    return Result;
  }
  DeprecatedReader Reader(*Result->Context, Options, Functions, Diags);
  for (const YAMLNode &Entry : Root.items())
    if (std::optional<DeprecatedSignature> Signature = Reader.read(Entry))
      Result->Signatures.push_back(std::move(*Signature));
  return Result;
}

std::unique_ptr<DeprecatedSignatures>
DeprecatedSignatures::load(StringRef Path, const SchemaOptions &Options,
                           const NativeFunctionSet *Functions,
                           InputFiles &Files, DiagnosticEngine &Diags) {
  std::optional<YAMLSource> Source = YAMLSource::load(Path, Files, Diags);
  if (!Source)
    return nullptr;
  return read(*Source, Options, Functions, Diags);
}

} // namespace gradgen
