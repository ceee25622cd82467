//===- Battery.cpp - Runs the battery and prints gradients bit-exactly ----===//
//
// usage: autograd-battery [--expect=generated|libtorch] [--case=NAME]
//
// Output, one record per line (parsed by utils/libtorch/libtorch_check.py):
//   grad CASE INPUT ORDER DTYPE SIZES HEX...   a gradient (ORDER d1 or d2)
//   node CASE CLASS VTABLE APPLY               a node class the case met
//   error CASE MESSAGE                         the case threw
//   provenance-error CASE CLASS MESSAGE        a node ran the wrong code
//   summary ...                                totals
// With --expect, the exit code is 1 when any generated node's vtable or
// `apply` comes from the other binary than expected.
//
//===----------------------------------------------------------------------===//

#include "Battery.h"
#include "Provenance.h"

#include <ATen/Parallel.h>
#include <torch/csrc/autograd/autograd.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/variable.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <unordered_set>

using namespace battery;
using torch::autograd::Node;

namespace {

enum class Expectation { None, Generated, Libtorch };

void printGradient(const std::string &CaseName, const std::string &InputName,
                   const char *Order, const at::Tensor &Gradient) {
  std::string Text = describeTensor(Gradient);
  std::printf("grad %s %s %s %s\n", CaseName.c_str(), InputName.c_str(), Order,
              Text.c_str());
}

class Runner {
public:
  Runner(const ProvenanceInspector &Inspector, Expectation Expect)
      : Inspector(Inspector), Expect(Expect) {}

  void run(const Case &C);
  int finish();

private:
  void collectNodes(const std::string &CaseName, const at::Tensor &Root,
                    std::set<std::string> &Printed);
  void checkProvenance(const std::string &CaseName, const NodeProvenance &P);

