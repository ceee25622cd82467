//===- FinalizeInfos.cpp - After the saved attributes are known -----------===//
//
// Step 3 of the Derivatives stage: per-info unions of saved attributes, the
// view_copy infos of load_derivatives, and the checks torchgen makes when it
// matches infos to functions (match_differentiability_info,
// gen_differentiable_outputs).
//
//===----------------------------------------------------------------------===//

#include "gradgen/Derivatives/DerivativesOptions.h"
#include "gradgen/Derivatives/LoadDerivatives.h"

#include "gradgen/Derivatives/FormulaTokens.h"
#include "gradgen/Support/IdentifierSearch.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <tuple>

using namespace llvm;

namespace gradgen {

bool generateForeachInfos(DerivativesDatabase &Database,
                          ArrayRef<const NativeFunction *> SortedFunctions,
                          const DerivativesContext &Context);

static std::vector<SavedAttribute>
dedupByName(const std::vector<Derivative> &Derivatives,
            std::vector<SavedAttribute> Derivative::*Member) {
  std::vector<SavedAttribute> Result;
  StringSet<> Seen;
  for (const Derivative &D : Derivatives)
    for (const SavedAttribute &Attribute : D.*Member)
      if (Seen.insert(Attribute.name()).second)
        Result.push_back(Attribute);
  return Result;
}

static void mergeSavedAttributes(DifferentiabilityInfo &Info) {
  Info.AllSavedInputs = dedupByName(Info.Derivatives, &Derivative::SavedInputs);
  Info.AllSavedOutputs =
      dedupByName(Info.Derivatives, &Derivative::SavedOutputs);
}

/// load_derivatives' add_view_copy_derivatives: a view op's formulas serve
/// its view_copy function too.
static void addViewCopyInfos(DerivativesDatabase &Database,
                             const DerivativesContext &Context) {
  std::vector<InfoGroup> Added;
  for (const InfoGroup &Group : Database.Groups) {
    const NativeFunctionsViewGroup *View =
        Context.Index.viewGroupOf(*Group.Func);
    if (!View || !View->ViewCopy)
      continue;
    if (DerivativesOptions::of(Context.TheProfile).KeepManualViewCopyInfos &&
        Database.lookup(*View->ViewCopy))
      continue;
    InfoGroup Copy;
    Copy.Func = View->ViewCopy;
    for (const DifferentiabilityInfo &Info : Group.Infos) {
      DifferentiabilityInfo CopyInfo = Info;
      CopyInfo.Name = Info.Name + "_copy.";
      CopyInfo.Func = View->ViewCopy;
      if (Info.Op)
        CopyInfo.Op = *Info.Op + "_copy";
      CopyInfo.Origin = InfoOrigin::ViewCopy;
      Copy.Infos.push_back(std::move(CopyInfo));
    }
    Added.push_back(std::move(Copy));
  }
  for (InfoGroup &Group : Added) {
    // 1.13 replaced an existing info in place; with manual infos kept, none
    // exists here.
    auto Existing = llvm::find_if(Database.Groups, [&](const InfoGroup &G) {
      return G.Func == Group.Func;
    });
    if (Existing != Database.Groups.end())
      *Existing = std::move(Group);
    else
      Database.Groups.push_back(std::move(Group));
  }
}

namespace {

/// torchgen's match_differentiability_info checks, for one function and the
/// infos it uses.
class InfoMatcher {
public:
  InfoMatcher(DerivativesDatabase &Database, const DerivativesContext &Context)
      : Database(Database), Context(Context), Diags(Context.Diags) {
    for (size_t I = 0; I < Database.Groups.size(); ++I) {
      GroupOf.try_emplace(Database.Groups[I].Func, I);
      const FunctionSchema &Schema = Database.Groups[I].Func->func();
      StringRef Signature =
          Context.Index.strippedSignature(*Database.Groups[I].Func);
      SignatureNames.insert(
          Signature.take_until([](char C) { return C == '('; }));
      // As a Python dict comprehension: a later group wins.
      if (Schema.kind() == SchemaKind::Functional)
        FunctionalBySignature[Signature] = I;
      else
        NonFunctionalBySignature[Signature] = I;
    }
  }

