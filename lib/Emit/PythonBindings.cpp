//===- PythonBindings.cpp - The Python side of a Node ---------------------===//

#include "gradgen/Emit/PythonBindings.h"
#include "gradgen/Autograd/NodeOptions.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

namespace {

/// A template of node/ that fills one slot of a PythonNodeTemplates array.
struct TemplateFile {
  unsigned Index;
  const char *Path;
  /// Only profiles with foreach nodes have it.
  bool ForeachOnly = false;
};

constexpr TemplateFile GetterTemplates[] = {
    {unsigned(GetterShape::Value), "node/getter.tmpl"},
    {unsigned(GetterShape::Optional), "node/getter_opt.tmpl"},
    {unsigned(GetterShape::OptionalArray), "node/getter_opt_arrayref.tmpl"},
    {unsigned(GetterShape::SavedVariable), "node/getter_savedvar.tmpl"},
    {unsigned(GetterShape::RawSavedVariable),
     "node/getter_raw_savedvar.tmpl"},
    {unsigned(GetterShape::SavedVariableList),
     "node/getter_vec_savedvar.tmpl"},
    {unsigned(GetterShape::RawSavedVariableList),
     "node/getter_raw_vec_savedvar.tmpl"},
    {unsigned(GetterShape::ScalarList), "node/getter_vec_scalar.tmpl", true},
};

constexpr TemplateFile GetterBodyTemplates[] = {
    {unsigned(GetterBody::SavedVariable), "node/getter_body/savedvar.tmpl"},
    {unsigned(GetterBody::RawSavedVariable),
     "node/getter_body/raw_savedvar.tmpl"},
    {unsigned(GetterBody::SavedVariableList),
     "node/getter_body/vec_savedvar.tmpl"},
    {unsigned(GetterBody::RawSavedVariableList),
     "node/getter_body/raw_vec_savedvar.tmpl"},
    {unsigned(GetterBody::IntList), "node/getter_body/arrayref_long.tmpl"},
    {unsigned(GetterBody::SymIntList),
     "node/getter_body/arrayref_symint.tmpl"},
    {unsigned(GetterBody::DoubleList),
     "node/getter_body/arrayref_double.tmpl"},
    {unsigned(GetterBody::Int), "node/getter_body/int64_t.tmpl"},
    {unsigned(GetterBody::SymInt), "node/getter_body/symint.tmpl"},
    {unsigned(GetterBody::Double), "node/getter_body/double.tmpl"},
    {unsigned(GetterBody::Bool), "node/getter_body/bool.tmpl"},
    {unsigned(GetterBody::String), "node/getter_body/string.tmpl"},
    {unsigned(GetterBody::Scalar), "node/getter_body/scalar.tmpl"},
    {unsigned(GetterBody::ScalarList), "node/getter_body/vec_scalar.tmpl",
     true},
};

/// The getters and PyGetSetDef entries of a Node, field by field.
class GetterRenderer {
public:
  GetterRenderer(const NodeModel &Node, const PythonNodeTemplates &Templates)
      : Node(Node), Templates(Templates) {}

  Error addField(const SavedField &Field) {
    const SavedFieldLayout &Layout = Field.Layout;
    StringRef Name = Field.name();
    using Storage = SavedFieldLayout::Storage;
    switch (Layout.TheStorage) {
    case Storage::SavedVariable:
      return addSavedVariable(Name, GetterShape::SavedVariable,
                              GetterBody::SavedVariable,
                              GetterShape::RawSavedVariable,
                              GetterBody::RawSavedVariable);
    case Storage::SavedVariableList:
    case Storage::OptionalSavedVariableList:
      return addSavedVariable(Name, GetterShape::SavedVariableList,
                              GetterBody::SavedVariableList,
                              GetterShape::RawSavedVariableList,
                              GetterBody::RawSavedVariableList);
    case Storage::ScalarList:
      if (Error E = addGetter(GetterShape::ScalarList, GetterBody::ScalarList,
                              Name))
        return E;
      return addGetSetDef(Templates.PyGetSetDef, Name);
    case Storage::Value:
      if (!Layout.Getter)
        return Error::success();
      if (Error E = addGetter(*Layout.Getter, Layout.Body, Name))
        return E;
      return addGetSetDef(Templates.PyGetSetDef, Name);
    }
    llvm_unreachable("unknown storage");
  }

