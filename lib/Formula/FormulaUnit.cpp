//===- FormulaUnit.cpp - The formula translation unit ---------------------===//
//
// Each formula becomes
//
//   static void __gradgen_formula_N(<arguments>, <returns>, <locals>) {
//   auto &&__gradgen_value = (
//   <formula text>
//   );
//   <check of the value's type against the key's names>
//   }
//
// so that Clang's locations inside the text map one to one to offsets of the
// formula, and everything around it maps to the formula's start.
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

static bool isOptionalTensor(StringRef Type) {
  Type = Type.trim();
  Type.consume_front("const ");
  Type.consume_back("&");
  Type = Type.trim();
  return Type == "::std::optional<at::Tensor>" ||
         Type == "std::optional<at::Tensor>" ||
         Type == "c10::optional<at::Tensor>";
}

static void addParam(std::vector<std::string> &Params, StringSet<> &Seen,
                     StringRef Type, StringRef Name) {
  if (!Seen.insert(Name).second)
    return;
  std::string P = Type.str();
  P += Type.endswith("&") ? "" : " ";
  P += Name.str();
  Params.push_back(std::move(P));
}

static std::string returnParamType(StringRef Type) {
  Type = Type.trim();
  if (Type.endswith("&"))
    return Type.str();
  return "const " + Type.str() + " &";
}

static std::string gradientType(const FormulaInput &In, StringRef VarName) {
  StringRef Type = "at::Tensor";
  for (const FormulaVariable &V :
       In.Kind == FormulaKind::Backward ? In.Arguments : In.Returns)
    if (V.Name == VarName)
      Type = V.CppType;
  if (!In.IsForeach && isTensorListType(Type))
    return "::torch::autograd::variable_list";
  return "::at::Tensor";
}

static std::vector<std::string> formulaParams(const FormulaInput &In) {
  std::vector<std::string> Params;
  StringSet<> Seen;
  bool Backward = In.Kind == FormulaKind::Backward;
  for (const FormulaVariable &A : In.Arguments) {
    if (Backward && isOptionalTensor(A.CppType))
      addParam(Params, Seen, "const __gradgen_optional_tensor &", A.Name);
    else
      addParam(Params, Seen, returnParamType(A.CppType), A.Name);
    // Forward formulas see the faithful signature, TensorOptions unpacked.
    if (!Backward && A.Name == "options" && A.CppType == "at::TensorOptions") {
      addParam(Params, Seen, "::std::optional<at::ScalarType>", "dtype");
      addParam(Params, Seen, "::std::optional<at::Layout>", "layout");
      addParam(Params, Seen, "::std::optional<at::Device>", "device");
      addParam(Params, Seen, "::std::optional<bool>", "pin_memory");
    }
  }
  for (const FormulaVariable &R : In.Returns)
    addParam(Params, Seen, returnParamType(R.CppType), R.Name);
  if (In.Kind == FormulaKind::Backward) {
    addParam(Params, Seen, "const at::Tensor &", "grad");
    addParam(Params, Seen, "const torch::autograd::variable_list &", "grads");
    for (const FormulaVariable &R : In.Returns)
      addParam(Params, Seen, "const at::Tensor &", "grad_" + R.Name);
    addParam(Params, Seen,
             "const ::std::array<bool," + std::to_string(In.VarNames.size()) +
                 "> &",
             "grad_input_mask");
    addParam(Params, Seen, "bool", "retain_variables");
  } else {
    for (const FormulaVariable &A : In.Arguments) {
      if (!isTensorLikeType(A.CppType))
        continue;
      // Primals and tangents are locals of the generated code.
      StringRef Type = !In.IsForeach && isTensorListType(A.CppType)
                           ? "::std::vector<at::Tensor>"
                           : "at::Tensor";
      addParam(Params, Seen, Type, A.Name + "_p");
      addParam(Params, Seen, Type, A.Name + "_t");
    }
    if (In.IsInplace) {
      addParam(Params, Seen, "at::Tensor", "original_self_p");
      addParam(Params, Seen, "at::Tensor", "original_self_t");
    }
  }
  if (In.IsForeach)
    addParam(Params, Seen, "size_t", "i");
  return Params;
}

static std::string valueCheck(const FormulaInput &In) {
  std::string Names = join(In.VarNames, ", ");
  if (In.VarNames.size() <= 1)
    return gradientType(In, In.VarNames.empty() ? "" : In.VarNames[0]) +
           " __gradgen_checked = __gradgen_value;";
  std::string N = std::to_string(In.VarNames.size());
  return "static_assert(__gradgen_arity_v<decltype(__gradgen_value)> == " + N +
         " || __gradgen_arity_v<decltype(__gradgen_value)> == -2, \"the "
         "formula of '" +
         Names + "' must give a std::tuple of " + N + " values, one per name\");";
}

FormulaUnit buildFormulaUnit(ArrayRef<FormulaInput> Inputs,
                             ArrayRef<std::string> HelperFiles) {
  FormulaUnit Unit;
  std::string &S = Unit.MainText;
  S += "#include <gradgen_checks.h>\n";
  for (const std::string &Helper : HelperFiles)
    S += "#include \"" + Helper + "\"\n";
  S += "using namespace torch::autograd::generated::details;\n"
       "using at::Tensor;\nusing at::Scalar;\nusing at::IntArrayRef;\n"
       "using at::TensorList;\n"
       "namespace torch::autograd::generated {\n";
  Unit.Slots.reserve(Inputs.size());
  for (auto [I, In] : enumerate(Inputs)) {
    FormulaSlot Slot;
    Slot.Input = &In;
    Slot.FunctionName = "__gradgen_formula_" + std::to_string(I);
    Slot.FunctionBegin = S.size();
    S += "static void " + Slot.FunctionName + "(";
    S += join(formulaParams(In), ", ");
    S += ") {\nauto &&__gradgen_value = (\n";
    Slot.TextBegin = S.size();
    S += In.Text;
    Slot.TextEnd = S.size();
    S += "\n);\n" + valueCheck(In) + "\n}\n";
    Slot.FunctionEnd = S.size();
    Unit.SlotByBegin[Slot.FunctionBegin] = Unit.Slots.size();
    Unit.Slots.push_back(std::move(Slot));
  }
  S += "} // namespace torch::autograd::generated\n";
  return Unit;
}

} // namespace gradgen::formula
