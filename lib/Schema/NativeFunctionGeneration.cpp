//===- NativeFunctionGeneration.cpp - Variants torchgen generates ---------===//
//
// torchgen's add_generated_native_functions: for each group of functions that
// share a signature, an out= variant when `autogen:` asks for one, and a
// functional variant when the group has an out= variant but no functional
// one. The generated functions exist only in torchgen's model, but
// derivatives.yaml may name them (2.x's rrelu_with_noise_functional).
//
//===----------------------------------------------------------------------===//

#include "NativeFunctionReader.h"
#include "SignatureGroups.h"

#include "gradgen/Schema/CppAPI.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen {

namespace {

using KindMap = SmallVector<std::pair<SchemaKind, NativeFunction *>, 4>;

NativeFunction *findKind(const KindMap &Group, SchemaKind Kind) {
  for (const auto &[K, F] : Group)
    if (K == Kind)
      return F;
  return nullptr;
}

std::string expectedOutOverloadName(StringRef Overload) {
  return Overload.empty() ? std::string("out") : (Overload + "_out").str();
}

/// generate_out_args_from_schema: one mutable out argument per tensor-like
/// return, named with alias sets the schema does not use yet.
std::pair<std::vector<Return>, std::vector<Argument>>
generateOutArgs(const FunctionSchema &Func) {
  std::string Used;
  for (const Argument *A : Func.Args.flatAll())
    if (A->Annot)
      for (const std::string &Set : A->Annot->AliasSet)
        Used += Set;
  std::string Valid;
  for (char C = 'a'; C <= 'z'; ++C)
    if (Used.find(C) == std::string::npos)
      Valid += C;
  bool AllTensors = all_of(Func.Returns, [](const Return &R) {
    return R.Ty->isBase(BaseTy::Tensor);
  });

  std::vector<Return> NewReturns;
  std::vector<Argument> NewOut;
  for (auto [I, R] : enumerate(Func.Returns)) {
    if (!R.Ty->isTensorLike()) {
      NewReturns.push_back(R);
      continue;
    }
    Argument Out;
    Out.Name = Func.Returns.size() == 1 ? "out" : "out" + std::to_string(I);
    Out.Ty = R.Ty;
    Out.Annot = Annotation{{std::string(1, Valid[I])}, true, {}};
    if (AllTensors) {
      Return Aliased;
      Aliased.Ty = Out.Ty;
      Aliased.Annot = Out.Annot;
      NewReturns.push_back(std::move(Aliased));
    }
    NewOut.push_back(std::move(Out));
  }
  return {std::move(NewReturns), std::move(NewOut)};
}

FunctionSchema outSignature(const FunctionSchema &Func) {
  FunctionSchema Result;
  switch (Func.kind()) {
  case SchemaKind::Inplace: {
    // self_to_out_signature: `self` becomes the out argument.
    Result.Name = Func.Name.removeInplace().withOverload(
        expectedOutOverloadName(Func.Name.OverloadName));
    Argument Out;
    Out.Name = "out";
    Out.Ty = Func.Args.SelfArg->Ty;
    Out.Annot = Func.Args.SelfArg->Annot;
    Result.Args = Func.Args.removeSelfAnnotation().withOutArgs({Out});
    Result.Returns = Func.Returns;
    for (Return &R : Result.Returns)
      R.Range = SMRange();
    break;
  }
  case SchemaKind::Mutable: {
    auto [Returns, Out] = generateOutArgs(Func);
    Result.Name = Func.Name.removeInplace().withOverload(
        expectedOutOverloadName(Func.Name.OverloadName));
    Result.Args = Func.Args.withOutArgs(std::move(Out));
    Result.Returns = std::move(Returns);
    break;
  }
  default: {
    auto [Returns, Out] = generateOutArgs(Func);
    Result.Name =
        Func.Name.withOverload(expectedOutOverloadName(Func.Name.OverloadName));
    Result.Args = Func.Args.signature().withOutArgs(std::move(Out));
    Result.Returns = std::move(Returns);
    break;
  }
  }
  return Result;
}

FunctionSchema functionalSignature(const FunctionSchema &Func) {
  SignatureOptions Options;
  Options.KeepReturnNames = true;
  FunctionSchema Result = Func.signature(Options);
  OperatorName Name;
  Name.Name.Base = Func.Name.Name.Base;
  Name.Name.DunderMethod = Func.Name.Name.DunderMethod;
  Name.Name.FunctionalOverload = Func.kind() == SchemaKind::Mutable;
  Name.OverloadName = Func.Name.OverloadName;
  return Result.withName(std::move(Name));
}

/// generate_function: a new NativeFunction of kind Kind built from F.
std::unique_ptr<NativeFunction> generateFunction(const NativeFunction &F,
                                                 SchemaKind Kind,
                                                 const SchemaOptions &Options) {
  auto G = std::make_unique<NativeFunction>();
  G->Func.Value = Kind == SchemaKind::Functional ? functionalSignature(F.func())
                                                 : outSignature(F.func());
  // Notes about a generated function point at the entry it came from.
  G->Func.Range = F.Func.Range;
  G->Loc = F.Loc;
  G->GeneratedFrom = &F;
  G->Namespace = F.Namespace;
  G->UseConstRefForMutableTensors = *F.UseConstRefForMutableTensors;
  G->Variants = Located<VariantSet>(VariantSet{true, false});
  G->DeviceGuard = false;
  G->DeviceCheck = DeviceCheckType::NoCheck;

  const FunctionSchema &Func = G->func();
  std::string Kernel = Func.kind() == SchemaKind::Out
                           ? Func.Name.unambiguousName()
                           : cpp::name(Func);
  if (F.func().hasSymInt())
    Kernel += "_symint";
  G->Dispatch.push_back(
      {"CompositeExplicitAutograd", Kernel, false, "at::native", SMRange()});
  computeDispatchFlags(*G);
  G->IsAbstract = F.IsAbstract;

  G->Tags.push_back(Located<std::string>("generated"));
  for (StringRef Kept :
       {"nondeterministic_seeded", "view_copy", "pt2_compliant_tag"}) {
    if (Kept != "nondeterministic_seeded" && !Options.GeneratedTagsFollowKind)
      continue;
    if (F.hasTag(Kept))
      G->Tags.push_back(Located<std::string>(Kept.str()));
  }
  if (Options.GeneratedTagsFollowKind && Options.OutAndInplaceTags) {
    if (Func.isOutFn())
      G->Tags.push_back(Located<std::string>("out"));
    if (Func.Name.Name.Inplace)
      G->Tags.push_back(Located<std::string>("inplace"));
  }
  G->IsViewOp = computeIsViewOp(*G, Options);
  return G;
}

} // namespace

