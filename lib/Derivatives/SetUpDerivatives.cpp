//===- SetUpDerivatives.cpp - The formulas of one dispatch block ----------===//
//
// torchgen's set_up_derivatives, create_derivative,
// create_forward_derivative and postprocess_forward_derivatives.
//
//===----------------------------------------------------------------------===//

#include "InfoBuilder.h"

#include "gradgen/Derivatives/DerivativesOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace gradgen {
namespace detail {

static bool isNonDifferentiableMarker(StringRef Formula) {
  return Formula.trim().equals_insensitive("non_differentiable");
}

/// The `grad_<name>` of each named differentiable output, as torchgen zips
/// the returns with output_differentiability.
static std::vector<std::string> availableNamedGradients(
    const NativeFunction &F,
    const std::optional<std::vector<bool>> &OutputDifferentiability) {
  std::vector<std::string> Result;
  const std::vector<Return> &Returns = F.func().Returns;
  for (size_t I = 0; I < Returns.size(); ++I) {
    // zip() stops at the shorter list.
    if (OutputDifferentiability && I >= OutputDifferentiability->size())
      break;
    bool Differentiable =
        !OutputDifferentiability || (*OutputDifferentiability)[I];
    if (Differentiable && Returns[I].Name && Returns[I].Ty->isTensorLike())
      Result.push_back("grad_" + *Returns[I].Name);
  }
  return Result;
}

/// The (last) backward formula of Info that computes the gradient of Name.
static const FormulaEntry *formulaFor(const DifferentiabilityInfo &Info,
                                      StringRef Name) {
  const FormulaEntry *Result = nullptr;
  for (const Derivative &D : Info.Derivatives)
    if (is_contained(D.VarNames, Name))
      Result = D.Source;
  return Result;
}

/// Reports each name of the key that is both an argument and a named output.
static bool checkUnambiguousNames(const FormulaEntry &Formula,
                                  const NativeFunction &F,
                                  const FunctionNames &Names,
                                  DiagnosticEngine &Diags) {
  bool OK = true;
  for (const Located<std::string> &Name : Formula.Names) {
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
    OK = false;
  }
  return OK;
}

/// The backward formula of Formula, whose first name is an argument: every
/// other name must be one, and none may have a formula already.
static bool checkBackwardNames(const FormulaEntry &Formula,
                               const DifferentiabilityInfo &Info,
                               const StringSet<> &WithDerivatives,
                               const NativeFunction &F,
                               const FunctionNames &Names,
                               DiagnosticEngine &Diags) {
  bool OK = true;
  for (const Located<std::string> &Name : drop_begin(Formula.Names)) {
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
  for (const Located<std::string> &Name : Formula.Names) {
    if (!WithDerivatives.contains(Name.Value))
      continue;
    const FormulaEntry *Previous = formulaFor(Info, Name.Value);
    auto Diag =
        Diags.report(diag::derivatives_duplicate_derivative, Name.loc(),
                     "a second derivative formula for '" + Name.Value + "'");
    Diag.range(Name.Range);
    if (Previous)
      Diag.note(Previous->RawNames.loc(), "the first one is here",
                Previous->RawNames.Range);
    OK = false;
  }
  return OK;
}

/// Reports each `grads[i]` of the formula beyond the outputs of F.
static bool checkGradsIndexes(const FormulaEntry &Formula,
                              const FormulaTokens &Tokens,
                              const NativeFunction &F,
                              DiagnosticEngine &Diags) {
  bool OK = true;
  size_t NumReturns = F.func().Returns.size();
  for (const GradsIndexUse &Use : Tokens.gradsIndexUses()) {
    if (Use.Index < NumReturns)
      continue;
    Diags
        .report(diag::derivatives_grads_out_of_bounds,
                Formula.Formula.locAt(Use.Begin),
                "'grads[" + Twine(Use.Index) + "]' is out of bounds: '" +
                    cpp::name(F.func()) + "' returns " + Twine(NumReturns) +
                    (NumReturns == 1 ? " output" : " outputs"))
        .range(Formula.Formula.rangeAt(Use.Begin, Use.End))
        .note(F.funcLoc(), "declared here", F.Func.Range);
    OK = false;
  }
  return OK;
}

/// Records the names marked non_differentiable; none may have a formula.
static bool
addNonDifferentiable(ArrayRef<const Located<std::string> *> NonDifferentiable,
                     const StringSet<> &WithDerivatives,
                     DifferentiabilityInfo &Info, DiagnosticEngine &Diags) {
  bool OK = true;
  for (const Located<std::string> *Name : NonDifferentiable) {
    Info.NonDifferentiableArgNames.push_back(Name->Value);
    if (!WithDerivatives.contains(Name->Value))
      continue;
    const FormulaEntry *Owner = formulaFor(Info, Name->Value);
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
  return OK;
}

/// The formulas of a block in torchgen's order: sorted by their key.
static std::vector<const FormulaEntry *>
sortedByKey(ArrayRef<FormulaEntry> Formulas) {
  std::vector<const FormulaEntry *> Sorted;
  for (const FormulaEntry &Formula : Formulas)
    Sorted.push_back(&Formula);
  llvm::stable_sort(Sorted, [](const FormulaEntry *A, const FormulaEntry *B) {
    return A->RawNames.Value < B->RawNames.Value;
  });
  return Sorted;
}

/// The backward formula of Formula, with the named gradients it uses.
static Derivative backwardDerivative(const FormulaEntry &Formula,
                                     const FormulaTokens &Tokens,
                                     ArrayRef<std::string> NamedGradients) {
  Derivative D;
  D.Formula = D.OriginalFormula = Formula.Formula.Text;
  D.Source = &Formula;
  for (const Located<std::string> &Name : Formula.Names)
    D.VarNames.push_back(Name.Value);
  for (const std::string &Name : NamedGradients)
    if (Tokens.isUsed(Name))
      D.NamedGradients.push_back(Name);
  llvm::sort(D.NamedGradients);
  return D;
}

/// The named gradients any formula uses, sorted and unique.
static std::vector<std::string>
usedNamedGradients(ArrayRef<Derivative> Derivatives) {
  std::vector<std::string> Result;
  for (const Derivative &D : Derivatives)
    llvm::append_range(Result, D.NamedGradients);
  llvm::sort(Result);
  Result.erase(std::unique(Result.begin(), Result.end()), Result.end());
  return Result;
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

  Info.AvailableNamedGradients =
      availableNamedGradients(F, OutputDifferentiability);

  bool OK = true;
  std::vector<std::pair<const FormulaEntry *, FormulaTokens>> Backward;
  StringSet<> WithDerivatives;
  std::vector<const Located<std::string> *> NonDifferentiable;
  for (const FormulaEntry *Formula : sortedByKey(Block.Formulas)) {
    if (!checkUnambiguousNames(*Formula, F, Names, Diags)) {
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

    OK &= checkBackwardNames(*Formula, Info, WithDerivatives, F, Names, Diags);

    FormulaTokens Tokens(Formula->Formula.Text);
    OK &= checkBackwardFormula(*Formula, Tokens, F);

    OK &= checkGradsIndexes(*Formula, Tokens, F, Diags);
    for (const Located<std::string> &Name : Formula->Names)
      WithDerivatives.insert(Name.Value);
    Info.Derivatives.push_back(
        backwardDerivative(*Formula, Tokens, Info.AvailableNamedGradients));
    Backward.emplace_back(Formula, std::move(Tokens));
  }
  if (!OK)
    return std::nullopt;

  if (!addNonDifferentiable(NonDifferentiable, WithDerivatives, Info, Diags))
    return std::nullopt;

  for (const Binding &B : Names.Arguments)
    if (WithDerivatives.contains(B.Name))
      Info.ArgsWithDerivatives.push_back(B);

  if (!postprocessForwardDerivatives(Info, F, Names, DefnName))
    return std::nullopt;
  if (!checkGradUsage(DefnName, Backward, Info.Derivatives))
    return std::nullopt;

  Info.UsedNamedGradients = usedNamedGradients(Info.Derivatives);

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
    const ForwardDerivative &Derivative, const FormulaTokens &Tokens,
    const DifferentiabilityInfo &Info, const NativeFunction &F,
    StringRef DefnName, StringRef Postfix) {
  bool IsForeach = F.rootName().startswith("_foreach_");
  std::vector<std::string> Required;
  bool OK = true;
  for (const Binding &Arg : Info.ArgsWithDerivatives) {
    std::string Type = Arg.type();
    bool TensorList =
        Type == "at::TensorList" || Type == "const at::ITensorListRef &";
    // Functions taking a TensorList handle their tangents internally.
    if (TensorList && !(IsForeach && DerivativesOptions::of(Context.TheProfile)
                                         .CheckForeachTensorListForwardUses))
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

/// auto_element_wise: the forward formula of a function with one
/// differentiable input and output, from the backward formula of its input.
/// Returns the tangents it needs, or std::nullopt after reporting.
static std::optional<std::vector<std::string>>
expandAutoElementWise(ForwardDerivative &Derivative,
                      const DifferentiabilityInfo &Info,
                      const NativeFunction &F, const FunctionNames &Names,
                      StringRef DefnName, DiagnosticEngine &Diags) {
  const std::vector<ForwardDerivative> &Forward = Info.ForwardDerivatives;
  SMLoc KeyLoc = Derivative.Source ? Derivative.Source->Formula.range().Start
                                   : SMLoc();
  SMRange KeyRange =
      Derivative.Source ? Derivative.Source->Formula.range() : SMRange();
  if (F.func().kind() == SchemaKind::Inplace) {
    Diags
        .report(diag::derivatives_element_wise_inplace, KeyLoc,
                "auto_element_wise cannot be used for '" +
                    F.func().Name.str() + "' because it is in-place")
        .range(KeyRange);
    return std::nullopt;
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
    return std::nullopt;
  }
  if (Info.Derivatives.size() != 1) {
    Diags
        .report(diag::derivatives_element_wise_backward, KeyLoc,
                "auto_element_wise derives the forward formula of '" +
                    DefnName +
                    "' from the backward formula of its input, "
                    "but there is none")
        .range(KeyRange);
    return std::nullopt;
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
  return Names.ArgumentNames;
}

/// auto_linear: the function itself applied to the tangents. Returns the
/// tangents it needs, or std::nullopt after reporting.
static std::optional<std::vector<std::string>>
expandAutoLinear(ForwardDerivative &Derivative,
                 const DifferentiabilityInfo &Info, const NativeFunction &F,
                 const FunctionNames &Names, StringRef DefnName,
                 DiagnosticEngine &Diags) {
  const std::vector<ForwardDerivative> &Forward = Info.ForwardDerivatives;
  SMLoc KeyLoc = Derivative.Source ? Derivative.Source->Formula.range().Start
                                   : SMLoc();
  SMRange KeyRange =
      Derivative.Source ? Derivative.Source->Formula.range() : SMRange();
  if (Forward.size() > 1 || Forward.front().VarNames.size() > 1) {
    Diags
        .report(diag::derivatives_linear_arity, KeyLoc,
                "auto_linear only works for functions with a single "
                "differentiable output; write the forward formula of '" +
                    DefnName + "' by hand")
        .range(KeyRange);
    return std::nullopt;
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
    return std::nullopt;
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
    return std::nullopt;
  }
  return Differentiable;
}

bool InfoBuilder::postprocessForwardDerivatives(DifferentiabilityInfo &Info,
                                                const NativeFunction &F,
                                                const FunctionNames &Names,
                                                StringRef DefnName) {
  std::vector<ForwardDerivative> &Forward = Info.ForwardDerivatives;
  for (ForwardDerivative &Derivative : Forward) {
    std::optional<FormulaTokens> Tokens(std::in_place, Derivative.Formula);
    std::optional<std::vector<std::string>> RequiredTangents =
        findRequiredInputs(Derivative, *Tokens, Info, F, DefnName, "_t");
    if (!RequiredTangents)
      return false;
    if (Derivative.Formula == "auto_element_wise" ||
        Derivative.Formula == "auto_linear") {
      RequiredTangents =
          Derivative.Formula == "auto_element_wise"
              ? expandAutoElementWise(Derivative, Info, F, Names, DefnName,
                                      Diags)
              : expandAutoLinear(Derivative, Info, F, Names, DefnName, Diags);
      if (!RequiredTangents)
        return false;
      // The primals are those of the expanded formula.
      Tokens.emplace(Derivative.Formula);
    }
    std::optional<std::vector<std::string>> RequiredPrimals =
        findRequiredInputs(Derivative, *Tokens, Info, F, DefnName, "_p");
    if (!RequiredPrimals)
      return false;
    Derivative.RequiredInputsFwGrad = std::move(RequiredTangents);
    Derivative.RequiredInputsPrimal = std::move(RequiredPrimals);
  }
  return true;
}

} // namespace detail
} // namespace gradgen
