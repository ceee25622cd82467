//===- FamilyOptions.h - The kernel families' sections ----------*- C++ -*-===//
//
// The switches of the python-functions, variable-type, inplace-or-view and
// trace-type families (gen_autograd_functions.py, gen_variable_type.py,
// gen_inplace_or_view_type.py, gen_trace_type.py).
// The names those generators treat specially are a rule table of the
// variable-type section (VariableTypeLists, variable-type/lists.yaml).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_FAMILYOPTIONS_H
#define GRADGEN_EMIT_FAMILYOPTIONS_H

#include "gradgen/Schema/PythonAPI.h"
#include "gradgen/Support/Profile.h"

#include <string>
#include <vector>

namespace gradgen {

/// The profile's `python-functions:` section.
struct PythonFunctionsOptions : ProfileSectionBase<PythonFunctionsOptions> {
  static constexpr llvm::StringLiteral SectionName = "python-functions";

  /// The number of python_functions_N.cpp shards (gen_autograd_functions
  /// python's num_shards).
  unsigned Shards = 5;

  void read(ProfileSectionReader &Reader) override;
  /// A file needs a shard.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  static const PythonFunctionsOptions &of(const Profile &P) {
    return P.get<PythonFunctionsOptions>();
  }
};

/// The profile's `python-bindings:` section (gen_python_functions.py).
struct PythonBindingsOptions : ProfileSectionBase<PythonBindingsOptions> {
  static constexpr llvm::StringLiteral SectionName = "python-bindings";

  /// How the Python signatures differ (the model's switches).
  python::PythonAPIOptions API;
  /// The number of python_torch_functions_N.cpp shards.
  unsigned TorchFunctionsShards = 3;
  /// Functions without bindings: patterns a C++ name must match whole
  /// (SKIP_PYTHON_BINDINGS), and whole schemas
  /// (SKIP_PYTHON_BINDINGS_SIGNATURES).
  std::vector<std::string> SkipFunctions;
  std::vector<std::string> SkipSignatures;
  /// Generated functions get no binding, but generated view_copy ones (2.x).
  bool BindGeneratedViewCopies = true;
  /// In-place _foreach_ bindings return their self list (2.x), with
  /// `python-bindings/foreach_inplace_return.tmpl`.
  bool ForeachInplaceReturnsSelf = true;
  /// python_return_types.h declares the structseq getters (2.x).
  bool ReturnTypesHeader = true;
  /// The placeholder of python_return_types.cpp that lists the structseqs
  /// for the module (`py_return_types_map` in 1.13).
  std::string ReturnTypesList = "py_return_types_registrations";

  void read(ProfileSectionReader &Reader) override;
  /// A file needs a shard; skip patterns must be regular expressions.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  static const PythonBindingsOptions &of(const Profile &P) {
    return P.get<PythonBindingsOptions>();
  }
};

/// The profile's `variable-type:` section.
struct VariableTypeOptions : ProfileSectionBase<VariableTypeOptions> {
  static constexpr llvm::StringLiteral SectionName = "variable-type";

  /// The names gen_variable_type treats specially, relative to the profile.
  std::string Lists = "variable-type/lists.yaml";
  /// The number of VariableType_N.cpp shards.
  unsigned Shards = 10;
  /// The dispatch keys' sections in file order (1.13 iterated a Python set);
  /// empty: sorted.
  std::vector<std::string> SectionOrder;
  /// _foreach_ kernels loop over their lists (2.x); 1.13 treated them as
  /// any other function.
  bool ForeachKernels = true;
  /// Multi-output kernels declare their results and std::tie them (1.13);
  /// 2.x binds them with `auto [a, b]`. TraceType follows it too.
  bool DeclareReturnedVariables = false;
  /// The factories of a zero tangent: for the self of an in-place op, and
  /// for any other input.
  std::string ZerosForInplaceSelfTangent = "zeros_symint";
  std::string ZerosForTangent = "_efficientzerotensor_symint";

  void read(ProfileSectionReader &Reader) override;
  /// A file needs a shard.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  static const VariableTypeOptions &of(const Profile &P) {
    return P.get<VariableTypeOptions>();
  }
};

/// The profile's `inplace-or-view:` section.
struct InplaceOrViewOptions : ProfileSectionBase<InplaceOrViewOptions> {
  static constexpr llvm::StringLiteral SectionName = "inplace-or-view";

  /// A view is replayed with a ViewFunc class of ViewFuncs.h and so is its
  /// inverse, each output of a multi-output view too (2.x); 1.13 replays it
  /// with a lambda over the unpacked arguments, single outputs only.
  bool ViewFuncClasses = true;
  /// The number of ADInplaceOrViewType_N.cpp shards.
  unsigned Shards = 2;

  void read(ProfileSectionReader &Reader) override;
  /// A file needs a shard.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  static const InplaceOrViewOptions &of(const Profile &P) {
    return P.get<InplaceOrViewOptions>();
  }
};

/// The profile's `trace-type:` section.
struct TraceTypeOptions : ProfileSectionBase<TraceTypeOptions> {
  static constexpr llvm::StringLiteral SectionName = "trace-type";

  /// The number of TraceType_N.cpp shards.
  unsigned Shards = 10;
  /// Every out argument of an out= function is a traced input (2.x); 1.13
  /// dropped only the last one from the inputs and added only the first.
  bool AllOutArguments = true;
  /// Argument types that make an operator untraceable.
  std::vector<std::string> UntraceableArgumentTypes = {"Storage", "Type"};

  void read(ProfileSectionReader &Reader) override;
  /// A file needs a shard.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  bool isUntraceable(llvm::StringRef Type) const;

  static const TraceTypeOptions &of(const Profile &P) {
    return P.get<TraceTypeOptions>();
  }
};

} // namespace gradgen

#endif // GRADGEN_EMIT_FAMILYOPTIONS_H