  std::vector<std::string> Getters;
  std::vector<std::string> GetSetDefs;

private:
  /// Saved variables are visible to Python raw too.
  Error addSavedVariable(StringRef Name, GetterShape Shape, GetterBody Body,
                         GetterShape RawShape, GetterBody RawBody) {
    if (Error E = addGetter(Shape, Body, Name))
      return E;
    if (Error E = addGetter(RawShape, RawBody, Name))
      return E;
    if (Error E = addGetSetDef(Templates.PyGetSetDef, Name))
      return E;
    return addGetSetDef(Templates.PyRawGetSetDef, Name);
  }

  /// `static PyObject* THP<Op>_<Name>_getter(...) {...}` (or `_raw_getter`).
  Error addGetter(GetterShape Shape, GetterBody Body, StringRef Name) {
    // The node, its fields and the templates outlive the substitution.
    TemplateEnv Env;
    Env.setRef("op", Node.Name)
        .setRef("name", Name)
        .setRef("body", Templates.GetterBodies[unsigned(Body)]);
    return Templates.Getters[unsigned(Shape)]->substitute(
        Env, Getters.emplace_back());
  }

  /// `{(char*)"_saved_<Name>", ...}`, or `_raw_saved_`.
  Error addGetSetDef(const CodeTemplate *Template, StringRef Name) {
    TemplateEnv Env;
    Env.setRef("op", Node.Name).setRef("name", Name);
    return Template->substitute(Env, GetSetDefs.emplace_back());
  }

  const NodeModel &Node;
  const PythonNodeTemplates &Templates;
};

} // namespace

void PythonNodeTemplates::load(const Profile &TheProfile,
                               TemplateLoader &Loader) {
  PyFunctionDefinition = Loader.get("node/py_function_definition.tmpl");
  PyFunctionPropsAndGetters =
      Loader.get("node/py_function_props_and_getters.tmpl");
  PyGetSetDef = Loader.get("node/py_getsetdef.tmpl");
  PyRawGetSetDef = Loader.get("node/py_raw_getsetdef.tmpl");
  for (const TemplateFile &File : GetterTemplates)
    if (!File.ForeachOnly || NodeOptions::of(TheProfile).ForeachNodes)
      Getters[File.Index] = Loader.get(File.Path);
  for (const TemplateFile &File : GetterBodyTemplates)
    if (!File.ForeachOnly || NodeOptions::of(TheProfile).ForeachNodes)
      GetterBodies[File.Index] = Loader.text(File.Path);
}

Expected<PythonNodeText>
renderPythonBindings(const NodeModel &Node,
                     const PythonNodeTemplates &Templates) {
  GetterRenderer Renderer(Node, Templates);
  for (const SavedField &Field : Node.SavedFields)
    if (Error E = Renderer.addField(Field))
      return E;

  std::string Structs = join(Renderer.GetSetDefs, ",\n");
  if (!Renderer.GetSetDefs.empty())
    Structs += ",";
  TemplateEnv Env;
  Env.setRef("op", Node.Name)
      .set("all_getter_definitions", join(Renderer.Getters, "\n"))
      .setRef("all_getsetdef_structs", Structs);
  PythonNodeText Text;
  if (Error E = Templates.PyFunctionPropsAndGetters->substitute(
          Env, Text.PropsAndGetters))
    return E;
  if (Error E = Templates.PyFunctionDefinition->substitute(Env, Text.Initializer))
    return E;
  return Text;
}

} // namespace gradgen
