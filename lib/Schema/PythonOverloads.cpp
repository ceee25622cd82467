//===- PythonOverloads.cpp - The Python overloads of a name ---------------===//
//
// torchgen's load_signatures (with the deprecated overloads of
// deprecated.yaml), group_overloads and sort_overloads: which signatures a
// Python name has and the order PythonArgParser tries them in.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Schema/DeprecatedSignatures.h"
#include "gradgen/Schema/PythonAPI.h"

#include "gradgen/Schema/Type.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using namespace llvm;

namespace gradgen::python {

Error checkParserTypes(const PythonSignature &Signature,
                       const CppAPIOptions &Cpp, SMLoc Loc) {
  for (const PythonArgument *A : Signature.arguments()) {
    Expected<std::string> Str = argumentTypeStr(A->Ty, Cpp);
    if (!Str)
      return make_error<PythonAPIError>(
          Loc, "'" + Signature.Name + "': " + toString(Str.takeError()) +
                   " of '" + A->Name + "' has no PythonArgParser type");
  }
  return Error::success();
}

namespace {

Error deprecatedError(const DeprecatedSignature &D, const Twine &Message) {
  return make_error<PythonAPIError>(D.Loc, Message.str());
}

} // namespace

Expected<std::vector<SignaturePair>>
loadSignatures(ArrayRef<const NativeFunction *> Functions,
               ArrayRef<DeprecatedSignature> Deprecated, bool Method,
               PythonTypes &Types, const CppAPIOptions &Cpp,
               const PythonAPIOptions &Options) {
  std::vector<SignaturePair> Pairs;
  Pairs.reserve(Functions.size());
  for (const NativeFunction *F : Functions) {
    Expected<PythonSignature> Signature =
        signatureFromSchema(F->func(), *F->CategoryOverride, Method,
                            F->funcLoc(), Types, Cpp, Options);
    if (!Signature)
      return Signature.takeError();
    Pairs.push_back({std::move(*Signature), F});
  }
  StringMap<std::vector<const NativeFunction *>> ByName;
  for (const SignaturePair &Pair : Pairs)
    ByName[Pair.Signature.Name].push_back(Pair.Function);

  // The reader of deprecated.yaml checked each entry's call and that it fits
  // some native function; here it must fit one of this file's.
  for (const DeprecatedSignature &D : Deprecated) {
    bool Found = false;
    for (const NativeFunction *F : ByName.lookup(D.BaseName)) {
      if (!D.isCompatibleWith(F->func()))
        continue;
      Found = true;
      Expected<PythonSignature> Signature = signatureFromSchema(
          *D.Schema, *F->CategoryOverride, Method, D.Loc, Types, Cpp, Options);
      if (!Signature)
        return Signature.takeError();
      Signature->Deprecated = &D;
      Pairs.push_back({std::move(*Signature), F});
    }
    if (!Found)
      return deprecatedError(D, "no native function with name '" + D.BaseName +
                                    "' matched signature '" + D.Schema->str() +
                                    "'");
  }
  return Pairs;
}

namespace {

/// is_arg_smaller: PythonArgParser should try an argument of type T2 before
/// one of type T1.
bool isArgSmaller(StringRef T1, StringRef T2, const PythonAPIOptions &Options) {
  return (T1 == "Scalar" && T2 == "Tensor") ||
         (T1 == "Scalar?" && T2 == "Tensor?") ||
         (Options.DimnameOverloadsLast && T1.contains("Dimname") &&
          !T2.contains("Dimname")) ||
         (T1 == "int[]" && (T2 == "int" || T2 == "int?")) ||
         (T1 == "Tensor[]" && T2.contains("[]")) ||
         (T1 == "SymInt[]" && T2 == "int[]") ||
         (Options.TensorBeforeIntOverloads && (T1 == "SymInt" || T1 == "int") &&
          T2 == "Tensor");
}

/// The schema types of a signature's arguments but out=, which isSmaller
/// compares.
std::vector<std::string> comparedTypes(const PythonSignature &S) {
  std::vector<std::string> Types;
  for (const PythonArgument *A : S.arguments(/*SkipOutputs=*/true))
    Types.push_back(A->Ty->str());
  return Types;
}

bool isSmaller(ArrayRef<std::string> Types1, ArrayRef<std::string> Types2,
               const PythonAPIOptions &Options) {
  if (Types1.size() != Types2.size())
    return false;
  bool Equal = true, SmallerOrEqual = true;
  for (auto [T1, T2] : zip(Types1, Types2)) {
    Equal &= T1 == T2;
    SmallerOrEqual &= T1 == T2 || isArgSmaller(T1, T2, Options);
  }
  return SmallerOrEqual && !Equal;
}

/// sort_overloads: sorted by signature, then a topological order of
/// isSmaller, exactly as torchgen walks it.
void sortOverloads(std::vector<SignatureGroup> &Groups,
                   const CppAPIOptions &Cpp, const PythonAPIOptions &Options) {
  for (SignatureGroup &G : Groups)
    G.SignatureText = G.Signature.signatureStr(Cpp);
  std::vector<size_t> Order(Groups.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return Groups[A].SignatureText < Groups[B].SignatureText;
  });
  std::vector<SignatureGroup> Sorted;
  for (size_t I : Order)
    Sorted.push_back(std::move(Groups[I]));

