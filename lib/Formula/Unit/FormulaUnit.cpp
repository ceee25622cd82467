//===- FormulaUnit.cpp - The formula translation unit ---------------------===//
//
// Each formula becomes
//
//   static void __gradgen_formula_N(<arguments>, <returns>, <locals>) {
//   auto &&__gradgen_value = (
//   <formula text>
//   );
//   }
//
// so that Clang's locations inside the text map one to one to offsets of the
// formula, and everything around it maps to the formula's start. With
// DeclaredVariables::Named, the parameters are only those the formula names,
// under global aliases of their types, and consecutive formulas share one
// function, `{ auto &&__gradgen_value = ...; }` a block each
// (SharedFunction; docs/formula.md).
//
//===----------------------------------------------------------------------===//

#include "FormulaUnit.h"
#include "UnitText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace gradgen::formula {

const FormulaSlot *FormulaUnit::slotAt(unsigned Offset) const {
  auto It = SlotByBegin.upper_bound(Offset);
  if (It == SlotByBegin.begin())
    return nullptr;
  const FormulaSlot &Slot = Slots[std::prev(It)->second];
  return Offset < Slot.FunctionEnd ? &Slot : nullptr;
}

static bool isTensorListType(StringRef Type) {
  return Type.contains("TensorList") || Type.contains("ITensorListRef") ||
         Type.contains("List<") || Type.contains("vector<at::Tensor>");
}

static bool isTensorLikeType(StringRef Type) {
  return Type.contains("Tensor") && !Type.contains("TensorOptions") &&
         !Type.contains("TensorGeometry");
}

static StringRef stripConstRef(StringRef Type) {
  Type = Type.trim();
  Type.consume_front("const ");
  Type.consume_back("&");
  return Type.trim();
}

static bool isOptionalTensor(StringRef Type) {
  Type = stripConstRef(Type);
  return Type == "::std::optional<at::Tensor>" ||
         Type == "std::optional<at::Tensor>" ||
         Type == "c10::optional<at::Tensor>";
}

/// Whether Text uses Name followed by Access (`->`, `.sym_blocksize`).
static bool accesses(StringRef Text, StringRef Name, StringRef Access) {
  auto IsIdentChar = [](char C) { return isAlnum(C) || C == '_'; };
  for (size_t Pos = Text.find(Name); Pos != StringRef::npos;
       Pos = Text.find(Name, Pos + 1)) {
    size_t End = Pos + Name.size();
    if ((Pos && IsIdentChar(Text[Pos - 1])) ||
        (End < Text.size() && IsIdentChar(Text[End])))
      continue;
    if (Text.drop_front(End).ltrim().startswith(Access))
      return true;
  }
  return false;
}

namespace {
/// Whether a formula's text contains the accesses paramType looks for.
struct RulePatterns {
  explicit RulePatterns(StringRef Text)
      : Arrow(Text.contains("->")),
        Blocksize(Text.contains(".sym_blocksize")) {}
  bool Arrow, Blocksize;
};
} // namespace

/// The type of a variable in a formula's function. Backward formulas see
/// tensors, optional ones included, as the generated code unpacks them: as
/// non-const at::Tensor lvalues; and other variables the node keeps as they
/// are as the node declares them (FormulaVariable::NodeType), non-const
/// lvalues too; forward formulas see them as the autograd kernel declares
/// them. Where a formula writes a rule pattern that
/// no real Tensor has (`X->sym_sizes()` on a `Tensor?`, `X.sym_blocksize()`),
/// X gets a type derived from at::Tensor that adds it.
/// Patterns is what a formula's text contains of them: a name is only
/// followed by what the text contains, and most formulas contain neither.
static std::string paramType(const FormulaInput &In, const FormulaVariable &V,
                             const RulePatterns &Patterns) {
  StringRef Name = V.Name, Type = V.CppType;
  if (In.Kind == FormulaKind::Backward) {
    bool Optional = isOptionalTensor(Type);
    if (Optional && Patterns.Arrow && accesses(In.Text, Name, "->"))
      return "__gradgen_optional_tensor &";
    if (Optional || stripConstRef(Type) == "at::Tensor")
      return Patterns.Blocksize && accesses(In.Text, Name, ".sym_blocksize")
                 ? "__gradgen_tensor_arg &"
                 : "at::Tensor &";
    if (!V.NodeType.empty())
      return V.NodeType;
  }
  Type = Type.trim();
  // The autograd kernel, where forward formulas run, takes by value what
  // its C++ signature does, and keeps its returns in locals.
  if (Type.endswith("&") || In.Kind == FormulaKind::Forward)
    return Type.str();
  return "const " + Type.str() + " &";
}

