//===- LoadDerivatives.cpp - derivatives.yaml to DifferentiabilityInfos ---===//
//
// Step 1 of the Derivatives stage: torchgen's load_derivatives, with each of
// its exceptions turned into a diagnostic at the entry, key or characters
// that caused it.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Support/ClosestMatch.h"

#include "InfoBuilder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace llvm;

namespace gradgen {

SavedAttributeAnalysis::~SavedAttributeAnalysis() = default;

const std::optional<std::vector<Binding>> &
DerivativesContext::signatureArguments(const NativeFunction &F) const {
  auto [It, New] = SignatureArgumentsMemo.try_emplace(&F);
  if (New)
    It->second = cpp::signatureArguments(F, /*SymInt=*/true, CppOptions);
  return It->second;
}

std::string opPrefixFor(StringRef Name) {
  std::string CamelCase;
  SmallVector<StringRef, 4> Parts;
  Name.split(Parts, '_');
  for (StringRef Part : Parts) {
    // Python's str.title(): a letter after a non-letter starts a word.
    bool PreviousIsLetter = false;
    for (char C : Part) {
      bool IsLetter = isAlpha(C);
      if (IsLetter)
        CamelCase += PreviousIsLetter ? toLower(C) : toUpper(C);
      else
        CamelCase += C;
      PreviousIsLetter = IsLetter;
    }
  }
  CamelCase += "Backward";
  size_t Pos = CamelCase.find("ForwardBackward");
  while (Pos != std::string::npos) {
    CamelCase.replace(Pos, strlen("ForwardBackward"), "Backward");
    Pos = CamelCase.find("ForwardBackward", Pos);
  }
  return CamelCase;
}

static bool isWordChar(char C) { return isAlnum(C) || C == '_'; }

std::optional<StringRef> schemaBaseName(StringRef Schema) {
  // (\w+)(\.\w+)?\((.*)\)
  size_t End = 0;
  while (End < Schema.size() && isWordChar(Schema[End]))
    ++End;
  if (End == 0)
    return std::nullopt;
  size_t Rest = End;
  if (Rest < Schema.size() && Schema[Rest] == '.') {
    size_t Overload = Rest + 1;
    while (Overload < Schema.size() && isWordChar(Schema[Overload]))
      ++Overload;
    if (Overload == Rest + 1)
      return std::nullopt;
    Rest = Overload;
  }
  if (Rest >= Schema.size() || Schema[Rest] != '(' ||
      !Schema.substr(Rest).contains(')'))
    return std::nullopt;
  return Schema.take_front(End);
}

namespace detail {

std::optional<std::string> closestName(StringRef Name,
                                       ArrayRef<std::string> Candidates) {
  if (std::optional<StringRef> Best = closestMatch(Name, Candidates))
    return Best->str();
  return std::nullopt;
}

std::string joinQuoted(ArrayRef<std::string> Names) {
  std::string Result;
  for (const std::string &Name : Names) {
    if (!Result.empty())
      Result += ", ";
    Result += "'" + Name + "'";
  }
  return Result;
}

/// Replaces whole-identifier tokens of Formula with Replacement(Name), as
/// torchgen's IDENT_REGEX substitutions do, but never inside literals or
/// comments.
std::string replaceIdentifiers(
    const FormulaTokens &Tokens,
    llvm::function_ref<std::optional<std::string>(StringRef)> Replacement) {
  std::string Result;
  StringRef Text = Tokens.text();
  size_t Copied = 0;
  for (const FormulaToken &Tok : Tokens.tokens()) {
    if (!Tok.is(clang::tok::raw_identifier))
      continue;
    std::optional<std::string> New = Replacement(Tok.Spelling);
    if (!New)
      continue;
    Result += Text.slice(Copied, Tok.Offset);
    Result += *New;
    Copied = Tok.end();
  }
  Result += Text.substr(Copied);
  return Result;
}


const NativeFunction *InfoBuilder::resolve(const DerivativesEntry &Entry,
                                           StringRef DefnName) {
  if (const NativeFunction *F = Context.Index.lookupSchema(Entry.Name.Value))
    return F;
  reportUnknownSchema(Entry.Name, Context.Index, Diags);
  return nullptr;
}

const NativeFunction *
InfoBuilder::canonicalFunction(const DerivativesEntry &Entry,
                               const NativeFunction &Resolved,
                               StringRef DefnName) {
  FunctionSchema Signature = Resolved.func().signature();
  ArrayRef<const NativeFunction *> Functions =
      Context.Index.functionsWithSignature(Signature);
  if (Functions.empty()) {
    Diags
        .report(diag::derivatives_no_signature_group, Entry.Name.loc(),
                "internal inconsistency: no function has the signature '" +
                    Signature.str() + "' of '" + Entry.Name.Value + "'")
        .range(Entry.Name.Range);
    return nullptr;
  }
  for (const NativeFunction *F : Functions)
    if (!F->func().isFunctionalFn() && !F->func().isOutFn() &&
        DefnName == F->func().Name.Name.str())
      return F;
  // Some functions only have in-place variants.
  std::string CppName = cpp::name(Functions.front()->func());
  if (DefnName.str() + "_" != CppName) {
    Diags
        .report(diag::derivatives_inplace_name, Entry.Name.loc(),
                "'" + Entry.Name.Value +
                    "' resolves to the in-place function '" + CppName +
                    "', whose derivatives must be written under the "
                    "name '" +
                    CppName + "'")
        .range(Entry.Name.Range)
        .note(Functions.front()->funcLoc(),
              "'" + CppName + "' is declared here",
              Functions.front()->Func.Range);
    return nullptr;
  }
  return Functions.front();
}

std::optional<FunctionNames> InfoBuilder::namesOf(const NativeFunction &F,
                                                  const DerivativesEntry &Entry) {
  const std::optional<std::vector<Binding>> &Arguments =
      Context.signatureArguments(F);
  if (!Arguments) {
    Diags
        .report(diag::derivatives_unsupported_signature, Entry.Name.loc(),
                "the C++ signature of '" + F.func().str() +
                    "' uses a type the autograd code generator does not "
                    "support")
        .range(Entry.Name.Range)
        .note(F.funcLoc(), "declared here", F.Func.Range);
    return std::nullopt;
  }
  FunctionNames Names;
  Names.Arguments = *Arguments;
  for (const Binding &B : Names.Arguments)
    Names.ArgumentNames.push_back(B.Name);
  for (std::string Name : cpp::returnNames(F.func()))
    Names.ReturnNames.push_back(Name == "self" ? "result" : Name);
  for (const Return &R : F.func().Returns)
    Names.SchemaReturnNames.push_back(R.Name);
  return Names;
}

/// output_differentiability as a list of flags, or one condition of a
/// single-output function (then Conditions holds it).
static bool readOutputDifferentiability(
    const DerivativesEntry &Entry,
    std::optional<std::vector<bool>> &OutputDifferentiability,
    std::optional<std::vector<std::string>> &Conditions,
    DiagnosticEngine &Diags) {
  if (!Entry.OutputDifferentiability)
    return true;
  const auto &Items = *Entry.OutputDifferentiability;
  bool HasCondition = any_of(Items, [](const OutputDifferentiabilityItem &I) {
    return !I.Differentiable;
  });
  if (!HasCondition) {
    OutputDifferentiability.emplace();
    for (const OutputDifferentiabilityItem &Item : Items)
      OutputDifferentiability->push_back(*Item.Differentiable);
    return true;
  }
  if (Items.size() != 1) {
    Diags
        .report(diag::derivatives_output_differentiability,
                Entry.OutputDifferentiabilityRange.Start,
                "a condition in 'output_differentiability' is only "
                "supported for single-output functions; write a list of "
                "True/False, or one condition string")
        .range(Entry.OutputDifferentiabilityRange);
    return false;
  }
  Conditions = std::vector<std::string>{Items.front().Condition};
  OutputDifferentiability = std::vector<bool>{true};
  return true;
}

/// Arguments may not take the names the generated code uses itself.
static bool checkReservedArgumentNames(const DerivativesEntry &Entry,
                                       const NativeFunction &Canonical,
                                       const FunctionNames &Names,
                                       DiagnosticEngine &Diags) {
  for (StringRef Reserved : {"grad_input_mask", "result"}) {
    if (!Names.isArgument(Reserved))
      continue;
    Diags
        .report(diag::derivatives_reserved_argument_name, Entry.Name.loc(),
                "'" + Canonical.func().Name.str() +
                    "' has an argument named '" + Reserved + "', but " +
                    (Reserved == "result"
                         ? "that name is only allowed for outputs"
                         : "the generated code would shadow it") +
                    "; rename the argument in native_functions.yaml")
        .range(Entry.Name.Range)
        .note(Canonical.funcLoc(), "declared here", Canonical.Func.Range);
    return false;
  }
  return true;
}

/// One entry an operator: a second one would replace the first.
static bool checkFirstEntry(const DerivativesEntry &Entry,
                            const NativeFunction &Canonical,
                            const DerivativesDatabase &Database,
                            DiagnosticEngine &Diags) {
  if (const InfoGroup *Existing = Database.lookup(Canonical)) {
    const DerivativesEntry *Previous = Existing->Infos.front().Entry;
    auto Diag =
        Diags.report(diag::derivatives_duplicate_entry, Entry.Name.loc(),
                     "a second entry for '" + Canonical.func().str() +
                         "' would replace the first");
    Diag.range(Entry.Name.Range);
    if (Previous)
      Diag.note(Previous->Name.loc(), "previous entry is here",
                Previous->Name.Range);
    return false;
  }
  return true;
}

/// A `dispatch:` key is Default or an autograd dispatch key.
static bool checkDispatchKey(const Located<std::string> &Key,
                             ArrayRef<std::string> ValidKeys,
                             DiagnosticEngine &Diags) {
  if (Key.Value == "Default" || is_contained(ValidKeys, Key.Value))
    return true;
  std::vector<std::string> Candidates(ValidKeys.begin(), ValidKeys.end());
  Candidates.push_back("Default");
  auto Diag =
      Diags.report(diag::derivatives_invalid_dispatch_key, Key.loc(),
                   "invalid dispatch key '" + Key.Value +
                       "'; expected Default or an autograd key "
                       "such as AutogradNestedTensor");
  Diag.range(Key.Range);
  if (std::optional<std::string> Suggestion =
          closestName(Key.Value, Candidates))
    Diag.fixIt(Key.Range, *Suggestion)
        .note(Key.loc(), "did you mean '" + *Suggestion + "'?");
  return false;
}

void InfoBuilder::build(const DerivativesEntry &Entry,
                        DerivativesDatabase &Database) {
  std::optional<StringRef> DefnName = schemaBaseName(Entry.Name.Value);
  if (!DefnName) {
    Diags
        .report(diag::derivatives_malformed_name, Entry.Name.loc(),
                "'" + Entry.Name.Value +
                    "' is not an operator schema; expected "
                    "'name.overload(arguments) -> returns'")
        .range(Entry.Name.Range);
    return;
  }

  std::optional<std::vector<bool>> OutputDifferentiability;
  std::optional<std::vector<std::string>> Conditions;
  if (!readOutputDifferentiability(Entry, OutputDifferentiability, Conditions,
                                   Diags))
    return;

  const NativeFunction *Resolved = resolve(Entry, *DefnName);
  if (!Resolved)
    return;
  const NativeFunction *Canonical =
      canonicalFunction(Entry, *Resolved, *DefnName);
  if (!Canonical)
    return;
  std::optional<FunctionNames> Names = namesOf(*Canonical, Entry);
  if (!Names)
    return;

  if (!checkReservedArgumentNames(Entry, *Canonical, *Names, Diags))
    return;

  if (!checkFirstEntry(Entry, *Canonical, Database, Diags))
    return;

  InfoGroup Group;
  Group.Func = Canonical;
  bool OK = true;
  for (const DispatchBlock &Block : Entry.Dispatch) {
    const std::string &Key = Block.Key.Value;
    if (!checkDispatchKey(
            Block.Key, Context.Functions.getOptions().AutogradDispatchKeys,
            Diags)) {
      OK = false;
      continue;
    }
    if (UsedDispatchKeys.insert(Key).second)
      Database.UsedDispatchKeys.push_back(Key);
    std::optional<DifferentiabilityInfo> Info = buildInfo(
        Entry, Block, *Canonical, *Names, *DefnName, OutputDifferentiability);
    if (!Info) {
      OK = false;
      continue;
    }
    Info->OutputDifferentiabilityConditions = Conditions;
    Group.Infos.push_back(std::move(*Info));
  }
  if (OK)
    Database.Groups.push_back(std::move(Group));
}

bool InfoBuilder::checkBackwardFormula(const FormulaEntry &Formula,
                                       const FormulaTokens &Tokens,
                                       const NativeFunction &F) {
  if (!DerivativesOptions::of(Context.TheProfile).RequireSymIntFormulas)
    return true;
  bool OK = true;
  auto Report = [&](const FormulaTokens::MemberCall &Call, StringRef Written,
                    StringRef SymIntName) {
    std::string Access = Call.Arrow ? "->" : ".";
    Diags
        .report(diag::formula_non_symint_call,
                Formula.Formula.locAt(Call.NameBegin),
                Access + Written +
                    " is not supported in derivative formulas; "
                    "use the SymInt version " +
                    Access + SymIntName)
        .range(Formula.Formula.rangeAt(Call.Begin, Call.End))
        .fixIt(Formula.Formula.rangeAt(Call.NameBegin,
                                       Call.NameBegin + Written.find('(')),
               SymIntName.take_until([](char C) { return C == '('; }));
    OK = false;
  };
  for (const auto &Call : Tokens.nullaryMemberCalls("sizes"))
    Report(Call, "sizes()", "sym_sizes()");
  for (const auto &Call : Tokens.integerMemberCalls("size"))
    Report(Call, ("size(" + Call.Argument + ")").str(),
           ("sym_size(" + Call.Argument + ")").str());
  for (const auto &Call : Tokens.nullaryMemberCalls("strides"))
    Report(Call, "strides()", "sym_strides()");
  return OK;
}

bool InfoBuilder::checkGradUsage(
    StringRef DefnName,
    ArrayRef<std::pair<const FormulaEntry *, FormulaTokens>> Backward,
    ArrayRef<Derivative> Derivatives) {
  const FormulaToken *FirstGrad = nullptr, *FirstGrads = nullptr;
  const FormulaEntry *FirstGradEntry = nullptr, *FirstGradsEntry = nullptr;
  unsigned NumGradsUses = 0;
  std::vector<std::pair<const FormulaEntry *, GradsIndexUse>> IndexUses;
  const FormulaEntry *NamedGradientEntry = nullptr;
  for (size_t I = 0; I < Backward.size(); ++I) {
    const auto &[Entry, Tokens] = Backward[I];
    for (const FormulaToken *Tok : Tokens.uses("grad"))
      if (!FirstGrad) {
        FirstGrad = Tok;
        FirstGradEntry = Entry;
      }
    for (const FormulaToken *Tok : Tokens.uses("grads")) {
      ++NumGradsUses;
      if (!FirstGrads) {
        FirstGrads = Tok;
        FirstGradsEntry = Entry;
      }
    }
    for (const GradsIndexUse &Use : Tokens.gradsIndexUses())
      IndexUses.emplace_back(Entry, Use);
    if (!Derivatives[I].NamedGradients.empty() && !NamedGradientEntry)
      NamedGradientEntry = Entry;
  }

  if (FirstGrad && NumGradsUses > 0) {
    Diags
        .report(diag::derivatives_mixed_grad_grads,
                FirstGradsEntry->Formula.locAt(FirstGrads->Offset),
                "the derivatives of '" + DefnName +
                    "' mix 'grad' and 'grads'; replace 'grad' with 'grads[0]'")
        .range(FirstGradsEntry->Formula.rangeAt(FirstGrads->Offset,
                                                FirstGrads->end()))
        .note(FirstGradEntry->Formula.locAt(FirstGrad->Offset),
              "'grad' is used here",
              FirstGradEntry->Formula.rangeAt(FirstGrad->Offset,
                                              FirstGrad->end()));
    return false;
  }
  bool OnlyIndexed = NumGradsUses == IndexUses.size();
  if (OnlyIndexed && !IndexUses.empty() &&
      all_of(IndexUses, [](const auto &Use) { return Use.second.Index == 0; })) {
    const auto &[Entry, Use] = IndexUses.front();
    auto Diag = Diags.report(
        diag::derivatives_only_grads_zero, Entry->Formula.locAt(Use.Begin),
        "the derivatives of '" + DefnName +
            "' only use 'grads[0]'; if the first output is the only "
            "differentiable one, write 'grad'");
    Diag.range(Entry->Formula.rangeAt(Use.Begin, Use.End));
    Diag.fixIt(Entry->Formula.rangeAt(Use.Begin, Use.End), "grad");
    return false;
  }
  if (NamedGradientEntry && (FirstGrad || NumGradsUses > 0)) {
    const FormulaEntry *Other = FirstGrad ? FirstGradEntry : FirstGradsEntry;
    const FormulaToken *OtherTok = FirstGrad ? FirstGrad : FirstGrads;
    Diags
        .report(diag::derivatives_mixed_named_grads,
                Other->Formula.locAt(OtherTok->Offset),
                "the derivatives of '" + DefnName +
                    "' mix named gradients ('grad_<output>') with 'grad' or "
                    "'grads[i]'; use only one way to name gradients")
        .range(Other->Formula.rangeAt(OtherTok->Offset, OtherTok->end()))
        .note(NamedGradientEntry->Formula.range().Start,
              "a named gradient is used here");
    return false;
  }
  return true;
}

std::optional<ForwardDerivative>
InfoBuilder::createForwardDerivative(const FormulaEntry &Formula,
                                     const NativeFunction &F,
                                     const FunctionNames &Names) {
  ForwardDerivative Result;
  Result.Formula = Formula.Formula.Text;
  Result.Source = &Formula;
  for (const Located<std::string> &Name : Formula.Names)
    Result.VarNames.push_back(Name.Value);

  OutputMatch Match = matchNamedOutputs(Formula, F, Names, Result);
  if (Match == OutputMatch::NotMatched)
    Match = matchResultOutputs(Formula, F, Names, Result);
  if (Match == OutputMatch::NotMatched)
    reportUnknownForwardName(Formula, F, Names);
  if (Match != OutputMatch::Matched)
    return std::nullopt;
  return Result;
}

// torchgen ignores the names of a key that no output has once one name
// matched; the formula would then give too few values. Each must exist.
void InfoBuilder::reportUnknownOutput(const Located<std::string> &Name,
                                      ArrayRef<std::string> Outputs,
                                      const NativeFunction &F) {
  auto Diag = Diags.report(diag::derivatives_unknown_output, Name.loc(),
                           "'" + Name.Value + "' is not an output of '" +
                               F.func().Name.str() +
                               "'; outputs: " + joinQuoted(Outputs));
  Diag.range(Name.Range);
  if (std::optional<std::string> Suggestion = closestName(Name.Value, Outputs))
    Diag.fixIt(Name.Range, *Suggestion)
        .note(Name.loc(), "did you mean '" + *Suggestion + "'?");
  Diag.note(F.funcLoc(), "declared here", F.Func.Range);
}

InfoBuilder::OutputMatch InfoBuilder::matchNamedOutputs(
    const FormulaEntry &Formula, const NativeFunction &F,
    const FunctionNames &Names, ForwardDerivative &Result) {
  bool Matched = false;
  for (const Return &R : F.func().Returns)
    if (R.Name && is_contained(Result.VarNames, *R.Name)) {
      Result.VarTypes.push_back(R.Ty);
      Matched = true;
    }
  if (!Matched)
    return OutputMatch::NotMatched;
  for (const Located<std::string> &Name : Formula.Names) {
    if (is_contained(Names.ReturnNames, Name.Value))
      continue;
    reportUnknownOutput(Name, Names.ReturnNames, F);
    return OutputMatch::Failed;
  }
  return OutputMatch::Matched;
}

InfoBuilder::OutputMatch InfoBuilder::matchResultOutputs(
    const FormulaEntry &Formula, const NativeFunction &F,
    const FunctionNames &Names, ForwardDerivative &Result) {
  const std::vector<Return> &Returns = F.func().Returns;
  if (Result.VarNames.size() != 1 || Result.VarNames.front() != "result")
    return matchIndexedResults(Formula, F, Result);
  if (Returns.size() != 1) {
    Diags
        .report(diag::derivatives_result_arity, Formula.Names.front().loc(),
                "'result' names the output of a single-output function, "
                "but '" +
                    F.func().Name.str() + "' returns " + Twine(Returns.size()) +
                    " outputs; use " + joinQuoted(Names.ReturnNames) +
                    " instead")
        .range(Formula.Names.front().Range)
        .note(F.funcLoc(), "declared here", F.Func.Range);
    return OutputMatch::Failed;
  }
  Result.VarTypes.push_back(Returns.front().Ty);
  return OutputMatch::Matched;
}

/// `result0`, `result1`, ... name the outputs of a function by position.
InfoBuilder::OutputMatch
InfoBuilder::matchIndexedResults(const FormulaEntry &Formula,
                                 const NativeFunction &F,
                                 ForwardDerivative &Result) {
  auto IndexDigits = [](StringRef Name) -> std::optional<StringRef> {
    if (!Name.consume_front("result") || Name.empty() || !all_of(Name, isDigit))
      return std::nullopt;
    return Name;
  };
  const std::vector<Return> &Returns = F.func().Returns;
  bool Matched = false;
  for (const Located<std::string> &Name : Formula.Names) {
    std::optional<StringRef> Digits = IndexDigits(Name.Value);
    unsigned Index;
    if (!Digits || Digits->getAsInteger(10, Index))
      continue;
    if (Index >= Returns.size()) {
      Diags
          .report(diag::derivatives_result_index, Name.loc(),
                  "'" + Name.Value + "' is out of range: '" +
                      F.func().Name.str() + "' returns " +
                      Twine(Returns.size()) + " outputs")
          .range(Name.Range);
      return OutputMatch::Failed;
    }
    Result.VarTypes.push_back(Returns[Index].Ty);
    Matched = true;
  }
  if (!Matched)
    return OutputMatch::NotMatched;
  for (const Located<std::string> &Name : Formula.Names) {
    if (IndexDigits(Name.Value))
      continue;
    std::vector<std::string> Outputs;
    for (size_t I = 0; I < Returns.size(); ++I)
      Outputs.push_back("result" + std::to_string(I));
    reportUnknownOutput(Name, Outputs, F);
    return OutputMatch::Failed;
  }
  return OutputMatch::Matched;
}

void InfoBuilder::reportUnknownForwardName(const FormulaEntry &Formula,
                                           const NativeFunction &F,
                                           const FunctionNames &Names) {
  const Located<std::string> &First = Formula.Names.front();
  std::vector<std::string> Candidates = Names.ArgumentNames;
  Candidates.insert(Candidates.end(), Names.ReturnNames.begin(),
                    Names.ReturnNames.end());
  auto Diag = Diags.report(
      diag::derivatives_unknown_name, First.loc(),
      "'" + First.Value + "' is neither an argument nor an output of '" +
          F.func().Name.str() +
          "'; arguments: " + joinQuoted(Names.ArgumentNames) +
          "; outputs: " + joinQuoted(Names.ReturnNames));
  Diag.range(First.Range);
  if (std::optional<std::string> Suggestion =
          closestName(First.Value, Candidates))
    Diag.fixIt(First.Range, *Suggestion)
        .note(First.loc(), "did you mean '" + *Suggestion + "'?");
  Diag.note(F.funcLoc(), "declared here", F.Func.Range);
}

} // namespace detail

DiagnosticBuilder reportUnknownSchema(const Located<std::string> &Name,
                                      const SchemaIndex &Index,
                                      DiagnosticEngine &Diags) {
  const std::string &Schema = Name.Value;
  auto Diag = Diags.report(diag::derivatives_unknown_schema, Name.loc(),
                           "no operator in native_functions.yaml has the "
                           "schema '" +
                               Schema + "'");
  Diag.range(Name.Range);
  std::vector<const NativeFunction *> Available =
      Index.findByCppName(schemaBaseName(Schema).value_or(""));
  if (!Available.empty()) {
    for (const NativeFunction *F : Available)
      Diag.note(F->funcLoc(),
                (F->isGenerated() ? "available signature (generated from "
                                    "this entry): "
                                  : "available signature: ") +
                    F->func().str(),
                F->Func.Range);
  } else {
    for (const NativeFunction *F : Index.findSimilar(Schema, 1))
      Diag.note(F->funcLoc(), "did you mean '" + F->func().str() + "'?",
                F->Func.Range);
  }
  // Offer the fix when exactly one schema is a near miss (a default value or
  // an annotation written differently) of the same operator: a fix never
  // changes which operator the entry is for (acos is no typo of cos).
  std::vector<const NativeFunction *> Similar = Index.findSimilar(Schema, 2);
  StringRef OperatorName =
      StringRef(Schema).take_until([](char C) { return C == '('; }).trim();
  if (!Similar.empty() && Similar.front()->func().Name.str() == OperatorName) {
    std::string Candidate = Similar.front()->func().str();
    const unsigned MaxDistance = 4;
    unsigned Distance =
        StringRef(Schema).edit_distance(Candidate, true, MaxDistance + 1);
    bool Unique = Similar.size() == 1 ||
                  StringRef(Schema).edit_distance(
                      Similar[1]->func().str(), true, Distance + 1) > Distance;
    if (Unique && Distance <= MaxDistance && Name.Range.Start.isValid()) {
      // Keep the quotes of a quoted scalar: replace the value only.
      SMRange ValueRange = Name.Range;
      char First = *ValueRange.Start.getPointer();
      if (First == '"' || First == '\'')
        ValueRange =
            SMRange(SMLoc::getFromPointer(ValueRange.Start.getPointer() + 1),
                    SMLoc::getFromPointer(ValueRange.End.getPointer() - 1));
      Diag.fixIt(ValueRange, Candidate);
    }
  }
  return Diag;
}

DerivativesDatabase
buildDifferentiabilityInfos(ArrayRef<DerivativesEntry> Entries,
                            const DerivativesContext &Context) {
  DerivativesDatabase Database;
  detail::InfoBuilder Builder(Context);
  for (const DerivativesEntry &Entry : Entries)
    Builder.build(Entry, Database);
  return Database;
}

} // namespace gradgen
