//===- KernelSaves.cpp - What a kernel saves in its grad_fn ---------------===//
//
// torchgen's save_variables and guard_for: the saved inputs go into the
// grad_fn before the call, the saved outputs after forward AD. How a value
// is saved depends on its C++ type; an input only some gradients need is
// saved only when the grad_fn will compute one of them.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "gradgen/Support/PythonString.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {

static bool sameSaved(const SavedAttribute &A, const SavedAttribute &B) {
  return A.NCType.Name == B.NCType.Name && A.NCType.Type == B.NCType.Type &&
         A.Expr == B.Expr;
}

/// `grad_input_mask[N]` -> `grad_fn->should_compute_output(N)`.
static std::string maskToShouldCompute(StringRef Condition) {
  std::string Result;
  StringRef Prefix = "grad_input_mask[";
  while (true) {
    size_t Pos = Condition.find(Prefix);
    if (Pos == StringRef::npos)
      break;
    StringRef Rest = Condition.drop_front(Pos + Prefix.size());
    size_t Digits = Rest.find_first_not_of("0123456789");
    if (Digits == 0 || Digits == StringRef::npos || Rest[Digits] != ']') {
      Result += Condition.take_front(Pos + Prefix.size());
      Condition = Rest;
      continue;
    }
    Result += Condition.take_front(Pos);
    Result += "grad_fn->should_compute_output(" + Rest.take_front(Digits).str() +
              ")";
    Condition = Rest.drop_front(Digits + 1);
  }
  Result += Condition;
  return Result;
}

std::optional<std::string>
KernelEmitter::guardFor(const SavedAttribute &Saved) {
  bool HasTensorListArg = any_of(ArgsWithDerivatives, [](const Differentiable &D) {
    return D.Ty->isTensorLike() && D.Ty->isListLike();
  });
  if (HasTensorListArg && !IsInplaceForeach)
    return std::nullopt;
  if (StringRef(Info->Name).contains("backward"))
    return std::nullopt;
  if (ArgsWithDerivatives.size() <= 1)
    return std::nullopt;
  if (!Saved.NCType.Type.isBase(ctypes::TensorT))
    return std::nullopt;
  const Derivative *UsedIn = nullptr;
  for (const Derivative &D : Info->Derivatives)
    if (any_of(D.SavedInputs,
               [&](const SavedAttribute &S) { return sameSaved(S, Saved); })) {
      if (UsedIn)
        return std::nullopt;
      UsedIn = &D;
    }
  if (!UsedIn)
    return std::nullopt;
  if (UsedIn->VarNames.size() != 1) {
    // wrap_opt_if(name, condition): torchgen reads the condition with the
    // lazy regex `wrap_opt_if\(name,(.*?)\)` and, measuring the prefix with
    // the regex's backslash, drops one more character before stripping.
    StringRef Formula = UsedIn->Formula;
    std::string Start = "wrap_opt_if(" + Saved.name().str();
    size_t Pos = Formula.find(Start);
    if (Pos == StringRef::npos)
      return std::nullopt;
    StringRef Rest = Formula.drop_front(Pos + Start.size());
    size_t Close = Rest.find_first_of(")\n");
    if (!Rest.consume_front(",") || Close == StringRef::npos ||
        Rest[Close - 1] != ')') {
      error(diag::kernel_wrap_opt_if,
          "'wrap_opt_if(" + Saved.name() +
              ", condition)' must be written on one line with the name "
              "directly followed by a comma",
          UsedIn->Source ? UsedIn->Source->Formula.range().Start : SMLoc());
      return std::nullopt;
    }
    Close -= 1;
    StringRef Condition = Rest.take_front(Close).drop_front(1).trim();
    return maskToShouldCompute(Condition);
  }
  for (size_t I = 0; I < ArgsWithDerivatives.size(); ++I)
    if (ArgsWithDerivatives[I].Name == UsedIn->VarNames.front())
      return "grad_fn->should_compute_output(" + std::to_string(I) + ")";
  return std::nullopt;
}

KernelEmitter::ForeachRename
KernelEmitter::foreachRename(StringRef FieldName) const {
  ForeachRename Rename;
  if (!IsInplaceForeach || !Info)
    return Rename;
  StringRef Query = FieldName.split("_scalar_type").first;
  auto Found = RefNameToForeach.find(Query);
  if (Found == RefNameToForeach.end())
    return Rename;
  Rename.Arg = Found->second;
  Rename.IsList = Rename.Arg->Ty->isList();
  Rename.NameInExpr = Rename.Arg->Name + (Rename.IsList ? "[i]" : "");
  Rename.SourceName = Query.str();
  return Rename;
}