namespace {
/// A parameter of a formula's function.
struct Param {
  std::string Type;
  std::string Name;
  /// Where derivatives.yaml declares it, if it does.
  SMLoc Loc;
};
} // namespace

/// Adds a parameter unless one of the same name came first. A formula has
/// a few dozen at most, so a scan costs less than a set.
static void addParam(std::vector<Param> &Params, StringRef Type, StringRef Name,
                     SMLoc Loc = SMLoc()) {
  if (none_of(Params, [&](const Param &P) { return P.Name == Name; }))
    Params.push_back({Type.str(), Name.str(), Loc});
}

bool gradientIsList(const FormulaInput &In, StringRef VarName) {
  StringRef Type = "at::Tensor";
  for (const FormulaVariable &V :
       In.Kind == FormulaKind::Backward ? In.Arguments : In.Returns)
    if (V.Name == VarName)
      Type = V.CppType;
  return !In.IsForeach && isTensorListType(Type);
}

static std::vector<Param> formulaParams(const FormulaInput &In) {
  std::vector<Param> Params;
  Params.reserve(2 * (In.Arguments.size() + In.Returns.size()) + 8);
  bool Backward = In.Kind == FormulaKind::Backward;
  RulePatterns Patterns(In.Text);
  for (const FormulaVariable &A : In.Arguments) {
    addParam(Params, paramType(In, A, Patterns), A.Name, A.Loc);
    // Forward formulas see the faithful signature, TensorOptions unpacked.
    if (!Backward && A.Name == "options" && A.CppType == "at::TensorOptions") {
      addParam(Params, "c10::optional<at::ScalarType>", "dtype");
      addParam(Params, "c10::optional<at::Layout>", "layout");
      addParam(Params, "c10::optional<at::Device>", "device");
      addParam(Params, "c10::optional<bool>", "pin_memory");
    }
  }
  for (const FormulaVariable &R : In.Returns)
    addParam(Params, paramType(In, R, Patterns), R.Name, R.Loc);
  if (In.Kind == FormulaKind::Backward) {
    addParam(Params, "const at::Tensor &", "grad");
    addParam(Params, GradsType, "grads");
    for (const FormulaVariable &R : In.Returns)
      addParam(Params, "const at::Tensor &", "grad_" + R.Name);
    // The generated code declares a mask only for several names.
    if (In.VarNames.size() > 1)
      addParam(Params,
               "const ::std::array<bool," + std::to_string(In.VarNames.size()) +
                   "> &",
               "grad_input_mask");
    addParam(Params, "bool", "retain_variables");
  } else {
    for (const FormulaVariable &A : In.Arguments) {
      if (!isTensorLikeType(A.CppType))
        continue;
      // Primals and tangents are locals of the generated code.
      StringRef Type = !In.IsForeach && isTensorListType(A.CppType)
                           ? "::std::vector<at::Tensor>"
                           : "at::Tensor";
      addParam(Params, Type, A.Name + "_p");
      addParam(Params, Type, A.Name + "_t");
    }
    if (In.IsInplace) {
      addParam(Params, "at::Tensor", "original_self_p");
      addParam(Params, "at::Tensor", "original_self_t");
    }
  }
  if (In.IsForeach)
    addParam(Params, "size_t", "i");
  return Params;
}

std::string ruleTypeName(size_t I) {
  return "__gradgen_rule_type_" + std::to_string(I);
}

StringSet<> wordsOf(StringRef Text) {
  StringSet<> Words;
  forEachWord(Text, [&](StringRef Word, StringRef) { Words.insert(Word); });
  return Words;
}

