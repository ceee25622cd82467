//===- NativeFunctionGroups.cpp - Related native functions ----------------===//

#include "gradgen/Schema/NativeFunctionGroups.h"

#include "SignatureGroups.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen {

SmallVector<const NativeFunction *, 4> NativeFunctionsGroup::functions() const {
  SmallVector<const NativeFunction *, 4> Result = {Functional, Out};
  if (Inplace)
    Result.push_back(Inplace);
  if (Mutable)
    Result.push_back(Mutable);
  return Result;
}

SmallVector<const NativeFunction *, 3>
NativeFunctionsViewGroup::functions(bool IncludeCopy) const {
  SmallVector<const NativeFunction *, 3> Result = {View};
  if (ViewInplace)
    Result.push_back(ViewInplace);
  if (ViewCopy && IncludeCopy)
    Result.push_back(ViewCopy);
  return Result;
}

namespace {
/// A dict keyed by kind that remembers insertion order, as torchgen's
/// per-signature dicts do. Kinds are SchemaKind values, or view kinds offset
/// past them.
using OrderedKinds =
    SmallVector<std::pair<unsigned, const NativeFunction *>, 4>;

const NativeFunction *take(OrderedKinds &Kinds, unsigned Kind) {
  for (auto *It = Kinds.begin(); It != Kinds.end(); ++It) {
    if (It->first == Kind) {
      const NativeFunction *F = It->second;
      Kinds.erase(It);
      return F;
    }
  }
  return nullptr;
}

using GroupMap = SignatureGroups<OrderedKinds>;
} // namespace

std::vector<FunctionOrGroup<NativeFunctionsGroup>>
groupNativeFunctions(ArrayRef<const NativeFunction *> Functions) {
  GroupMap Groups;
  std::vector<const NativeFunction *> Duplicates;
  for (const NativeFunction *F : Functions) {
    OrderedKinds &Kinds = Groups[F->func().signatureStr()];
    unsigned Kind = unsigned(F->func().kind());
    if (any_of(Kinds, [&](const auto &P) { return P.first == Kind; }))
      Duplicates.push_back(F);
    else
      Kinds.push_back({Kind, F});
  }
  std::vector<FunctionOrGroup<NativeFunctionsGroup>> Result;
  for (OrderedKinds &Kinds : Groups) {
    OrderedKinds Rest = Kinds;
    NativeFunctionsGroup G;
    G.Functional = take(Rest, unsigned(SchemaKind::Functional));
    G.Inplace = take(Rest, unsigned(SchemaKind::Inplace));
    G.Mutable = take(Rest, unsigned(SchemaKind::Mutable));
    G.Out = take(Rest, unsigned(SchemaKind::Out));
    if (Kinds.size() > 1 && Rest.empty() && G.Functional && G.Out) {
      Result.push_back(G);
      continue;
    }
    for (const auto &P : Kinds)
      Result.push_back(P.second);
  }
  for (const NativeFunction *F : Duplicates)
    Result.push_back(F);
  return Result;
}

bool getsGeneratedViewCopy(const NativeFunction &F,
                           const SchemaOptions &Options) {
  if (!F.IsViewOp || F.HasCompositeImplicitAutogradKernel ||
      F.hasTag("inplace_view"))
    return false;
  return !(Options.InverseHasNoViewCopy &&
           StringRef(F.func().Name.Name.Base).endswith("_inverse"));
}

std::vector<FunctionOrGroup<NativeFunctionsViewGroup>>
groupNativeFunctionsByView(ArrayRef<const NativeFunction *> Functions,
                           const SchemaOptions &Options,
                           ArrayRef<std::string> Signatures) {
  constexpr unsigned ViewKindBase = 16;
  SignatureOptions ViewSignature;
  ViewSignature.StripViewCopyName = true;
  ViewSignature.StripViewCopyScatter = Options.ViewCopyScatter;

  GroupMap Groups;
  std::vector<const NativeFunction *> Duplicates;
  for (auto [I, F] : enumerate(Functions)) {
    const FunctionSchema &Func = F->func();
    OrderedKinds &Kinds =
        Signatures.empty() || Func.signatureRenames(ViewSignature)
            ? Groups[Func.signatureStr(ViewSignature)]
            : Groups[Signatures[I]];
    ViewSchemaKind ViewKind = F->viewSchemaKind();
    unsigned Kind = ViewKind == ViewSchemaKind::NonAliasing
                        ? unsigned(F->func().kind())
                        : ViewKindBase + unsigned(ViewKind);
    if (any_of(Kinds, [&](const auto &P) { return P.first == Kind; }))
      Duplicates.push_back(F);
    else
      Kinds.push_back({Kind, F});
  }

  std::vector<FunctionOrGroup<NativeFunctionsViewGroup>> Result;
  for (OrderedKinds &Kinds : Groups) {
    OrderedKinds Rest = Kinds;
    if (const NativeFunction *View =
            take(Rest, ViewKindBase + unsigned(ViewSchemaKind::Aliasing))) {
      NativeFunctionsViewGroup G;
      G.View = View;
      G.ViewInplace =
          take(Rest, ViewKindBase + unsigned(ViewSchemaKind::AliasingInplace));
      G.ViewCopy = take(Rest, unsigned(SchemaKind::Functional));
      Result.push_back(G);
    }
    for (const auto &P : Rest)
      Result.push_back(P.second);
  }
  for (const NativeFunction *F : Duplicates)
    Result.push_back(F);
  return Result;
}

} // namespace gradgen
