//===- Runner.cpp - Runs the ADInplaceOrView battery ----------------------===//
//
// usage: inplace-or-view-battery [--case=CASE]
//
// Linked twice: plain (libtorch's own ADInplaceOrView kernels) and candidate
// (with ../variable_type/Registry.cpp and compiled ADInplaceOrViewType_N.cpp
// shards, whose kernels registerDeferredBlocks() puts in front of
// libtorch's). Output, one record per line, compared between the two by
// utils/libtorch/inplace_check.py:
//   candidate-file FILE                   a shard whose blocks registered
//   registered FILE KEY COUNT             (see ../variable_type/Registry.h)
//   registration-error FILE OPERATOR MESSAGE
//   case KIND NAME                        a case starts: view, inplace, out
//   rec NAME SETTING.WHAT TEXT            what the kernels decided
//   ops NAME OPERATOR...                  the operators the case dispatched
//   kernel OPERATOR ORIGIN KIND WHERE     the active ADInplaceOrView kernel
//                                         of every operator dispatched:
//                                         ORIGIN candidate,
//                                         libtorch-generated,
//                                         libtorch-manual or none; KIND
//                                         in-place, out, view or other
//   summary ...
// A record's SETTING says how the case ran (plain tensors, a leaf that
// requires grad, a view as argument, no-grad or inference mode, forward AD,
// a saved tensor modified afterwards); WHAT is one of
//   meta.I       view metadata of output I: is_view, which tensor _base()
//                is, backward/forward view info and its base, view_fn,
//                creation meta, requires_grad, grad_fn, _version, geometry
//   version      `_version` of every argument, after the operator
//   value.I      an output's values (battery::describeTensor)
//   grad         the gradient of the leaf, or the error backward raised
//   error        what the operator raised
//   saved        what backward raised for a saved tensor the operator
//                modified: libtorch names its version there
//
//===----------------------------------------------------------------------===//

#include "../variable_type/BatteryMain.h"
#include "../variable_type/DualLevel.h"
#include "../variable_type/DumpState.h"
#include "../variable_type/Registry.h"
#include "Cases.h"

#include <ATen/Parallel.h>
#include <ATen/record_function.h>
#include <c10/core/InferenceMode.h>
#include <torch/csrc/autograd/autograd.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/variable.h>

#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <utility>

using namespace battery;
using namespace ivbattery;
using vtbattery::messageOf;
using vtbattery::DualLevel;

