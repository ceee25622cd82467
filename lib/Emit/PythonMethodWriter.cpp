//===- PythonMethodWriter.cpp - One Python name's binding -----------------===//
//
// gen_python_functions's method_impl, method_def, forward_decls and
// emit_single_dispatch over the model of gradgen/Schema/PythonAPI.h.
//
//===----------------------------------------------------------------------===//

#include "PythonMethodWriter.h"

#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Schema/Type.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace gradgen {

using namespace python;

void PythonMethodTemplates::load(TemplateLoader &Loader,
                                 const PythonBindingsOptions &Options) {
  Varargs = Loader.get("python-bindings/method_varargs.tmpl");
  VarargsSingleton =
      Loader.get("python-bindings/method_varargs_singleton.tmpl");
  NoArgs = Loader.get("python-bindings/method_noargs.tmpl");
  Case = Loader.get("python-bindings/case.tmpl");
  OutDispatch = Loader.get("python-bindings/out_dispatch.tmpl");
  TorchFunctionCheck = Loader.get("python-bindings/torch_function_check.tmpl");
  NoArgsTorchFunctionCheck =
      Loader.get("python-bindings/noargs_torch_function_check.tmpl");
  MethodDef = Loader.get("python-bindings/method_def.tmpl");
  StructseqTypedef = Loader.get("python-bindings/structseq_typedef.tmpl");
  PackTensorOptions = Loader.get("python-bindings/pack_tensor_options.tmpl");
  PackTensorOptionsMethod =
      Loader.get("python-bindings/pack_tensor_options_method.tmpl");
  CheckOutType = Loader.get("python-bindings/check_out_type.tmpl");
  if (Options.ForeachInplaceReturnsSelf)
    ForeachInplaceReturn =
        Loader.text("python-bindings/foreach_inplace_return.tmpl");
}

Expected<std::string> structseqKey(const NativeFunction &F) {
  Expected<std::vector<std::string>> Fields =
      structseqFieldNames(F.func().Returns, F.funcLoc());
  if (!Fields)
    return Fields.takeError();
  std::string Key = cpp::name(F.func());
  for (const std::string &Field : *Fields)
    Key += "_" + Field;
  return Key;
}

/// The Python module's object in C++ (gen_has_torch_function_check).
static StringRef moduleObject(StringRef Module) {
  return StringSwitch<StringRef>(Module)
      .Case("torch", "THPVariableFunctionsModule")
      .Case("torch.nn", "THPNNVariableFunctionsModule")
      .Case("torch.fft", "THPFFTVariableFunctionsModule")
      .Case("torch.linalg", "THPLinalgVariableFunctionsModule")
      .Case("torch.nested", "THPNestedVariableFunctionsModule")
      .Case("torch.sparse", "THPSparseVariableFunctionsModule")
      .Case("torch.special", "THPSpecialVariableFunctionsModule")
      .Default("THPVariableClass");
}

static std::string render(const CodeTemplate &Template,
                          const TemplateEnv &Env) {
  std::string Text;
  // Every placeholder of the python-bindings/ templates is set by its
  // caller; what is missing shows in the output, which the tests compare.
  consumeError(Template.substitute(Env, Text));
  return Text;
}

std::string PythonMethodWriter::torchFunctionCheck(StringRef Name,
                                                   StringRef Module,
                                                   bool NoArgs,
                                                   bool Method) const {
  TemplateEnv Env;
  if (NoArgs) {
    if (!Method)
      return "";
    Env.set("name", Name);
    return render(*Templates.NoArgsTorchFunctionCheck, Env);
  }
  Env.set("self_", Method ? "self_" : "nullptr")
      .set("namespace", moduleObject(Module))
      .set("module", Module.empty() ? StringRef("torch.Tensor") : Module);
  return render(*Templates.TorchFunctionCheck, Env);
}

std::string PythonMethodWriter::methodDef(StringRef Name, bool DunderMethod,
                                          StringRef Module, bool NoArgs,
                                          bool Method) const {
  std::string PyCName = ("THPVariable_" + Name).str();
  if (DunderMethod)
    PyCName = "TypeError_to_NotImplemented_<" + PyCName + ">";
  std::string Cast, Flags;
  if (NoArgs) {
    Flags = Method ? "METH_NOARGS" : "METH_VARARGS | METH_KEYWORDS";
  } else {
    Cast = "castPyCFunctionWithKeywords";
    Flags = "METH_VARARGS | METH_KEYWORDS";
  }
  if (Module == "torch")
    Flags += " | METH_STATIC";
  TemplateEnv Env;
  Env.set("name", Name)
      .set("pycname", PyCName)
      .set("cast", Cast)
      .set("callable", Cast.empty() ? PyCName : Cast + "(" + PyCName + ")")
      .set("flags", Flags);
  return render(*Templates.MethodDef, Env);
}

