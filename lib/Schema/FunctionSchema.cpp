//===- FunctionSchema.cpp - Operator schemas ------------------------------===//

#include "gradgen/Schema/FunctionSchema.h"
#include "gradgen/Support/PythonString.h"

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

/// The mutable inputs that no return aliases; signature() makes them returns,
/// last, in an order that makes in-place and out= variants with mutable
/// arguments agree.
static SmallVector<const Argument *, 4>
mutableInputsNotReturned(const FunctionSchema &Func) {
  SmallVector<const Argument *, 4> Inputs;
  auto Add = [&](const Argument &A) {
    if (A.isWrite() && none_of(Func.Returns, [&](const Return &R) {
          return A.Annot == R.Annot;
        }))
      Inputs.push_back(&A);
  };
  if (Func.Args.SelfArg)
    Add(*Func.Args.SelfArg);
  for (const Argument &A : Func.Args.Out)
    Add(A);
  for (const Argument &A : Func.Args.PostSelfPositional)
    Add(A);
  return Inputs;
}

/// signature()'s base name: Name's, without a view_copy suffix if asked.
static std::string signatureBaseName(const OperatorName &Name,
                                     const SignatureOptions &Opts) {
  const std::string &BaseName = Name.Name.Base;
  if (Opts.StripViewCopyName) {
    if (StringRef(BaseName).endswith("_copy"))
      return python::replace(BaseName, "_copy", "");
    if (Opts.StripViewCopyScatter && StringRef(BaseName).endswith("_scatter"))
      return python::replace(BaseName, "scatter", "inverse");
  }
  return BaseName;
}

bool FunctionSchema::signatureRenames(const SignatureOptions &Opts) const {
  StringRef BaseName = Name.Name.Base;
  return Opts.StripViewCopyName &&
         (BaseName.endswith("_copy") ||
          (Opts.StripViewCopyScatter && BaseName.endswith("_scatter")));
}

FunctionSchema FunctionSchema::signature(const SignatureOptions &Opts) const {
  FunctionSchema Result;
  Result.Name.Name.Base = signatureBaseName(Name, Opts);
  Result.Name.Name.DunderMethod = Name.Name.DunderMethod;

  for (const Return &R : Returns) {
    Return Stripped;
    if (Opts.KeepReturnNames)
      Stripped.Name = R.Name;
    Stripped.Ty = R.Ty;
    Result.Returns.push_back(std::move(Stripped));
  }
  for (const Argument *A : mutableInputsNotReturned(*this)) {
    Return FromInput;
    if (Opts.KeepReturnNames)
      FromInput.Name = A->Name + "_out";
    FromInput.Ty = A->Ty;
    Result.Returns.push_back(std::move(FromInput));
  }

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

void FunctionSchema::printSignatureTo(std::string &Out,
                                      const SignatureOptions &Opts) const {
  // The name: no overload, in-place bit or namespace.
  if (Name.Name.DunderMethod)
    Out += "__";
  Out += signatureBaseName(Name, Opts);
  if (Name.Name.DunderMethod)
    Out += "__";
  Out += '(';

  // Arguments::signature(): annotations, TensorOptions and out arguments
  // dropped, the keyword-only arguments merged.
  bool IsBernoulliP = Name.OverloadName == "p" && Name.str() == "bernoulli.p";
  bool First = true;
  auto Print = [&](const Argument &A, bool IsSelf) {
    if (!First)
      Out += ", ";
    First = false;
    A.Ty->printTo(Out);
    Out += ' ';
    Out += A.Name;
    if (!Opts.StripDefault && A.Default) {
      if (!A.Default->empty()) {
        Out += '=';
        Out += *A.Default;
      }
    } else if (IsBernoulliP && !IsSelf && A.Name == "p" &&
               A.Ty->isBase(BaseTy::Float)) {
      // See signature(): torchgen's Note [bernoulli.p schema].
      Out += "=0.5";
    }
  };
  for (const Argument &A : Args.PreSelfPositional)
    Print(A, false);
  if (Args.SelfArg)
    Print(*Args.SelfArg, true);
  for (const Argument &A : Args.PostSelfPositional)
    Print(A, false);
  if (!Args.PreTensorOptionsKwargOnly.empty() ||
      !Args.PostTensorOptionsKwargOnly.empty()) {
    if (!First)
      Out += ", ";
    First = false;
    Out += '*';
  }
  for (const Argument &A : Args.PreTensorOptionsKwargOnly)
    Print(A, false);
  for (const Argument &A : Args.PostTensorOptionsKwargOnly)
    Print(A, false);
  Out += ") -> ";

  // The returns without annotations, then the mutable inputs not returned.
  SmallVector<const Argument *, 4> MutableInputs =
      mutableInputsNotReturned(*this);
  bool Parenthesize = Returns.size() + MutableInputs.size() != 1;
  if (Parenthesize)
    Out += '(';
  First = true;
  for (const Return &R : Returns) {
    if (!First)
      Out += ", ";
    First = false;
    R.Ty->printTo(Out);
    if (Opts.KeepReturnNames && R.Name) {
      Out += ' ';
      Out += *R.Name;
    }
  }
  for (const Argument *A : MutableInputs) {
    if (!First)
      Out += ", ";
    First = false;
    A->Ty->printTo(Out);
    if (Opts.KeepReturnNames) {
      Out += ' ';
      Out += A->Name;
      Out += "_out";
    }
  }
  if (Parenthesize)
    Out += ')';
}

std::string FunctionSchema::signatureStr(const SignatureOptions &Opts) const {
  std::string Result;
  Result.reserve(128);
  printSignatureTo(Result, Opts);
  return Result;
}

FunctionSchema FunctionSchema::withName(OperatorName NewName) const {
  FunctionSchema Result = *this;
  Result.Name = std::move(NewName);
  return Result;
}

} // namespace gradgen
