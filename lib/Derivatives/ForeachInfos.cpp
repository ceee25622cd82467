//===- ForeachInfos.cpp - Derivatives of _foreach_ functions --------------===//
//
// PyTorch 2.x derives the autograd info of most `_foreach_X` functions from
// the info of `X` (torchgen's gen_foreach_derivativeinfo): gradients and
// results become list elements `grads[i]`, `result[i]`, and list arguments
// are indexed. The substitutions are textual, as in torchgen, because the
// generated code must match its output byte for byte.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Support/PythonString.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace gradgen {

namespace {

bool isInSet(StringRef Name, ArrayRef<StringRef> Set) {
  return is_contained(Set, Name);
}

constexpr StringRef ForeachWithInplaceRef[] = {"_foreach_zero_"};
constexpr StringRef ForeachWithTensorOverload[] = {
    "_foreach_add.Tensor", "_foreach_mul.Tensor", "_foreach_div.Tensor"};
// These do not support the alpha argument their references have.
constexpr StringRef SkipArgumentLengthCheck[] = {
    "_foreach_add.Scalar",     "_foreach_add_.Scalar",
    "_foreach_add.ScalarList", "_foreach_add_.ScalarList",
    "_foreach_sub.Scalar",     "_foreach_sub_.Scalar",
    "_foreach_sub.ScalarList", "_foreach_sub_.ScalarList"};

/// One key of torchgen's {functional,non_functional}_info_by_signature, in
/// insertion order.
struct SignatureEntry {
  FunctionSchema Signature;
  size_t Group;
};

/// F's root name after its last `_foreach_`: the base name of its
/// reference.
StringRef referenceBaseOf(const NativeFunction &F) {
  StringRef Base = F.rootName();
  size_t Last = Base.rfind("_foreach_");
  return Last == StringRef::npos ? Base
                                 : Base.substr(Last + strlen("_foreach_"));
}

/// Whether Reference is F's, given F's referenceBaseOf.
bool isReferenceForForeach(const NativeFunction &F, StringRef ReferenceBase,
                           const FunctionSchema &Reference) {
  if (ReferenceBase != Reference.Name.Name.Base)
    return false;
  std::string Name = F.func().Name.str();
  if (Reference.Name.Name.Inplace && !isInSet(Name, ForeachWithInplaceRef))
    return false;
  ArgumentRefs Args = F.func().Args.flatNonOut();
  ArgumentRefs RefArgs = Reference.Args.flatNonOut();
  if (!isInSet(Name, SkipArgumentLengthCheck) && Args.size() != RefArgs.size())
    return false;
  for (size_t I = 0, E = std::min(Args.size(), RefArgs.size()); I < E; ++I) {
    const Type *T = Args[I]->Ty;
    const Type *Element =
        (T->isList() || T->isOptional()) ? T->getElement() : nullptr;
    if (RefArgs[I]->Ty != T && RefArgs[I]->Ty != Element)
      return false;
  }
  return true;
}

class ForeachGenerator {
public:
  ForeachGenerator(DerivativesDatabase &Database,
                   const DerivativesContext &Context)
      : Database(Database), Context(Context), Diags(Context.Diags) {
    // Signatures compared as strings (the index keeps them between runs);
    // the schemas are made for the keys only.
    StringMap<size_t> FunctionalIndex, NonFunctionalIndex;
    for (size_t I = 0; I < Database.Groups.size(); ++I) {
      const NativeFunction &F = *Database.Groups[I].Func;
      bool IsFunctional = F.func().kind() == SchemaKind::Functional;
      auto &Table = IsFunctional ? Functional : NonFunctional;
      auto &Index = IsFunctional ? FunctionalIndex : NonFunctionalIndex;
      auto [It, New] =
          Index.try_emplace(Context.Index.strippedSignature(F), Table.size());
      if (!New) {
        Table[It->second].Group = I;
        continue;
      }
      Table.push_back(
          {F.func().signature(SignatureOptions{/*StripDefault=*/true}), I});
    }
    for (const auto &Entry : NonFunctionalIndex)
      NonFunctionalSignatures.insert(Entry.first());
  }

