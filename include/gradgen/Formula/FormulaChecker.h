//===- FormulaChecker.h - Type-checks and rewrites formulas -----*- C++ -*-===//
//
// The Formula stage. Every derivative formula of a run becomes the body of a
// function in ONE in-memory C++ translation unit, whose parameters are the
// operator's arguments and returns under their C++ types and the locals of
// the generated code (grad, grads, grad_input_mask, ...). Clang parses and
// type-checks that unit against a prelude of PyTorch's vocabulary types and
// declarations generated from native_functions.yaml; its diagnostics are
// mapped back to derivatives.yaml. AST matchers then find the uses that the
// saved-attribute rules of the profile replace (`self.sym_sizes()` ->
// `self_sym_sizes`) and rewrite each backward formula's own text.
//
// Typical use, by `gradgen check` and `gradgen generate`:
//
//   FormulaChecker Checker(Diags, Options);
//   for (each native_functions.yaml entry)
//     Checker.addOperator({Func, FuncLoc, Variants, ...});
//   std::vector<FormulaResult> Results = Checker.check(Inputs);
//
// Inputs are plain data, so the stage depends on neither the Schema nor the
// Derivatives stage.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_FORMULACHECKER_H
#define GRADGEN_FORMULA_FORMULACHECKER_H

#include "gradgen/Formula/SavedAttributeRules.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <memory>
#include <string>
#include <vector>

namespace gradgen {

/// One entry of native_functions.yaml, as far as its C++ API is concerned.
struct OperatorEntry {
  /// The `func:` schema string.
  std::string Func;
  /// Where the `func:` value starts; notes about overload candidates point
  /// here.
  llvm::SMLoc FuncLoc;
  /// `variants:`; empty means "function".
  std::string Variants;
  /// `structured: True` or a `structured_delegate`: Tensor[] arguments are
  /// then `const at::ITensorListRef &` in the C++ API.
  bool PartOfStructuredGroup = false;
  bool ConstRefForMutableTensors = false;
  /// `manual_cpp_binding: True`: the prelude declares it by hand.
  bool ManualCppBinding = false;
  std::vector<std::string> CppNoDefaultArgs;
};

/// A name a formula can use, with the C++ type the generated code gives it.
struct FormulaVariable {
  std::string Name;
  /// torchgen's NamedCType printed with cpp_type(), e.g. `const at::Tensor &`
  /// for an argument, `at::Tensor` for a return.
  std::string CppType;
};

enum class FormulaKind { Backward, Forward };

/// One `names: formula` pair of derivatives.yaml, with its operator.
struct FormulaInput {
  FormulaKind Kind = FormulaKind::Backward;
  /// The key's names: `self, other` or `result`, `U, S, Vh`.
  std::vector<std::string> VarNames;
  /// The formula text (the decoded YAML value).
  std::string Text;
  /// Maps offsets of Text to derivatives.yaml; default-constructed if the
  /// formula has no source (then diagnostics point at KeyLoc).
  ScalarSourceMap Source;
  llvm::SMLoc KeyLoc;
  /// The operator's schema name (`add.Tensor`), for messages.
  std::string OperatorName;
  /// The operator's C++ arguments in the order of its (symint) C++ signature.
  std::vector<FormulaVariable> Arguments;
  /// Its returns under the names formulas use (`result`, `result0`, named
  /// returns; a return named `self` is `result`).
  std::vector<FormulaVariable> Returns;
  /// `_foreach_*` formulas see the loop index `i`.
  bool IsForeach = false;
  /// In-place operators give forward formulas `original_self_p/_t`.
  bool IsInplace = false;
};

struct FormulaSavedValue {
  std::string Name;
  /// The C++ type as torchgen prints the FormulaSavedValue's NamedCType.
  std::string CppType;
  /// The expression evaluated when the forward pass saves it.
  std::string Expr;
};

struct FormulaResult {
  /// Clang or a rule reported an error for this formula.
  bool HasErrors = false;
  /// The backward formula with the rules applied; forward formulas are
  /// returned unchanged.
  std::string Formula;
  std::vector<FormulaSavedValue> SavedInputs;
  std::vector<FormulaSavedValue> SavedOutputs;
};

struct FormulaCheckerOptions {
  /// `c++17` or `c++20`.
  std::string Standard = "c++17";
  /// 10000 * major + 100 * minor + patch of the profile's PyTorch, visible to
  /// the prelude as GRADGEN_TORCH_VERSION.
  unsigned TorchVersion = 21401;
  /// `::std::optional` or `c10::optional` in generated declarations.
  std::string OptionalSpelling = "::std::optional";
  std::string NulloptSpelling = "::std::nullopt";
  /// Headers declaring the formulas' helper functions (FunctionsManual.h).
  /// Without any, each unknown helper name gets one warning.
  std::vector<std::string> HelperFiles;
  /// -D NAME[=VALUE]
  std::vector<std::string> Defines;
  /// A directory replacing the built-in prelude files; empty for built-in.
  std::string PreludeDir;
  /// The profile's saved-attribute rules; none disables rewriting.
  const SavedAttributeRules *Rules = nullptr;
  /// Print the generated translation unit to this file (debugging).
  std::string DumpTranslationUnit;
};

class FormulaChecker {
public:
  FormulaChecker(DiagnosticEngine &Diags, FormulaCheckerOptions Options);
  ~FormulaChecker();

  /// Declares an operator's C++ API. Reports an unparsable schema as an
  /// error at FuncLoc.
  void addOperator(const OperatorEntry &Entry);

  /// Parses, type-checks and rewrites every formula; Results[I] belongs to
  /// Inputs[I]. Diagnostics go to the engine given to the constructor.
  std::vector<FormulaResult> check(llvm::ArrayRef<FormulaInput> Inputs);

  /// The arguments and returns of an operator schema as formulas see them
  /// (symint C++ signature), for callers that have no Schema model.
  static bool describeOperator(llvm::StringRef Func, FormulaInput &Into,
                               const FormulaCheckerOptions &Options,
                               std::string &Error);

  class Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace gradgen

#endif // GRADGEN_FORMULA_FORMULACHECKER_H
