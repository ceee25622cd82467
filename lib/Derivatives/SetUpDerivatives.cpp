//===- SetUpDerivatives.cpp - The formulas of one dispatch block ----------===//
//
// torchgen's set_up_derivatives, create_derivative,
// create_forward_derivative and postprocess_forward_derivatives.
//
//===----------------------------------------------------------------------===//

#include "InfoBuilder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace gradgen {
namespace detail {

static bool isNonDifferentiableMarker(StringRef Formula) {
  return Formula.trim().equals_insensitive("non_differentiable");
}

std::optional<DifferentiabilityInfo> InfoBuilder::buildInfo(
    const DerivativesEntry &Entry, const DispatchBlock &Block,
    const NativeFunction &F, const FunctionNames &Names, StringRef DefnName,
    const std::optional<std::vector<bool>> &OutputDifferentiability) {
  DifferentiabilityInfo Info;
  Info.Name = DefnName.str();
  Info.Func = &F;
  Info.Entry = &Entry;
  Info.DispatchKey = Block.Key.Value;
  Info.OutputDifferentiability = OutputDifferentiability;

  const std::vector<Return> &Returns = F.func().Returns;
  for (size_t I = 0; I < Returns.size(); ++I) {
    bool Differentiable = !OutputDifferentiability ||
                          (I < OutputDifferentiability->size() &&
                           (*OutputDifferentiability)[I]);
    // zip() stops at the shorter list.
    if (OutputDifferentiability && I >= OutputDifferentiability->size())
      break;
    if (Differentiable && Returns[I].Name && Returns[I].Ty->isTensorLike())
      Info.AvailableNamedGradients.push_back("grad_" + *Returns[I].Name);
  }

  std::vector<const FormulaEntry *> Sorted;
  for (const FormulaEntry &Formula : Block.Formulas)
    Sorted.push_back(&Formula);
  llvm::stable_sort(Sorted, [](const FormulaEntry *A, const FormulaEntry *B) {
    return A->RawNames.Value < B->RawNames.Value;
  });

  bool OK = true;
  std::vector<std::pair<const FormulaEntry *, FormulaTokens>> Backward;
  StringSet<> WithDerivatives;
  std::vector<const Located<std::string> *> NonDifferentiable;
  for (const FormulaEntry *Formula : Sorted) {
    bool NamesOK = true;
    for (const Located<std::string> &Name : Formula->Names) {
      if (!Names.isArgument(Name.Value) ||
          !is_contained(Names.SchemaReturnNames,
                        std::optional<std::string>(Name.Value)))
        continue;
      Diags
          .report(diag::derivatives_ambiguous_name, Name.loc(),
                  "'" + Name.Value +
                      "' is both an argument and a named output "
                      "of '" +
                      F.func().Name.str() +
                      "'; rename one of them in native_functions.yaml")
          .range(Name.Range)
          .note(F.funcLoc(), "declared here", F.Func.Range);
      NamesOK = false;
    }
    if (!NamesOK) {
      OK = false;
      continue;
    }

    if (!Names.isArgument(Formula->Names.front().Value)) {
      if (std::optional<ForwardDerivative> Forward =
              createForwardDerivative(*Formula, F, Names))
        Info.ForwardDerivatives.push_back(std::move(*Forward));
      else
        OK = false;
      continue;
    }

    if (isNonDifferentiableMarker(Formula->Formula.Text)) {
      for (const Located<std::string> &Name : Formula->Names)
        NonDifferentiable.push_back(&Name);
      continue;
    }

    for (const Located<std::string> &Name : drop_begin(Formula->Names)) {
      if (Names.isArgument(Name.Value))
        continue;
      auto Diag = Diags.report(
          diag::derivatives_unknown_argument, Name.loc(),
          "'" + Name.Value + "' is not an argument of '" + F.func().Name.str() +
              "'; arguments: " + joinQuoted(Names.ArgumentNames));
      Diag.range(Name.Range);
      if (std::optional<std::string> Suggestion =
              closestName(Name.Value, Names.ArgumentNames))
        Diag.fixIt(Name.Range, *Suggestion)
            .note(Name.loc(), "did you mean '" + *Suggestion + "'?");
      OK = false;
    }

    for (const Located<std::string> &Name : Formula->Names) {
      if (!WithDerivatives.contains(Name.Value))
        continue;
      const FormulaEntry *Previous = nullptr;
      for (const Derivative &D : Info.Derivatives)
        if (is_contained(D.VarNames, Name.Value))
          Previous = D.Source;
      auto Diag =
          Diags.report(diag::derivatives_duplicate_derivative, Name.loc(),
                       "a second derivative formula for '" + Name.Value + "'");
      Diag.range(Name.Range);
      if (Previous)
        Diag.note(Previous->RawNames.loc(), "the first one is here",
                  Previous->RawNames.Range);
      OK = false;
    }

    FormulaTokens Tokens(Formula->Formula.Text);
    OK &= checkBackwardFormula(*Formula, Tokens, F);

    Derivative D;
    D.Formula = D.OriginalFormula = Formula->Formula.Text;
    D.Source = Formula;
    for (const Located<std::string> &Name : Formula->Names) {
      D.VarNames.push_back(Name.Value);
      WithDerivatives.insert(Name.Value);
    }
    for (const std::string &Name : Info.AvailableNamedGradients)
      if (Tokens.isUsed(Name))
        D.NamedGradients.push_back(Name);
    llvm::sort(D.NamedGradients);

    for (const GradsIndexUse &Use : Tokens.gradsIndexUses()) {
      if (Use.Index < Returns.size())
        continue;
      Diags
          .report(diag::derivatives_grads_out_of_bounds,
                  Formula->Formula.locAt(Use.Begin),
                  "'grads[" + Twine(Use.Index) + "]' is out of bounds: '" +
                      cpp::name(F.func()) + "' returns " +
                      Twine(Returns.size()) +
                      (Returns.size() == 1 ? " output" : " outputs"))
          .range(Formula->Formula.rangeAt(Use.Begin, Use.End))
          .note(F.funcLoc(), "declared here", F.Func.Range);
      OK = false;
    }
    Info.Derivatives.push_back(std::move(D));
    Backward.emplace_back(Formula, std::move(Tokens));
  }
  if (!OK)
    return std::nullopt;

  for (const Located<std::string> *Name : NonDifferentiable) {
    Info.NonDifferentiableArgNames.push_back(Name->Value);
    if (!WithDerivatives.contains(Name->Value))
      continue;
    const FormulaEntry *Owner = nullptr;
    for (const Derivative &D : Info.Derivatives)
      if (is_contained(D.VarNames, Name->Value))
        Owner = D.Source;
    auto Diag = Diags.report(diag::derivatives_overlapping_non_differentiable,
                             Name->loc(),
                             "'" + Name->Value +
                                 "' is marked non_differentiable but also has "
                                 "a derivative formula");
    Diag.range(Name->Range);
    if (Owner)
      Diag.note(Owner->RawNames.loc(), "the formula is here",
                Owner->RawNames.Range);
    OK = false;
  }
  if (!OK)
    return std::nullopt;

  for (const Binding &B : Names.Arguments)
    if (WithDerivatives.contains(B.Name))
      Info.ArgsWithDerivatives.push_back(B);

  if (!postprocessForwardDerivatives(Info, F, Names, DefnName))
    return std::nullopt;
  if (!checkGradUsage(DefnName, Backward, Info.Derivatives))
    return std::nullopt;

  for (const Derivative &D : Info.Derivatives)
    Info.UsedNamedGradients.insert(Info.UsedNamedGradients.end(),
                                   D.NamedGradients.begin(),
                                   D.NamedGradients.end());
  llvm::sort(Info.UsedNamedGradients);
  Info.UsedNamedGradients.erase(std::unique(Info.UsedNamedGradients.begin(), Info.UsedNamedGradients.end()),
                                Info.UsedNamedGradients.end());

  if (Info.hasDerivatives()) {
    std::string Prefix = opPrefixFor(DefnName);
    if (Info.DispatchKey != "Default")
      Prefix += Info.DispatchKey;
    unsigned &Counter = OpCounter[Prefix];
    Info.Op = Prefix + std::to_string(Counter++);
  }
  return Info;
}

std::optional<std::vector<std::string>> InfoBuilder::findRequiredInputs(
    const ForwardDerivative &Derivative, const DifferentiabilityInfo &Info,
    const NativeFunction &F, StringRef DefnName, StringRef Postfix) {
  bool IsForeach = F.rootName().startswith("_foreach_");
  FormulaTokens Tokens(Derivative.Formula);
  std::vector<std::string> Required;
  bool OK = true;
  for (const Binding &Arg : Info.ArgsWithDerivatives) {
    std::string Type = Arg.type();
    bool TensorList =
        Type == "at::TensorList" || Type == "const at::ITensorListRef &";
    // Functions taking a TensorList handle their tangents internally.
    if (TensorList &&
        !(IsForeach && Context.TheProfile.CheckForeachTensorListForwardUses))
      continue;
    std::vector<const FormulaToken *> BaseUses = Tokens.uses(Arg.Name);
    if (!BaseUses.empty()) {
      const FormulaToken *Use = BaseUses.front();
      SMLoc Loc;
      SMRange Range;
      // Generated formulas have no source; point at their key instead.
      if (Derivative.Source && Derivative.Formula ==
                                   Derivative.Source->Formula.Text) {
        Loc = Derivative.Source->Formula.locAt(Use->Offset);
        Range = Derivative.Source->Formula.rangeAt(Use->Offset, Use->end());
      } else if (Derivative.Source) {
        Loc = Derivative.Source->RawNames.loc();
      }
      Diags
          .report(diag::derivatives_forward_base_name, Loc,
                  "the forward formula of '" + DefnName +
                      "' uses the argument '" + Arg.Name +
                      "', which is ambiguous; use '" + Arg.Name +
                      "_p' for its primal value or '" + Arg.Name +
                      "_t' for its tangent")
          .range(Range);
      OK = false;
      continue;
    }
    if (Tokens.isUsed(Arg.Name + Postfix.str()))
      Required.push_back(Arg.Name);
  }
  if (!OK)
    return std::nullopt;
  return Required;
}

bool InfoBuilder::postprocessForwardDerivatives(DifferentiabilityInfo &Info,
                                                const NativeFunction &F,
                                                const FunctionNames &Names,
                                                StringRef DefnName) {
  std::vector<ForwardDerivative> &Forward = Info.ForwardDerivatives;
  for (ForwardDerivative &Derivative : Forward) {
    std::optional<std::vector<std::string>> RequiredTangents =
        findRequiredInputs(Derivative, Info, F, DefnName, "_t");
    if (!RequiredTangents)
      return false;
    SMLoc KeyLoc = Derivative.Source ? Derivative.Source->Formula.range().Start
                                     : SMLoc();
    SMRange KeyRange =
        Derivative.Source ? Derivative.Source->Formula.range() : SMRange();
    if (Derivative.Formula == "auto_element_wise") {
      if (F.func().kind() == SchemaKind::Inplace) {
        Diags
            .report(diag::derivatives_element_wise_inplace, KeyLoc,
                    "auto_element_wise cannot be used for '" +
                        F.func().Name.str() + "' because it is in-place")
            .range(KeyRange);
        return false;
      }
      if (Info.ArgsWithDerivatives.size() != 1 || Forward.size() > 1 ||
          Forward.front().VarNames.size() > 1) {
        Diags
            .report(diag::derivatives_element_wise_arity, KeyLoc,
                    "auto_element_wise only works for functions with a single "
                    "differentiable input and a single differentiable output; "
                    "write the forward formula of '" +
                        DefnName + "' by hand")
            .range(KeyRange);
        return false;
      }
      if (Info.Derivatives.size() != 1) {
        Diags
            .report(diag::derivatives_element_wise_backward, KeyLoc,
                    "auto_element_wise derives the forward formula of '" +
                        DefnName +
                        "' from the backward formula of its input, "
                        "but there is none")
            .range(KeyRange);
        return false;
      }
      // J v = (v^H J)^H for a diagonal Jacobian: reuse the backward formula
      // with grad -> x_t.conj() and each input x -> x_p, conjugated.
      const std::string &InputName = Info.ArgsWithDerivatives.front().Name;
      FormulaTokens Backward(Info.Derivatives.front().OriginalFormula);
      std::string Expanded = replaceIdentifiers(
          Backward, [&](StringRef Name) -> std::optional<std::string> {
            if (Name == "grad")
              return InputName + "_t.conj()";
            for (const Binding &Arg : Info.ArgsWithDerivatives)
              if (Name == Arg.Name)
                return Arg.Name + "_p";
            return std::nullopt;
          });
      Derivative.Formula = "(" + Expanded + ").conj()";
      RequiredTangents = Names.ArgumentNames;
    } else if (Derivative.Formula == "auto_linear") {
      if (Forward.size() > 1 || Forward.front().VarNames.size() > 1) {
        Diags
            .report(diag::derivatives_linear_arity, KeyLoc,
                    "auto_linear only works for functions with a single "
                    "differentiable output; write the forward formula of '" +
                        DefnName + "' by hand")
            .range(KeyRange);
        return false;
      }
      std::vector<std::string> Differentiable;
      for (const Binding &Arg : Info.ArgsWithDerivatives)
        Differentiable.push_back(Arg.Name);
      if (Differentiable.empty()) {
        Diags
            .report(diag::derivatives_linear_no_input, KeyLoc,
                    "auto_linear needs at least one input with a backward "
                    "formula, but '" +
                        DefnName + "' has none")
            .range(KeyRange);
        return false;
      }
      // A linear function's Jacobian-vector product is the function itself
      // applied to the tangents.
      std::vector<std::string> Args;
      for (const std::string &Name : Names.ArgumentNames)
        Args.push_back(is_contained(Differentiable, Name) ? Name + "_t" : Name);
      std::string Callee = DefnName.str();
      if (F.func().hasSymInt())
        Callee += "_symint";
      const VariantSet &Variants = *F.Variants;
      if (Variants.Function) {
        Derivative.Formula = "at::" + Callee + "(" + join(Args, ", ") + ")";
      } else if (Variants.Method) {
        Derivative.Formula =
            Args.front() + "." + Callee + "(" +
            join(ArrayRef<std::string>(Args).drop_front(), ", ") + ")";
      } else {
        Diags
            .report(diag::derivatives_linear_no_variant, KeyLoc,
                    "auto_linear calls '" + DefnName +
                        "' again on the tangents, but it has neither a "
                        "function nor a method variant")
            .range(KeyRange)
            .note(F.funcLoc(), "declared here", F.Func.Range);
        return false;
      }
      RequiredTangents = Differentiable;
    }
    std::optional<std::vector<std::string>> RequiredPrimals =
        findRequiredInputs(Derivative, Info, F, DefnName, "_p");
    if (!RequiredPrimals)
      return false;
    Derivative.RequiredInputsFwGrad = std::move(RequiredTangents);
    Derivative.RequiredInputsPrimal = std::move(RequiredPrimals);
  }
  return true;
}

} // namespace detail
} // namespace gradgen