void addGeneratedNativeFunctions(
    std::vector<std::unique_ptr<NativeFunction>> &Functions,
    const SchemaOptions &Options, DiagnosticEngine &Diags) {
  // pre_group_native_functions: by signature, in order of first appearance.
  SignatureGroups<KindMap> Groups;
  for (const std::unique_ptr<NativeFunction> &F : Functions) {
    F->Signature = F->func().signatureStr();
    KindMap &Group = Groups[F->Signature];
    SchemaKind Kind = F->func().kind();
    if (NativeFunction *Other = findKind(Group, Kind)) {
      Diags
          .report(diag::native_duplicate_kind, F->funcLoc(),
                  "'" + F->func().Name.str() + "' and '" +
                      Other->func().Name.str() +
                      "' have the same signature and are both " +
                      schemaKindName(Kind))
          .range(F->Func.Range)
          .note(Other->funcLoc(), "'" + Other->func().Name.str() + "' is here");
      continue;
    }
    Group.push_back({Kind, F.get()});
  }

  for (KindMap &Group : Groups) {
    NativeFunction *Functional = findKind(Group, SchemaKind::Functional);
    NativeFunction *Inplace = findKind(Group, SchemaKind::Inplace);
    NativeFunction *Mutable = findKind(Group, SchemaKind::Mutable);
    NativeFunction *Out = findKind(Group, SchemaKind::Out);
    if (!Functional && !Inplace && !Mutable && !Out)
      continue; // Scratch functions only.

    auto Members = make_second_range(Group);
    bool IsCore = any_of(
        Members, [](const NativeFunction *F) { return F->hasTag("core"); });
    bool AreManual = all_of(
        Members, [](const NativeFunction *F) { return *F->ManualCppBinding; });
    bool HasViewOps = any_of(Members, [&](const NativeFunction *F) {
      return F->IsViewOp &&
             !(Options.SetIsNotView && F->func().Name.Name.str() == "set_");
    });
    bool AreCompositeImplicit = all_of(Members, [](const NativeFunction *F) {
      return F->HasCompositeImplicitAutogradKernel;
    });
    if (AreManual || HasViewOps ||
        (AreCompositeImplicit &&
         !(Options.GenerateForCoreComposites && IsCore)))
      continue;
    if (Out && Group.size() == 1)
      continue;
    if (Inplace && Inplace->func().Name.str() == "polygamma_")
      continue;

    NativeFunction *Base = Options.PreferMutableBase ? (Mutable   ? Mutable
                                                        : Inplace ? Inplace
                                                        : Out     ? Out
                                                                  : Functional)
                                                     : (Inplace   ? Inplace
                                                        : Mutable ? Mutable
                                                        : Out     ? Out
                                                                  : Functional);
    bool BaseValid = Base->func().kind() == SchemaKind::Inplace ||
                     any_of(Base->func().Returns, [](const Return &R) {
                       return R.Ty->isTensorLike();
                     });
    bool NeedsOut = any_of(Base->Autogen, [](const Located<OperatorName> &N) {
      return StringRef(N->str()).contains("out");
    });
    bool GetsOutVariant = !Out && BaseValid && NeedsOut;
    if (GetsOutVariant)
      Functions.push_back(generateFunction(*Base, SchemaKind::Out, Options));
    if (!Functional && (Out || GetsOutVariant))
      Functions.push_back(
          generateFunction(*Base, SchemaKind::Functional, Options));
  }
}

} // namespace gradgen