  /// torchgen's find_info for every function, once all infos exist.
  std::vector<FunctionInfos>
  match(ArrayRef<const NativeFunction *> SortedFunctions) {
    Quiet = true;
    DenseMap<const NativeFunction *, size_t> References(
        Database.ForeachReferences.begin(), Database.ForeachReferences.end());
    std::vector<FunctionInfos> Result;
    Result.reserve(SortedFunctions.size());
    for (const NativeFunction *F : SortedFunctions) {
      FunctionInfos Match;
      Match.Func = F;
      std::tie(Match.Group, Match.ExactMatch) = findInfo(*F);
      if (!Match.Group) {
        auto Reference = References.find(F);
        if (Reference != References.end()) {
          Match.Group = Reference->second;
          Match.DefaultKeyOnly = true;
        }
      }
      Result.push_back(Match);
    }
    return Result;
  }

  bool check(const NativeFunction &F) {
    auto [GroupIndex, ExactMatch] = findInfo(F);
    if (!GroupIndex)
      return true;
    const InfoGroup &Group = Database.Groups[*GroupIndex];
    bool OK = true;
    for (const DifferentiabilityInfo &Info : Group.Infos) {
      OK &= checkInplaceStrides(F, Info);
      OK &= checkOutputDifferentiability(F, Info);
      OK &= checkInplaceForward(F, Info, ExactMatch);
      OK &= checkInplaceSavedOutputs(F, Info);
      OK &= checkInplaceForwardTangent(F, Info, ExactMatch);
    }
    return OK;
  }

private:
  std::pair<std::optional<size_t>, bool> findInfo(const NativeFunction &F) {
    if (F.hasTag("generated") && F.func().kind() == SchemaKind::Out)
      return {std::nullopt, false};
    auto Exact = GroupOf.find(&F);
    if (Exact != GroupOf.end())
      return {Exact->second, true};
    // Most functions share no name with a group: their signatures, costly
    // to print, could match none.
    if (!SignatureNames.contains(signatureName(F.func())))
      return {std::nullopt, false};
    StringRef Signature = Context.Index.strippedSignature(F);
    bool IsForeach = F.rootName().startswith("_foreach_");
    auto Functional = FunctionalBySignature.find(Signature);
    if (Functional != FunctionalBySignature.end() && !IsForeach)
      return {Functional->second, false};
    if (F.hasTag("generated")) {
      auto NonFunctional = NonFunctionalBySignature.find(Signature);
      if (NonFunctional != NonFunctionalBySignature.end()) {
        if (!Quiet)
          checkGeneratedFunctionalReuse(F, NonFunctional->second);
        return {NonFunctional->second, false};
      }
    }
    return {std::nullopt, false};
  }

  /// The name that starts the text of Schema.signature().
  static std::string signatureName(const FunctionSchema &Schema) {
    const BaseOperatorName &Name = Schema.Name.Name;
    return Name.DunderMethod ? "__" + Name.Base + "__" : Name.Base;
  }

  SMLoc entryLoc(const DifferentiabilityInfo &Info) const {
    return Info.Entry ? Info.Entry->Name.loc() : SMLoc();
  }

  void checkGeneratedFunctionalReuse(const NativeFunction &F, size_t Index) {
    for (const DifferentiabilityInfo &Info : Database.Groups[Index].Infos)
      for (const SavedAttribute &Saved : Info.AllSavedInputs)
        if (Saved.name().contains("self")) {
          Diags
              .report(diag::derivatives_generated_functional_reuse,
                      entryLoc(Info),
                      "the formula of the mutable operator '" +
                          Info.Func->func().Name.str() + "' saves '" +
                          Saved.name() +
                          "' and cannot be reused for its generated "
                          "functional variant '" +
                          F.func().str() +
                          "'; write an entry for the functional variant")
              .note(F.funcLoc(),
                    "the functional variant is generated from "
                    "this entry",
                    F.Func.Range);
          return;
        }
  }

