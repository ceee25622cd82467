//===- Argument.cpp - Arguments and returns of a schema -------------------===//

#include "gradgen/Schema/Argument.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

static void printAliasSet(ArrayRef<std::string> Set, std::string &Out) {
  for (size_t I = 0; I != Set.size(); ++I) {
    if (I)
      Out += '|';
    Out += Set[I];
  }
}

void Annotation::printTo(std::string &Out) const {
  printAliasSet(AliasSet, Out);
  if (IsWrite)
    Out += '!';
  if (!AliasSetAfter.empty()) {
    Out += " -> ";
    printAliasSet(AliasSetAfter, Out);
  }
}

std::string Annotation::str() const {
  std::string Result;
  printTo(Result);
  return Result;
}

bool Annotation::isWildcardAfter() const {
  return is_contained(AliasSetAfter, "*");
}

/// torchgen prints an annotation by substituting `Tensor(ann)` for `Tensor`
/// in the type's spelling.
static void printAnnotatedType(const Type *Ty,
                               const std::optional<Annotation> &Annot,
                               std::string &Out) {
  if (!Annot) {
    Ty->printTo(Out);
    return;
  }
  std::string TypeStr;
  Ty->printTo(TypeStr);
  StringRef Rest = TypeStr;
  while (true) {
    size_t Pos = Rest.find("Tensor");
    Out += Rest.substr(0, Pos);
    if (Pos == StringRef::npos)
      break;
    Out += "Tensor(";
    Annot->printTo(Out);
    Out += ')';
    Rest = Rest.substr(Pos + strlen("Tensor"));
  }
}

std::string Argument::typeStr() const {
  std::string Result;
  printAnnotatedType(Ty, Annot, Result);
  return Result;
}

void Argument::printTo(std::string &Out) const {
  printAnnotatedType(Ty, Annot, Out);
  Out += ' ';
  Out += Name;
  if (Default && !Default->empty()) {
    Out += '=';
    Out += *Default;
  }
}

std::string Argument::str() const {
  std::string Result;
  printTo(Result);
  return Result;
}

void Return::printTo(std::string &Out) const {
  printAnnotatedType(Ty, Annot, Out);
  if (Name) {
    Out += ' ';
    Out += *Name;
  }
}

std::string Return::str() const {
  std::string Result;
  printTo(Result);
  return Result;
}

static bool matchesOptionsSlot(const Argument &A, StringRef Name, BaseTy Ty) {
  if (A.Name != Name)
    return false;
  if (A.Ty->isBase(Ty))
    return true;
  return A.Ty->isOptional() && A.Ty->getElement()->isBase(Ty);
}

static bool startsTensorOptions(ArrayRef<Argument> Args) {
  static const std::pair<StringRef, BaseTy> Slots[] = {
      {"dtype", BaseTy::ScalarType},
      {"layout", BaseTy::Layout},
      {"device", BaseTy::Device},
      {"pin_memory", BaseTy::Bool}};
  if (Args.size() < std::size(Slots))
    return false;
  for (size_t I = 0; I != std::size(Slots); ++I)
    if (!matchesOptionsSlot(Args[I], Slots[I].first, Slots[I].second))
      return false;
  return true;
}

std::optional<Arguments> Arguments::group(std::vector<Argument> Positional,
                                          std::vector<Argument> KwargOnly,
                                          std::vector<Argument> Out,
                                          size_t *SecondGroup) {
  Arguments Result;
  auto Self =
      find_if(Positional, [](const Argument &A) { return A.Name == "self"; });
  if (Self != Positional.end()) {
    Result.PreSelfPositional.assign(Positional.begin(), Self);
    Result.SelfArg = *Self;
    Result.PostSelfPositional.assign(std::next(Self), Positional.end());
  } else {
    Result.PostSelfPositional = std::move(Positional);
  }

  std::vector<Argument> *Acc = &Result.PreTensorOptionsKwargOnly;
  for (size_t I = 0; I < KwargOnly.size();) {
    if (startsTensorOptions(ArrayRef(KwargOnly).drop_front(I))) {
      if (Acc != &Result.PreTensorOptionsKwargOnly) {
        if (SecondGroup)
          *SecondGroup = I;
        return std::nullopt;
      }
      Result.TensorOptions = TensorOptionsArguments{
          KwargOnly[I], KwargOnly[I + 1], KwargOnly[I + 2], KwargOnly[I + 3]};
      I += 4;
      Acc = &Result.PostTensorOptionsKwargOnly;
      continue;
    }
    Acc->push_back(KwargOnly[I]);
    ++I;
  }
  Result.Out = std::move(Out);
  return Result;
}

static void appendRefs(ArgumentRefs &Refs, ArrayRef<Argument> Args) {
  for (const Argument &A : Args)
    Refs.push_back(&A);
}

ArgumentRefs Arguments::flatPositional() const {
  ArgumentRefs Refs;
  appendRefs(Refs, PreSelfPositional);
  if (SelfArg)
    Refs.push_back(&*SelfArg);
  appendRefs(Refs, PostSelfPositional);
  return Refs;
}

ArgumentRefs Arguments::flatKwargOnly() const {
  ArgumentRefs Refs;
  appendRefs(Refs, PreTensorOptionsKwargOnly);
  if (TensorOptions)
    Refs.append(TensorOptions->all());
  appendRefs(Refs, PostTensorOptionsKwargOnly);
  return Refs;
}

