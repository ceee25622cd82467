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
/// non-const at::Tensor lvalues. Where a formula writes a rule pattern that
/// no real Tensor has (`X->sym_sizes()` on a `Tensor?`, `X.sym_blocksize()`),
/// X gets a type derived from at::Tensor that adds it.
/// Patterns is what a formula's text contains of them: a name is only
/// followed by what the text contains, and most formulas contain neither.
static std::string paramType(const FormulaInput &In, StringRef Name,
                             StringRef Type, const RulePatterns &Patterns) {
  if (In.Kind == FormulaKind::Backward) {
    bool Optional = isOptionalTensor(Type);
    if (Optional && Patterns.Arrow && accesses(In.Text, Name, "->"))
      return "__gradgen_optional_tensor &";
    if (Optional || stripConstRef(Type) == "at::Tensor")
      return Patterns.Blocksize && accesses(In.Text, Name, ".sym_blocksize")
                 ? "__gradgen_tensor_arg &"
                 : "at::Tensor &";
  }
  Type = Type.trim();
  if (Type.endswith("&"))
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
    addParam(Params, paramType(In, A.Name, A.CppType, Patterns), A.Name, A.Loc);
    // Forward formulas see the faithful signature, TensorOptions unpacked.
    if (!Backward && A.Name == "options" && A.CppType == "at::TensorOptions") {
      addParam(Params, "c10::optional<at::ScalarType>", "dtype");
      addParam(Params, "c10::optional<at::Layout>", "layout");
      addParam(Params, "c10::optional<at::Device>", "device");
      addParam(Params, "c10::optional<bool>", "pin_memory");
    }
  }
  for (const FormulaVariable &R : In.Returns)
    addParam(Params, paramType(In, R.Name, R.CppType, Patterns), R.Name, R.Loc);
  if (In.Kind == FormulaKind::Backward) {
    addParam(Params, "const at::Tensor &", "grad");
    addParam(Params, "const torch::autograd::variable_list &", "grads");
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

/// Calls Each with the words of Text and the text before each: a word is a
/// run of identifier characters from a letter or `_` on, which includes
/// every whole-word mention of a name.
template <typename Fn> static void forEachWord(StringRef Text, Fn Each) {
  auto IsIdentChar = [](char C) { return isAlnum(C) || C == '_'; };
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t B =
        Text.find_if([](char C) { return isAlpha(C) || C == '_'; }, Pos);
    if (B == StringRef::npos)
      break;
    size_t E = std::min(Text.find_if_not(IsIdentChar, B), Text.size());
    Each(Text.slice(B, E), Text.take_front(B));
    Pos = E;
  }
}

StringSet<> wordsOf(StringRef Text) {
  StringSet<> Words;
  forEachWord(Text, [&](StringRef Word, StringRef) { Words.insert(Word); });
  return Words;
}

namespace {
/// wordsOf(Text) as sorted references into Text: a formula's few words
/// need no hash set.
class Words {
public:
  explicit Words(StringRef Text) {
    forEachWord(Text,
                [&](StringRef Word, StringRef) { List.push_back(Word); });
    llvm::sort(List);
    List.erase(std::unique(List.begin(), List.end()), List.end());
  }
  bool contains(StringRef Word) const {
    return std::binary_search(List.begin(), List.end(), Word);
  }

private:
  SmallVector<StringRef, 32> List;
};
} // namespace

