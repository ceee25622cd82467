//===- FormulaAssistant.h - Completion and hover in one formula -*- C++ -*-===//
//
// What an editor asks about a formula, answered by Clang on a translation
// unit of that formula alone, framed as the Formula stage frames it (the
// operator's arguments and returns, grad, grads, result ... as parameters of
// its function) after a precompiled header that declares every operator of
// native_functions.yaml and the helpers: code completion at a point of the
// formula (Clang's CodeCompleteConsumer), and the declaration and C++ type
// of the name under a point (Clang's AST).
//
//   FormulaAssistant Assistant(Options);
//   for (each declaration of each operator)
//     Assistant.addOperator(Declaration);
//   Assistant.complete(Input, Offset);
//   Assistant.symbolAt(Input, Offset);
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_FORMULAASSISTANT_H
#define GRADGEN_FORMULA_FORMULAASSISTANT_H

#include "gradgen/Formula/FormulaAnalysis.h"
#include "gradgen/Formula/FormulaChecker.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// What a completion or a symbol names.
enum class FormulaSymbolKind {
  Variable,
  Function,
  Method,
  Field,
  Type,
  Namespace,
  EnumConstant,
};

struct FormulaCompletion {
  /// The text to insert.
  std::string Label;
  FormulaSymbolKind Kind = FormulaSymbolKind::Variable;
  /// `at::Tensor &` for a variable, the declaration of a function.
  std::string Detail;
};

/// A name of a formula as Clang resolved it.
struct FormulaSymbol {
  /// Where the name is, as offsets of the formula's text.
  unsigned Begin = 0, End = 0;
  FormulaSymbolKind Kind = FormulaSymbolKind::Variable;
  /// The declaration it resolves to, as C++: `at::Tensor & self` for a
  /// parameter of the formula's function, `c10::SymIntArrayRef
  /// at::Tensor::sym_sizes() const` for the overload a call picked.
  std::string Declaration;
  /// The C++ type of the expression the name is (for a call, the call's).
  std::string Type;
  /// The header (path:line) a helper is declared in; empty for operators,
  /// the prelude and the formula's own names.
  std::string DeclaredIn;
  /// For an operator of native_functions.yaml: its `func:` value.
  llvm::SMLoc FuncLoc;
};

class FormulaAssistant {
public:
  /// Options.CacheDir keeps the precompiled header between runs.
  explicit FormulaAssistant(FormulaCompilerOptions Options);
  ~FormulaAssistant();

  /// Declares one overload of an operator's C++ API.
  void addOperator(OperatorDeclaration Declaration);

  /// Clang's completions at Offset of In.Text, for the identifier that
  /// ends there (whose start is where Clang completes): members after `.`
  /// or `->`, the members of a namespace after `at::`, otherwise every name
  /// the formula sees. Sorted by Clang's priority, then by name.
  std::vector<FormulaCompletion> complete(const FormulaInput &In,
                                          unsigned Offset);

  /// The name at Offset of In.Text (a variable, a called function, a
  /// member), if Clang resolved it.
  std::optional<FormulaSymbol> symbolAt(const FormulaInput &In,
                                        unsigned Offset);

  /// Why the header of the formula units did not build; empty if it did
  /// or was not needed yet.
  llvm::StringRef error() const;

  class Impl;

private:
  std::unique_ptr<Impl> P;
};

/// For an editor: completion and hover in the formulas of Functions, with
/// the check's compiler options and every operator declared.
std::unique_ptr<FormulaAssistant>
createFormulaAssistant(const FormulaAnalysisOptions &Options, const Profile &P,
                       const NativeFunctionSet &Functions,
                       const CppAPIOptions &CppOptions,
                       llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

} // namespace gradgen

#endif // GRADGEN_FORMULA_FORMULAASSISTANT_H