Expected<std::string>
PythonMethodWriter::inits(const DispatchCall &Call,
                          const PythonSignature &Signature) const {
  std::vector<std::string> Lines;
  auto Expr = [&](StringRef Name) {
    const ParserOutput *Output = Call.output(Name);
    return Output ? Output->Expr : std::string();
  };
  auto IsNone = [&](StringRef Name) {
    const ParserOutput *Output = Call.output(Name);
    return Output ? Output->isNoneExpr() : std::string();
  };
  for (const LambdaInit &Init : Call.Exprs.Inits) {
    TemplateEnv Env;
    switch (Init.TheKind) {
    case LambdaInit::Kind::Statement:
      Lines.push_back(Init.Text);
      break;
    case LambdaInit::Kind::PackTensorOptions:
      for (StringRef Field :
           {"dtype", "device", "layout", "requires_grad", "pin_memory"})
        Env.set(Field, Expr(Field));
      Lines.push_back(render(Signature.Method
                                 ? *Templates.PackTensorOptionsMethod
                                 : *Templates.PackTensorOptions,
                             Env));
      break;
    case LambdaInit::Kind::CheckOutType:
      Env.set("out", Expr("out"))
          .set("dtype", Expr("dtype"))
          .set("dtype_is_none", IsNone("dtype"))
          .set("layout", Expr("layout"))
          .set("device", Expr("device"))
          .set("device_is_none", IsNone("device"));
      Lines.push_back(render(*Templates.CheckOutType, Env));
      break;
    }
  }
  return join(Lines, "\n");
}

Expected<std::string>
PythonMethodWriter::singleDispatch(const PythonSignature &Signature,
                                   const NativeFunction &F,
                                   const Typenames &Structseqs) const {
  Expected<DispatchCall> Call = dispatchCall(Signature, F, Cpp, Options.API);
  if (!Call)
    return Call.takeError();
  Expected<std::string> Inits = inits(*Call, Signature);
  if (!Inits)
    return Inits.takeError();
  std::vector<std::string> Formals;
  for (const DispatchLambdaArgument &A : Call->LambdaArgs)
    Formals.push_back(A.Type + " " + A.Name);
  std::string SetRequiresGrad =
      Call->SetRequiresGrad
          ? ".set_requires_grad(" + *Call->SetRequiresGrad + ")"
          : "";
  std::string Lambda = "dispatch_" + Call->Name;
  std::string Text = Call->SchemaComment + "\n" + *Inits + "\nauto " + Lambda +
                     " = [](" + join(Formals, ", ") + ") -> " +
                     Call->LambdaReturn +
                     " {\n  pybind11::gil_scoped_release no_gil;\n  ";
  std::string CallText =
      Call->Callee + "(" + join(Call->CalleeArgs, ", ") + ")";
  std::string LambdaArgs = join(Call->Exprs.Exprs, ", ");
  if (Call->LambdaReturn == "void") {
    const FunctionSchema &Func = F.func();
    std::string Return = "Py_RETURN_NONE;";
    if (Options.ForeachInplaceReturnsSelf &&
        StringRef(Func.Name.str()).starts_with("_foreach_") &&
        Func.kind() == SchemaKind::Inplace) {
      const std::optional<Argument> &Self = Func.Args.SelfArg;
      if (!Self || !Self->Ty->isList() ||
          !Self->Ty->getElement()->isTensorLike())
        return make_error<PythonAPIError>(
            F.funcLoc(), "an in-place _foreach_ function's self must be a "
                         "list of tensors");
      Return = Templates.ForeachInplaceReturn;
    }
    return Text + CallText + ";\n};\n" + Lambda + "(" + LambdaArgs + ")" +
           SetRequiresGrad + ";\n" + Return + "\n";
  }
  std::string Typeref;
  if (!Structseqs.empty()) {
    Expected<std::string> Key = structseqKey(F);
    if (!Key)
      return Key.takeError();
    for (const auto &[TypeKey, Typename] : Structseqs)
      if (TypeKey == *Key)
        Typeref = Typename + ", ";
  }
  return Text + "return " + CallText + ";\n};\nreturn wrap(" + Typeref +
         Lambda + "(" + LambdaArgs + ")" + SetRequiresGrad + ");\n";
}

