//===- Runner.cpp - Runs the kernel battery and prints what it computed ---===//
//
// usage: variable-type-battery [--after=CASE] [--case=CASE]
//                              [--kernels=OPERATOR,...]
//
// --kernels runs no case and reports the kernels of the operators named
// (after a crash, for the operators of the cases before it).
//
// Linked twice: plain (libtorch's own VariableType kernels) and candidate
// (with Registry.cpp and compiled VariableType_N.cpp shards, whose kernels
// registerDeferredBlocks() puts in front of libtorch's). Output, one record
// per line, compared between the two by utils/libtorch/variable_type_check.py:
//   candidate-file FILE                   a shard whose blocks registered
//   registered FILE KEY COUNT             (see Registry.h)
//   registration-error FILE OPERATOR MESSAGE
//   case NAME                             a case starts (a crash names it)
//   expect-error NAME MODE                the case must raise in MODE
//   value NAME MODE INDEX TENSOR          a forward output (MODE b or f)
//   grad NAME INPUT ORDER TENSOR          a gradient (ORDER d1 or d2)
//   tangent NAME INDEX TENSOR             an output's tangent (forward AD)
//   error NAME MODE MESSAGE               what the case raised
//   ops NAME MODE OPERATOR...             the operators it dispatched
//   kernel OPERATOR ORIGIN KIND WHERE     the active Autograd kernel of
//                                         every operator dispatched: ORIGIN
//                                         candidate, libtorch-generated,
//                                         libtorch-manual or none; KIND
//                                         in-place, out, view, multi-output
//                                         or functional (from the schema)
//   summary ...
// TENSOR is battery::describeTensor's text; messages are on one line.
//
//===----------------------------------------------------------------------===//

#include "BatteryMain.h"
#include "Checks.h"
#include "DualLevel.h"
#include "DumpState.h"
#include "Registry.h"

#include <ATen/Parallel.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/record_function.h>
#include <torch/csrc/autograd/autograd.h>

#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace battery;
using namespace vtbattery;

namespace {

/// The operators dispatched while a case runs (not while its inputs are
/// drawn), from a RecordFunction callback.
struct OperatorLog {
  bool Recording = false;
  std::set<std::string> Operators;
};
OperatorLog Log;

std::unique_ptr<at::ObserverContext> noteOperator(const at::RecordFunction &F) {
  if (!Log.Recording)
    return nullptr;
  if (auto Name = recordedOperator(F))
    Log.Operators.insert(*Name);
  return nullptr;
}

class Runner {
public:
  explicit Runner(std::vector<std::string> CandidateFiles)
      : CandidateFiles(std::move(CandidateFiles)) {}

  void run(const Check &C);
  void noteOperator(const std::string &Op) { AllOperators.insert(Op); }
  void reportKernels();
  void finish();

private:
  Tensors drawInputs(const Case &C);
  void runBackward(const Case &C);
  void runForwardAD(const Case &C);
  void runMode(const Check &C, Mode M);
  std::pair<std::string, std::string> activeAutograd(const std::string &Op);

