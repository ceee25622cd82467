//===- PythonBindings.h - The Python side of a Node -------------*- C++ -*-===//
//
// What python_functions_<i>.cpp holds for a Node: a getter per saved field
// (and a raw getter for saved variables), the PyGetSetDef table, and the
// lines that register its type.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_PYTHONBINDINGS_H
#define GRADGEN_EMIT_PYTHONBINDINGS_H

#include "gradgen/Autograd/NodeModel.h"
#include "gradgen/Emit/TemplateSet.h"

#include "llvm/Support/Error.h"

#include <string>

namespace gradgen {

/// The node templates the python-functions family reads.
struct PythonNodeTemplates {
  const CodeTemplate *PyFunctionDefinition = nullptr;
  const CodeTemplate *PyFunctionPropsAndGetters = nullptr;
  const CodeTemplate *PyGetSetDef = nullptr;
  const CodeTemplate *PyRawGetSetDef = nullptr;
  /// Indexed by GetterShape; ScalarList only with foreach-nodes.
  const CodeTemplate *Getters[NumGetterShapes] = {};
  /// Indexed by GetterBody (templates without placeholders, used as text);
  /// ScalarList only with foreach-nodes.
  std::string GetterBodies[NumGetterBodies];

  /// Loads the templates TheProfile uses; Loader reports failures.
  void load(const Profile &TheProfile, TemplateLoader &Loader);
};

/// The text of one Node in the Python bindings.
struct PythonNodeText {
  /// The getters and property table (py_function_props_and_getters).
  std::string PropsAndGetters;
  /// The lines registering the type (py_function_initializers).
  std::string Initializer;
};

/// Renders the Python bindings of Node. Errors are TemplateErrors.
llvm::Expected<PythonNodeText>
renderPythonBindings(const NodeModel &Node,
                     const PythonNodeTemplates &Templates);

} // namespace gradgen

#endif // GRADGEN_EMIT_PYTHONBINDINGS_H
