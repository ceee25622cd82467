//===- SavedFieldTypes.cpp - Emit's field types for Formula ---------===//

#include "SavedFieldTypes.h"

#include "gradgen/Emit/SavedFields.h"

using namespace llvm;

namespace gradgen {

std::string savedFieldType(const CType &Type, bool IsOutput, bool IsForeach,
                           const Profile &TheProfile) {
  Expected<SavedFieldLayout> Layout =
      layoutSavedField(Type, IsOutput, IsForeach, TheProfile, SMRange());
  if (!Layout) {
    // The Emit stage reports what a node cannot keep.
    consumeError(Layout.takeError());
    return Type.cppType() + " &";
  }
  switch (Layout->TheStorage) {
  case SavedFieldLayout::Storage::SavedVariable:
    return "at::Tensor &";
  case SavedFieldLayout::Storage::SavedVariableList:
    return "std::vector<at::Tensor> &";
  case SavedFieldLayout::Storage::OptionalSavedVariableList:
    return TheProfile.Optionals == OptionalSpelling::C10
               ? "c10::List<c10::optional<at::Tensor>> &"
               : "c10::List<std::optional<at::Tensor>> &";
  case SavedFieldLayout::Storage::ScalarList:
    return "std::vector<at::Scalar> &";
  case SavedFieldLayout::Storage::Value:
    return Layout->FieldType + " &";
  }
  return Type.cppType() + " &";
}

} // namespace gradgen