  std::vector<std::vector<std::string>> Types;
  for (const SignatureGroup &G : Sorted)
    Types.push_back(comparedTypes(G.Signature));
  size_t N = Sorted.size();
  std::map<size_t, std::set<size_t>> LargerThan;
  for (size_t I1 = 0; I1 < N; ++I1)
    for (size_t I2 = 0; I2 < N; ++I2)
      if (isSmaller(Types[I1], Types[I2], Options))
        LargerThan[I1].insert(I2);
  if (LargerThan.empty()) {
    Groups = std::move(Sorted);
    return;
  }
  std::vector<size_t> SortedIDs;
  for (size_t I = 0; I < N; ++I)
    if (!LargerThan.count(I))
      SortedIDs.push_back(I);
  for (size_t Index = 0; Index < N && Index < SortedIDs.size(); ++Index) {
    size_t I = SortedIDs[Index];
    std::vector<size_t> Keys;
    for (auto &Entry : LargerThan)
      Keys.push_back(Entry.first);
    for (size_t J : Keys) {
      std::set<size_t> &Larger = LargerThan[J];
      Larger.erase(I);
      if (Larger.empty()) {
        LargerThan.erase(J);
        SortedIDs.push_back(J);
      }
    }
  }
  Groups.clear();
  for (size_t I : SortedIDs)
    Groups.push_back(std::move(Sorted[I]));
}

} // namespace

Expected<std::vector<SignatureGroup>>
groupOverloads(ArrayRef<const SignaturePair *> Overloads,
               const CppAPIOptions &Cpp, const PythonAPIOptions &Options) {
  std::vector<std::pair<std::string, const SignaturePair *>> Bases;
  StringMap<const SignaturePair *> Outplaces;
  std::vector<std::string> OutplaceOrder;
  for (const SignaturePair *Overload : Overloads) {
    SMLoc Loc = Overload->Signature.Deprecated
                    ? Overload->Signature.Deprecated->Loc
                    : Overload->Function->funcLoc();
    if (Error E = checkParserTypes(Overload->Signature, Cpp, Loc))
      return E;
    std::string Signature =
        Overload->Signature.signatureStr(Cpp, /*SkipOutputs=*/true);
    auto Duplicate = [&](const SignaturePair *Existing) {
      return make_error<PythonAPIError>(
          Loc, "found duplicated function definition '" +
                   Overload->Function->func().str() +
                   "'; existing definition: '" +
                   Existing->Function->func().str() + "'");
    };
    if (Overload->Function->func().isOutFn()) {
      auto [It, Inserted] = Outplaces.try_emplace(Signature, Overload);
      if (!Inserted)
        return Duplicate(It->second);
      OutplaceOrder.push_back(Signature);
      continue;
    }
    auto Known =
        find_if(Bases, [&](const auto &B) { return B.first == Signature; });
    if (Known != Bases.end())
      return Duplicate(Known->second);
    Bases.push_back({Signature, Overload});
  }
  for (const std::string &Signature : OutplaceOrder)
    if (none_of(Bases, [&](const auto &B) { return B.first == Signature; })) {
      const SignaturePair *Out = Outplaces.lookup(Signature);
      return make_error<PythonAPIError>(
          Out->Function->funcLoc(),
          "out schema '" + Out->Signature.signatureStr(Cpp) +
              "' has no non-out variant; expected one of Python signature '" +
              Signature + "'");
    }

  std::vector<SignatureGroup> Groups;
  for (const auto &[Signature, Base] : Bases) {
    SignatureGroup Group;
    Group.Base = Base->Function;
    const SignaturePair *Out = Outplaces.lookup(Signature);
    if (!Out) {
      Group.Signature = Base->Signature;
    } else {
      // The out= signature parses both; out= functions take no
      // TensorOptions, the functional one's fields stay.
      Group.Signature = Out->Signature;
      Group.Signature.TensorOptionsArgs = Base->Signature.TensorOptionsArgs;
      Group.Outplace = Out->Function;
    }
    Groups.push_back(std::move(Group));
  }
  sortOverloads(Groups, Cpp, Options);
  return Groups;
}

} // namespace gradgen::python
