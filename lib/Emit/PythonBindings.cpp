//===- PythonBindings.cpp - python_functions*.cpp pieces ------------------===//

#include "gradgen/Emit/PythonBindings.h"

#include "llvm/Support/SHA1.h"

using namespace llvm;

namespace gradgen {

unsigned pythonShardOf(StringRef InfoName) {
  // torchgen encodes the key as latin-1; names are ASCII, so the bytes are
  // the same. Read little-endian, the digest is sum(b_i * 256^i), and since
  // 256 = 1 (mod 5) the remainder is that of the sum of its bytes.
  static_assert(256 % NumPythonShards == 1,
                "the byte-sum shortcut needs 256 = 1 (mod shards)");
  std::array<uint8_t, 20> Digest = SHA1::hash(arrayRefFromStringRef(InfoName));
  unsigned Sum = 0;
  for (uint8_t Byte : Digest)
    Sum += Byte;
  return Sum % NumPythonShards;
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
