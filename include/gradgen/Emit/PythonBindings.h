//===- PythonBindings.h - python_functions*.cpp pieces ----------*- C++ -*-===//
//
// The Python side of the Node classes: a getter per saved field (and a raw
// getter for saved variables), the PyGetSetDef table of each Node, the lines
// that register its type, and the shard of python_functions_<i>.cpp it goes
// to.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_PYTHONBINDINGS_H
#define GRADGEN_EMIT_PYTHONBINDINGS_H

#include "gradgen/Emit/NodeTemplates.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gradgen {

/// PyTorch splits python_functions.cpp into this many shards.
constexpr unsigned NumPythonShards = 5;

/// The shard of the Node of info InfoName: torchgen's FileManager hashes the
/// key with SHA-1, reads the digest as a little-endian integer and takes it
/// modulo the number of shards.
unsigned pythonShardOf(llvm::StringRef InfoName);

/// `static PyObject* THP<Op>_<Name>_getter(...) {...}` (or `_raw_getter`).
llvm::Error appendGetter(const NodeTemplates &Templates, GetterShape Shape,
                         GetterBody Body, llvm::StringRef Op,
                         llvm::StringRef Name, std::vector<std::string> &Out);

/// `{(char*)"_saved_<Name>", ...}`, or `_raw_saved_` when Raw.
llvm::Error appendGetSetDef(const NodeTemplates &Templates, bool Raw,
                            llvm::StringRef Op, llvm::StringRef Name,
                            std::vector<std::string> &Out);

/// A Node's getters and property table (py_function_props_and_getters).
llvm::Expected<std::string>
renderPropsAndGetters(const NodeTemplates &Templates, llvm::StringRef Op,
                      llvm::ArrayRef<std::string> Getters,
                      llvm::ArrayRef<std::string> GetSetDefs);

/// The lines registering a Node's type (py_function_initializers).
llvm::Expected<std::string>
renderPyFunctionDefinition(const NodeTemplates &Templates, llvm::StringRef Op);

} // namespace gradgen

#endif // GRADGEN_EMIT_PYTHONBINDINGS_H