namespace {

std::string CurrentCase;
bool Recording = false;
std::set<std::string> CaseOperators, AllOperators;
size_t Records = 0;

std::unique_ptr<at::ObserverContext> noteOperator(const at::RecordFunction &F) {
  if (!Recording)
    return nullptr;
  if (auto Name = vtbattery::recordedOperator(F))
    CaseOperators.insert(*Name);
  return nullptr;
}

void record(const std::string &Key, const std::string &Text) {
  ++Records;
  std::printf("rec %s %s %s\n", CurrentCase.c_str(), Key.c_str(),
              vtbattery::oneLine(Text).c_str());
}

/// Runs \p Body; an exception becomes the record `Key` "error: MESSAGE".
template <typename Fn> bool guarded(const std::string &Key, Fn &&Body) {
  try {
    Body();
    return true;
  } catch (const std::exception &Error) {
    record(Key, "error: " + messageOf(Error));
    return false;
  }
}

/// The tensors a case knows by name, to say which one a view's base is.
using Named = std::vector<std::pair<std::string, at::Tensor>>;

std::string nameOf(const at::TensorBase &T, const Named &Known) {
  if (!T.defined())
    return "undefined";
  for (const auto &[Name, Other] : Known)
    if (Other.defined() && Other.unsafeGetTensorImpl() == T.unsafeGetTensorImpl())
      return Name;
  return "unnamed";
}

const char *creationMetaName(torch::autograd::CreationMeta Meta) {
  using torch::autograd::CreationMeta;
  switch (Meta) {
  case CreationMeta::DEFAULT:
    return "DEFAULT";
  case CreationMeta::IN_CUSTOM_FUNCTION:
    return "IN_CUSTOM_FUNCTION";
  case CreationMeta::MULTI_OUTPUT_NODE:
    return "MULTI_OUTPUT_NODE";
  case CreationMeta::NO_GRAD_MODE:
    return "NO_GRAD_MODE";
  case CreationMeta::INFERENCE_MODE:
    return "INFERENCE_MODE";
  }
  return "unknown";
}

/// Everything the ADInplaceOrView kernel of a view decides about \p T.
std::string viewMeta(const at::Tensor &T, const Named &Known) {
  if (!T.defined())
    return "undefined";
  std::ostringstream S;
  S << "is_view=" << T.is_view();
  if (T.is_view())
    S << " _base=" << nameOf(T._base(), Known);
  if (auto *Meta = torch::autograd::impl::get_view_autograd_meta(T)) {
    S << " bw_view=" << Meta->has_bw_view();
    if (Meta->has_bw_view()) {
      const auto &Info = Meta->get_backward_view();
      S << " bw_base=" << nameOf(Info.base_, Known)
        << " bw_view_fn=" << Info.has_view_fn()
        << " creation_meta=" << creationMetaName(Meta->get_creation_meta());
    }
    S << " fw_view=" << Meta->has_fw_view();
    if (Meta->has_fw_view() && Meta->has_bw_view()) {
      const auto &Info = Meta->get_forward_view();
      S << " fw_base=" << nameOf(Info.base_, Known)
        << " fw_view_fn=" << Info.has_view_fn();
    }
  }
  auto Node = T.grad_fn();
  S << " requires_grad=" << T.requires_grad() << " is_leaf=" << T.is_leaf()
    << " grad_fn=" << (Node ? Node->name() : "none")
    << " output_nr=" << T.output_nr() << " _version=" << T._version()
    << " inference=" << T.is_inference() << " sizes=" << T.sizes()
    << " strides=" << T.strides() << " offset=" << T.storage_offset();
  return S.str();
}

void recordMeta(const std::string &Setting, const Tensors &Outputs,
                const Named &Known) {
  for (size_t I = 0; I < Outputs.size(); ++I)
    guarded(Setting + ".meta." + std::to_string(I), [&] {
      record(Setting + ".meta." + std::to_string(I),
             viewMeta(Outputs[I], Known));
    });
}

void recordVersions(const std::string &Setting, const Named &Tensors) {
  std::string Text;
  for (const auto &[Name, T] : Tensors)
    Text += (Text.empty() ? "" : " ") + Name + "=" +
            (T.defined() ? std::to_string(T._version()) : "undefined");
  record(Setting + ".version", Text);
}

/// Backward from a weighted sum of \p Outputs; records the gradient of
/// \p Leaf or the error.
void recordGradient(const std::string &Setting, const Tensors &Outputs,
                    const at::Tensor &Leaf) {
  guarded(Setting + ".grad", [&] {
    Tensors Weights;
    at::Tensor Loss = weightedSum(Outputs, false, Weights);
    if (!Loss.defined()) {
      record(Setting + ".grad", "nothing differentiable");
      return;
    }
    auto Grads = torch::autograd::grad({Loss}, {Leaf}, {}, c10::nullopt,
                                       false, /*allow_unused=*/true);
    record(Setting + ".grad", describeTensor(Grads[0]));
  });
}

/// A tensor some node saved was modified by \p Modify: backward must raise,
/// naming the version libtorch expected and the one it found.
template <typename Fn>
void recordSaved(const std::string &Setting, const at::Tensor &Target,
                 Fn &&Modify) {
  at::Tensor Scale = at::randn({}).set_requires_grad(true);
  at::Tensor Product;
  if (!guarded(Setting + ".saved", [&] { Product = Scale * Target; }))
    return;
  if (!guarded(Setting + ".saved", Modify))
    return;
  guarded(Setting + ".saved", [&] {
    Product.sum().backward();
    record(Setting + ".saved", "no error, gradient " +
                                   describeTensor(Scale.grad()));
  });
}

Tensors drawAll(const std::string &Name, const std::vector<Input> &Inputs,
                const std::string &Setting) {
  at::manual_seed(seedOf(Name + "#" + Setting));
  Tensors Result;
  for (const Input &I : Inputs)
    Result.push_back(drawInput(I));
  return Result;
}

Named namedInputs(const std::vector<Input> &Inputs, const Tensors &Values) {
  Named Result;
  for (size_t I = 0; I < Inputs.size(); ++I)
    Result.emplace_back(Inputs[I].Name, Values[I]);
  return Result;
}

bool differentiable(const Input &I) {
  return at::isFloatingType(I.Type) || at::isComplexType(I.Type);
}

// ------------------------------------------------------------------ views

/// A leaf that requires grad as the base; modifying a view of it in place
/// is an error.
void viewOfLeaf(const ViewCase &C) {
  Tensors In = drawAll(C.Name, C.Inputs, "leaf");
  at::Tensor Leaf = In[0].set_requires_grad(true);
  Named Known = namedInputs(C.Inputs, In);
  Tensors Views;
  if (!guarded("leaf.error", [&] { Views = C.View(In); }))
    return;
  recordMeta("leaf", Views, Known);
  recordGradient("leaf", Views, Leaf);
  guarded("leaf.inplace", [&] {
    Views[0].mul_(2);
    record("leaf.inplace", viewMeta(Views[0], Known));
  });
}

/// A non-leaf base: an in-place operation on a view rebases the base's
/// history (CopySlices) or, for a view of a multi-output node, raises.
void viewOfNonLeaf(const ViewCase &C) {
  Tensors In = drawAll(C.Name, C.Inputs, "nonleaf");
  at::Tensor Leaf = In[0].set_requires_grad(true);
  In[0] = Leaf.clone();
  Named Known = namedInputs(C.Inputs, In);
  Known.emplace_back("leaf", Leaf);
  Tensors Views;
  if (!guarded("nonleaf.error", [&] { Views = C.View(In); }))
    return;
  recordMeta("nonleaf", Views, Known);
  // A view of the view: its base is the first base, and it inherits the
  // creation meta.
  guarded("chain.error", [&] {
    at::Tensor Chained = Views[0].unsqueeze(0);
    Known.emplace_back("view0", Views[0]);
    recordMeta("chain", {Chained}, Known);
  });
  if (guarded("nonleaf.inplace", [&] { Views[0].mul_(2); })) {
    recordMeta("nonleaf-after", Views, Known);
    recordMeta("nonleaf-base", {In[0]}, Known);
    recordGradient("nonleaf", {In[0]}, Leaf);
  }
}

/// View replay: the base is modified in place after the views were taken,
/// so their grad_fn is regenerated from the view function or as_strided.
void viewReplay(const ViewCase &C) {
  Tensors In = drawAll(C.Name, C.Inputs, "replay");
  at::Tensor Leaf = In[0].set_requires_grad(true);
  In[0] = Leaf.clone();
  Named Known = namedInputs(C.Inputs, In);
  Tensors Views;
  if (guarded("replay.error", [&] { Views = C.View(In); }) &&
      guarded("replay.inplace", [&] { In[0].mul_(2); })) {
    recordMeta("replay", Views, Known);
    recordGradient("replay", Views, Leaf);
  }
}

/// A view shares its base's version counter: a saved view is stale after
/// the base changes.
void savedView(const ViewCase &C) {
  Tensors In = drawAll(C.Name, C.Inputs, "saved");
  Tensors Views;
  if (guarded("saved.error", [&] { Views = C.View(In); }))
    recordSaved("saved", Views[0], [&] { In[0].add_(1); });
}

/// Under no-grad or inference mode (a GuardT): the creation meta forbids
/// modifying the view later, outside.
template <typename GuardT>
void viewUnderGuard(const ViewCase &C, const std::string &Setting) {
  Tensors In = drawAll(C.Name, C.Inputs, Setting);
  In[0].set_requires_grad(true);
  Named Known = namedInputs(C.Inputs, In);
  Tensors Views;
  if (!guarded(Setting + ".error", [&] {
        GuardT Guard;
        Views = C.View(In);
      }))
    return;
  recordMeta(Setting, Views, Known);
  guarded(Setting + ".inplace", [&] {
    Views[0].mul_(2);
    record(Setting + ".inplace", viewMeta(Views[0], Known));
  });
}

/// Forward AD: the view's tangent is the same view of the base's tangent.
void viewOfDual(const ViewCase &C) {
  Tensors In = drawAll(C.Name, C.Inputs, "forward");
  at::manual_seed(seedOf(C.Name + "#tangent"));
  DualLevel Level;
  at::Tensor Tangent = at::randn_like(In[0]), Primal = In[0];
  In[0] = at::_make_dual(Primal, Tangent, Level.index());
  Named Known = namedInputs(C.Inputs, In);
  Known.emplace_back("primal", Primal);
  Known.emplace_back("tangent", Tangent);
  Tensors Views;
  if (!guarded("forward.error", [&] { Views = C.View(In); }))
    return;
  recordMeta("forward", Views, Known);
  for (size_t I = 0; I < Views.size(); ++I) {
    std::string Key = "forward.tangent." + std::to_string(I);
    guarded(Key, [&] {
      at::Tensor T = std::get<1>(at::_unpack_dual(Views[I], Level.index()));
      bool View = T.defined() && T.is_view();
      record(Key, describeTensor(T) + " is_view=" + std::to_string(View) +
                      " _base=" + (View ? nameOf(T._base(), Known) : "none"));
    });
  }
}

void runView(const ViewCase &C) {
  viewOfLeaf(C);
  viewOfNonLeaf(C);
  viewReplay(C);
  savedView(C);
  viewUnderGuard<at::NoGradGuard>(C, "nograd");
  viewUnderGuard<c10::InferenceMode>(C, "inference");
  viewOfDual(C);
}

// ------------------------------------------------------------------ in-place

void runInplace(const InplaceCase &C) {
  auto Split = [](Tensors In) {
    return std::make_pair(In[0], Tensors(In.begin() + 1, In.end()));
  };
  {
    Tensors In = drawAll(C.Name, C.Inputs, "plain");
    auto [Self, Others] = Split(In);
    recordVersions("plain.before", namedInputs(C.Inputs, In));
    if (guarded("plain.error", [&] { C.Apply(Self, Others); })) {
      recordVersions("plain", namedInputs(C.Inputs, In));
      record("plain.value.0", describeTensor(Self));
    }
  }
  // On a view: the base's version moves with the view's.
  {
    Tensors In = drawAll(C.Name, C.Inputs, "view");
    auto [Base, Others] = Split(In);
    at::Tensor View;
    if (guarded("view.error", [&] {
          View = Base.view(Base.sizes());
          C.Apply(View, Others);
        })) {
      Named Known = namedInputs(C.Inputs, In);
      Known.emplace_back("view", View);
      recordVersions("view", Known);
      recordMeta("view", {View}, Known);
      record("view.value.0", describeTensor(Base));
    }
  }
  // A non-leaf that requires grad: the kernel rebases its history.
  if (differentiable(C.Inputs[0])) {
    Tensors In = drawAll(C.Name, C.Inputs, "nonleaf");
    at::Tensor Leaf = In[0].set_requires_grad(true);
    auto [Self, Others] = Split(In);
    Self = Leaf.clone();
    if (guarded("nonleaf.error", [&] { C.Apply(Self, Others); })) {
      Named Known = namedInputs(C.Inputs, In);
      Known.emplace_back("self", Self);
      recordMeta("nonleaf", {Self}, Known);
      recordGradient("nonleaf", {Self}, Leaf);
    }
  }
  {
    Tensors In = drawAll(C.Name, C.Inputs, "saved");
    auto [Self, Others] = Split(In);
    recordSaved("saved", Self, [&] { C.Apply(Self, Others); });
  }
}

// ------------------------------------------------------------------ out=

Tensors emptyOuts(const OutCase &C) {
  Tensors Outs;
  for (at::ScalarType Type : C.Outs)
    Outs.push_back(at::empty({0}, at::TensorOptions().dtype(Type)));
  return Outs;
}

Named namedOuts(const OutCase &C, const Tensors &In, const Tensors &Outs) {
  Named Known = namedInputs(C.Inputs, In);
  for (size_t I = 0; I < Outs.size(); ++I)
    Known.emplace_back("out" + std::to_string(I), Outs[I]);
  return Known;
}

void runOut(const OutCase &C) {
  std::vector<std::vector<int64_t>> Shapes;
  {
    Tensors In = drawAll(C.Name, C.Inputs, "plain");
    Tensors Outs = emptyOuts(C);
    recordVersions("plain.before", namedOuts(C, In, Outs));
    if (guarded("plain.error", [&] { C.Apply(In, Outs); })) {
      recordVersions("plain", namedOuts(C, In, Outs));
      for (size_t I = 0; I < Outs.size(); ++I) {
        record("plain.value." + std::to_string(I), describeTensor(Outs[I]));
        Shapes.push_back(Outs[I].sizes().vec());
      }
    }
  }
  // The out= tensors are views of bases, already of the right shape.
  if (Shapes.size() == C.Outs.size()) {
    Tensors In = drawAll(C.Name, C.Inputs, "view");
    Tensors Bases, Outs;
    for (size_t I = 0; I < C.Outs.size(); ++I) {
      int64_t Numel = 1;
      for (int64_t Size : Shapes[I])
        Numel *= Size;
      Bases.push_back(
          at::zeros({Numel}, at::TensorOptions().dtype(C.Outs[I])));
      Outs.push_back(Bases.back().view(Shapes[I]));
    }
    if (guarded("view.error", [&] { C.Apply(In, Outs); })) {
      Named Known = namedOuts(C, In, Outs);
      for (size_t I = 0; I < Bases.size(); ++I)
        Known.emplace_back("base" + std::to_string(I), Bases[I]);
      recordVersions("view", Known);
      recordMeta("view", Outs, Known);
    }
  }
  {
    Tensors In = drawAll(C.Name, C.Inputs, "saved");
    Tensors Outs = emptyOuts(C);
    for (size_t I = 0; I < Outs.size(); ++I)
      recordSaved("saved" + std::to_string(I), Outs[I],
                  [&] { C.Apply(In, Outs); });
  }
}

// ------------------------------------------------------------------ kernels

/// What an operator's schema makes its ADInplaceOrView kernel do.
const char *kindOf(const std::string &Op) {
  auto Handle = vtbattery::findOperator(Op);
  if (!Handle || !Handle->hasSchema())
    return "other";
  const c10::FunctionSchema &Schema = Handle->schema();
  for (const c10::Argument &A : Schema.arguments())
    if (A.is_out())
      return "out";
  for (const c10::Argument &A : Schema.arguments())
    if (A.alias_info() && A.alias_info()->isWrite())
      return "in-place";
  for (const c10::Argument &R : Schema.returns())
    if (R.alias_info())
      return "view";
  return "other";
}

template <typename CaseT, typename Fn>
void runCase(const char *Kind, const CaseT &C, const std::string &Only,
             Fn &&Run) {
  if (!Only.empty() && C.Name != Only)
    return;
  CurrentCase = C.Name;
  std::printf("case %s %s\n", Kind, C.Name.c_str());
  std::fflush(stdout);
  CaseOperators.clear();
  Recording = true;
  Run(C);
  Recording = false;
  std::printf("ops %s", C.Name.c_str());
  for (const std::string &Op : CaseOperators) {
    std::printf(" %s", Op.c_str());
    AllOperators.insert(Op);
  }
  std::printf("\n");
  std::fflush(stdout);
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Only;
  if (!vtbattery::parseCaseOption(Argc, Argv, Only))
    return 2;
  std::vector<std::string> Files = vtbattery::startBattery(noteOperator);
  size_t Cases = 0;
  for (const ViewCase &C : viewCases())
    runCase("view", C, Only, [&](const ViewCase &C) { runView(C), ++Cases; });
  for (const InplaceCase &C : inplaceCases())
    runCase("inplace", C, Only,
            [&](const InplaceCase &C) { runInplace(C), ++Cases; });
  for (const OutCase &C : outCases())
    runCase("out", C, Only, [&](const OutCase &C) { runOut(C), ++Cases; });
  for (const std::string &Op : AllOperators) {
    std::string Where = vtbattery::activeRegistration(Op, {"ADInplaceOrView"});
    std::printf("kernel %s %s %s %s\n", Op.c_str(),
                Where.empty() ? "none"
                              : vtbattery::originOf(
                                    Where, Files,
                                    "autograd/generated/ADInplaceOrViewType_"),
                kindOf(Op), Where.empty() ? "-" : Where.c_str());
  }
  std::printf("summary cases=%zu records=%zu operators=%zu\n", Cases, Records,
              AllOperators.size());
  return 0;
}
