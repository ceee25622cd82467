//===- FormulaUnit.h - The formula translation unit -------------*- C++ -*-===//
//
// Private to the Formula stage: the text of the translation unit that holds
// every formula, and the maps from its offsets back to the YAML sources.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_FORMULAUNIT_H
#define GRADGEN_LIB_FORMULA_FORMULAUNIT_H

#include "gradgen/Formula/FormulaChecker.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>

namespace gradgen::formula {

inline constexpr llvm::StringLiteral MainFileName = "/__gradgen/formulas.cpp";
inline constexpr llvm::StringLiteral IncludeDir = "/__gradgen/include";
inline constexpr llvm::StringLiteral FunctionsIncName =
    "gradgen/operator_functions.inc";
inline constexpr llvm::StringLiteral MethodsIncName =
    "gradgen/operator_methods.inc";

/// Where one formula sits in the translation unit.
struct FormulaSlot {
  const FormulaInput *Input = nullptr;
  std::string FunctionName;
  /// Offsets in the main buffer: the whole function, and the formula text.
  unsigned FunctionBegin = 0, FunctionEnd = 0;
  unsigned TextBegin = 0, TextEnd = 0;
  /// The end of the `);` that closes the formula: a syntax error found there
  /// is at the formula's end.
  unsigned CloseEnd = 0;
  /// The parameters derivatives.yaml declares (arguments and returns of the
  /// `name:` schema): the offset of the parameter's name, and its place.
  std::vector<std::pair<unsigned, llvm::SMLoc>> ParamLocs;
  /// For a rewritten formula: the offset in Input->Source's text of each
  /// offset of the slot's text (one more than its size). Empty: the same.
  std::vector<unsigned> SourceOffsets;
  /// A note for every diagnostic in the slot (the generated code's
  /// context).
  std::string Note;
  /// The slot's function is shared with other slots' (a block of it for
  /// each): its text must expand no macro (MacroExpansionGuard).
  bool Grouped = false;
  /// Then, in the first check: the offset of the `{` of the slot's block.
  unsigned BlockBegin = 0;
  /// In a unit of the first check with DeclaredVariables::Named: the
  /// variables the formula names, and their types as written.
  std::vector<std::pair<std::string, std::string>> NamedVariables;
};

/// Generated declaration files: one declaration per line, and the `func:`
/// location each line came from (line numbers are 1-based).
struct GeneratedDeclarations {
  std::string Text;
  std::vector<llvm::SMLoc> LineLocs{llvm::SMLoc()};
  void add(llvm::StringRef Declaration, llvm::SMLoc Loc) {
    Text += Declaration;
    Text += ";\n";
    LineLocs.push_back(Loc);
  }
};

struct FormulaUnit {
  std::string MainText;
  std::vector<FormulaSlot> Slots;
  /// Slot index by function begin offset, for location lookups.
  std::map<unsigned, size_t> SlotByBegin;

  /// The slot whose function contains Offset, if any.
  const FormulaSlot *slotAt(unsigned Offset) const;
};

/// Whether the generated code stores the gradient of VarName as a list of
/// tensors (torch::autograd::variable_list) rather than a tensor.
bool gradientIsList(const FormulaInput &In, llvm::StringRef VarName);

/// The name of the alias of the C++ type of rule I in the unit.
std::string ruleTypeName(size_t I);

/// Which variables (parameters) a function of the unit declares.
enum class DeclaredVariables {
  /// Every one the generated code has: what completion, typo correction and
  /// the notes of diagnostics draw on.
  All,
  /// Only those its body names (as a whole word), which is most of Clang's
  /// cost saved. A unit checked so without any diagnostic has the results
  /// of one that declares all: a name a formula does not write is looked up
  /// by nothing but typo correction (a diagnostic), and one function
  /// declaring every type and one every name of the unit's variables report
  /// what an unused declaration would. A unit with diagnostics is checked
  /// again declaring all, for the diagnostics of that run.
  Named,
};

/// Builds the unit's main file, which follows the header of
/// FormulaCompiler. RuleTypes are the types of the saved-attribute rules,
/// declared as aliases for the matcher to compare with what Clang finds.
/// With DeclaredVariables::Named, an input flagged in LeftOutOnly (a
/// formula checked as an identical one) gets no function and no slot, but
/// its variables are declared as those left out are.
FormulaUnit
buildFormulaUnit(llvm::ArrayRef<FormulaInput> Inputs,
                 llvm::ArrayRef<std::string> RuleTypes,
                 DeclaredVariables Declared = DeclaredVariables::All,
                 llvm::ArrayRef<bool> LeftOutOnly = {});

/// The variables the function of In declares in a unit with
/// DeclaredVariables::Named, in order: names and types as written.
std::vector<std::pair<std::string, std::string>>
namedParameters(const FormulaInput &In);

/// How the second check's unit copies each gradient into grad_inputs.
enum class GradientCopies {
  /// A call of __gradgen_copy_range per slot, as the generated code has it,
  /// which the notes of diagnostics draw on.
  Direct,
  /// The same call in a function template of the unit, instantiated once
  /// per type of grad_result: the overload resolution of a copy (and of the
  /// std::get of a tuple's element) costs more than most formulas. The call
  /// in the template finds the declarations the direct call finds and gets
  /// the same lvalues, so it is well-formed iff the direct call is. Where no
  /// formula names grad_inputs, it is a parameter instead of a local whose
  /// default initialization every node repeats, and so is the optional a
  /// kernel assigns its forward formulas to where they have one type. A unit
  /// with diagnostics is checked again with direct copies and locals.
  Shared,
};

/// Builds the unit of the second check: one function per node, in the shape
/// of the generated apply_functional. Its slots refer to SlotInputs, which
/// it fills (and which must outlive the unit).
///
/// StandInTypes, one per slot of the nodes in order (or none), replaces a
/// formula whose result the first check established by a call of a function
/// returning that type (`const ::at::Tensor &`), so that Clang checks only
/// the code around it; empty for a formula checked as written.
FormulaUnit
buildGeneratedUnit(llvm::ArrayRef<GeneratedNode> Nodes,
                   std::vector<FormulaInput> &SlotInputs,
                   DeclaredVariables Declared = DeclaredVariables::All,
                   llvm::ArrayRef<std::string> StandInTypes = {},
                   GradientCopies Copies = GradientCopies::Direct);

/// The words of Text: each run of identifier characters from a letter or
/// `_` on, which includes every whole-word mention of a name.
llvm::StringSet<> wordsOf(llvm::StringRef Text);

/// Type spelled with names looked up from the global namespace
/// (`::at::Tensor &` for `Tensor &`). A unit with DeclaredVariables::Named
/// asserts that the type of each variable it declares is this.
std::string qualifiedSpelling(llvm::StringRef Type);

/// The parameters of a node's function in the second check.
std::vector<GeneratedVariable> nodeParameters(const GeneratedNode &Node);

/// What the code that checks formula Formula of Node stood in for by a call
/// of StandInType depends on: its text in a function of its own, and the
/// types of the parameters it names. In a unit, the same key is the same
/// check.
std::string standInKey(const GeneratedNode &Node, size_t Formula,
                       llvm::StringRef StandInType);

/// The names that the second check's code around Node's formulas looks up
/// where they are, its locals among them (`grad_inputs`, `grad_result`).
llvm::StringSet<> scaffoldingNames(const GeneratedNode &Node);

/// The embedded prelude: file names relative to IncludeDir, and contents.
llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> builtinPrelude();

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_FORMULAUNIT_H
