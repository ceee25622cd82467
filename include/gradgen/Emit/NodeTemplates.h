//===- NodeTemplates.h - What a profile gives the emitters ------*- C++ -*-===//
//
// The node emitters run in parallel, so everything they read from the profile
// folder is loaded and compiled up front: the per-node templates, the getter
// bodies (templates without placeholders, used as text), and the list of view
// functions whose Nodes cannot be traced.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_NODETEMPLATES_H
#define GRADGEN_EMIT_NODETEMPLATES_H

#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Support/Profile.h"

#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace gradgen {

/// The getter bodies of node/getter_body/, one per saved-field kind.
enum class GetterBody {
  SavedVariable,
  RawSavedVariable,
  SavedVariableList,
  RawSavedVariableList,
  IntList,
  SymIntList,
  DoubleList,
  Int,
  SymInt,
  Double,
  Bool,
  String,
  Scalar,
  ScalarList,
};
constexpr unsigned NumGetterBodies = unsigned(GetterBody::ScalarList) + 1;

/// The getter definitions of node/, which differ in how they reach `prop`.
enum class GetterShape {
  /// `auto prop = node->name;`
  Value,
  /// An optional; None when empty.
  Optional,
  /// A c10::OptionalArray; None when empty.
  OptionalArray,
  SavedVariable,
  RawSavedVariable,
  SavedVariableList,
  RawSavedVariableList,
  ScalarList,
};
constexpr unsigned NumGetterShapes = unsigned(GetterShape::ScalarList) + 1;

struct NodeTemplates {
  /// The profile the templates belong to.
  const Profile *TheProfile = nullptr;

  const CodeTemplate *Declaration = nullptr;
  const CodeTemplate *Definition = nullptr;
  const CodeTemplate *WillReleaseVariables = nullptr;
  /// Only for profiles with CompiledAutogradNodes.
  const CodeTemplate *ComputeNeedsInputGrad = nullptr;
  const CodeTemplate *GradInputMask = nullptr;
  const CodeTemplate *DerivativeSingle = nullptr;
  /// Only for profiles with ForeachNodes.
  const CodeTemplate *DerivativeSingleForeach = nullptr;
  const CodeTemplate *DerivativeMulti = nullptr;
  const CodeTemplate *DerivativeMultiCopyRange = nullptr;

  const CodeTemplate *PyFunctionDefinition = nullptr;
  const CodeTemplate *PyFunctionPropsAndGetters = nullptr;
  const CodeTemplate *PyGetSetDef = nullptr;
  const CodeTemplate *PyRawGetSetDef = nullptr;
  /// Indexed by GetterShape; ScalarList only with ForeachNodes.
  const CodeTemplate *Getters[NumGetterShapes] = {};
  /// Indexed by GetterBody; ScalarList only with ForeachNodes.
  std::string GetterBodies[NumGetterBodies];

  /// The outer files and the lines of python_functions.h.
  const CodeTemplate *FunctionsH = nullptr;
  const CodeTemplate *FunctionsCpp = nullptr;
  const CodeTemplate *PythonFunctionsH = nullptr;
  const CodeTemplate *PythonFunctionsCpp = nullptr;
  const CodeTemplate *ShardForwardDeclare = nullptr;
  const CodeTemplate *ShardCall = nullptr;

  /// The info names whose Node derives from Node (Profile::ViewFunctions).
  llvm::StringSet<> ViewFunctions;

  /// Loads everything from Templates, the folder of TheProfile. Errors are
  /// reported to Diags; the files read are recorded in SM.
  static std::optional<NodeTemplates> load(const Profile &TheProfile,
                                           TemplateSet &Templates,
                                           InputFiles &Files,
                                           DiagnosticEngine &Diags);
};

/// The block indentation the profile's templates are written for.
BlockIndentStyle blockIndentStyleOf(const Profile &TheProfile);

} // namespace gradgen

#endif // GRADGEN_EMIT_NODETEMPLATES_H