ArgumentRefs Arguments::flatNonOut() const {
  ArgumentRefs Refs = flatPositional();
  Refs.append(flatKwargOnly());
  return Refs;
}

ArgumentRefs Arguments::flatAll() const {
  ArgumentRefs Refs = flatNonOut();
  appendRefs(Refs, Out);
  return Refs;
}

ArgumentRefs Arguments::postSelfPositionalMutable() const {
  ArgumentRefs Refs;
  for (const Argument &A : PostSelfPositional)
    if (A.isWrite())
      Refs.push_back(&A);
  return Refs;
}

static void appendItems(ArgumentItems &Items, ArrayRef<Argument> Args) {
  for (const Argument &A : Args)
    Items.push_back({ArgumentItem::Kind::Plain, &A, nullptr});
}

ArgumentItems Arguments::positional() const {
  ArgumentItems Items;
  appendItems(Items, PreSelfPositional);
  if (SelfArg)
    Items.push_back({ArgumentItem::Kind::Self, &*SelfArg, nullptr});
  appendItems(Items, PostSelfPositional);
  return Items;
}

ArgumentItems Arguments::kwargOnly() const {
  ArgumentItems Items;
  appendItems(Items, PreTensorOptionsKwargOnly);
  if (TensorOptions)
    Items.push_back(
        {ArgumentItem::Kind::TensorOptions, nullptr, &*TensorOptions});
  appendItems(Items, PostTensorOptionsKwargOnly);
  return Items;
}

ArgumentItems Arguments::nonOut() const {
  ArgumentItems Items = positional();
  Items.append(kwargOnly());
  return Items;
}

ArgumentItems Arguments::all() const {
  ArgumentItems Items = nonOut();
  appendItems(Items, Out);
  return Items;
}

bool Arguments::hasTensorArg() const {
  return any_of(flatNonOut(),
                [](const Argument *A) { return A->Ty->isTensorLike(); });
}

bool Arguments::hasSymIntArg() const {
  return any_of(flatNonOut(),
                [](const Argument *A) { return A->Ty->isSymIntLike(); });
}

bool Arguments::hasGeneratorArg() const {
  return any_of(flatNonOut(),
                [](const Argument *A) { return A->Ty->isGeneratorLike(); });
}

static Argument stripAnnotation(const Argument &A, bool StripDefault) {
  Argument Result;
  Result.Name = A.Name;
  Result.Ty = A.Ty;
  if (!StripDefault)
    Result.Default = A.Default;
  return Result;
}

static std::vector<Argument> stripAnnotations(ArrayRef<Argument> Args,
                                              bool StripDefault) {
  std::vector<Argument> Result;
  for (const Argument &A : Args)
    Result.push_back(stripAnnotation(A, StripDefault));
  return Result;
}

Arguments Arguments::signature(bool StripDefault) const {
  Arguments Result;
  Result.PreSelfPositional = stripAnnotations(PreSelfPositional, StripDefault);
  if (SelfArg)
    Result.SelfArg = stripAnnotation(*SelfArg, StripDefault);
  Result.PostSelfPositional =
      stripAnnotations(PostSelfPositional, StripDefault);
  // TensorOptions are dropped so that factory functions pair up with their
  // out= variants; what followed them joins what preceded them.
  Result.PreTensorOptionsKwargOnly =
      stripAnnotations(PreTensorOptionsKwargOnly, StripDefault);
  for (Argument &A : stripAnnotations(PostTensorOptionsKwargOnly, StripDefault))
    Result.PreTensorOptionsKwargOnly.push_back(std::move(A));
  return Result;
}

Arguments Arguments::removeSelfAnnotation() const {
  Arguments Result = *this;
  if (Result.SelfArg)
    Result.SelfArg->Annot.reset();
  return Result;
}

Arguments Arguments::withOutArgs(std::vector<Argument> NewOut) const {
  Arguments Result = *this;
  Result.Out = std::move(NewOut);
  return Result;
}

void Arguments::printTo(std::string &Result) const {
  bool First = true;
  auto Separate = [&] {
    if (!First)
      Result += ", ";
    First = false;
  };
  auto Print = [&](const Argument &A) {
    Separate();
    A.printTo(Result);
  };
  for_each(PreSelfPositional, Print);
  if (SelfArg)
    Print(*SelfArg);
  for_each(PostSelfPositional, Print);
  if (!PreTensorOptionsKwargOnly.empty() || TensorOptions ||
      !PostTensorOptionsKwargOnly.empty() || !Out.empty()) {
    Separate();
    Result += '*';
  }
  for_each(PreTensorOptionsKwargOnly, Print);
  if (TensorOptions)
    for (const Argument *A : TensorOptions->all())
      Print(*A);
  for_each(PostTensorOptionsKwargOnly, Print);
  for_each(Out, Print);
}

std::string Arguments::str() const {
  std::string Result;
  printTo(Result);
  return Result;
}

bool operator==(const Arguments &A, const Arguments &B) {
  return A.PreSelfPositional == B.PreSelfPositional && A.SelfArg == B.SelfArg &&
         A.PostSelfPositional == B.PostSelfPositional &&
         A.PreTensorOptionsKwargOnly == B.PreTensorOptionsKwargOnly &&
         A.TensorOptions == B.TensorOptions &&
         A.PostTensorOptionsKwargOnly == B.PostTensorOptionsKwargOnly &&
         A.Out == B.Out;
}

} // namespace gradgen
