//===- Cases.h - The functions the tracer battery traces -------*- C++ -*-===//
//
// Each case is a function from tensors to tensors that calls a few ATen
// operators through the public C++ API, and the inputs it is traced with.
// Runner.cpp traces every case with torch::jit::tracer::trace, once as
// recorded and once forcing out-of-place operators, and prints the graph.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_TRACE_TYPE_CASES_H
#define GRADGEN_TRACE_TYPE_CASES_H

#include <ATen/ATen.h>

#include <functional>
#include <string>
#include <vector>

namespace tracebattery {

using Tensors = std::vector<at::Tensor>;

struct TraceCase {
  std::string Name;
  /// The traced function's inputs; drawn afresh for every trace.
  std::function<Tensors()> Inputs;
  std::function<Tensors(const Tensors &)> Body;
};

const std::vector<TraceCase> &allCases();

} // namespace tracebattery

#endif // GRADGEN_TRACE_TYPE_CASES_H
