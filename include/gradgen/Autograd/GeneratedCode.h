//===- GeneratedCode.h - Formulas in the code generated for them -*- C++ -*-===//
//
// What the Emit stage hands the Formula stage's second check: each rewritten
// formula of a backward node, or of an autograd kernel's forward-AD block,
// with the variables the generated code gives it. Owned here, below both
// stages, so that neither includes the other's headers (docs/architecture.md).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_AUTOGRAD_GENERATEDCODE_H
#define GRADGEN_AUTOGRAD_GENERATEDCODE_H

#include "gradgen/Support/YAMLSource.h"

#include "llvm/Support/SMLoc.h"

#include <string>
#include <vector>

namespace gradgen {

/// A replacement of Text[Begin, End) by the rules.
struct FormulaEdit {
  unsigned Begin = 0, End = 0;
  std::string Replacement;
};

/// A variable of the code generated for a backward node, as the formulas
/// see it: a saved value unpacked, or a local such as `grad`.
struct GeneratedVariable {
  std::string Name;
  /// Its C++ type in the generated function, e.g. `std::vector<c10::SymInt> &`.
  std::string CppType;
};

/// One rewritten backward formula in the code generated for its node.
struct GeneratedFormula {
  std::string Formula;
  std::vector<std::string> VarNames;
  /// The generated code wraps it: `any_grad_defined ? (f) : Tensor()`.
  bool ChecksAnyGradDefined = false;
  /// Evaluated per list element with the loop index `i` (_foreach_ nodes).
  bool Foreach = false;
  /// The generated code declares `grad_input_mask` before the formula.
  bool DeclaresGradInputMask = false;
  /// A forward formula in an autograd kernel: the type of the variable its
  /// value is stored in (the kernel's `<out>_new_fw_grad_opt`, e.g.
  /// `::std::optional<at::Tensor>`). Empty for backward formulas.
  std::string ForwardResultType;
  /// Where the formula was written and how the rules changed it, to report
  /// at the right place; without a source, diagnostics point at KeyLoc.
  ScalarSourceMap Source;
  std::vector<FormulaEdit> Edits;
  llvm::SMLoc KeyLoc;
};

/// The backward function of one node (torchgen's apply_functional), or the
/// forward-AD block of one autograd kernel.
struct GeneratedNode {
  /// The node's class, e.g. `MulBackward0`, or the kernel's name, for notes.
  std::string Name;
  std::vector<GeneratedVariable> Variables;
  std::vector<GeneratedFormula> Formulas;
};

} // namespace gradgen

#endif // GRADGEN_AUTOGRAD_GENERATEDCODE_H
