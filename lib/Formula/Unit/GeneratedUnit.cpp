//===- GeneratedUnit.cpp - The second check's translation unit -----------===//
//
// One function per node, in the shape of the generated apply_functional
// (and of an autograd kernel's forward derivatives), each formula in a block
// of it; with DeclaredVariables::Named, consecutive nodes share one function,
// a block each (SharedFunction in UnitText.h; docs/formula.md).
//
//===----------------------------------------------------------------------===//

#include "FormulaUnit.h"
#include "UnitText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace gradgen::formula {

/// Maps each offset of a rewritten formula to the offset of the source text
/// it came from: text outside the edits to itself, a replacement to the
/// start of what it replaced.
static std::vector<unsigned> sourceOffsets(StringRef Rewritten,
                                           ArrayRef<FormulaEdit> Edits) {
  std::vector<unsigned> Map;
  Map.reserve(Rewritten.size() + 1);
  unsigned Source = 0;
  for (const FormulaEdit &E : Edits) {
    while (Source < E.Begin)
      Map.push_back(Source++);
    for (size_t I = 0; I < E.Replacement.size(); ++I)
      Map.push_back(E.Begin);
    Source = E.End;
  }
  while (Map.size() <= Rewritten.size())
    Map.push_back(Source++);
  return Map;
}

/// The input and slot of formula F of node N of the second check.
static FormulaSlot slotFor(std::vector<FormulaInput> &SlotInputs, size_t N,
                           const GeneratedNode &Node, const GeneratedFormula &F,
                           bool StandIn) {
  bool Forward = !F.ForwardResultType.empty();
  FormulaInput &In = SlotInputs.emplace_back();
  In.Kind = Forward ? FormulaKind::Forward : FormulaKind::Backward;
  In.VarNames = F.VarNames;
  In.Text = F.Formula;
  // A stand-in's text is not the formula's: what it reports is at the key.
  if (!StandIn)
    In.Source = F.Source;
  In.KeyLoc = F.KeyLoc;
  FormulaSlot Slot;
  Slot.Input = &In;
  Slot.FunctionName = "__gradgen_node_" + std::to_string(N);
  if (In.Source.tokenRange().Start.isValid())
    Slot.SourceOffsets = sourceOffsets(F.Formula, F.Edits);
  Slot.Note = Forward ? "in the autograd kernel " + Node.Name +
                            ", where the forward formula reads: " + F.Formula
                      : "in the code generated for " + Node.Name +
                            ", where the formula reads: " + F.Formula;
  return Slot;
}

/// A forward formula of an autograd kernel, stored as the kernel stores it.
/// Without a ResultType, the optional is a parameter of the function.
static void addForwardSlot(std::string &S, FormulaSlot &Slot, StringRef Text,
                           StringRef ResultType) {
  S += "{\n";
  if (!ResultType.empty())
    S += ResultType.str() + " __gradgen_new_fw_grad_opt;\n";
  S += "__gradgen_new_fw_grad_opt = (\n";
  Slot.TextBegin = S.size();
  S += Text;
  Slot.TextEnd = S.size();
  S += "\n);\n";
  Slot.CloseEnd = S.size();
  S += "}\n";
}

