//===- InfosJSON.cpp - DifferentiabilityInfos as JSON ---------------------===//

#include "gradgen/Derivatives/InfosJSON.h"

using namespace llvm;

namespace gradgen {

static json::Array strings(ArrayRef<std::string> Values) {
  json::Array Result;
  for (const std::string &Value : Values)
    Result.push_back(Value);
  return Result;
}

static json::Value optionalStrings(
    const std::optional<std::vector<std::string>> &Values) {
  if (!Values)
    return nullptr;
  return strings(*Values);
}

static json::Array savedAttributes(ArrayRef<SavedAttribute> Attributes) {
  json::Array Result;
  for (const SavedAttribute &A : Attributes)
    Result.push_back(json::Object{{"name", A.name()},
                                  {"type", A.NCType.cppType()},
                                  {"expr", A.Expr}});
  return Result;
}

static StringRef originName(InfoOrigin Origin) {
  switch (Origin) {
  case InfoOrigin::DerivativesFile:
    return "derivatives.yaml";
  case InfoOrigin::ViewCopy:
    return "view_copy";
  case InfoOrigin::GeneratedForeach:
    return "foreach";
  }
  return "";
}

json::Value toJSON(const DifferentiabilityInfo &Info) {
  json::Array Derivatives;
  for (const Derivative &D : Info.Derivatives)
    Derivatives.push_back(json::Object{
        {"var_names", strings(D.VarNames)},
        {"formula", D.Formula},
        {"original_formula", D.OriginalFormula},
        {"saved_inputs", savedAttributes(D.SavedInputs)},
        {"saved_outputs", savedAttributes(D.SavedOutputs)},
        {"named_gradients", strings(D.NamedGradients)},
    });
  json::Array Forward;
  for (const ForwardDerivative &F : Info.ForwardDerivatives) {
    json::Array Types;
    for (const Type *T : F.VarTypes)
      Types.push_back(T->str());
    Forward.push_back(json::Object{
        {"var_names", strings(F.VarNames)},
        {"var_types", std::move(Types)},
        {"formula", F.Formula},
        {"required_inputs_fw_grad", optionalStrings(F.RequiredInputsFwGrad)},
        {"required_inputs_primal", optionalStrings(F.RequiredInputsPrimal)},
        {"required_original_self_value", F.RequiredOriginalSelfValue},
        {"is_reusing_outplace_formula", F.IsReusingOutplaceFormula},
    });
  }
  json::Array Args;
  for (const Binding &B : Info.ArgsWithDerivatives)
    Args.push_back(json::Object{{"name", B.Name}, {"type", B.type()}});
  json::Value OutputDifferentiability = nullptr;
  if (Info.OutputDifferentiability) {
    json::Array Flags;
    for (bool Flag : *Info.OutputDifferentiability)
      Flags.push_back(Flag);
    OutputDifferentiability = std::move(Flags);
  }
  return json::Object{
      {"name", Info.Name},
      {"func", Info.Func->func().str()},
      {"op", Info.Op ? json::Value(*Info.Op) : json::Value(nullptr)},
      {"dispatch_key", Info.DispatchKey},
      {"origin", originName(Info.Origin)},
      {"derivatives", std::move(Derivatives)},
      {"forward_derivatives", std::move(Forward)},
      {"all_saved_inputs", savedAttributes(Info.AllSavedInputs)},
      {"all_saved_outputs", savedAttributes(Info.AllSavedOutputs)},
      {"available_named_gradients", strings(Info.AvailableNamedGradients)},
      {"used_named_gradients", strings(Info.UsedNamedGradients)},
      {"args_with_derivatives", std::move(Args)},
      {"non_differentiable_arg_names", strings(Info.NonDifferentiableArgNames)},
      {"output_differentiability", std::move(OutputDifferentiability)},
      {"output_differentiability_conditions",
       optionalStrings(Info.OutputDifferentiabilityConditions)},
  };
}

json::Value toJSON(const DerivativesDatabase &Database) {
  json::Array Infos;
  size_t FromFile = 0, ViewCopies = 0, Foreach = 0, WithOp = 0;
  for (const InfoGroup &Group : Database.Groups)
    for (const DifferentiabilityInfo &Info : Group.Infos) {
      Infos.push_back(toJSON(Info));
      switch (Info.Origin) {
      case InfoOrigin::DerivativesFile:
        ++FromFile;
        break;
      case InfoOrigin::ViewCopy:
        ++ViewCopies;
        break;
      case InfoOrigin::GeneratedForeach:
        ++Foreach;
        break;
      }
      WithOp += Info.Op.has_value();
    }
  return json::Object{
      {"counts", json::Object{{"derivatives.yaml", int64_t(FromFile)},
                              {"view_copy", int64_t(ViewCopies)},
                              {"foreach", int64_t(Foreach)},
                              {"with_op", int64_t(WithOp)}}},
      {"used_dispatch_keys", strings(Database.UsedDispatchKeys)},
      {"infos", std::move(Infos)},
  };
}

} // namespace gradgen
