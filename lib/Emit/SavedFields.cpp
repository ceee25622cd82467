//===- SavedFields.cpp - How a Node keeps what its formulas saved ---------===//
//
// The fragments here are the short one-line statements torchgen writes
// inline with f-strings; everything longer comes from the profile's
// templates (getters through PythonBindings).
//
//===----------------------------------------------------------------------===//

#include "gradgen/Emit/SavedFields.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Support/IdentifierSearch.h"
#include "gradgen/Emit/PythonBindings.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

namespace {

using Storage = SavedFieldLayout::Storage;

bool isBase(const CType &T, const BaseCppType &Base) { return T.isBase(Base); }

bool isOptionalOf(const CType &T, const BaseCppType &Base) {
  return T.getKind() == CType::Kind::Optional &&
         T.getElement().isBase(Base);
}

SavedFieldLayout value(std::string FieldType) {
  SavedFieldLayout Layout;
  Layout.FieldType = std::move(FieldType);
  return Layout;
}

SavedFieldLayout valueWithGetter(std::string FieldType, GetterShape Shape,
                                 GetterBody Body) {
  SavedFieldLayout Layout = value(std::move(FieldType));
  Layout.Getter = Shape;
  Layout.Body = Body;
  return Layout;
}

SavedFieldLayout stored(Storage S) {
  SavedFieldLayout Layout;
  Layout.TheStorage = S;
  return Layout;
}

/// torchgen's guard against saving a view of something the Node does not
/// own: a substring test on the C++ spelling.
bool looksNonOwning(StringRef CppType) {
  std::string Lower = CppType.lower();
  StringRef L(Lower);
  return L.contains("ref") || L.contains("view") || CppType.contains('*') ||
         CppType.contains('&');
}

/// The types MISC_GETTER_DEFS exposes to Python among those held verbatim.
std::optional<std::pair<GetterShape, GetterBody>>
miscGetter(const CType &T) {
  using namespace ctypes;
  if (isOptionalOf(T, LongT))
    return std::make_pair(GetterShape::Optional, GetterBody::Int);
  if (isOptionalOf(T, SymIntT))
    return std::make_pair(GetterShape::Optional, GetterBody::SymInt);
  if (isBase(T, DoubleT))
    return std::make_pair(GetterShape::Value, GetterBody::Double);
  if (isOptionalOf(T, DoubleT))
    return std::make_pair(GetterShape::Optional, GetterBody::Double);
  if (isBase(T, BoolT))
    return std::make_pair(GetterShape::Value, GetterBody::Bool);
  if (isBase(T, ScalarT))
    return std::make_pair(GetterShape::Value, GetterBody::Scalar);
  if (isOptionalOf(T, ScalarT))
    return std::make_pair(GetterShape::Optional, GetterBody::Scalar);
  return std::nullopt;
}

} // namespace