  void run(ArrayRef<const NativeFunction *> SortedFunctions) {
    for (const NativeFunction *F : SortedFunctions) {
      if (!F->rootName().startswith("_foreach_"))
        continue;
      if (F->hasTag("generated") && F->func().kind() == SchemaKind::Out)
        continue;
      if (Database.lookup(*F))
        continue;
      if (F->hasTag("generated") &&
          NonFunctionalSignatures.contains(
              Context.Index.strippedSignature(*F)))
        continue;
      generate(*F);
    }
  }

private:
  /// The first reference info in Table for F, as torchgen's loop over
  /// {non_,}functional_info_by_signature finds it.
  const DifferentiabilityInfo *
  findReferenceIn(ArrayRef<SignatureEntry> Table, const NativeFunction &F,
                  const FunctionSchema *&Schema, size_t &Group) {
    StringRef ReferenceBase = referenceBaseOf(F);
    for (const SignatureEntry &Entry : Table) {
      if (!isReferenceForForeach(F, ReferenceBase, Entry.Signature))
        continue;
      if (const DifferentiabilityInfo *Info =
              Database.Groups[Entry.Group].lookup("Default")) {
        Schema = &Entry.Signature;
        Group = Entry.Group;
        return Info;
      }
    }
    return nullptr;
  }

  const DifferentiabilityInfo *findReference(const NativeFunction &F,
                                             const FunctionSchema *&Schema,
                                             size_t &Group) {
    if (const DifferentiabilityInfo *Info =
            findReferenceIn(Functional, F, Schema, Group))
      return Info;
    // `_foreach_zero_` refers to the in-place `zero_`.
    if (F.func().kind() == SchemaKind::Inplace &&
        isInSet(F.func().Name.str(), ForeachWithInplaceRef))
      return findReferenceIn(NonFunctional, F, Schema, Group);
    return nullptr;
  }

  /// What deriving the info of one foreach function F from its reference
  /// info Ref needs: the reference's argument names mapped to F's, position
  /// by position, and F's arguments by name.
  struct Derivation {
    const NativeFunction &F;
    const DifferentiabilityInfo &Ref;
    CppArgumentContext ArgContext;
    StringMap<std::string> RefArgToForeachArg;
    StringMap<const Argument *> ArgByName;

    Derivation(const NativeFunction &F, const DifferentiabilityInfo &Ref,
               const FunctionSchema &RefSchema)
        : F(F), Ref(Ref) {
      ArgContext.UseConstRefForMutableTensors =
          *F.UseConstRefForMutableTensors;
      ArgContext.UseIListRefForTensorLists = F.partOfStructuredGroup();
      ArgumentRefs Args = F.func().Args.flatNonOut();
      ArgumentRefs RefArgs = RefSchema.Args.flatNonOut();
      for (size_t I = 0, E = std::min(Args.size(), RefArgs.size()); I < E;
           ++I) {
        RefArgToForeachArg[RefArgs[I]->Name] = Args[I]->Name;
        ArgByName[Args[I]->Name] = Args[I];
      }
    }
  };

  void generate(const NativeFunction &F) {
    const FunctionSchema *RefSchema = nullptr;
    size_t RefGroup = 0;
    const DifferentiabilityInfo *Ref = findReference(F, RefSchema, RefGroup);
    if (!Ref)
      return;
    // In-place foreach functions use their reference's info as it is.
    if (F.func().kind() == SchemaKind::Inplace) {
      Database.ForeachReferences.push_back({&F, RefGroup});
      return;
    }
    Derivation From(F, *Ref, *RefSchema);

    DifferentiabilityInfo Info;
    Info.Name = F.rootName().str();
    Info.Func = &F;
    Info.Op = "Foreach" + Ref->Op.value_or("") + F.func().Name.OverloadName;
    Info.Origin = InfoOrigin::GeneratedForeach;
    Info.DispatchKey = "Default";

    std::vector<std::string> AllVarNames;
    for (const Derivative &RefDerivative : Ref->Derivatives) {
      std::optional<Derivative> D = deriveBackward(From, RefDerivative);
      if (!D)
        return;
      append_range(AllVarNames, D->VarNames);
      Info.Derivatives.push_back(std::move(*D));
    }
    Info.ArgsWithDerivatives = argumentsWithDerivatives(From, AllVarNames);
    if (!deriveForward(F, *Ref, Info))
      return;
    collectSavedAttributes(Info);

    InfoGroup Group;
    Group.Func = &F;
    Group.Infos.push_back(std::move(Info));
    Database.Groups.push_back(std::move(Group));
  }

