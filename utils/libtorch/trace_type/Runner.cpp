//===- Runner.cpp - Traces the battery and prints the graphs --------------===//
//
// usage: trace-type-battery [--case=CASE]
//
// Linked twice: plain (libtorch's own Tracer kernels) and candidate (with
// Registry.cpp and compiled TraceType_N.cpp shards, whose kernels
// registerDeferredBlocks() puts in front of libtorch's). Every case of
// Cases.cpp is traced with torch::jit::tracer::trace twice: as recorded (mode
// r) and forcing out-of-place operators (mode o, as torch.jit.trace does for
// modules). Output, one record per line, compared between the builds by
// utils/libtorch/trace_check.py:
//   candidate-file FILE                   a shard whose blocks registered
//   registered FILE KEY COUNT             (see variable_type/Registry.h)
//   registration-error FILE OPERATOR MESSAGE
//   case NAME                             a case starts (a crash names it)
//   graph NAME MODE TEXT                  the traced graph
//   error NAME MODE MESSAGE               what tracing raised
//   ops NAME MODE OPERATOR...             the operators dispatched while
//                                         tracing was on: the ones traced
//   kernel OPERATOR ORIGIN KIND WHERE     the active Tracer kernel of every
//                                         operator traced: ORIGIN candidate,
//                                         libtorch-generated, libtorch-manual
//                                         or none; KIND from the schema
//   summary ...
// Graph text and messages are on one line (`\n` for a newline).
//
//===----------------------------------------------------------------------===//

#include "BatteryMain.h"
#include "Cases.h"
#include "DumpState.h"
#include "Registry.h"

#include <ATen/Parallel.h>
#include <ATen/record_function.h>
#include <torch/csrc/jit/frontend/tracer.h>
#include <torch/csrc/jit/ir/ir.h>

#include <cstdio>
#include <set>
#include <string>

using namespace tracebattery;
using vtbattery::oneLine;
using vtbattery::messageOf;

namespace {

/// The operators dispatched while the tracer is on, from a RecordFunction
/// callback: those the Tracer kernels see (a Tracer kernel turns tracing off
/// while it calls the operator below, so nested calls do not count).
std::set<std::string> *Traced = nullptr;

std::unique_ptr<at::ObserverContext> noteOperator(const at::RecordFunction &F) {
  if (!Traced || !torch::jit::tracer::isTracing())
    return nullptr;
  if (auto Name = vtbattery::recordedOperator(F))
    Traced->insert(*Name);
  return nullptr;
}

/// Traces \p C and prints its graph; false if tracing threw.
bool traceCase(const TraceCase &C, bool ForceOutplace,
               std::set<std::string> &AllOperators) {
  const char *Mode = ForceOutplace ? "o" : "r";
  std::set<std::string> Operators;
  torch::jit::Stack Inputs;
  for (const at::Tensor &T : C.Inputs())
    Inputs.emplace_back(T);
  bool Ok = true;
  try {
    Traced = &Operators;
    auto Result = torch::jit::tracer::trace(
        std::move(Inputs),
        [&C](torch::jit::Stack Stack) {
          Tensors Args;
          for (const c10::IValue &V : Stack)
            Args.push_back(V.toTensor());
          torch::jit::Stack Outputs;
          for (const at::Tensor &T : C.Body(Args))
            Outputs.emplace_back(T);
          return Outputs;
        },
        [](const at::Tensor &) { return std::string(); },
        /*strict=*/false, ForceOutplace);
    Traced = nullptr;
    std::printf("graph %s %s %s\n", C.Name.c_str(), Mode,
                oneLine(Result.first->graph->toString(false)).c_str());
  } catch (const std::exception &Error) {
    Traced = nullptr;
    torch::jit::tracer::abandon();
    std::printf("error %s %s %s\n", C.Name.c_str(), Mode,
                oneLine(messageOf(Error)).c_str());
    Ok = false;
  }
  std::printf("ops %s %s", C.Name.c_str(), Mode);
  for (const std::string &Op : Operators) {
    std::printf(" %s", Op.c_str());
    AllOperators.insert(Op);
  }
  std::printf("\n");
  return Ok;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Only;
  if (!vtbattery::parseCaseOption(Argc, Argv, Only))
    return 2;
  std::vector<std::string> Files = vtbattery::startBattery(noteOperator);
  std::set<std::string> AllOperators;
  size_t Cases = 0, Graphs = 0, Errors = 0;
  for (const TraceCase &C : allCases()) {
    if (!Only.empty() && C.Name != Only)
      continue;
    ++Cases;
    std::printf("case %s\n", C.Name.c_str());
    std::fflush(stdout);
    for (bool ForceOutplace : {false, true}) {
      bool Ok = traceCase(C, ForceOutplace, AllOperators);
      Graphs += Ok;
      Errors += !Ok;
    }
    std::fflush(stdout);
  }
  for (const std::string &Op : AllOperators) {
    std::string Where = vtbattery::activeRegistration(Op, {"Tracer"});
    std::printf("kernel %s %s %s %s\n", Op.c_str(),
                Where.empty()
                    ? "none"
                    : vtbattery::originOf(Where, Files,
                                          "autograd/generated/TraceType_"),
                vtbattery::kernelKind(Op), Where.empty() ? "-" : Where.c_str());
  }
  std::printf("summary cases=%zu graphs=%zu errors=%zu operators=%zu\n", Cases,
              Graphs, Errors, AllOperators.size());
  std::fflush(stdout);
  return 0;
}