Expected<SavedFieldLayout> layoutSavedField(const CType &T, bool IsOutput,
                                            bool IsForeachFunction,
                                            const Profile &TheProfile,
                                            SMRange Loc) {
  using namespace ctypes;
  bool IsTensorVector = T.getKind() == CType::Kind::Vector &&
                        T.getElement().isBase(TensorT);
  if (isBase(T, TensorT) || isOptionalOf(T, TensorT) ||
      (T.getKind() == CType::Kind::MutRef &&
       isOptionalOf(T.getElement(), TensorT)) ||
      (isBase(T, ScalarT) && IsOutput))
    return stored(Storage::SavedVariable);
  if (isBase(T, TensorListT) || isBase(T, ITensorListRefT) ||
      (IsTensorVector && TheProfile.ForeachNodes)) {
    // Foreach functions returning Tensor[] save `result` as a vector.
    if (IsTensorVector && !(IsForeachFunction && IsOutput))
      return make_error<NodeError>(
          diag::emit_saved_tensor_vector, Loc,
          "a std::vector<Tensor> can be saved only as an output of a "
          "_foreach_ function");
    return stored(Storage::SavedVariableList);
  }
  if (T.getKind() == CType::Kind::List && isOptionalOf(T.getElement(), TensorT))
    return stored(Storage::OptionalSavedVariableList);

  auto IntList = [&](std::string FieldType, GetterShape Shape) {
    return valueWithGetter(std::move(FieldType), Shape, GetterBody::IntList);
  };
  auto SymIntList = [&](std::string FieldType, GetterShape Shape) {
    return valueWithGetter(std::move(FieldType), Shape,
                           GetterBody::SymIntList);
  };
  if (isBase(T, IntArrayRefT))
    return IntList("std::vector<int64_t>", GetterShape::Value);
  if (isBase(T, SymIntArrayRefT))
    return SymIntList("std::vector<c10::SymInt>", GetterShape::Value);
  if (isBase(T, OptionalIntArrayRefT) || isOptionalOf(T, IntArrayRefT))
    return IntList("c10::OptionalArray<int64_t>", GetterShape::OptionalArray);
  if (isBase(T, OptionalSymIntArrayRefT) || isOptionalOf(T, SymIntArrayRefT))
    return SymIntList("c10::OptionalArray<c10::SymInt>",
                      GetterShape::OptionalArray);
  if (T.getKind() == CType::Kind::Optional &&
      T.getElement().getKind() == CType::Kind::ArrayRef &&
      T.getElement().getElement().isBase(DoubleT))
    return valueWithGetter("c10::OptionalArray<double>",
                           GetterShape::OptionalArray, GetterBody::DoubleList);
  if (isBase(T, LongT)) {
    SavedFieldLayout Layout =
        valueWithGetter(T.cppType(), GetterShape::Value, GetterBody::Int);
    Layout.ZeroInitialized = true;
    return Layout;
  }
  if (isBase(T, SymIntT))
    return valueWithGetter("c10::SymInt", GetterShape::Value,
                           GetterBody::SymInt);
  if (isBase(T, StringT))
    return valueWithGetter("std::string", GetterShape::Value,
                           GetterBody::String);
  if (isOptionalOf(T, StringT))
    return valueWithGetter(TheProfile.Optionals == OptionalSpelling::C10
                               ? "c10::optional<std::string>"
                               : "std::optional<std::string>",
                           GetterShape::Optional, GetterBody::String);
  if (TheProfile.ForeachNodes && T.getKind() == CType::Kind::ArrayRef &&
      T.getElement().isBase(ScalarT)) {
    SavedFieldLayout Layout = stored(Storage::ScalarList);
    Layout.FieldType = "std::vector<at::Scalar>";
    return Layout;
  }

  std::string CppType = T.cppType();
  if (looksNonOwning(CppType))
    return make_error<NodeError>(
        diag::emit_non_owning_saved_type, Loc,
        CppType + " looks like it contains a non-owning reference; a Node "
                  "cannot save it");
  SavedFieldLayout Layout = value(std::move(CppType));
  if (auto Getter = miscGetter(T)) {
    Layout.Getter = Getter->first;
    Layout.Body = Getter->second;
  }
  return Layout;
}

/// Where the first formula that saves Attribute mentions the value it is
/// computed from (`self` of `self.sym_sizes()`), else where that formula or
/// the entry starts.
static SMRange locOfSaved(const DifferentiabilityInfo &Info,
                          const SavedAttribute &Attribute, bool IsOutput) {
  for (const Derivative &D : Info.Derivatives) {
    const std::vector<SavedAttribute> &Saved =
        IsOutput ? D.SavedOutputs : D.SavedInputs;
    bool Found = llvm::any_of(Saved, [&](const SavedAttribute &A) {
      return A.name() == Attribute.name();
    });
    if (!Found || !D.Source)
      continue;
    const FormulaText &Formula = D.Source->Formula;
    StringRef Expr = Attribute.Expr;
    StringRef Root = Expr.take_while([](char C) {
      return isAlnum(C) || C == '_';
    });
    if (std::optional<size_t> Offset = findIdentifier(Formula.Text, Root))
      return Formula.rangeAt(*Offset, *Offset + Root.size());
    SMLoc Start = Formula.range().Start;
    return SMRange(Start, Start);
  }
  SMLoc Entry = Info.Entry ? Info.Entry->Name.loc() : SMLoc();
  return SMRange(Entry, Entry);
}

