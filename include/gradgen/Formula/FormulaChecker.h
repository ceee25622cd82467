//===- FormulaChecker.h - Type-checks and rewrites formulas -----*- C++ -*-===//
//
// The Formula stage. Every derivative formula of a run becomes the body of a
// function in ONE in-memory C++ translation unit, whose parameters are the
// operator's arguments and returns under their C++ types and the locals of
// the generated code (grad, grads, grad_input_mask, ...). Clang parses and
// type-checks that unit against a prelude of PyTorch's vocabulary types and
// declarations generated from native_functions.yaml (or, in real-header mode,
// against PyTorch's own headers); its diagnostics are mapped back to
// derivatives.yaml. AST matchers then find the uses that the saved-attribute
// rules of the profile replace (`self.sym_sizes()` -> `self_sym_sizes`) and
// rewrite each backward formula's own text. A second check type-checks the
// rewritten formulas in the code generated for their nodes. See
// docs/formula.md.
//
// Typical use, by `gradgen check` and `gradgen generate`:
//
//   FormulaChecker Checker(Diags, Options);
//   for (each declaration of each operator)
//     Checker.addOperator(Declaration);
//   std::vector<FormulaResult> Results = Checker.check(Inputs);
//   ...
//   Checker.checkGenerated(Nodes);
//
// The checker's inputs are plain data; FormulaAnalysis (FormulaAnalysis.h)
// computes them from the Schema and Derivatives stages' models.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FORMULA_FORMULACHECKER_H
#define GRADGEN_FORMULA_FORMULACHECKER_H

#include "gradgen/Autograd/GeneratedCode.h"
#include "gradgen/Formula/FormulaFlags.h"
#include "gradgen/Formula/SavedAttributeRules.h"
#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/YAMLSource.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {

/// One declaration of an operator's C++ API, as ATen's Functions.h (a
/// function) or TensorBody.h (a member of at::Tensor) declares it.
struct OperatorDeclaration {
  /// The C++ name: `add`, `add_symint`, `add_outf`.
  std::string Name;
  /// The declaration without its `;`: `at::Tensor add(const at::Tensor &
  /// self, const at::Tensor & other, const at::Scalar & alpha=1)`, with a
  /// trailing ` const` for methods.
  std::string Text;
  bool Method = false;
  /// Where the operator's `func:` value starts; notes about overload
  /// candidates point here.
  llvm::SMLoc FuncLoc;
};

/// A name a formula can use, with the C++ type the generated code gives it.
struct FormulaVariable {
  std::string Name;
  /// torchgen's NamedCType printed with cpp_type(), e.g. `const at::Tensor &`
  /// for an argument, `at::Tensor` for a return.
  std::string CppType;
  /// Where the `name:` schema declares it, for notes; may be invalid.
  llvm::SMLoc Loc;
  /// The type of the parameter the generated node's apply_functional
  /// unpacks it to where the node saves it, if that is its own type as an
  /// lvalue (`int64_t&` for an `int64_t`); empty where it is another
  /// (`std::vector<int64_t>&` for an IntArrayRef) or not known. Backward
  /// formulas run only there, and see it so.
  std::string NodeType = {};
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
  /// A formula written by gradgen from another one (auto_element_wise): the
  /// index of that one in the same check. A mistake in the source formula is
  /// reported there only; a mistake of the derived formula alone gets a note
  /// saying where it came from.
  std::optional<size_t> DerivedFrom;
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
  /// What turned the input's text into Formula, by increasing offset.
  std::vector<FormulaEdit> Edits;
  std::vector<FormulaSavedValue> SavedInputs;
  std::vector<FormulaSavedValue> SavedOutputs;
};

/// How the formulas' translation units are compiled.
struct FormulaCompilerOptions {
  /// Resolved: absolute helper paths, a standard (`c++17` or `c++20`).
  FormulaFlags Flags{{}, {}, {}, "c++17"};
  /// The profile's additions to the prelude (FormulaProfile), included
  /// after it and before the helpers; not used with real headers.
  std::vector<std::string> PreludeAdditions;
  /// Where the precompiled header is cached; empty for a temporary one.
  std::string CacheDir;
  /// A directory replacing the built-in prelude files; empty for built-in.
  std::string PreludeDir;
  /// Where Clang reads the helper headers and include folders from: the
  /// session's file system, which may overlay unsaved editor buffers on the
  /// disk. Null for the real file system.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
};

/// Precompiles the part of the built-in prelude that no input changes, for
/// the C++ standard Standard, into Path, and writes the key of what it was
/// built from to Path.key. gradgen's build installs one for each standard a
/// profile names; a run with the same prelude and flags builds its header on
/// it. Returns false and says why if it could not.
bool writePreludeBasePCH(llvm::StringRef Standard, llvm::StringRef Path,
                         std::string &Error);

struct FormulaCheckerOptions : FormulaCompilerOptions {
  /// The profile's saved-attribute rules; none disables rewriting.
  const SavedAttributeRules *Rules = nullptr;
  /// Print the generated translation unit to this file (debugging).
  std::string DumpTranslationUnit;
  /// The second check takes what the first proved of a formula
  /// (FirstCheckResults); false checks every formula again in its node's
  /// code, so that a verdict of the reuse layer can be bisected.
  bool ReuseFirstCheck = true;
};

class FormulaChecker {
public:
  FormulaChecker(DiagnosticEngine &Diags, FormulaCheckerOptions Options);
  ~FormulaChecker();

  /// Declares one overload of an operator's C++ API. Formulas see the
  /// declarations whose names they mention.
  void addOperator(OperatorDeclaration Declaration);

  /// Whether the formulas' check can use declarations of operators: not in
  /// real-header mode, where PyTorch's headers declare them.
  bool usesOperatorDeclarations() const;

  /// Every identifier in the formulas' text: the operators worth declaring.
  static llvm::StringSet<> mentionedNames(llvm::ArrayRef<FormulaInput> Inputs);
  /// Gives check() mentionedNames() of its inputs, which the caller computed
  /// already, so that check() does not compute it again.
  void setMentionedNames(llvm::StringSet<> Names);

  /// Parses, type-checks and rewrites every formula; Results[I] belongs to
  /// Inputs[I]. Diagnostics go to the engine given to the constructor.
  std::vector<FormulaResult> check(llvm::ArrayRef<FormulaInput> Inputs);

  /// The second check: type-checks the rewritten formulas in the code
  /// generated for their nodes, after check(). Returns false after
  /// reporting errors.
  bool checkGenerated(llvm::ArrayRef<GeneratedNode> Nodes);

  class Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace gradgen

#endif // GRADGEN_FORMULA_FORMULACHECKER_H