/// Type spelled with names looked up from the global namespace: Clang
/// finds `::at::Tensor` without walking the namespaces around the formulas
/// and the using-directives they see, as it must for `at::Tensor`. Bare
/// `Tensor` (the saved fields') is at::Tensor.
std::string qualifiedSpelling(StringRef Type) {
  std::string Result;
  auto IsIdentChar = [](char C) { return isAlnum(C) || C == '_'; };
  size_t I = 0;
  while (I < Type.size()) {
    if (!isAlpha(Type[I]) && Type[I] != '_') {
      Result += Type[I++];
      continue;
    }
    size_t E = I;
    while (E < Type.size() && IsIdentChar(Type[E]))
      ++E;
    StringRef Word = Type.slice(I, E);
    bool Qualified = StringRef(Result).rtrim().endswith("::");
    bool Qualifies = Type.drop_front(E).ltrim().startswith("::");
    if (!Qualified && Qualifies &&
        (Word == "at" || Word == "c10" || Word == "std" || Word == "torch"))
      Result += "::";
    else if (!Qualified && !Qualifies && Word == "Tensor")
      Result += "::at::";
    Result += Word;
    I = E;
  }
  return Result;
}

static constexpr StringLiteral FormulaOpen =
    ") {\nauto &&__gradgen_value = (\n";
// What the formula gives is checked on the AST (GradientChecks.cpp).
static constexpr StringLiteral FormulaClose = "\n);\n";

std::vector<std::pair<std::string, std::string>>
namedParameters(const FormulaInput &In) {
  std::string WrapperText = (FormulaOpen + FormulaClose).str();
  Words Wrapper(WrapperText), Named(In.Text);
  std::vector<std::pair<std::string, std::string>> Variables;
  for (Param &P : formulaParams(In))
    if (Named.contains(P.Name) || Wrapper.contains(P.Name))
      Variables.emplace_back(std::move(P.Name), std::move(P.Type));
  return Variables;
}

namespace {
/// The function of one formula.
struct FormulaFunction {
  explicit FormulaFunction(const FormulaInput &In)
      : Params(formulaParams(In)), Words(In.Text) {}
  std::vector<Param> Params;
  /// Of the formula's text.
  class Words Words;
  /// In a unit declaring what is named: whether it may be a block of a
  /// function shared with other formulas (SharedFunction).
  bool Groupable = false;
};
} // namespace

/// Appends the parameters of Params to the unit, noting where each that
/// derivatives.yaml declares is in Slot.
static void appendFormulaParams(std::string &S, ArrayRef<const Param *> Params,
                                FormulaSlot &Slot) {
  for (auto [J, P] : enumerate(Params)) {
    S += J ? ", " : "";
    if (P->Loc.isValid())
      Slot.ParamLocs.push_back(
          {unsigned(S.size() + P->Type.size() +
                    !StringRef(P->Type).endswith("&")),
           P->Loc});
    appendParam(S, P->Type, P->Name);
  }
}

/// Appends the formula of Slot (its text from Open on) and its slot.
static void appendFormulaSlot(FormulaUnit &Unit, FormulaSlot Slot,
                              StringRef Open) {
  std::string &S = Unit.MainText;
  S += Open;
  Slot.TextBegin = S.size();
  S += Slot.Input->Text;
  Slot.TextEnd = S.size();
  S += FormulaClose;
  Slot.CloseEnd = S.size();
  S += "}\n";
  Slot.FunctionEnd = S.size();
  Unit.SlotByBegin[Slot.FunctionBegin] = Unit.Slots.size();
  Unit.Slots.push_back(std::move(Slot));
}

/// Leaves out of F the parameters its formula does not name (In is its
/// input), spells the rest with Types' aliases, and returns the names and
/// types of those kept, as the input declared them.
static std::vector<std::pair<std::string, std::string>>
keepNamedParams(FormulaFunction &F, const FormulaInput &In,
                const Words &Wrapper, LeftOutVariables &LeftOut,
                TypeAliases &Types) {
  bool NamesWrapper = false;
  llvm::erase_if(F.Params, [&](const Param &P) {
    if (F.Words.contains(P.Name) || Wrapper.contains(P.Name)) {
      NamesWrapper |= Wrapper.contains(P.Name);
      LeftOut.keep(P.Type, P.Name);
      return false;
    }
    LeftOut.leaveOut(P.Type, P.Name);
    return true;
  });
  std::vector<std::pair<std::string, std::string>> Variables;
  for (Param &P : F.Params) {
    Variables.emplace_back(P.Name, P.Type);
    P.Type = Types.spell(P.Type);
  }
  // A parameter named as the wrapper's local would be redefined by it in
  // a function of its own, and hidden in a block.
  F.Groupable = !NamesWrapper && confinedText(In.Text);
  return Variables;
}

