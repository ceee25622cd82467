//===- PythonBindings.cpp - python_functions*.cpp pieces ------------------===//

#include "gradgen/Emit/PythonBindings.h"

#include "gradgen/Support/StableHash.h"

using namespace llvm;

namespace gradgen {

unsigned pythonShardOf(StringRef InfoName) {
  return stableShardOf(InfoName, NumPythonShards);
}

Error appendGetter(const NodeTemplates &Templates, GetterShape Shape,
                   GetterBody Body, StringRef Op, StringRef Name,
                   std::vector<std::string> &Out) {
  TemplateEnv Env;
  Env.set("op", Op).set("name", Name).set(
      "body", Templates.GetterBodies[unsigned(Body)]);
  std::string Text;
  if (Error E = Templates.Getters[unsigned(Shape)]->substitute(Env, Text))
    return E;
  Out.push_back(std::move(Text));
  return Error::success();
}

Error appendGetSetDef(const NodeTemplates &Templates, bool Raw, StringRef Op,
                      StringRef Name, std::vector<std::string> &Out) {
  TemplateEnv Env;
  Env.set("op", Op).set("name", Name);
  std::string Text;
  const CodeTemplate *Template =
      Raw ? Templates.PyRawGetSetDef : Templates.PyGetSetDef;
  if (Error E = Template->substitute(Env, Text))
    return E;
  Out.push_back(std::move(Text));
  return Error::success();
}

Expected<std::string> renderPropsAndGetters(const NodeTemplates &Templates,
                                            StringRef Op,
                                            ArrayRef<std::string> Getters,
                                            ArrayRef<std::string> GetSetDefs) {
  std::string Structs = join(GetSetDefs, ",\n");
  if (!GetSetDefs.empty())
    Structs += ",";
  TemplateEnv Env;
  Env.set("op", Op)
      .set("all_getter_definitions", join(Getters, "\n"))
      .set("all_getsetdef_structs", Structs);
  return Templates.PyFunctionPropsAndGetters->substitute(Env);
}

Expected<std::string> renderPyFunctionDefinition(const NodeTemplates &Templates,
                                                 StringRef Op) {
  TemplateEnv Env;
  Env.set("op", Op);
  return Templates.PyFunctionDefinition->substitute(Env);
}

} // namespace gradgen
