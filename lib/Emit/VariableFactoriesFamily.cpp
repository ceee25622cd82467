//===- VariableFactoriesFamily.cpp - variable_factories.h -----------------===//
//
// torchgen's gen_variable_factories: a `torch::` function for every factory
// function of ATen (one with TensorOptions, or a `*_like` one) that calls
// the `at::` function below ADInplaceOrView and makes the result a Variable.
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Schema/CppAPI.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen {
namespace {

/// gen_variable_factories's fully_qualified_type: a type written without a
/// namespace (`Tensor`, `const TensorOptions &`, inside the optional
/// template or not) gets `at::`.
std::string fullyQualifiedType(StringRef Type, StringRef OptionalTemplate) {
  std::string OptionalPrefix = (OptionalTemplate + "<").str();
  bool IsOptional = Type.starts_with(OptionalPrefix) && Type.ends_with(">");
  StringRef Inner = IsOptional
                        ? Type.drop_front(OptionalPrefix.size()).drop_back()
                        : Type;
  std::string Qualified = Inner.str();
  StringRef Rest = Inner;
  if (Rest.consume_front("const")) {
    StringRef Trimmed = Rest.ltrim();
    if (Trimmed.size() == Rest.size())
      Rest = Inner; // `constant...`: no `const` keyword.
    else
      Rest = Trimmed;
  }
  if (Rest.size() > 1 && Rest.front() >= 'A' && Rest.front() <= 'Z')
    Qualified = (Inner.take_front(Inner.size() - Rest.size()) + "at::" + Rest)
                    .str();
  return IsOptional ? OptionalPrefix + Qualified + ">" : Qualified;
}

bool isFactoryFunction(const NativeFunction &F) {
  if (!F.Variants->contains(Variant::Function))
    return false;
  return F.func().Args.TensorOptions.has_value() ||
         StringRef(cpp::name(F.func())).ends_with("_like");
}

class VariableFactoriesFamily : public FileFamily {
public:
  bool loadTemplates(TemplateSet &Templates, EmitContext &Emit) override {
    CppOptions = cppAPIOptionsOf(Emit);
    if (!CppOptions)
      return false;
    bool OK = loadPyTorchTemplate(
        Templates, Emit, "variable_factories.h",
        {"generated_comment", "ops_headers", "function_definitions"},
        FileTemplate);
    OK &= loadFamilyTemplates(
        Templates, Emit,
        {{"variable-factories/function.tmpl", &FunctionTemplate},
         {"variable-factories/options_expr.tmpl", &OptionsTemplate},
         {"variable-factories/ops_header.tmpl", &HeaderTemplate}});
    return OK;
  }

  bool emit(EmitContext &Emit) override {
    std::vector<std::string> Headers, Definitions;
    for (const NativeFunction *F : Emit.getDatabase().NativeFunctions) {
      if (!isFactoryFunction(*F))
        continue;
      TemplateEnv HeaderEnv;
      HeaderEnv.set("root_name", F->rootName());
      Headers.push_back(substituteOrReport(*HeaderTemplate, HeaderEnv, Emit));
      std::optional<std::string> Definition = definitionsOf(*F, Emit);
      if (!Definition)
        return false;
      Definitions.push_back(std::move(*Definition));
    }
    TemplateEnv Env;
    Env.setList("ops_headers", std::move(Headers))
        .setList("function_definitions", std::move(Definitions));
    return !Emit.getDiags().hasErrors() &&
           writeFromTemplate(Emit, "variable_factories.h",
                             "variable_factories.h", *FileTemplate, Env);
  }

private:
  /// The wrappers of F's C++ signature and, with SymInt arguments, of its
  /// SymInt signature.
  std::optional<std::string> definitionsOf(const NativeFunction &F,
                                           EmitContext &Emit) {
    std::string Result;
    for (bool SymInt : {false, true}) {
      if (SymInt && !F.func().hasSymInt())
        break;
      std::optional<std::vector<Binding>> Args =
          cpp::signatureArguments(F, SymInt, *CppOptions);
      if (!Args) {
        Emit.getDiags().report(diag::kernel_argument_type, F.funcLoc(),
                              "'" + F.func().Name.str() +
                                  "' has an argument type without a C++ "
                                  "spelling");
        return std::nullopt;
      }
      std::vector<std::string> Formals, Exprs;
      std::string RequiresGrad = "false";
      for (const Binding &B : *Args) {
        std::string Formal =
            fullyQualifiedType(B.type(), CppOptions->OptionalTemplate) + " " +
            B.Name;
        if (B.Default)
          Formal += " = " + *B.Default;
        Formals.push_back(std::move(Formal));
        if (!B.Arg.isTensorOptions()) {
          Exprs.push_back(B.Name);
          continue;
        }
        TemplateEnv OptionsEnv;
        OptionsEnv.set("name", B.Name).set("nullopt", CppOptions->Nullopt);
        Exprs.push_back(substituteOrReport(*OptionsTemplate, OptionsEnv, Emit));
        RequiresGrad = B.Name + ".requires_grad()";
      }
      TemplateEnv Env;
      Env.set("name", cpp::name(F.func(), /*FaithfulNameForOutOverloads=*/false,
                                SymInt))
          .set("formals", join(Formals, ", "))
          .set("exprs", join(Exprs, ", "))
          .set("requires_grad", RequiresGrad);
      Result += substituteOrReport(*FunctionTemplate, Env, Emit);
    }
    return Result;
  }

  std::optional<CppAPIOptions> CppOptions;
  const CodeTemplate *FileTemplate = nullptr;
  const CodeTemplate *FunctionTemplate = nullptr;
  const CodeTemplate *OptionsTemplate = nullptr;
  const CodeTemplate *HeaderTemplate = nullptr;
};

} // namespace

std::unique_ptr<FileFamily> createVariableFactoriesFamily() {
  return std::make_unique<VariableFactoriesFamily>();
}

} // namespace gradgen