Expected<std::string>
PythonMethodWriter::dispatchCase(const SignatureGroup &Group,
                                 const Typenames &Structseqs) const {
  Expected<std::string> Base =
      singleDispatch(Group.Signature, *Group.Base, Structseqs);
  if (!Base || !Group.Outplace)
    return Base;
  Expected<std::string> Out =
      singleDispatch(Group.Signature, *Group.Outplace, Structseqs);
  if (!Out)
    return Out.takeError();
  TemplateEnv Env;
  Env.set("out_idx", Twine(Group.Signature.outputIndex()))
      .set("call_dispatch", std::move(*Base))
      .set("call_dispatch_out", std::move(*Out));
  return render(*Templates.OutDispatch, Env);
}

/// emit_structseq_call: a type per C++ name and field names, declared in
/// the binding's header.
Error PythonMethodWriter::structseqTypes(
    ArrayRef<const SignaturePair *> Overloads, Typenames &Structseqs,
    std::vector<std::string> &Header) const {
  for (const SignaturePair *Overload : Overloads) {
    const NativeFunction &F = *Overload->Function;
    Expected<std::vector<std::string>> Fields =
        structseqFieldNames(F.func().Returns, F.funcLoc());
    if (!Fields)
      return Fields.takeError();
    if (Fields->empty())
      continue;
    Expected<std::string> Key = structseqKey(F);
    if (!Key)
      return Key.takeError();
    if (any_of(Structseqs, [&](const auto &S) { return S.first == *Key; }))
      continue;
    std::string Typename =
        "NamedTuple" + (Structseqs.empty() ? std::string()
                                           : std::to_string(Structseqs.size()));
    TemplateEnv Env;
    Env.set("typename", Typename).set("name", cpp::name(F.func()));
    Header.push_back(render(*Templates.StructseqTypedef, Env));
    Structseqs.push_back({*Key, Typename});
  }
  return Error::success();
}

Expected<PythonMethodText>
PythonMethodWriter::write(StringRef Name, bool DunderMethod, StringRef Module,
                          ArrayRef<const SignaturePair *> Overloads,
                          bool Method) const {
  std::string PyCName = ("THPVariable_" + Name).str();
  bool NoArgs =
      Overloads.size() == 1 && Overloads[0]->Signature.argumentsCount() == 0;

  Typenames Structseqs;
  std::vector<std::string> Header = {"HANDLE_TH_ERRORS"};
  if (Error E = structseqTypes(Overloads, Structseqs, Header))
    return E;
  if (Method)
    Header.push_back("const Tensor& self = THPVariable_Unpack(self_);");
  std::vector<std::string> Footer;
  if (!NoArgs)
    Footer.push_back("Py_RETURN_NONE;");
  Footer.push_back("END_HANDLE_TH_ERRORS");
  bool Traceable = all_of(Overloads, [&](const SignaturePair *O) {
    return ShouldTrace(*O->Function);
  });

  Expected<std::vector<SignatureGroup>> Groups =
      groupOverloads(Overloads, Cpp, Options.API);
  if (!Groups)
    return Groups.takeError();
  bool Singleton = Groups->size() == 1;
  std::vector<std::string> Signatures, Dispatch;
  for (auto [Index, Group] : enumerate(*Groups)) {
    Signatures.push_back(cppString(Group.SignatureText) + ",");
    Expected<std::string> Body = dispatchCase(Group, Structseqs);
    if (!Body)
      return Body.takeError();
    if (Singleton) {
      Dispatch.push_back(std::move(*Body));
      continue;
    }
    TemplateEnv Env;
    Env.set("overload_index", Twine(Index)).set("body", std::move(*Body));
    Dispatch.push_back(render(*Templates.Case, Env));
  }
  size_t MaxArgs = 0;
  for (const SignaturePair *O : Overloads)
    MaxArgs = std::max(MaxArgs, O->Signature.argumentsCount());

  TemplateEnv Env;
  Env.set("name", Name)
      .set("pycname", PyCName)
      .setList("method_header", std::move(Header))
      .set("max_args", Twine(MaxArgs))
      .setList("signatures", std::move(Signatures))
      .set("traceable", Traceable ? "true" : "false")
      .set("check_has_torch_function",
           torchFunctionCheck(Name, Module, NoArgs, Method))
      .setList("dispatch", std::move(Dispatch))
      .setList("method_footer", std::move(Footer))
      .set("self_", Method ? "self_" : "nullptr");
  PythonMethodText Text;
  Text.Impl = render(NoArgs      ? *Templates.NoArgs
                     : Singleton ? *Templates.VarargsSingleton
                                 : *Templates.Varargs,
                     Env);
  Text.Def = methodDef(Name, DunderMethod, Module, NoArgs, Method);
  if (!Method)
    Text.ForwardDecl = "static PyObject * " + PyCName +
                       (NoArgs ? "(PyObject* self_, PyObject* args);\n"
                               : "(PyObject* self_, PyObject* args, "
                                 "PyObject* kwargs);\n");
  return Text;
}

} // namespace gradgen