/// A backward formula as apply_functional runs it. Global is `::` to name
/// what the generated code names from the global namespace, for
/// qualifiedSpelling's reason (the names are the prelude's or std's).
static void addBackwardSlot(std::string &S, FormulaSlot &Slot,
                            const GeneratedFormula &F, StringRef Text,
                            StringRef Global, GradientCopies Copies) {
  S += "{\n";
  size_t Names = F.VarNames.size();
  if (F.Foreach)
    S += (Global + "std::vector<" + Global +
          "at::Tensor> grad_result;\nconst size_t i = 0;\n"
          "grad_result.emplace_back(\n")
             .str();
  else if (F.DeclaresGradInputMask)
    S += ("auto grad_input_mask = " + Global + "std::array<bool, " +
          Twine(Names) + ">{};\n")
             .str();
  if (!F.Foreach)
    S += F.ChecksAnyGradDefined ? "auto grad_result = any_grad_defined ? (\n"
                                : "auto grad_result = (\n";
  Slot.TextBegin = S.size();
  S += Text;
  Slot.TextEnd = S.size();
  S += F.Foreach                ? "\n);\n"
       : F.ChecksAnyGradDefined ? ("\n) : " + Global + "at::Tensor();\n").str()
                                : "\n);\n";
  Slot.CloseEnd = S.size();
  if (Copies == GradientCopies::Shared) {
    if (Names <= 1 || F.Foreach)
      S += "::__gradgen_copy_result(grad_inputs, grad_result);\n";
    else
      for (size_t I = 0; I < Names; ++I)
        S += ("::__gradgen_copy_element<" + Twine(I) +
              ">(grad_inputs, grad_result);\n")
                 .str();
  } else if (Names <= 1 || F.Foreach) {
    S += (Global + "__gradgen_copy_range(grad_inputs, grad_result);\n").str();
  } else {
    for (size_t I = 0; I < Names; ++I)
      S += (Global + "__gradgen_copy_range(grad_inputs, " + Global +
            "std::get<" + Twine(I) + ">(grad_result));\n")
               .str();
  }
  S += "}\n";
}

/// The function templates of GradientCopies::Shared, the direct copies of
/// addBackwardSlot with grad_result a parameter; they follow every header,
/// so that their names find what the direct copies would.
static constexpr StringLiteral SharedCopies =
    "template <class T>\n"
    "void __gradgen_copy_result(::torch::autograd::variable_list &grad_inputs,"
    " T &grad_result) {\n"
    "::__gradgen_copy_range(grad_inputs, grad_result);\n"
    "}\n"
    "template <decltype(sizeof 0) I, class T>\n"
    "void __gradgen_copy_element(::torch::autograd::variable_list "
    "&grad_inputs, T &grad_result) {\n"
    "::__gradgen_copy_range(grad_inputs, ::std::get<I>(grad_result));\n"
    "}\n";

namespace {
/// The function of one node, its parameters apart from its body.
struct NodeFunction {
  std::vector<GeneratedVariable> Params;
  /// From the `) {` that closes the parameters on; the offsets of Slots are
  /// relative to it.
  std::string Body;
  std::vector<FormulaSlot> Slots;
  /// The names the body declares outside any block of a formula, which a
  /// parameter of the same name would be redefined by.
  SmallVector<StringRef, 2> Locals;
  /// Whether each formula written in the body is confinedText().
  bool Confined = true;
  /// In a unit declaring what is named: the words of the body, and whether
  /// it may be a block of a function shared with other nodes.
  StringSet<> Words;
  bool Groupable = false;
};
} // namespace

std::vector<GeneratedVariable> nodeParameters(const GeneratedNode &Node) {
  std::vector<GeneratedVariable> Params;
  Params.push_back({"grads", GradsType.str()});
  append_range(Params, Node.Variables);
  return Params;
}

/// Declares the stand-ins of StandInTypes, each type once, in Declarations;
/// returns the call that stands for each (empty for a formula).
static std::vector<std::string> standInCalls(ArrayRef<std::string> StandInTypes,
                                             std::string &Declarations) {
  std::vector<std::string> Calls;
  StringMap<std::string> CallOf;
  for (const std::string &Type : StandInTypes) {
    if (Type.empty()) {
      Calls.emplace_back();
      continue;
    }
    auto [It, New] = CallOf.try_emplace(Type);
    if (New) {
      std::string Name =
          "__gradgen_reused_" + std::to_string(CallOf.size() - 1);
      Declarations += Type + " " + Name + "();\n";
      It->second = Name + "()";
    }
    Calls.push_back(It->second);
  }
  return Calls;
}