  /// RefDerivative for the elements of the lists: `grads[i]`, `result[i]`,
  /// and the reference's arguments renamed to the foreach function's.
  /// Nothing after reporting why it cannot be derived.
  std::optional<Derivative> deriveBackward(const Derivation &From,
                                           const Derivative &RefDerivative) {
    Derivative D;
    D.OriginalFormula = RefDerivative.Formula;
    std::string Formula = python::replace(
        python::replace(RefDerivative.Formula, "grad", "grads[i]"), "result",
        "result[i]");
    for (const SavedAttribute &RefInput : RefDerivative.SavedInputs)
      if (!deriveSavedInput(From, RefInput, Formula, D))
        return std::nullopt;
    for (const SavedAttribute &RefOutput : RefDerivative.SavedOutputs) {
      if (RefOutput.name() != "result") {
        Diags.report(diag::derivatives_foreach_saved_output,
                     From.Ref.Entry ? From.Ref.Entry->Name.loc() : SMLoc(),
                     "cannot derive the info of '" + From.F.func().str() +
                         "': its reference saves the output '" +
                         RefOutput.name() +
                         "', and only 'result' can "
                         "become a list");
        return std::nullopt;
      }
      D.SavedOutputs.push_back({NamedCType{ArgName{"result", false},
                                           CType::base(ctypes::TensorListT)},
                                "result"});
    }
    for (const std::string &Var : RefDerivative.VarNames) {
      auto Mapped = From.RefArgToForeachArg.find(Var);
      if (Mapped == From.RefArgToForeachArg.end()) {
        reportUnmappable(From.F, From.Ref, Var);
        return std::nullopt;
      }
      D.VarNames.push_back(Mapped->second);
    }
    D.Formula = std::move(Formula);
    return D;
  }

  /// Saves, in D, the foreach argument that the reference's saved input
  /// RefInput maps to (its element if a list), and renames RefInput in
  /// Formula. False after reporting why it cannot be mapped.
  bool deriveSavedInput(const Derivation &From, const SavedAttribute &RefInput,
                        std::string &Formula, Derivative &D) {
    StringRef JitName = StringRef(RefInput.Expr).split('.').first;
    auto Mapped = From.RefArgToForeachArg.find(JitName);
    if (Mapped == From.RefArgToForeachArg.end()) {
      reportUnmappable(From.F, From.Ref, JitName);
      return false;
    }
    const std::string &MappedName = Mapped->second;
    const Argument *Arg = From.ArgByName.lookup(MappedName);
    std::string MappedExpr =
        Arg->Ty->isList() ? MappedName + "[i]" : MappedName;
    std::string NewExpr = python::replace(RefInput.Expr, JitName, MappedExpr);
    Formula = python::replace(Formula, RefInput.name(), NewExpr);
    std::optional<NamedCType> NCType =
        cpp::argumentType(*Arg, ArgName{MappedName, false},
                          /*SymInt=*/false, From.ArgContext, Context.CppOptions);
    if (!NCType) {
      reportUnmappable(From.F, From.Ref, JitName);
      return false;
    }
    D.SavedInputs.push_back({NCType->removeConstRef(), MappedName});
    return true;
  }

  /// The foreach function's arguments that some backward formula
  /// differentiates (VarNames), in argument order.
  std::vector<Binding>
  argumentsWithDerivatives(const Derivation &From,
                           ArrayRef<std::string> VarNames) {
    std::vector<Binding> Result;
    for (const Argument *Arg : From.F.func().Args.flatNonOut()) {
      if (!is_contained(VarNames, Arg->Name))
        continue;
      std::optional<NamedCType> NCType =
          cpp::argumentType(*Arg, ArgName{Arg->Name, false}, /*SymInt=*/false,
                            From.ArgContext, Context.CppOptions);
      if (!NCType)
        continue;
      Binding B{Arg->Name, *NCType, ArgumentItem{}, std::nullopt};
      B.Arg.Arg = Arg;
      Result.push_back(std::move(B));
    }
    return Result;
  }

  static void collectSavedAttributes(DifferentiabilityInfo &Info) {
    // torchgen keeps a set; the emitter sorts by name, so only uniqueness
    // matters here.
    for (const Derivative &D : Info.Derivatives) {
      for (const SavedAttribute &S : D.SavedInputs)
        addUnique(Info.AllSavedInputs, S);
      for (const SavedAttribute &S : D.SavedOutputs)
        addUnique(Info.AllSavedOutputs, S);
    }
  }