  bool checkInplaceStrides(const NativeFunction &F,
                           const DifferentiabilityInfo &Info) {
    if (F.func().kind() != SchemaKind::Inplace)
      return true;
    for (const Derivative &D : Info.Derivatives) {
      if (!is_contained(D.VarNames, "self"))
        continue;
      for (const SavedAttribute &Saved : D.SavedInputs)
        if (StringRef(Saved.Expr).contains("strides_or_error")) {
          SMLoc Loc = D.Source ? D.Source->Formula.range().Start : entryLoc(Info);
          Diags
              .report(diag::derivatives_inplace_strides, Loc,
                      "'.sym_strides()' cannot be used in the 'self' "
                      "derivative of the in-place function '" +
                          F.func().str() + "'")
              .note(F.funcLoc(), "in-place function declared here",
                    F.Func.Range);
          return false;
        }
    }
    return true;
  }

  bool checkOutputDifferentiability(const NativeFunction &F,
                                    const DifferentiabilityInfo &Info) {
    if (!Info.OutputDifferentiability || !Info.Entry)
      return true;
    const std::vector<bool> &Flags = *Info.OutputDifferentiability;
    size_t NumReturns = F.func().Returns.size();
    if (Flags.size() != NumReturns) {
      Diags
          .report(diag::derivatives_output_differentiability_length,
                  Info.Entry->OutputDifferentiabilityRange.Start,
                  "'output_differentiability' has " + Twine(Flags.size()) +
                      (Flags.size() == 1 ? " entry" : " entries") + ", but '" +
                      F.func().Name.str() + "' returns " + Twine(NumReturns) +
                      (NumReturns == 1 ? " output" : " outputs"))
          .range(Info.Entry->OutputDifferentiabilityRange)
          .note(F.funcLoc(), "declared here", F.Func.Range);
      return false;
    }
    if (is_contained(Flags, false) &&
        F.func().kind() == SchemaKind::Inplace) {
      Diags
          .report(diag::derivatives_output_differentiability_inplace,
                  Info.Entry->OutputDifferentiabilityRange.Start,
                  "an output of the in-place function '" + F.func().Name.str() +
                      "' cannot be marked non-differentiable: its version "
                      "counter would not be updated")
          .range(Info.Entry->OutputDifferentiabilityRange)
          .note(F.funcLoc(), "declared here", F.Func.Range);
      return false;
    }
    return true;
  }

  bool checkInplaceForward(const NativeFunction &F,
                           const DifferentiabilityInfo &Info, bool ExactMatch) {
    if (F.func().kind() != SchemaKind::Inplace ||
        Info.ForwardDerivatives.empty())
      return true;
    if (Info.ForwardDerivatives.size() != 1) {
      Diags.report(diag::derivatives_inplace_forward_arity, entryLoc(Info),
                   "the in-place function '" + F.func().Name.str() +
                       "' can have only one forward formula");
      return false;
    }
    const ForwardDerivative &Forward = Info.ForwardDerivatives.front();
    if (!ExactMatch || !Forward.Source)
      return true;
    FormulaTokens Tokens(Forward.Formula);
    std::vector<const FormulaToken *> Uses = Tokens.uses("self_p");
    if (Uses.empty())
      return true;
    Diags
        .report(diag::derivatives_inplace_forward_self,
                Forward.Source->Formula.locAt(Uses.front()->Offset),
                "the forward formula of the in-place function '" +
                    F.func().Name.str() +
                    "' uses 'self_p', the value of self before it is "
                    "modified; use 'result' instead")
        .range(Forward.Source->Formula.rangeAt(Uses.front()->Offset,
                                               Uses.front()->end()))
        .fixIt(Forward.Source->Formula.rangeAt(Uses.front()->Offset,
                                               Uses.front()->end()),
               "result");
    return false;
  }

  static bool isInplaceKernel(const NativeFunction &F) {
    return F.func().kind() == SchemaKind::Inplace &&
           !F.rootName().startswith("_foreach_");
  }