  std::vector<std::string> CandidateFiles;
  std::set<std::string> AllOperators;
  size_t Cases = 0, Gradients = 0, Tangents = 0, Errors = 0;
  size_t TangentCases = 0;
};

Tensors Runner::drawInputs(const Case &C) {
  at::manual_seed(seedOf(C.Name));
  Tensors Inputs;
  for (const Input &I : C.Inputs)
    Inputs.push_back(draw(I));
  return Inputs;
}

void printValues(const std::string &Name, const char *ModeName,
                 const Tensors &Outputs) {
  for (size_t I = 0; I < Outputs.size(); ++I)
    std::printf("value %s %s %zu %s\n", Name.c_str(), ModeName, I,
                describeTensor(Outputs[I]).c_str());
}

void Runner::runBackward(const Case &C) {
  Tensors Inputs = drawInputs(C), Differentiable;
  std::vector<std::string> Names;
  for (size_t I = 0; I < Inputs.size(); ++I) {
    Inputs[I].set_requires_grad(C.Inputs[I].RequiresGrad);
    if (C.Inputs[I].RequiresGrad) {
      Differentiable.push_back(Inputs[I]);
      Names.push_back(C.Inputs[I].Name);
    }
  }
  Log.Recording = true;
  Tensors Outputs = C.Forward(Inputs);
  printValues(C.Name, "b", Outputs);
  Tensors Weights;
  at::Tensor Loss = weightedSum(Outputs, C.DoubleBackward, Weights);
  if (!Loss.defined())
    return; // out= on detached inputs: nothing to differentiate
  auto First = torch::autograd::grad({Loss}, Differentiable, {}, c10::nullopt,
                                     /*create_graph=*/C.DoubleBackward,
                                     /*allow_unused=*/true);
  for (size_t I = 0; I < First.size(); ++I, ++Gradients)
    std::printf("grad %s %s d1 %s\n", C.Name.c_str(), Names[I].c_str(),
                describeTensor(First[I]).c_str());
  if (!C.DoubleBackward)
    return;
  Tensors Unused;
  at::Tensor Loss2 = weightedSum(First, false, Unused);
  if (!Loss2.defined())
    throw std::runtime_error("no first-order gradient is differentiable");
  for (size_t I = 0; I < Weights.size(); ++I) {
    Differentiable.push_back(Weights[I]);
    Names.push_back("grad_output" + std::to_string(I));
  }
  auto Second = torch::autograd::grad({Loss2}, Differentiable, {}, c10::nullopt,
                                      false, true);
  for (size_t I = 0; I < Second.size(); ++I, ++Gradients)
    std::printf("grad %s %s d2 %s\n", C.Name.c_str(), Names[I].c_str(),
                describeTensor(Second[I]).c_str());
}

void Runner::runForwardAD(const Case &C) {
  Tensors Inputs = drawInputs(C);
  at::manual_seed(seedOf(C.Name + "#tangents"));
  DualLevel Level;
  for (size_t I = 0; I < Inputs.size(); ++I)
    if (C.Inputs[I].RequiresGrad)
      Inputs[I] =
          at::_make_dual(Inputs[I], at::randn_like(Inputs[I]), Level.index());
  Log.Recording = true;
  Tensors Outputs = C.Forward(Inputs);
  printValues(C.Name, "f", Outputs);
  bool Any = false;
  for (size_t I = 0; I < Outputs.size(); ++I) {
    if (!Outputs[I].defined())
      continue;
    at::Tensor Tangent =
        std::get<1>(at::_unpack_dual(Outputs[I], Level.index()));
    Any |= Tangent.defined();
    Tangents += Tangent.defined();
    std::printf("tangent %s %zu %s\n", C.Name.c_str(), I,
                describeTensor(Tangent).c_str());
  }
  TangentCases += Any;
}

void Runner::runMode(const Check &C, Mode M) {
  const char *ModeName = M == Backward ? "b" : "f";
  if (C.ExpectError)
    std::printf("expect-error %s %s\n", C.Case.Name.c_str(), ModeName);
  Log.Operators.clear();
  try {
    if (M == Backward)
      runBackward(C.Case);
    else
      runForwardAD(C.Case);
  } catch (const std::exception &Error) {
    ++Errors;
    std::printf("error %s %s %s\n", C.Case.Name.c_str(), ModeName,
                oneLine(messageOf(Error)).c_str());
  }
  Log.Recording = false;
  std::printf("ops %s %s", C.Case.Name.c_str(), ModeName);
  for (const std::string &Op : Log.Operators) {
    std::printf(" %s", Op.c_str());
    AllOperators.insert(Op);
  }
  std::printf("\n");
}

void Runner::run(const Check &C) {
  ++Cases;
  std::printf("case %s\n", C.Case.Name.c_str());
  std::fflush(stdout);
  if (C.Modes & Backward)
    runMode(C, Backward);
  if (C.Modes & ForwardAD)
    runMode(C, ForwardAD);
  std::fflush(stdout);
}

/// The debug text of the active kernel for the Autograd alias (or the
/// AutogradCPU key, which takes precedence) in the operator's dumpState(),
/// and where it was registered.
std::pair<std::string, std::string>
Runner::activeAutograd(const std::string &Op) {
  std::string Where =
      activeRegistration(Op, {"AutogradCPU", "Autograd[alias]"});
  if (Where.empty())
    return {"none", "-"};
  return {originOf(Where, CandidateFiles, "autograd/generated/VariableType_"),
          Where};
}

void Runner::reportKernels() {
  for (const std::string &Op : AllOperators) {
    auto [Origin, Where] = activeAutograd(Op);
    std::printf("kernel %s %s %s %s\n", Op.c_str(), Origin.c_str(),
                kernelKind(Op), Where.c_str());
  }
}

void Runner::finish() {
  std::printf("summary cases=%zu gradients=%zu tangents=%zu "
              "tangent-cases=%zu errors=%zu operators=%zu\n",
              Cases, Gradients, Tangents, TangentCases, Errors,
              AllOperators.size());
  std::fflush(stdout);
}

} // namespace

int main(int Argc, char **Argv) {
  std::string After, Only, Kernels;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg.rfind("--after=", 0) == 0)
      After = Arg.substr(8);
    else if (Arg.rfind("--case=", 0) == 0)
      Only = Arg.substr(7);
    else if (Arg.rfind("--kernels=", 0) == 0)
      Kernels = Arg.substr(10);
    else {
      std::fprintf(stderr,
                   "usage: %s [--after=CASE] [--case=CASE] "
                   "[--kernels=OPERATOR,...]\n",
                   Argv[0]);
      return 2;
    }
  }
  std::vector<std::string> Files = startBattery(noteOperator);
  Runner R(Files);
  if (!Kernels.empty()) {
    std::istringstream List(Kernels);
    for (std::string Op; std::getline(List, Op, ',');)
      R.noteOperator(Op);
    R.reportKernels();
    return 0;
  }
  bool Skipping = !After.empty();
  for (const Check &C : allChecks()) {
    if (Skipping) {
      Skipping = C.Case.Name != After;
      continue;
    }
    if (Only.empty() || C.Case.Name == Only)
      R.run(C);
  }
  R.reportKernels();
  R.finish();
  return 0;
}