  bool deriveForward(const NativeFunction &F, const DifferentiabilityInfo &Ref,
                     DifferentiabilityInfo &Info) {
    ArgumentRefs Args = F.func().Args.flatNonOut();
    ArgumentRefs RefArgs = Ref.Func->func().Args.flatNonOut();
    bool TensorOverload =
        isInSet(F.func().Name.str(), ForeachWithTensorOverload);
    for (const ForwardDerivative &RefForward : Ref.ForwardDerivatives) {
      ForwardDerivative Forward = RefForward;
      Forward.Source = nullptr;
      std::vector<std::string> FwGrad =
          RefForward.RequiredInputsFwGrad.value_or(std::vector<std::string>());
      std::vector<std::string> Primal =
          RefForward.RequiredInputsPrimal.value_or(std::vector<std::string>());
      std::string Formula = RefForward.Formula;
      if (StringRef(Formula).contains("result"))
        Formula = python::replace(Formula, "result", "result[i]");
      for (size_t I = 0, E = std::min(Args.size(), RefArgs.size()); I < E;
           ++I) {
        const Argument &Arg = *Args[I];
        const Argument &RefArg = *RefArgs[I];
        if (Arg.Ty->isList() && !Arg.Ty->isTensorLike()) {
          Formula = python::replace(Formula, RefArg.Name, Arg.Name + "[i]");
        } else if (Arg.Ty->isTensorLike()) {
          if (!Arg.Ty->isList() &&
              !(Arg.Ty->isBase(BaseTy::Tensor) && TensorOverload)) {
            Diags.report(diag::derivatives_foreach_argument, F.funcLoc(),
                         "cannot derive the forward formula of '" +
                             F.func().Name.str() + "': its argument '" +
                             Arg.Name + "' of type " + Arg.Ty->str() +
                             " is a tensor but not a list");
            return false;
          }
          for (StringRef Suffix : {"_p", "_t"}) {
            std::string Current = RefArg.Name + Suffix.str();
            if (StringRef(Formula).contains(Current))
              Formula =
                  python::replace(Formula, Current, Arg.Name + Suffix.str());
          }
        } else if (Arg.Name != RefArg.Name) {
          Formula = python::replace(Formula, RefArg.Name, Arg.Name);
        }
        for (size_t V = 0; V < Forward.VarNames.size(); ++V)
          if (Forward.VarNames[V] == RefArg.Name) {
            Forward.VarNames[V] = Arg.Name;
            Forward.VarTypes[V] = Arg.Ty;
          }
        for (std::string &Name : FwGrad)
          if (Name == RefArg.Name)
            Name = Arg.Name;
        for (std::string &Name : Primal)
          if (Name == RefArg.Name)
            Name = Arg.Name;
      }
      Forward.Formula = std::move(Formula);
      Forward.RequiredInputsFwGrad = std::move(FwGrad);
      Forward.RequiredInputsPrimal = std::move(Primal);
      Info.ForwardDerivatives.push_back(std::move(Forward));
    }
    return true;
  }

  static void addUnique(std::vector<SavedAttribute> &List,
                        const SavedAttribute &S) {
    for (const SavedAttribute &Existing : List)
      if (Existing.name() == S.name() && Existing.Expr == S.Expr &&
          Existing.NCType.Type == S.NCType.Type)
        return;
    List.push_back(S);
  }

  void reportUnmappable(const NativeFunction &F,
                        const DifferentiabilityInfo &Ref, StringRef Name) {
    Diags
        .report(diag::derivatives_foreach_mapping,
                Ref.Entry ? Ref.Entry->Name.loc() : SMLoc(),
                "cannot derive the info of '" + F.func().str() + "' from '" +
                    Ref.Func->func().str() + "': '" + Name +
                    "' has no counterpart among its arguments")
        .note(F.funcLoc(), "declared here", F.Func.Range);
  }

  DerivativesDatabase &Database;
  const DerivativesContext &Context;
  DiagnosticEngine &Diags;
  std::vector<SignatureEntry> Functional;
  std::vector<SignatureEntry> NonFunctional;
  StringSet<> NonFunctionalSignatures;
};

} // namespace

bool generateForeachInfos(DerivativesDatabase &Database,
                          ArrayRef<const NativeFunction *> SortedFunctions,
                          const DerivativesContext &Context) {
  unsigned ErrorsBefore = Context.Diags.getNumErrors();
  ForeachGenerator(Database, Context).run(SortedFunctions);
  return Context.Diags.getNumErrors() == ErrorsBefore;
}

} // namespace gradgen
