//===- SavedFieldLayout.cpp - How a Node keeps a saved attribute ----------===//
//
// torchgen's save_var: the type a saved attribute has in the derivatives
// model decides the member that holds it and its Python getter.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Autograd/NodeError.h"
#include "gradgen/Autograd/NodeModel.h"
#include "gradgen/Autograd/NodeOptions.h"
#include "gradgen/Schema/SchemaSection.h"

using namespace llvm;

namespace gradgen {

char NodeError::ID = 0;

void NodeError::log(raw_ostream &OS) const { OS << Message; }

std::error_code NodeError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

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

/// Tensors and lists of them, kept in SavedVariables; nothing if T is none.
std::optional<Expected<SavedFieldLayout>>
layoutTensors(const CType &T, bool IsOutput, bool IsForeachFunction,
              const Profile &TheProfile, SMRange Loc) {
  using namespace ctypes;
  bool IsTensorVector = T.getKind() == CType::Kind::Vector &&
                        T.getElement().isBase(TensorT);
  if (isBase(T, TensorT) || isOptionalOf(T, TensorT) ||
      (T.getKind() == CType::Kind::MutRef &&
       isOptionalOf(T.getElement(), TensorT)) ||
      (isBase(T, ScalarT) && IsOutput))
    return stored(Storage::SavedVariable);
  if (isBase(T, TensorListT) || isBase(T, ITensorListRefT) ||
      (IsTensorVector && NodeOptions::of(TheProfile).ForeachNodes)) {
    // Foreach functions returning Tensor[] save `result` as a vector.
    if (IsTensorVector && !(IsForeachFunction && IsOutput))
      return Expected<SavedFieldLayout>(make_error<NodeError>(
          diag::emit_saved_tensor_vector, Loc,
          "a std::vector<Tensor> can be saved only as an output of a "
          "_foreach_ function"));
    return stored(Storage::SavedVariableList);
  }
  if (T.getKind() == CType::Kind::List && isOptionalOf(T.getElement(), TensorT))
    return stored(Storage::OptionalSavedVariableList);
  return std::nullopt;
}

/// Integer, SymInt and double lists, held as vectors or OptionalArrays.
std::optional<SavedFieldLayout> layoutArrays(const CType &T) {
  using namespace ctypes;
  auto IntList = [&](std::string FieldType, GetterShape Shape) {
    return valueWithGetter(std::move(FieldType), Shape, GetterBody::IntList);
  };
  auto SymIntList = [&](std::string FieldType, GetterShape Shape) {
    return valueWithGetter(std::move(FieldType), Shape,
                           GetterBody::SymIntList);
  };
  auto Copied = [](SavedFieldLayout Layout) {
    Layout.TheCopy = SavedFieldLayout::Copy::Vector;
    return Layout;
  };
  if (isBase(T, IntArrayRefT))
    return Copied(IntList("std::vector<int64_t>", GetterShape::Value));
  if (isBase(T, SymIntArrayRefT))
    return Copied(SymIntList("std::vector<c10::SymInt>", GetterShape::Value));
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
  return std::nullopt;
}

/// Integers, SymInts, strings and foreach Scalar lists.
std::optional<SavedFieldLayout> layoutScalars(const CType &T,
                                              const Profile &TheProfile) {
  using namespace ctypes;
  if (isBase(T, LongT)) {
    SavedFieldLayout Layout =
        valueWithGetter(T.cppType(), GetterShape::Value, GetterBody::Int);
    Layout.ZeroInitialized = true;
    return Layout;
  }
  if (isBase(T, SymIntT))
    return valueWithGetter("c10::SymInt", GetterShape::Value,
                           GetterBody::SymInt);
  if (isBase(T, StringT)) {
    SavedFieldLayout Layout =
        valueWithGetter("std::string", GetterShape::Value, GetterBody::String);
    Layout.TheCopy = SavedFieldLayout::Copy::String;
    return Layout;
  }
  if (isOptionalOf(T, StringT)) {
    SavedFieldLayout Layout = valueWithGetter(
        (SchemaSection::of(TheProfile).CppAPI.unqualifiedOptional() +
         "<std::string>")
            .str(),
        GetterShape::Optional, GetterBody::String);
    Layout.TheCopy = SavedFieldLayout::Copy::OptionalString;
    return Layout;
  }
  if (NodeOptions::of(TheProfile).ForeachNodes &&
      T.getKind() == CType::Kind::ArrayRef && T.getElement().isBase(ScalarT)) {
    SavedFieldLayout Layout = stored(Storage::ScalarList);
    Layout.FieldType = "std::vector<at::Scalar>";
    Layout.TheCopy = SavedFieldLayout::Copy::Vector;
    return Layout;
  }
  return std::nullopt;
}

} // namespace

Expected<SavedFieldLayout> layoutSavedField(const CType &T, bool IsOutput,
                                            bool IsForeachFunction,
                                            const Profile &TheProfile,
                                            SMRange Loc) {
  if (auto Layout =
          layoutTensors(T, IsOutput, IsForeachFunction, TheProfile, Loc))
    return std::move(*Layout);
  if (std::optional<SavedFieldLayout> Layout = layoutArrays(T))
    return std::move(*Layout);
  if (std::optional<SavedFieldLayout> Layout = layoutScalars(T, TheProfile))
    return std::move(*Layout);

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

} // namespace gradgen