/// Appends `Type Name` to a parameter list.
static void appendParam(std::string &S, StringRef Type, StringRef Name) {
  S += Type;
  S += Type.endswith("&") ? "" : " ";
  S += Name;
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

namespace {
/// The types of a unit's parameters as aliases in the global namespace,
/// of the type in qualifiedSpelling: one qualified name for Clang to look up
/// per parameter. Each is asserted to be the type as the generated code
/// spells it: if not, the unit reports it, and is checked again as written.
class TypeAliases {
public:
  std::string spell(StringRef Type) {
    auto [It, New] = Index.try_emplace(Type);
    if (New) {
      std::string Name = "__gradgen_type_" + std::to_string(Index.size() - 1);
      Aliases += "using " + Name + " = " + qualifiedSpelling(Type) + ";\n";
      Assertions +=
          "static_assert(__is_same(" + Type.str() + ", ::" + Name + "));\n";
      It->second = "::" + Name;
    }
    return It->second;
  }
  /// Before the unit's namespace.
  void writeAliases(std::string &S) const { S += Aliases; }
  /// In it.
  void writeAssertions(std::string &S) const { S += Assertions; }

private:
  /// Each type's alias: `::` and its name.
  StringMap<std::string> Index;
  std::string Aliases, Assertions;
};
} // namespace

namespace {
/// What the variables a unit leaves out would report if declared: declared
/// as parameters of one function by type and of another by name, each once
/// and only if no parameter the unit keeps declares it already.
class LeftOutVariables {
public:
  void leaveOut(StringRef Type, StringRef Name) {
    if (SeenTypes.insert(Type).second)
      Types.push_back(Type.str());
    if (SeenNames.insert(Name).second)
      Names.push_back(Name.str());
  }
  void keep(StringRef Type, StringRef Name) {
    KeptTypes.insert(Type);
    KeptNames.insert(Name);
  }
  void write(std::string &S) const {
    size_t Count = 0;
    for (const std::string &Type : Types) {
      if (KeptTypes.contains(Type))
        continue;
      S += Count ? ", " : "static void __gradgen_left_out_types(";
      appendParam(S, Type, "__gradgen_left_out_" + std::to_string(Count++));
    }
    S += Count ? ") {}\n" : "";
    Count = 0;
    for (const std::string &Name : Names) {
      if (KeptNames.contains(Name))
        continue;
      S += Count++ ? ", " : "static void __gradgen_left_out_names(";
      appendParam(S, "int", Name);
    }
    S += Count ? ") {}\n" : "";
  }

private:
  StringSet<> SeenTypes, SeenNames, KeptTypes, KeptNames;
  std::vector<std::string> Types, Names;
};
} // namespace

/// Whether Text, between the unit's `(` and `)`, stays an operand of the
/// statement around it whatever surrounds that statement: it has nothing
/// that could end the statement or its block (`;`, braces and their
/// digraphs) or hide them (comments, literals, directives, line splices),
/// and names nothing that tells the function it is in apart (`__func__`,
/// the `__builtin_` names, `source_location`). Macros could: the unit's
/// MacroExpansionGuard reports any that expands in such a text.
static bool confinedText(StringRef Text) {
  return Text.find_first_of(";{}\"'#\\") == StringRef::npos &&
         !Text.contains("//") && !Text.contains("/*") &&
         !Text.contains("<%") && !Text.contains("%>") &&
         !Text.contains("%:") && !Text.contains("__") &&
         !Text.contains("source_location");
}

namespace {
/// Consecutive functions that share one function, each body a block of it,
/// under the union of their parameters, each declared once: a head costs
/// Clang about as much as a short formula. A member's block sees the same
/// declaration under each name it writes as its own function would, as no
/// other member's parameter has the name of a word of its body unless it is
/// one of its own of the same type, and it writes no other name that its
/// own declares. What a block declares is its own, and its formulas stay in
/// their statements (confinedText); so the block reports what the function
/// would, but for a bracket nested one level deeper (which can only add a
/// diagnostic).
///
/// Member has Params (with Name, and Type or CppType), Words (contains) and
/// Groupable (whether it may share at all).
template <typename Member> class SharedFunction {
public:
  using ParamT =
      std::remove_reference_t<decltype(std::declval<Member>().Params[0])>;

  /// Adds F if it may join; the first always does.
  bool add(Member &F) {
    if (!Members.empty() && !mayJoin(F))
      return false;
    Members.push_back(&F);
    for (const auto &P : F.Params)
      if (ParamTypes.try_emplace(P.Name, typeOf(P)).second)
        Params.push_back(&P);
    return true;
  }
  ArrayRef<Member *> members() const { return Members; }
  /// The parameters, each from the first member that has it.
  ArrayRef<const ParamT *> params() const { return Params; }

private:
  /// A group of a few saves most of the cost of separate functions.
  static constexpr size_t MaxMembers = 16;
  static StringRef typeOf(const GeneratedVariable &P) { return P.CppType; }
  template <typename P> static StringRef typeOf(const P &Param) {
    return Param.Type;
  }

  bool mayJoin(const Member &F) const {
    if (Members.size() == MaxMembers || !F.Groupable ||
        !Members.front()->Groupable)
      return false;
    for (const auto &P : F.Params) {
      auto It = ParamTypes.find(P.Name);
      if (It == ParamTypes.end()
              ? any_of(Members,
                       [&](const Member *M) { return M->Words.contains(P.Name); })
              : It->second != typeOf(P))
        return false;
    }
    for (const auto &Entry : ParamTypes)
      if (F.Words.contains(Entry.getKey()) &&
          none_of(F.Params,
                  [&](const auto &P) { return P.Name == Entry.getKey(); }))
        return false;
    return true;
  }

  SmallVector<Member *, MaxMembers> Members;
  std::vector<const ParamT *> Params;
  StringMap<StringRef> ParamTypes;
};
} // namespace

static constexpr StringLiteral FormulaOpen =
    ") {\nauto &&__gradgen_value = (\n";
// What the formula gives is checked on the AST (GradientChecks.cpp).
static constexpr StringLiteral FormulaClose = "\n);\n";

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

FormulaUnit buildFormulaUnit(ArrayRef<FormulaInput> Inputs,
                             ArrayRef<std::string> RuleTypes,
                             DeclaredVariables Declared) {
  std::vector<FormulaFunction> Functions;
  Functions.reserve(Inputs.size());
  std::vector<std::vector<std::pair<std::string, std::string>>> NamedOf;
  LeftOutVariables LeftOut;
  TypeAliases Types;
  std::string WrapperText = (FormulaOpen + FormulaClose).str();
  Words Wrapper(WrapperText);
  bool Named = Declared == DeclaredVariables::Named;
  for (const FormulaInput &In : Inputs) {
    FormulaFunction &F = Functions.emplace_back(In);
    if (!Named)
      continue;
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
    auto &Variables = NamedOf.emplace_back();
    for (Param &P : F.Params) {
      Variables.emplace_back(P.Name, P.Type);
      P.Type = Types.spell(P.Type);
    }
    // A parameter named as the wrapper's local would be redefined by it in
    // a function of its own, and hidden in a block.
    F.Groupable = !NamesWrapper && confinedText(In.Text);
  }
  std::vector<std::pair<size_t, SharedFunction<FormulaFunction>>> Groups;
  Groups.reserve(Functions.size());
  for (auto [I, F] : enumerate(Functions))
    if (Groups.empty() || !Named || !Groups.back().second.add(F)) {
      Groups.emplace_back(I, SharedFunction<FormulaFunction>());
      Groups.back().second.add(F);
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
  for (auto &[First, Group] : Groups) {
    ArrayRef<FormulaFunction *> Members = Group.members();
    std::string Name = "__gradgen_formula_" + std::to_string(First);
    for (auto [J, F] : enumerate(Members)) {
      size_t I = F - Functions.data();
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
  S += "} // namespace torch::autograd::generated\n";
  return Unit;
}

} // namespace gradgen::formula

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
                           const GeneratedNode &Node,
                           const GeneratedFormula &F, bool StandIn) {
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
  Params.push_back({"grads", "torch::autograd::variable_list &&"});
  append_range(Params, Node.Variables);
  return Params;
}

/// Declares the stand-ins of StandInTypes, each type once, in Declarations;
/// returns the call that stands for each (empty for a formula).
static std::vector<std::string>
standInCalls(ArrayRef<std::string> StandInTypes, std::string &Declarations) {
  std::vector<std::string> Calls;
  StringMap<std::string> CallOf;
  for (const std::string &Type : StandInTypes) {
    if (Type.empty()) {
      Calls.emplace_back();
      continue;
    }
    auto [It, New] = CallOf.try_emplace(Type);
    if (New) {
      std::string Name = "__gradgen_reused_" + std::to_string(CallOf.size() - 1);
      Declarations += Type + " " + Name + "();\n";
      It->second = Name + "()";
    }
    Calls.push_back(It->second);
  }
  return Calls;
}

static NodeFunction nodeFunction(size_t N, const GeneratedNode &Node,
                                 std::vector<FormulaInput> &SlotInputs,
                                 ArrayRef<std::string> StandIns,
                                 TypeAliases *Types,
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
          FirstSlot, std::min(Node.Formulas.size(), StandIns.size() - FirstSlot));
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
  // A function without a slot checks only its parameters and scaffolding:
  // one whose text (its name apart) repeats an earlier one's, a fresh name
  // of gradgen's declared with the same tokens, reports what that one does
  // (most are `() { bool any_grad_defined = true; }`). Only a unit declaring
  // what its formulas name leaves it out: its diagnostics only decide
  // whether the part is checked again, declaring all.
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
  for (auto &[N, Group] : Groups) {
    unsigned FunctionBegin = S.size();
    S += "static void __gradgen_node_" + std::to_string(N) + "(";
    for (auto [I, P] : enumerate(Group.params()))
      appendNodeParam(S, I, *P);
    ArrayRef<NodeFunction *> Members = Group.members();
    if (Members.size() == 1) {
      appendNodeSlots(Unit, *Members[0], Members[0]->Body, FunctionBegin);
      continue;
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
  S += "} // namespace torch::autograd::generated\n";
  return Unit;
}

} // namespace gradgen::formula
