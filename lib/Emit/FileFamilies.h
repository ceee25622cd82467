//===- FileFamilies.h - The families gradgen knows --------------*- C++ -*-===//
//
// Private to the Emit library: the factories the registry (FileFamily.cpp)
// lists. A new family adds its factory here.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_EMIT_FILEFAMILIES_H
#define GRADGEN_LIB_EMIT_FILEFAMILIES_H

#include "gradgen/Emit/FileFamily.h"

#include <memory>

namespace gradgen {

/// Functions.h and Functions.cpp (gen_autograd_functions_lib).
std::unique_ptr<FileFamily> createFunctionsFamily();

/// python_functions.h and python_functions*.cpp
/// (gen_autograd_functions_python).
std::unique_ptr<FileFamily> createPythonFunctionsFamily();

/// VariableType.h and VariableType_*.cpp (gen_variable_type): the autograd
/// kernels.
std::unique_ptr<FileFamily> createVariableTypeFamily();

/// ADInplaceOrViewType_N.cpp (gen_inplace_or_view_type).
std::unique_ptr<FileFamily> createInplaceOrViewFamily();

/// variable_factories.h (gen_variable_factories).
std::unique_ptr<FileFamily> createVariableFactoriesFamily();

/// TraceType_N.cpp (gen_trace_type): the Tracer kernels.
std::unique_ptr<FileFamily> createTraceTypeFamily();

/// python_enum_tag.cpp (gen_python_functions' gen_tags_enum): the tags of
/// tags.yaml as the Python enum torch.Tag.
std::unique_ptr<FileFamily> createPythonEnumTagFamily();

/// ViewFuncs.h and ViewFuncs.cpp (gen_view_funcs): the ViewFunc classes.
std::unique_ptr<FileFamily> createViewFuncsFamily();

/// python_torch_functions*, python_variable_methods.cpp,
/// python_<module>_functions.cpp and python_return_types.* (gen_python_
/// functions): the Python bindings of ATen's operators.
std::unique_ptr<FileFamily> createPythonBindingsFamily();

} // namespace gradgen

#endif // GRADGEN_LIB_EMIT_FILEFAMILIES_H
