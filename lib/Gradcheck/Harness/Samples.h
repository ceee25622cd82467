//===- Samples.h - Sample arguments of an operator from its schema -*- C++ -*-//
//
// Part of the gradcheck harness, which `gradgen gradcheck` compiles against
// the libtorch under test and runs in a child process. A sample is a full
// argument list for an operator's boxed call, built from its runtime schema:
// what the plan gives an argument (the sample table), else its default, else
// a value chosen by its type and name. The tensors to differentiate are
// slots, replaced on every call, so that the same sample can be evaluated at
// perturbed points.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_GRADCHECK_HARNESS_SAMPLES_H
#define GRADGEN_GRADCHECK_HARNESS_SAMPLES_H

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace gradcheck {

/// Where the values of the inputs come from; tried in this order when the
/// forward pass fails or is not finite.
enum class Domain { Any, Positive, Unit };

/// One case of the plan: an operator, what to check, and the sample table's
/// arguments.
struct Case {
  int Id = 0;
  std::string Operator; // name.overload, as in native_functions.yaml
  bool Backward = false, Forward = false, SecondOrder = false;
  /// The inputs the formulas differentiate (derivatives.yaml names).
  std::set<std::string> Wrt;
  /// Argument name -> spec from the sample table (see Samples.cpp).
  std::map<std::string, std::string> Arguments;
  std::vector<int64_t> Shape{3, 3};
  std::vector<Domain> Domains{Domain::Any, Domain::Positive, Domain::Unit};
  bool Complex = false;
  /// The returns whose forward formulas are checked; empty: every one.
  std::set<long> ForwardOutputs;
};

/// No usable sample: the reason is reported as the case's skip reason.
struct NoSample : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A differentiated tensor: argument Arg, element Element of a list (or -1).
struct Slot {
  size_t Arg;
  int Element;
  std::string Name;
};

/// A full argument list with its differentiated tensors as slots.
struct Sample {
  std::vector<c10::IValue> Fixed;
  /// For each argument: its slots, if it is differentiated.
  std::vector<std::vector<size_t>> SlotsOf;
  std::vector<bool> IsList;
  std::vector<Slot> Slots;
  std::vector<at::Tensor> Values;
  /// "self: double[3, 3], dim: 1" for the report.
  std::string Description;
  /// The returns whose forward formulas are checked (Case::ForwardOutputs).
  std::set<long> ForwardOutputs;
};

/// Builds the sample of C for Op with values from Domain D, seeded by Seed.
Sample makeSample(const c10::OperatorHandle &Op, const Case &C, Domain D,
                  uint64_t Seed);

/// A tensor the operator returned: return Return of the schema (an element
/// of it, for a tensor list).
struct Output {
  size_t Return;
  at::Tensor Value;
};

/// Calls Op on S with Values in its slots; returns every tensor output, in
/// order (tensor lists flattened).
std::vector<Output> callOperator(const c10::OperatorHandle &Op, const Sample &S,
                                 const std::vector<at::Tensor> &Values);

} // namespace gradcheck

#endif // GRADGEN_GRADCHECK_HARNESS_SAMPLES_H