/// Writes the function of Group, named after its first input First: one
/// slot, or a block per member in a shared function.
static void appendFormulaGroup(
    FormulaUnit &Unit, size_t First, SharedFunction<FormulaFunction> &Group,
    ArrayRef<FormulaInput> Inputs, const FormulaFunction *Functions,
    std::vector<std::vector<std::pair<std::string, std::string>>> &NamedOf) {
  std::string &S = Unit.MainText;
  ArrayRef<FormulaFunction *> Members = Group.members();
  std::string Name = "__gradgen_formula_" + std::to_string(First);
  for (auto [J, F] : enumerate(Members)) {
    size_t I = F - Functions;
    FormulaSlot Slot;
    Slot.Input = &Inputs[I];
    if (I < NamedOf.size())
      Slot.NamedVariables = std::move(NamedOf[I]);
    Slot.FunctionName = Name;
    Slot.FunctionBegin = S.size();
    if (J == 0) {
      S += "static void " + Name + "(";
      appendFormulaParams(S, Group.params(), Slot);
    }
    if (Members.size() == 1) {
      appendFormulaSlot(Unit, std::move(Slot), FormulaOpen);
      continue;
    }
    if (J == 0)
      S += ") {\n";
    // A block of the shared function: the wrapper after its `) `.
    Slot.Grouped = true;
    Slot.BlockBegin = S.size();
    appendFormulaSlot(Unit, std::move(Slot), FormulaOpen.drop_front(2));
  }
  if (Members.size() > 1)
    S += "}\n";
}

FormulaUnit buildFormulaUnit(ArrayRef<FormulaInput> Inputs,
                             ArrayRef<std::string> RuleTypes,
                             DeclaredVariables Declared,
                             ArrayRef<bool> LeftOutOnly) {
  std::vector<FormulaFunction> Functions;
  Functions.reserve(Inputs.size());
  std::vector<std::vector<std::pair<std::string, std::string>>> NamedOf;
  LeftOutVariables LeftOut;
  TypeAliases Types;
  std::string WrapperText = (FormulaOpen + FormulaClose).str();
  Words Wrapper(WrapperText);
  bool Named = Declared == DeclaredVariables::Named;
  auto OnlyLeftOut = [&](size_t I) {
    return Named && I < LeftOutOnly.size() && LeftOutOnly[I];
  };
  for (auto [I, In] : enumerate(Inputs)) {
    FormulaFunction &F = Functions.emplace_back(In);
    if (OnlyLeftOut(I)) {
      for (const Param &P : F.Params)
        LeftOut.leaveOut(P.Type, P.Name);
      NamedOf.emplace_back();
      continue;
    }
    if (Named)
      NamedOf.push_back(keepNamedParams(F, In, Wrapper, LeftOut, Types));
  }
  std::vector<std::pair<size_t, SharedFunction<FormulaFunction>>> Groups;
  Groups.reserve(Functions.size());
  for (auto [I, F] : enumerate(Functions)) {
    if (OnlyLeftOut(I))
      continue;
    if (Groups.empty() || !Named || !Groups.back().second.add(F)) {
      Groups.emplace_back(I, SharedFunction<FormulaFunction>());
      Groups.back().second.add(F);
    }
  }

  FormulaUnit Unit;
  std::string &S = Unit.MainText;
  Types.writeAliases(S);
  S += "namespace torch::autograd::generated {\n";
  for (auto [I, Type] : enumerate(RuleTypes))
    S += "using " + ruleTypeName(I) + " = " + Type + ";\n";
  LeftOut.write(S);
  Types.writeAssertions(S);
  Unit.Slots.reserve(Inputs.size());
  for (auto &[First, Group] : Groups)
    appendFormulaGroup(Unit, First, Group, Inputs, Functions.data(), NamedOf);
  S += "} // namespace torch::autograd::generated\n";
  return Unit;
}

} // namespace gradgen::formula
