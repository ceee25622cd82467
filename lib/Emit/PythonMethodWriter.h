//===- PythonMethodWriter.h - One Python name's binding ---------*- C++ -*-===//
//
// Private to the Emit library: what gen_python_functions writes for one
// Python name (all overloads of a BaseOperatorName): the binding function
// (method_impl), its PyMethodDef entry (method_def), its forward
// declaration and its structseq types, rendered from the profile's
// python-bindings/ templates.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_EMIT_PYTHONMETHODWRITER_H
#define GRADGEN_LIB_EMIT_PYTHONMETHODWRITER_H

#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Emit/FamilyOptions.h"
#include "gradgen/Schema/PythonAPI.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace gradgen {

class TemplateLoader;

/// The snippets torchgen keeps in gen_python_functions.py.
struct PythonMethodTemplates {
  const CodeTemplate *Varargs = nullptr;
  const CodeTemplate *VarargsSingleton = nullptr;
  const CodeTemplate *NoArgs = nullptr;
  const CodeTemplate *Case = nullptr;
  const CodeTemplate *OutDispatch = nullptr;
  const CodeTemplate *TorchFunctionCheck = nullptr;
  const CodeTemplate *NoArgsTorchFunctionCheck = nullptr;
  const CodeTemplate *MethodDef = nullptr;
  const CodeTemplate *StructseqTypedef = nullptr;
  const CodeTemplate *PackTensorOptions = nullptr;
  const CodeTemplate *PackTensorOptionsMethod = nullptr;
  const CodeTemplate *CheckOutType = nullptr;
  /// With ForeachInplaceReturnsSelf.
  std::string ForeachInplaceReturn;

  void load(TemplateLoader &Loader, const PythonBindingsOptions &Options);
};

/// What a Python name contributes to a file.
struct PythonMethodText {
  std::string Impl;
  std::string Def;
  /// Empty for methods.
  std::string ForwardDecl;
};

/// Renders the bindings of one name. Module: "torch", "torch.nn", ...; empty
/// for Tensor methods.
struct PythonMethodWriter {
  const PythonMethodTemplates &Templates;
  const PythonBindingsOptions &Options;
  const CppAPIOptions &Cpp;
  /// gen_trace_type's should_trace.
  std::function<bool(const NativeFunction &)> ShouldTrace;

  llvm::Expected<PythonMethodText>
  write(llvm::StringRef Name, bool DunderMethod, llvm::StringRef Module,
        llvm::ArrayRef<const python::SignaturePair *> Overloads,
        bool Method) const;

private:
  using Typenames = std::vector<std::pair<std::string, std::string>>;
  llvm::Error
  structseqTypes(llvm::ArrayRef<const python::SignaturePair *> Overloads,
                 Typenames &Structseqs, std::vector<std::string> &Header) const;
  llvm::Expected<std::string> dispatchCase(const python::SignatureGroup &Group,
                                           const Typenames &Structseqs) const;
  llvm::Expected<std::string>
  singleDispatch(const python::PythonSignature &Signature,
                 const NativeFunction &F, const Typenames &Structseqs) const;
  llvm::Expected<std::string>
  inits(const python::DispatchCall &Call,
        const python::PythonSignature &Signature) const;
  std::string torchFunctionCheck(llvm::StringRef Name, llvm::StringRef Module,
                                 bool NoArgs, bool Method) const;
  std::string methodDef(llvm::StringRef Name, bool DunderMethod,
                        llvm::StringRef Module, bool NoArgs, bool Method) const;
};

/// gen_structseq_typename_key: the C++ name and the field names.
llvm::Expected<std::string> structseqKey(const NativeFunction &F);

} // namespace gradgen

#endif // GRADGEN_LIB_EMIT_PYTHONMETHODWRITER_H
