//===- FunctionSchema.cpp - Operator schemas ------------------------------===//

#include "gradgen/Schema/FunctionSchema.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

StringRef schemaKindName(SchemaKind Kind) {
  switch (Kind) {
  case SchemaKind::Functional:
    return "functional";
  case SchemaKind::Inplace:
    return "inplace";
  case SchemaKind::Out:
    return "out";
  case SchemaKind::Mutable:
    return "mutable";
  case SchemaKind::Scratch:
    return "scratch";
  }
  return "functional";
}

void FunctionSchema::printReturnsTo(std::string &Out) const {
  if (Returns.size() == 1) {
    Returns.front().printTo(Out);
    return;
  }
  Out += '(';
  for (size_t I = 0; I != Returns.size(); ++I) {
    if (I)
      Out += ", ";
    Returns[I].printTo(Out);
  }
  Out += ')';
}

std::string FunctionSchema::returnsStr() const {
  std::string Result;
  printReturnsTo(Result);
  return Result;
}

void FunctionSchema::printTo(std::string &Out) const {
  Name.printTo(Out);
  Out += '(';
  Args.printTo(Out);
  Out += ") -> ";
  printReturnsTo(Out);
}

std::string FunctionSchema::str() const {
  std::string Result;
  Result.reserve(128);
  printTo(Result);
  return Result;
}

SchemaKind FunctionSchema::kind() const {
  bool IsScratch = any_of(Args.Out, [](const Argument &A) {
    return StringRef(A.Name).startswith("_scratch_");
  });
  if (Name.Name.Inplace)
    return SchemaKind::Inplace;
  if (IsScratch)
    return SchemaKind::Scratch;
  if (isOutFn())
    return SchemaKind::Out;
  if (any_of(Args.PostSelfPositional,
             [](const Argument &A) { return A.isWrite(); }))
    return SchemaKind::Mutable;
  return SchemaKind::Functional;
}

bool FunctionSchema::isFunctionalFn() const {
  return StringRef(Name.OverloadName).contains("functional");
}

bool FunctionSchema::isMutable() const {
  return any_of(Args.flatAll(), [](const Argument *A) { return A->isWrite(); });
}

bool FunctionSchema::modifiesArguments() const {
  SchemaKind K = kind();
  return K == SchemaKind::Inplace || K == SchemaKind::Out ||
         K == SchemaKind::Mutable;
}

bool FunctionSchema::returnsAreAliased() const {
  return any_of(Returns, [](const Return &R) { return R.isWrite(); });
}

std::vector<std::optional<std::string>>
FunctionSchema::aliasedReturnNames() const {
  std::vector<std::optional<std::string>> Names;
  ArgumentRefs All = Args.flatAll();
  for (const Return &R : Returns) {
    std::optional<std::string> Name;
    unsigned Count = 0;
    for (const Argument *A : All) {
      if (A->Annot && A->Annot == R.Annot) {
        Name = A->Name;
        ++Count;
      }
    }
    if (Count > 1)
      Name = std::string();
    Names.push_back(std::move(Name));
  }
  return Names;
}

static std::string replaceAll(StringRef Text, StringRef From, StringRef To) {
  std::string Result;
  while (true) {
    size_t Pos = Text.find(From);
    Result += Text.substr(0, Pos).str();
    if (Pos == StringRef::npos)
      return Result;
    Result += To.str();
    Text = Text.substr(Pos + From.size());
  }
}

FunctionSchema FunctionSchema::signature(const SignatureOptions &Opts) const {
  std::string BaseName = Name.Name.Base;
  if (Opts.StripViewCopyName) {
    // torchgen uses str.replace, which replaces every occurrence.
    if (StringRef(BaseName).endswith("_copy"))
      BaseName = replaceAll(BaseName, "_copy", "");
    else if (Opts.StripViewCopyScatter &&
             StringRef(BaseName).endswith("_scatter"))
      BaseName = replaceAll(BaseName, "scatter", "inverse");
  }

  FunctionSchema Result;
  Result.Name.Name.Base = BaseName;
  Result.Name.Name.DunderMethod = Name.Name.DunderMethod;

  for (const Return &R : Returns) {
    Return Stripped;
    if (Opts.KeepReturnNames)
      Stripped.Name = R.Name;
    Stripped.Ty = R.Ty;
    Result.Returns.push_back(std::move(Stripped));
  }
  // Mutable inputs that are not returned become returns, last; the order
  // makes in-place and out= variants with mutable arguments agree.
  auto AddMutable = [&](const Argument &A) {
    if (!A.isWrite() ||
        any_of(Returns, [&](const Return &R) { return A.Annot == R.Annot; }))
      return;
    Return FromInput;
    if (Opts.KeepReturnNames)
      FromInput.Name = A.Name + "_out";
    FromInput.Ty = A.Ty;
    Result.Returns.push_back(std::move(FromInput));
  };
  if (Args.SelfArg)
    AddMutable(*Args.SelfArg);
  for (const Argument &A : Args.Out)
    AddMutable(A);
  for (const Argument &A : Args.PostSelfPositional)
    AddMutable(A);

  Result.Args = Args.signature(Opts.StripDefault);
  // torchgen's Note [bernoulli.p schema]: bernoulli.p's `p` has no default,
  // but its in-place variant's does.
  if (Name.str() == "bernoulli.p")
    for (std::vector<Argument> *Group :
         {&Result.Args.PreSelfPositional, &Result.Args.PostSelfPositional,
          &Result.Args.PreTensorOptionsKwargOnly})
      for (Argument &A : *Group)
        if (A.Name == "p" && A.Ty->isBase(BaseTy::Float) && !A.Default)
          A.Default = "0.5";
  return Result;
}

FunctionSchema FunctionSchema::withName(OperatorName NewName) const {
  FunctionSchema Result = *this;
  Result.Name = std::move(NewName);
  return Result;
}

} // namespace gradgen