  /// An in-place kernel has no `result`: it saves `self` for a saved output
  /// tensor, but keeps any other expression of an output as written, which
  /// torchgen's kernel would not compile either.
  bool checkInplaceSavedOutputs(const NativeFunction &F,
                                const DifferentiabilityInfo &Info) {
    if (!isInplaceKernel(F))
      return true;
    for (const Derivative &D : Info.Derivatives) {
      if (!D.Source)
        continue;
      for (const SavedAttribute &Saved : D.SavedOutputs) {
        std::string Type = Saved.NCType.cppType();
        if (Type == "at::Tensor" || Type == "c10::optional<at::Tensor>" ||
            Type == "at::Scalar")
          continue;
        FormulaTokens Tokens(D.Source->Formula.Text);
        for (const Return &R : Info.Func->func().Returns) {
          std::string Name = R.Name.value_or("result");
          std::vector<const FormulaToken *> Uses = Tokens.uses(Name);
          if (Uses.empty() || !usesIdentifier(Saved.Expr, Name))
            continue;
          SMRange Range = D.Source->Formula.rangeAt(Uses.front()->Offset,
                                                    Uses.front()->end());
          Diags
              .report(diag::derivatives_inplace_saved_output, Range.Start,
                      "'" + Saved.Expr +
                          "' is saved from the output, but "
                          "the in-place function '" +
                          F.func().Name.str() +
                          "' uses this formula and has no '" + Name +
                          "' to save it from; its kernel would not compile")
              .range(Range)
              .note(F.funcLoc(), "in-place function declared here",
                    F.Func.Range);
          return false;
        }
      }
    }
    return true;
  }

  /// An in-place function that reuses its functional variant's forward
  /// formula writes the tangent into self's (`self_t_raw.copy_(...)`),
  /// which its kernel declares only when the formula uses `self_t`.
  bool checkInplaceForwardTangent(const NativeFunction &F,
                                  const DifferentiabilityInfo &Info,
                                  bool ExactMatch) {
    if (!isInplaceKernel(F) || ExactMatch ||
        Info.ForwardDerivatives.size() != 1)
      return true;
    const ForwardDerivative &Forward = Info.ForwardDerivatives.front();
    if (!Forward.Source || !Forward.RequiredInputsFwGrad ||
        Forward.RequiredInputsFwGrad->empty() ||
        is_contained(*Forward.RequiredInputsFwGrad, "self"))
      return true;
    Diags
        .report(diag::derivatives_inplace_forward_tangent,
                Forward.Source->Formula.range().Start,
                "the in-place function '" + F.func().Name.str() +
                    "' reuses this forward formula, which does not use "
                    "'self_t': its kernel writes the result into self's "
                    "tangent, declared only for a formula that uses "
                    "'self_t', and would not compile")
        .range(Forward.Source->Formula.range())
        .note(F.funcLoc(), "in-place function declared here", F.Func.Range);
    return false;
  }

  DerivativesDatabase &Database;
  const DerivativesContext &Context;
  DiagnosticEngine &Diags;
  DenseMap<const NativeFunction *, size_t> GroupOf;
  /// Matching again after the checks: report nothing.
  bool Quiet = false;
  StringMap<size_t> FunctionalBySignature;
  StringMap<size_t> NonFunctionalBySignature;
  StringSet<> SignatureNames;
};

} // namespace

bool finalizeDifferentiabilityInfos(DerivativesDatabase &Database,
                                    const DerivativesContext &Context) {
  unsigned ErrorsBefore = Context.Diags.getNumErrors();
  for (InfoGroup &Group : Database.Groups)
    for (DifferentiabilityInfo &Info : Group.Infos)
      mergeSavedAttributes(Info);
  addViewCopyInfos(Database, Context);
  Database.NumPythonVisibleGroups = Database.Groups.size();

  Database.NativeFunctions.assign(Context.Functions.functions().begin(),
                                  Context.Functions.functions().end());
  // The order of PyTorch's build: functions sorted by their C++ name.
  ArrayRef<const NativeFunction *> SortedFunctions =
      Context.Index.functionsByCppName();

  InfoMatcher Matcher(Database, Context);
  for (const NativeFunction *F : SortedFunctions)
    Matcher.check(*F);
  if (DerivativesOptions::of(Context.TheProfile).GenerateForeachInfos)
    generateForeachInfos(Database, SortedFunctions, Context);
  Database.Functions = InfoMatcher(Database, Context).match(SortedFunctions);
  return Context.Diags.getNumErrors() == ErrorsBefore;
}

} // namespace gradgen
