//===- EmitError.cpp - Errors found while emitting a Node -----------------===//

#include "gradgen/Emit/EmitError.h"

#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Schema/PythonAPI.h"
#include "gradgen/Support/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gradgen {

void reportEmitError(Error E, DiagnosticEngine &Diags) {
  handleAllErrors(
      std::move(E),
      [&](const NodeError &Node) {
        DiagnosticBuilder Diag =
            Diags.report(Node.Kind, Node.Range.Start, Node.Message);
        if (Node.Range.Start != Node.Range.End)
          Diag.range(Node.Range);
      },
      [&](const python::PythonAPIError &Binding) {
        Diags.report(diag::python_binding, Binding.Loc, Binding.Message);
      },
      [&](std::unique_ptr<ErrorInfoBase> Other) {
        reportTemplateError(Error(std::move(Other)), Diags, diag::emit_error);
      });
}

} // namespace gradgen