/// Arg in the copy Copy makes of it.
static std::string copied(std::string Expr, SavedFieldLayout::Copy Copy,
                          const CppAPIOptions &Options) {
  switch (Copy) {
  case SavedFieldLayout::Copy::AsIs:
    return Expr;
  case SavedFieldLayout::Copy::Vector:
    return Expr + ".vec()";
  case SavedFieldLayout::Copy::String:
    return "std::string(" + Expr + ")";
  case SavedFieldLayout::Copy::OptionalString:
    return Expr + ".has_value() ? " + Options.OptionalTemplate +
           "<std::string>(std::string(" + Expr +
           ".value())) : " + Options.Nullopt;
  }
  llvm_unreachable("unknown copy");
}

KernelEmitter::SavedStore KernelEmitter::savedStore(const SavedField &Field) {
  SavedStore Store;
  Store.Field = Field.Member;
  Store.Expr = Field.Attribute->Expr;
  ForeachRename Rename = foreachRename(Field.name());
  if (Rename.Arg)
    Store.Expr =
        python::replace(Store.Expr, Rename.SourceName, Rename.NameInExpr);
  using Storage = SavedFieldLayout::Storage;
  switch (Field.Layout.TheStorage) {
  case Storage::SavedVariable:
    storeAsSavedVariable(Store, Field.name(), Field.IsOutput, Rename);
    break;
  case Storage::SavedVariableList:
  case Storage::OptionalSavedVariableList:
    Store.Expr =
        T.substitute("saved_variable_list",
                     TemplateEnv()
                         .set("name", Field.name())
                         .set("foreach_output",
                              IsForeach && Field.IsOutput ? "true" : "false"));
    break;
  case Storage::ScalarList:
  case Storage::Value:
    Store.Expr =
        copied(std::move(Store.Expr), Field.Layout.TheCopy, Context.CppOptions);
    break;
  }
  return Store;
}

void KernelEmitter::storeAsSavedVariable(SavedStore &Store, StringRef Name,
                                         bool IsOutput,
                                         const ForeachRename &Rename) {
  std::string Var = Name.str();
  if (Var == "self" && Inplace) {
    std::string Original =
        IsInplaceForeach ? "original_selfs[i]" : "original_self";
    std::string Self = IsInplaceForeach ? "self[i]" : "self";
    Store.Prepend = "if (!" + Original + ".has_value()) " + Original + " = " +
                    Self + ".clone()";
    Var = Original + ".value()";
  }
  std::string Out = IsOutput ? "true" : "false";
  if (Inplace && IsOutput) {
    Var = IsInplaceForeach || Rename.IsList ? "self[i]" : "self";
    Store.Expr =
        "SavedVariable(" + Var + ", " + Out + ", " + Var + ".is_view())";
    return;
  }
  Store.Expr = "SavedVariable(" + Var + ", " + Out + ")";
  if (Rename.Arg && !StringRef(Store.Expr).contains("original_selfs"))
    Store.Expr =
        python::replace(Store.Expr, Rename.SourceName, Rename.NameInExpr);
}

std::vector<std::string> KernelEmitter::saveFields(bool IsOutput,
                                                   bool Guarded) {
  std::vector<std::string> Statements;
  if (!TheNode)
    return Statements;
  for (const SavedField &Field : TheNode->SavedFields) {
    if (Field.IsOutput != IsOutput)
      continue;
    SavedStore Store = savedStore(Field);
    std::string Assignment = "grad_fn->" + Store.Field + " = " + Store.Expr;
    std::optional<std::string> Guard =
        Guarded ? guardFor(*Field.Attribute) : std::nullopt;
    if (!Guard) {
      if (Store.Prepend)
        Statements.push_back(*Store.Prepend + ";");
      Statements.push_back(Assignment + ";");
      continue;
    }
    Statements.push_back("if (" + *Guard + ") {");
    if (Store.Prepend)
      Statements.push_back("  " + *Store.Prepend + ";");
    Statements.push_back("  " + Assignment + ";");
    Statements.push_back("}");
  }
  return Statements;
}

std::vector<std::string> KernelEmitter::emitSaveInputs() {
  std::vector<std::string> Setup;
  if (!Info || !Info->hasDerivatives())
    return Setup;
  std::vector<std::string> Statements =
      saveFields(/*IsOutput=*/false, /*Guarded=*/true);
  if (IsInplaceForeach) {
    if (!Statements.empty()) {
      TemplateEnv Env;
      Env.set("preamble", "").setList("statements", std::move(Statements));
      Setup.push_back(T.substitute("loop_over_grad_fns", Env));
    }
    return Setup;
  }
  append_range(Setup, Statements);
  if (!TheNode)
    return Setup;
  // The lengths of the tensor lists, under the members the Node declares.
  for (const Differentiable &Arg : ArgsWithDerivatives) {
    if (!Arg.Ty->isTensorLike() || !Arg.Ty->isListLike())
      continue;
    auto Range = llvm::find_if(TheNode->IndexRanges, [&](const IndexRange &R) {
      return R.Name == Arg.Name;
    });
    if (Range != TheNode->IndexRanges.end() && !Range->SizeMember.empty())
      Setup.push_back("grad_fn->" + Range->SizeMember + " = " + Arg.Name +
                      ".size();");
  }
  return Setup;
}

} // namespace gradgen