static NodeFunction
nodeFunction(size_t N, const GeneratedNode &Node,
             std::vector<FormulaInput> &SlotInputs,
             ArrayRef<std::string> StandIns, TypeAliases *Types,
             GradientCopies Copies = GradientCopies::Direct) {
  NodeFunction Function;
  Function.Params = nodeParameters(Node);
  StringRef Global = Types ? "::" : "";
  std::string &S = Function.Body;
  // With shared copies, grad_inputs is a parameter (left out where no copy
  // names it) unless a formula names it: the copies only need an lvalue of
  // its type, and its default initialization is the same in every node.
  // So is the optional a kernel stores its forward formulas in, where they
  // all have one type: an assignment needs only an lvalue of that type.
  auto NoFormulaNames = [&](StringRef Name) {
    return none_of(Node.Formulas, [&](const GeneratedFormula &F) {
      return Words(F.Formula).contains(Name);
    });
  };
  bool Shared = Copies == GradientCopies::Shared;
  bool GradInputsParam = Shared && NoFormulaNames("grad_inputs");
  if (GradInputsParam)
    Function.Params.push_back(
        {"grad_inputs", "torch::autograd::variable_list &"});
  StringRef StoreType;
  bool StoreParam = Shared && NoFormulaNames("__gradgen_new_fw_grad_opt");
  for (const GeneratedFormula &F : Node.Formulas)
    if (!F.ForwardResultType.empty()) {
      StoreParam &= StoreType.empty() || StoreType == F.ForwardResultType;
      StoreType = F.ForwardResultType;
    }
  StoreParam &= !StoreType.empty();
  if (StoreParam)
    Function.Params.push_back(
        {"__gradgen_new_fw_grad_opt", StoreType.str() + " &"});
  S += ") {\n";
  if (!GradInputsParam) {
    S += (Global + "torch::autograd::variable_list grad_inputs;\n").str();
    Function.Locals.push_back("grad_inputs");
  }
  S += "bool any_grad_defined = true;\n";
  Function.Locals.push_back("any_grad_defined");
  for (auto [I, F] : enumerate(Node.Formulas)) {
    bool StandIn = I < StandIns.size() && !StandIns[I].empty();
    Function.Confined &= StandIn || confinedText(F.Formula);
    StringRef Text = StandIn ? StringRef(StandIns[I]) : StringRef(F.Formula);
    FormulaSlot &Slot =
        Function.Slots.emplace_back(slotFor(SlotInputs, N, Node, F, StandIn));
    if (F.ForwardResultType.empty())
      addBackwardSlot(S, Slot, F, Text, Global, Copies);
    else if (StoreParam)
      addForwardSlot(S, Slot, Text, "");
    else
      addForwardSlot(S, Slot, Text,
                     Types ? Types->spell(F.ForwardResultType)
                           : F.ForwardResultType);
  }
  S += "}\n";
  return Function;
}

std::string standInKey(const GeneratedNode &Node, size_t Formula,
                       StringRef StandInType) {
  GeneratedNode One;
  One.Formulas.push_back(Node.Formulas[Formula]);
  std::vector<FormulaInput> SlotInputs;
  TypeAliases Types;
  std::string Declarations;
  std::vector<std::string> Call = standInCalls(StandInType.str(), Declarations);
  // The code, what its stand-in returns, and the types its aliases stand
  // for as written.
  std::string Key =
      nodeFunction(0, One, SlotInputs, Call, &Types).Body + Declarations;
  Types.writeAssertions(Key);
  StringSet<> Words = wordsOf(Key);
  for (const GeneratedVariable &P : nodeParameters(Node))
    if (Words.contains(P.Name))
      Key += "\n" + P.Name + ": " + P.CppType;
  return Key;
}

StringSet<> scaffoldingNames(const GeneratedNode &Node) {
  std::vector<FormulaInput> SlotInputs;
  TypeAliases Types;
  std::vector<std::string> Empty(Node.Formulas.size(), " ");
  NodeFunction Function = nodeFunction(0, Node, SlotInputs, Empty, &Types);
  // Keywords name nothing; names after `::`, `.` or `->` are not looked up
  // where the formula is.
  static constexpr StringLiteral Keywords[] = {
      "auto", "bool", "const", "true", "false", "void", "static", "int"};
  StringSet<> Names;
  forEachWord(Function.Body, [&](StringRef Word, StringRef Before) {
    Before = Before.rtrim();
    if (!Before.endswith("::") && !Before.endswith(".") &&
        !Before.endswith("->") && !is_contained(Keywords, Word))
      Names.insert(Word);
  });
  return Names;
}