  const ProvenanceInspector &Inspector;
  Expectation Expect;
  size_t Cases = 0, Gradients = 0, Errors = 0, ProvenanceErrors = 0;
  std::set<std::string> GeneratedClasses, OtherClasses;
};

void Runner::collectNodes(const std::string &CaseName, const at::Tensor &Root,
                          std::set<std::string> &Printed) {
  if (!Root.defined() || !Root.grad_fn())
    return;
  std::vector<Node *> Work{Root.grad_fn().get()};
  std::unordered_set<Node *> Seen(Work.begin(), Work.end());
  while (!Work.empty()) {
    Node *N = Work.back();
    Work.pop_back();
    NodeProvenance P = Inspector.inspect(*N);
    if (Printed.insert(P.ClassName).second) {
      std::printf("node %s %s %s %s\n", CaseName.c_str(), P.ClassName.c_str(),
                  originName(P.VTable), originName(P.Apply));
      (P.Generated ? GeneratedClasses : OtherClasses).insert(P.ClassName);
      checkProvenance(CaseName, P);
    }
    for (const auto &Edge : N->next_edges())
      if (Edge.function && Seen.insert(Edge.function.get()).second)
        Work.push_back(Edge.function.get());
  }
}

void Runner::checkProvenance(const std::string &CaseName,
                             const NodeProvenance &P) {
  auto Report = [&](const std::string &Message) {
    ++ProvenanceErrors;
    std::printf("provenance-error %s %s %s\n", CaseName.c_str(),
                P.ClassName.c_str(), Message.c_str());
  };
  if (!P.Generated) {
    // AccumulateGrad, CopySlices, ...: never generated, always libtorch's.
    if (P.VTable != Origin::Libtorch)
      Report(std::string("non-generated node with its vtable in ") +
             binaryName(P.VTable));
    return;
  }
  if (!P.VTableIsGlobalDefinition)
    Report("vtable is not the dynamic linker's definition of its symbol");
  if (Expect == Expectation::None)
    return;
  Origin Wanted =
      Expect == Expectation::Generated ? Origin::Executable : Origin::Libtorch;
  if (P.VTable != Wanted)
    Report(std::string("vtable from ") + binaryName(P.VTable) + ", expected " +
           binaryName(Wanted));
  if (P.Apply != Wanted)
    Report(std::string("apply from ") + binaryName(P.Apply) + ", expected " +
           binaryName(Wanted));
}

void Runner::run(const Case &C) {
  ++Cases;
  at::manual_seed(seedOf(C.Name));
  Tensors Inputs, Differentiable;
  std::vector<std::string> Names;
  for (const auto &I : C.Inputs) {
    at::Tensor Value = draw(I);
    Value.set_requires_grad(I.RequiresGrad);
    Inputs.push_back(Value);
    if (I.RequiresGrad) {
      Differentiable.push_back(Value);
      Names.push_back(I.Name);
    }
  }
  std::set<std::string> Printed;
  try {
    Tensors Weights;
    at::Tensor Loss = weightedSum(C.Forward(Inputs), C.DoubleBackward, Weights);
    if (!Loss.defined())
      throw std::runtime_error("no differentiable output");
    collectNodes(C.Name, Loss, Printed);
    auto First = torch::autograd::grad({Loss}, Differentiable, {}, c10::nullopt,
                                       /*create_graph=*/C.DoubleBackward,
                                       /*allow_unused=*/true);
    for (size_t I = 0; I < First.size(); ++I, ++Gradients)
      printGradient(C.Name, Names[I], "d1", First[I]);
    if (!C.DoubleBackward)
      return;
    for (const auto &Gradient : First)
      collectNodes(C.Name, Gradient, Printed);
    Tensors Unused;
    at::Tensor Loss2 = weightedSum(First, false, Unused);
    if (!Loss2.defined())
      throw std::runtime_error("no first-order gradient is differentiable");
    for (size_t I = 0; I < Weights.size(); ++I) {
      Differentiable.push_back(Weights[I]);
      Names.push_back("grad_output" + std::to_string(I));
    }
    auto Second = torch::autograd::grad({Loss2}, Differentiable, {},
                                        c10::nullopt, false, true);
    for (size_t I = 0; I < Second.size(); ++I, ++Gradients)
      printGradient(C.Name, Names[I], "d2", Second[I]);
  } catch (const std::exception &E) {
    ++Errors;
    std::string Message = E.what();
    Message = Message.substr(0, Message.find('\n'));
    std::printf("error %s %s\n", C.Name.c_str(), Message.c_str());
  }
}

int Runner::finish() {
  std::printf("summary cases=%zu gradients=%zu errors=%zu "
              "generated-node-classes=%zu other-node-classes=%zu "
              "provenance-errors=%zu\n",
              Cases, Gradients, Errors, GeneratedClasses.size(),
              OtherClasses.size(), ProvenanceErrors);
  return ProvenanceErrors ? 1 : 0;
}

} // namespace

int main(int Argc, char **Argv) {
  Expectation Expect = Expectation::None;
  std::string Only;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--expect=generated")
      Expect = Expectation::Generated;
    else if (Arg == "--expect=libtorch")
      Expect = Expectation::Libtorch;
    else if (Arg.rfind("--case=", 0) == 0)
      Only = Arg.substr(7);
    else {
      std::fprintf(stderr,
                   "usage: %s [--expect=generated|libtorch] "
                   "[--case=NAME]\n",
                   Argv[0]);
      return 2;
    }
  }
  at::set_num_threads(1);
  at::set_num_interop_threads(1);
  ProvenanceInspector Inspector;
  std::string Reason;
  if (!Inspector.valid(Reason)) {
    std::fprintf(stderr, "autograd-battery: %s\n", Reason.c_str());
    return 2;
  }
  Runner R(Inspector, Expect);
  for (const Case &C : allCases())
    if (Only.empty() || C.Name == Only)
      R.run(C);
  std::fflush(stdout);
  return R.finish();
}
