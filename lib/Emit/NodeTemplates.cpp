//===- NodeTemplates.cpp - What a profile folder gives the emitters -------===//

#include "gradgen/Emit/NodeTemplates.h"

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/InputFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace gradgen {

BlockIndentStyle blockIndentStyleOf(const Profile &TheProfile) {
  return TheProfile.IndentBlankTemplateLines
             ? BlockIndentStyle::PrefixEveryLine
             : BlockIndentStyle::PrefixNonBlankAndTrim;
}

namespace {

class Loader {
public:
  Loader(TemplateSet &Templates, DiagnosticEngine &Diags)
      : Templates(Templates), Diags(Diags) {}

  void get(StringRef Name, const CodeTemplate *&Slot) {
    Expected<const CodeTemplate &> Template = Templates.get(Name);
    if (!Template) {
      reportTemplateError(Template.takeError(), Diags, "emit.template");
      OK = false;
      return;
    }
    Slot = &*Template;
  }

  /// A template without placeholders, used as text.
  void text(StringRef Name, std::string &Slot) {
    const CodeTemplate *Template = nullptr;
    get(Name, Template);
    if (!Template)
      return;
    if (Error E = Template->substitute(TemplateEnv(), Slot)) {
      reportTemplateError(std::move(E), Diags, "emit.template");
      OK = false;
    }
  }

  bool OK = true;

private:
  TemplateSet &Templates;
  DiagnosticEngine &Diags;
};

/// Reads the list of view functions: a name a line, `#` comments.
bool readViewFunctions(StringRef Path, InputFiles &Files,
                       DiagnosticEngine &Diags,
                       StringSet<> &Names) {
  ErrorOr<unsigned> BufferID = Files.addFile(Path);
  if (std::error_code EC = BufferID.getError()) {
    Diags.error("profile.view-functions", SMLoc(),
                "cannot read '" + Path + "': " + EC.message());
    return false;
  }
  StringRef Text = Files.getSourceMgr().getMemoryBuffer(*BufferID)->getBuffer();
  bool OK = true;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    StringRef Name = Line.split('#').first.trim();
    if (Name.empty())
      continue;
    bool IsIdentifier = !isDigit(Name.front()) &&
                        llvm::all_of(Name, [](char C) {
                          return isAlnum(C) || C == '_';
                        });
    if (!IsIdentifier) {
      Diags
          .error("profile.view-functions", SMLoc::getFromPointer(Name.data()),
                 "'" + Name + "' is not an operator name")
          .range(SMRange(SMLoc::getFromPointer(Name.data()),
                         SMLoc::getFromPointer(Name.end())));
      OK = false;
      continue;
    }
    Names.insert(Name);
  }
  return OK;
}

/// A template of node/ that fills one slot of a NodeTemplates array.
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

} // namespace

std::optional<NodeTemplates> NodeTemplates::load(const Profile &TheProfile,
                                                 TemplateSet &Templates,
                                                 InputFiles &Files,
                                                 DiagnosticEngine &Diags) {
  NodeTemplates Result;
  Result.TheProfile = &TheProfile;
  Loader L(Templates, Diags);
  L.get("Functions.h", Result.FunctionsH);
  L.get("Functions.cpp", Result.FunctionsCpp);
  L.get("python_functions.h", Result.PythonFunctionsH);
  L.get("python_functions.cpp", Result.PythonFunctionsCpp);
  L.get("shard/forward_declare.tmpl", Result.ShardForwardDeclare);
  L.get("shard/call.tmpl", Result.ShardCall);

  L.get("node/declaration.h.tmpl", Result.Declaration);
  L.get("node/definition.cpp.tmpl", Result.Definition);
  L.get("node/will_release_variables.tmpl", Result.WillReleaseVariables);
  if (TheProfile.CompiledAutogradNodes)
    L.get("node/compute_needs_input_grad.tmpl", Result.ComputeNeedsInputGrad);
  L.get("node/grad_input_mask.tmpl", Result.GradInputMask);
  L.get("node/derivative_single.tmpl", Result.DerivativeSingle);
  if (TheProfile.ForeachNodes)
    L.get("node/derivative_single_foreach.tmpl",
          Result.DerivativeSingleForeach);
  L.get("node/derivative_multi.tmpl", Result.DerivativeMulti);
  L.get("node/derivative_multi_copy_range.tmpl",
        Result.DerivativeMultiCopyRange);

  L.get("node/py_function_definition.tmpl", Result.PyFunctionDefinition);
  L.get("node/py_function_props_and_getters.tmpl",
        Result.PyFunctionPropsAndGetters);
  L.get("node/py_getsetdef.tmpl", Result.PyGetSetDef);
  L.get("node/py_raw_getsetdef.tmpl", Result.PyRawGetSetDef);

  for (const TemplateFile &File : GetterTemplates)
    if (!File.ForeachOnly || TheProfile.ForeachNodes)
      L.get(File.Path, Result.Getters[File.Index]);
  for (const TemplateFile &File : GetterBodyTemplates)
    if (!File.ForeachOnly || TheProfile.ForeachNodes)
      L.text(File.Path, Result.GetterBodies[File.Index]);

  bool OK = L.OK;
  OK &= readViewFunctions(TheProfile.path(TheProfile.ViewFunctions), Files, Diags,
                          Result.ViewFunctions);
  if (!OK)
    return std::nullopt;
  return Result;
}

} // namespace gradgen