/// Leaves out the parameters Function's body does not name, unless two
/// share a name (the redefinition is reported when all are declared).
/// The types of those that Replaced (the formulas stood in for) name are
/// asserted to be their qualifiedSpelling(), which FirstCheckResults
/// compares.
static void leaveOutUnnamed(NodeFunction &Function, LeftOutVariables &LeftOut,
                            TypeAliases &Types, const StringSet<> &Replaced) {
  StringSet<> Names;
  for (const GeneratedVariable &P : Function.Params)
    if (!Names.insert(P.Name).second)
      return;
  StringSet<> &Words = Function.Words;
  Words = wordsOf(Function.Body);
  llvm::erase_if(Function.Params, [&](const GeneratedVariable &P) {
    if (Replaced.contains(P.Name))
      Types.spell(P.CppType);
    if (Words.contains(P.Name)) {
      LeftOut.keep(P.CppType, P.Name);
      return false;
    }
    LeftOut.leaveOut(P.CppType, P.Name);
    return true;
  });
  for (GeneratedVariable &P : Function.Params)
    P.CppType = Types.spell(P.CppType);
  Function.Groupable =
      Function.Confined && none_of(Function.Params, [&](const auto &P) {
        return is_contained(Function.Locals, P.Name);
      });
}

/// Appends parameter I of a node's function.
static void appendNodeParam(std::string &S, size_t I,
                            const GeneratedVariable &P) {
  S += I ? ", " : "";
  S += P.CppType;
  S += StringRef(P.CppType).endswith("&&") ? "" : " ";
  S += P.Name;
}

/// Appends Function (its body from Body) to the unit; its slots' offsets
/// become the unit's, and each spans its part of the function from Begin.
static void appendNodeSlots(FormulaUnit &Unit, NodeFunction &Function,
                            StringRef Body, unsigned Begin) {
  std::string &S = Unit.MainText;
  size_t FirstSlot = Unit.Slots.size();
  unsigned Base = S.size() - (Function.Body.size() - Body.size());
  S += Body;
  for (FormulaSlot &Slot : Function.Slots) {
    Slot.TextBegin += Base;
    Slot.TextEnd += Base;
    Slot.CloseEnd += Base;
    Unit.Slots.push_back(std::move(Slot));
  }
  // Every slot of the node spans the whole function: what is around a
  // formula maps to it, anything else in the function to the first.
  for (size_t I = FirstSlot; I < Unit.Slots.size(); ++I) {
    FormulaSlot &Slot = Unit.Slots[I];
    Slot.FunctionBegin = I == FirstSlot ? Begin : Unit.Slots[I - 1].CloseEnd;
    Slot.FunctionEnd =
        I + 1 == Unit.Slots.size() ? S.size() : Unit.Slots[I + 1].TextBegin;
    Unit.SlotByBegin[Slot.FunctionBegin] = I;
  }
}

/// The node functions in the groups that share a function (in a unit that
/// declares what its formulas name; each alone otherwise), each group with
/// the index of its first function.
///
/// A function without a slot checks only its parameters and scaffolding:
/// one whose text (its name apart) repeats an earlier one's, a fresh name
/// of gradgen's declared with the same tokens, reports what that one does
/// (most are `() { bool any_grad_defined = true; }`). Only a unit declaring
/// what its formulas name leaves it out: its diagnostics only decide
/// whether the part is checked again, declaring all.
static std::vector<std::pair<size_t, SharedFunction<NodeFunction>>>
groupNodeFunctions(std::vector<NodeFunction> &Functions, bool Named) {
  StringSet<> SlotlessTexts;
  std::vector<std::pair<size_t, SharedFunction<NodeFunction>>> Groups;
  Groups.reserve(Functions.size());
  for (auto [N, Function] : enumerate(Functions)) {
    if (Named && Function.Slots.empty()) {
      std::string Text;
      for (auto [I, P] : enumerate(Function.Params))
        appendNodeParam(Text, I, P);
      if (!SlotlessTexts.insert(Text + Function.Body).second)
        continue;
    }
    if (Groups.empty() || !Named || !Groups.back().second.add(Function)) {
      Groups.emplace_back(N, SharedFunction<NodeFunction>());
      Groups.back().second.add(Function);
    }
  }
  return Groups;
}