Error addSavedField(const DifferentiabilityInfo &Info,
                    const SavedAttribute &Attribute, bool IsOutput,
                    const NodeTemplates &Templates, bool WithPython,
                    SavedFieldCode &Code) {
  const Profile &TheProfile = *Templates.TheProfile;
  StringRef Name = Attribute.name();
  bool IsForeachFunction = Info.Func && Info.Func->rootName().startswith(
                                            "_foreach");
  Expected<SavedFieldLayout> Layout =
      layoutSavedField(Attribute.NCType.Type, IsOutput, IsForeachFunction,
                       TheProfile, locOfSaved(Info, Attribute, IsOutput));
  if (!Layout)
    return Layout.takeError();
  StringRef Op = *Info.Op;
  std::string Owner = IsOutput ? TheProfile.SavedOutputOwner : "";
  // The member compiled autograd visits and its unpacked type.
  std::string Member = Name.str();
  std::string UnpackedType;
  bool IsSavedVariable = true;
  bool HasGetter = true, HasRawGetter = false;
  // Tensors live in SavedVariables: Python sees them raw too, and compiled
  // autograd visits the member `X_`.
  auto SavedVariableGetters = [&](bool IsList) -> Error {
    HasRawGetter = true;
    Member += "_";
    if (!WithPython)
      return Error::success();
    GetterShape Shape =
        IsList ? GetterShape::SavedVariableList : GetterShape::SavedVariable;
    GetterShape RawShape = IsList ? GetterShape::RawSavedVariableList
                                  : GetterShape::RawSavedVariable;
    GetterBody Body =
        IsList ? GetterBody::SavedVariableList : GetterBody::SavedVariable;
    GetterBody RawBody = IsList ? GetterBody::RawSavedVariableList
                                : GetterBody::RawSavedVariable;
    if (Error E = appendGetter(Templates, Shape, Body, Op, Name, Code.Getters))
      return E;
    return appendGetter(Templates, RawShape, RawBody, Op, Name, Code.Getters);
  };
  auto ReleasableList = [&] {
    Code.SavedVariables.push_back(
        ("std::vector<SavedVariable> " + Name + "_;").str());
    Code.SavedVariables.push_back(
        ("bool " + Name + "_released_ = false;").str());
    Code.ReleaseVariables.push_back((Name + "_.clear();").str());
    Code.ReleaseVariables.push_back((Name + "_released_ = true;").str());
    Code.Asserts.push_back(
        ("TORCH_CHECK(!" + Name + "_released_, ERR_BACKWARD_TWICE);").str());
  };

  switch (Layout->TheStorage) {
  case Storage::SavedVariable:
    Code.SavedVariables.push_back(("SavedVariable " + Name + "_;").str());
    Code.ReleaseVariables.push_back((Name + "_.reset_data();").str());
    Code.Unpacks.push_back(
        ("auto " + Name + " = " + Name + "_.unpack(" + Owner + ");").str());
    if (Error E = SavedVariableGetters(/*IsList=*/false))
      return E;
    UnpackedType = "Tensor&";
    break;
  case Storage::SavedVariableList: {
    ReleasableList();
    std::string Args = Name.str() + "_";
    if (TheProfile.UnpackListTakesOwner)
      Args += ", " + (IsOutput ? Owner : std::string("nullptr"));
    Code.Unpacks.push_back(
        ("auto " + Name + " = unpack_list(" + Args + ");").str());
    if (Error E = SavedVariableGetters(/*IsList=*/true))
      return E;
    UnpackedType = "std::vector<Tensor>&";
    break;
  }
  case Storage::OptionalSavedVariableList:
    ReleasableList();
    Code.Unpacks.push_back(
        ("auto " + Name + " = unpack_opt_list(" + Name + "_);").str());
    if (Error E = SavedVariableGetters(/*IsList=*/true))
      return E;
    UnpackedType = "torch::List<std::optional<Tensor>>&";
    break;
  case Storage::ScalarList:
    // torchgen never sets the flag nor checks it before use.
    Code.SavedVariables.push_back(
        (Layout->FieldType + " " + Name + ";").str());
    Code.SavedVariables.push_back(
        ("bool " + Name + "_released_ = false;").str());
    Code.ReleaseVariables.push_back((Name + ".clear();").str());
    if (WithPython)
      if (Error E = appendGetter(Templates, GetterShape::ScalarList,
                                 GetterBody::ScalarList, Op, Name,
                                 Code.Getters))
        return E;
    IsSavedVariable = false;
    UnpackedType = "std::vector<at::Scalar>&";
    break;
  case Storage::Value:
    Code.SavedVariables.push_back(
        (Layout->FieldType + " " + Name +
         (Layout->ZeroInitialized ? " = 0;" : ";"))
            .str());
    HasGetter = Layout->Getter.has_value();
    if (HasGetter && WithPython)
      if (Error E = appendGetter(Templates, *Layout->Getter, Layout->Body, Op,
                                 Name, Code.Getters))
        return E;
    IsSavedVariable = false;
    // torchgen takes the first word of the declaration.
    UnpackedType = (StringRef(Layout->FieldType).split(' ').first + "&").str();
    break;
  }

  if (WithPython) {
    if (HasGetter)
      if (Error E = appendGetSetDef(Templates, /*Raw=*/false, Op, Name,
                                    Code.GetSetDefs))
        return E;
    if (HasRawGetter)
      if (Error E = appendGetSetDef(Templates, /*Raw=*/true, Op, Name,
                                    Code.GetSetDefs))
        return E;
  }
  if (!TheProfile.CompiledAutogradNodes)
    return Error::success();
  if (IsSavedVariable)
    Code.CompiledArgs.push_back("args.collect(" + Member + ", " +
                                (IsOutput ? "true" : "false") + ");");
  else
    Code.CompiledArgs.push_back("args.collect(" + Member + ");");
  Code.ApplyWithSavedBefore.push_back("saved.before(" + Member + ");");
  Code.ApplyWithSavedAfter.push_back("saved.after(" + Member + ");");
  Code.FunctionalArgs.push_back(Name.str());
  Code.FunctionalArgTypes.push_back(std::move(UnpackedType));
  return Error::success();
}

} // namespace gradgen
