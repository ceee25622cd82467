//===- SavedFields.cpp - The code of a Node's saved fields ----------------===//
//
// The statements here are the one-line ones torchgen writes inline with
// f-strings, built with the CppCode helpers; what a field is comes from the
// NodeModel.
//
//===----------------------------------------------------------------------===//

#include "gradgen/Emit/SavedFields.h"
#include "gradgen/Autograd/NodeOptions.h"

#include "gradgen/Emit/CppCode.h"

using namespace llvm;

namespace gradgen {

using Storage = SavedFieldLayout::Storage;

/// `std::vector<SavedVariable> X_; bool X_released_`: the members, release
/// and check of a list of saved variables.
static void addReleasableList(const SavedField &Field, SavedFieldCode &Code) {
  std::string Released = Field.Member + "released_";
  Code.SavedVariables.push_back(
      cpp::declaration("std::vector<SavedVariable>", Field.Member));
  Code.SavedVariables.push_back(cpp::declaration("bool", Released, "false"));
  Code.ReleaseVariables.push_back(
      cpp::statement(cpp::memberCall(Field.Member, "clear")));
  Code.ReleaseVariables.push_back(cpp::assignment(Released, "true"));
  Code.Asserts.push_back(cpp::statement(
      cpp::call("TORCH_CHECK", {"!" + Released, "ERR_BACKWARD_TWICE"})));
}

/// `auto X = Value;`
static std::string unpack(const SavedField &Field, StringRef Value) {
  return cpp::declaration("auto", Field.name(), Value);
}

static void addSavedField(const SavedField &Field, const Profile &TheProfile,
                          SavedFieldCode &Code) {
  StringRef Name = Field.name();
  const SavedFieldLayout &Layout = Field.Layout;
  switch (Layout.TheStorage) {
  case Storage::SavedVariable:
    Code.SavedVariables.push_back(
        cpp::declaration("SavedVariable", Field.Member));
    Code.ReleaseVariables.push_back(
        cpp::statement(cpp::memberCall(Field.Member, "reset_data")));
    Code.Unpacks.push_back(unpack(
        Field, cpp::memberCall(Field.Member, "unpack", {Field.UnpackOwner})));
    break;
  case Storage::SavedVariableList: {
    addReleasableList(Field, Code);
    std::vector<StringRef> Args{Field.Member};
    if (NodeOptions::of(TheProfile).UnpackListTakesOwner)
      Args.push_back(Field.IsOutput ? StringRef(Field.UnpackOwner)
                                    : StringRef("nullptr"));
    Code.Unpacks.push_back(unpack(Field, cpp::call("unpack_list", Args)));
    break;
  }
  case Storage::OptionalSavedVariableList:
    addReleasableList(Field, Code);
    Code.Unpacks.push_back(
        unpack(Field, cpp::call("unpack_opt_list", {Field.Member})));
    break;
  case Storage::ScalarList:
    // torchgen never sets the flag nor checks it before use.
    Code.SavedVariables.push_back(
        cpp::declaration(Layout.FieldType, Field.Member));
    Code.SavedVariables.push_back(
        cpp::declaration("bool", Name.str() + "_released_", "false"));
    Code.ReleaseVariables.push_back(
        cpp::statement(cpp::memberCall(Field.Member, "clear")));
    break;
  case Storage::Value:
    Code.SavedVariables.push_back(cpp::declaration(
        Layout.FieldType, Field.Member, Layout.ZeroInitialized ? "0" : ""));
    break;
  }

  if (!NodeOptions::of(TheProfile).CompiledAutogradNodes)
    return;
  std::vector<StringRef> CollectArgs{Field.Member};
  if (Layout.isSavedVariable())
    CollectArgs.push_back(Field.IsOutput ? "true" : "false");
  Code.CompiledArgs.push_back(
      cpp::statement(cpp::memberCall("args", "collect", CollectArgs)));
  Code.ApplyWithSavedBefore.push_back(
      cpp::statement(cpp::memberCall("saved", "before", {Field.Member})));
  Code.ApplyWithSavedAfter.push_back(
      cpp::statement(cpp::memberCall("saved", "after", {Field.Member})));
}

SavedFieldCode renderSavedFields(const NodeModel &Node,
                                 const Profile &TheProfile) {
  SavedFieldCode Code;
  for (const SavedField &Field : Node.SavedFields)
    addSavedField(Field, TheProfile, Code);
  return Code;
}

} // namespace gradgen