/// Writes the function of Group, named after its first node N: the node's
/// slots, or a block per member in a shared function.
static void appendNodeGroup(FormulaUnit &Unit, size_t N,
                            SharedFunction<NodeFunction> &Group) {
  std::string &S = Unit.MainText;
  unsigned FunctionBegin = S.size();
  S += "static void __gradgen_node_" + std::to_string(N) + "(";
  for (auto [I, P] : enumerate(Group.params()))
    appendNodeParam(S, I, *P);
  ArrayRef<NodeFunction *> Members = Group.members();
  if (Members.size() == 1) {
    appendNodeSlots(Unit, *Members[0], Members[0]->Body, FunctionBegin);
    return;
  }
  S += ") {\n";
  for (NodeFunction *F : Members) {
    size_t FirstSlot = Unit.Slots.size();
    // The block: the body after its `) `.
    appendNodeSlots(Unit, *F, StringRef(F->Body).drop_front(2),
                    F == Members[0] ? FunctionBegin : S.size());
    for (size_t I = FirstSlot; I < Unit.Slots.size(); ++I)
      Unit.Slots[I].Grouped = true;
  }
  S += "}\n";
}

FormulaUnit buildGeneratedUnit(ArrayRef<GeneratedNode> Nodes,
                               std::vector<FormulaInput> &SlotInputs,
                               DeclaredVariables Declared,
                               ArrayRef<std::string> StandInTypes,
                               GradientCopies Copies) {
  size_t NumFormulas = 0;
  for (const GeneratedNode &Node : Nodes)
    NumFormulas += Node.Formulas.size();
  SlotInputs.clear();
  SlotInputs.reserve(NumFormulas);

  std::vector<NodeFunction> Functions;
  Functions.reserve(Nodes.size());
  LeftOutVariables LeftOut;
  TypeAliases Types;
  bool Named = Declared == DeclaredVariables::Named;
  std::string StandInDeclarations;
  std::vector<std::string> StandIns =
      standInCalls(StandInTypes, StandInDeclarations);
  size_t FirstSlot = 0;
  for (auto [N, Node] : enumerate(Nodes)) {
    ArrayRef<std::string> NodeStandIns;
    if (FirstSlot < StandIns.size())
      NodeStandIns = ArrayRef(StandIns).slice(
          FirstSlot,
          std::min(Node.Formulas.size(), StandIns.size() - FirstSlot));
    FirstSlot += Node.Formulas.size();
    Functions.push_back(nodeFunction(N, Node, SlotInputs, NodeStandIns,
                                     Named ? &Types : nullptr, Copies));
    if (Named) {
      StringSet<> Replaced;
      for (auto [I, F] : enumerate(Node.Formulas))
        if (I < NodeStandIns.size() && !NodeStandIns[I].empty())
          for (const auto &W : wordsOf(F.Formula))
            Replaced.insert(W.getKey());
      leaveOutUnnamed(Functions.back(), LeftOut, Types, Replaced);
    }
  }

  FormulaUnit Unit;
  Unit.Slots.reserve(NumFormulas);
  std::string &S = Unit.MainText;
  Types.writeAliases(S);
  if (Copies == GradientCopies::Shared)
    S += SharedCopies;
  S += "namespace torch::autograd::generated {\n";
  LeftOut.write(S);
  Types.writeAssertions(S);
  S += StandInDeclarations;
  for (auto &[N, Group] : groupNodeFunctions(Functions, Named))
    appendNodeGroup(Unit, N, Group);
  S += "} // namespace torch::autograd::generated\n";
  return Unit;
}

} // namespace gradgen::formula
