//===- DeprecatedOverloads.h - deprecated.yaml for the bindings -*- C++ -*-===//
//
// TEMPORARY: the Python bindings' narrow interface to deprecated.yaml
// (python::DeprecatedOverload) filled by a minimal line reader, until the
// located reader of gradgen/Schema/DeprecatedSignatures.h is merged and
// fills it instead. It reads `- name:` / `aten:` pairs only.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FRONTEND_DEPRECATEDOVERLOADS_H
#define GRADGEN_LIB_FRONTEND_DEPRECATEDOVERLOADS_H

#include "gradgen/Schema/PythonAPI.h"
#include "gradgen/Schema/SchemaOptions.h"
#include "gradgen/Schema/Type.h"

#include <memory>
#include <vector>

namespace gradgen {

class DiagnosticEngine;
class InputFiles;

/// The deprecated overloads of one deprecated.yaml and the schemas they
/// refer to.
struct DeprecatedOverloadFile {
  SchemaContext Context;
  std::vector<std::unique_ptr<FunctionSchema>> Schemas;
  std::vector<python::DeprecatedOverload> Overloads;

  /// Reads Path; false after reporting why not.
  bool read(llvm::StringRef Path, const SchemaOptions &Options,
            InputFiles &Files, DiagnosticEngine &Diags);
};

} // namespace gradgen

#endif
