//===- Main.cpp - The gradcheck harness
//------------------------------------===//
//
//   harness PLAN LIBRARY [--after ID] [--case-timeout SECONDS]
//
// Loads LIBRARY (generated node classes and autograd kernels; "-" for none),
// registers its kernels in front of libtorch's, and runs every case of PLAN
// after case ID. Writes one JSON object a line to stdout, flushed: a
// registration error, `{"id":N,"status":"started"}` before each case (so that
// gradgen can name the case that crashed or hung the harness) and the case's
// result after it.
//
// The plan is text, one directive a line, tab-separated:
//   case ID OPERATOR MODES   (MODES: backward,forward,second-order)
//   wrt NAME                 an input the formulas differentiate
//   arg NAME SPEC            from the sample table (Samples.cpp)
//   shape [3,3]              the default tensor shape
//   domains positive,unit    the value ranges to try, in order
//   complex                  complex inputs
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include <ATen/Parallel.h>
#include <c10/util/Exception.h>

#include <dlfcn.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace gradcheck;

namespace {

std::string jsonString(const std::string &Text) {
  std::string Out = "\"";
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += C;
    } else if (C < 0x20) {
      char Buffer[8];
      std::snprintf(Buffer, sizeof Buffer, "\\u%04x", C);
      Out += Buffer;
    } else {
      Out += C;
    }
  }
  return Out + "\"";
}

std::string jsonNumber(double Value) {
  if (!std::isfinite(Value))
    return "1e308";
  char Buffer[32];
  std::snprintf(Buffer, sizeof Buffer, "%.6g", Value);
  return Buffer;
}

std::vector<std::string> split(const std::string &Text, char Separator) {
  std::vector<std::string> Parts;
  std::stringstream In(Text);
  std::string Part;
  while (std::getline(In, Part, Separator))
    Parts.push_back(Part);
  return Parts;
}

std::vector<Case> readPlan(const char *Path) {
  std::ifstream In(Path);
  std::vector<Case> Cases;
  std::string Line;
  while (std::getline(In, Line)) {
    std::vector<std::string> Fields = split(Line, '\t');
    if (Fields.empty())
      continue;
    const std::string &Kind = Fields[0];
    if (Kind == "case" && Fields.size() >= 4) {
      Cases.emplace_back();
      Cases.back().Id = std::stoi(Fields[1]);
      Cases.back().Operator = Fields[2];
      Cases.back().Backward = Fields[3].find("backward") != std::string::npos;
      Cases.back().Forward = Fields[3].find("forward") != std::string::npos;
      Cases.back().SecondOrder = Fields[3].find("second") != std::string::npos;
    } else if (Cases.empty()) {
      continue;
    } else if (Kind == "wrt" && Fields.size() >= 2) {
      Cases.back().Wrt.insert(Fields[1]);
    } else if (Kind == "arg" && Fields.size() >= 3) {
      Cases.back().Arguments[Fields[1]] = Fields[2];
    } else if (Kind == "shape" && Fields.size() >= 2) {
      std::string Text = Fields[1];
      std::vector<int64_t> Shape;
      for (const std::string &Part :
           split(Text.substr(1, Text.size() - 2), ','))
        if (!Part.empty())
          Shape.push_back(std::stoll(Part));
      Cases.back().Shape = Shape;
    } else if (Kind == "domains" && Fields.size() >= 2) {
      Cases.back().Domains.clear();
      for (const std::string &Name : split(Fields[1], ','))
        Cases.back().Domains.push_back(Name == "positive" ? Domain::Positive
                                       : Name == "unit"   ? Domain::Unit
                                                          : Domain::Any);
    } else if (Kind == "fwout" && Fields.size() >= 2) {
      Cases.back().ForwardOutputs.insert(std::stol(Fields[1]));
    } else if (Kind == "complex") {
      Cases.back().Complex = true;
    }
  }
  return Cases;
}

bool finite(const std::vector<Output> &Outputs) {
  for (const Output &O : Outputs)
    if (O.Value.defined() &&
        (O.Value.is_floating_point() || O.Value.is_complex()) &&
        !at::isfinite(O.Value).all().item<bool>())
      return false;
  return true;
}

/// Whether two calls gave the same values: LAPACK's drivers may differ in
/// the last bits between calls (linalg_lstsq's gelsy), a random operator by
/// far more.
bool sameValues(const at::Tensor &A, const at::Tensor &B) {
  if (!A.sizes().equals(B.sizes()))
    return false;
  if (A.is_floating_point() || A.is_complex())
    return at::allclose(A, B, /*rtol=*/1e-10, /*atol=*/1e-12);
  return at::equal(A, B);
}

/// The first sample, in the case's domains, whose forward pass is finite.
Sample pickSample(const c10::OperatorHandle &Op, const Case &C) {
  std::string Problem;
  for (Domain D : C.Domains) {
    Sample S = makeSample(Op, C, D, 1000 + C.Id);
    try {
      at::NoGradGuard NoGrad;
      std::vector<Output> First = callOperator(Op, S, S.Values);
      if (!finite(First)) {
        Problem = "the forward pass is not finite on the sample";
        continue;
      }
      std::vector<Output> Second = callOperator(Op, S, S.Values);
      for (size_t I = 0; I < First.size(); ++I)
        if (First[I].Value.defined() && Second[I].Value.defined() &&
            !sameValues(First[I].Value, Second[I].Value))
          throw NoSample("the forward pass is random (no finite "
                         "differences)");
      return S;
    } catch (const NoSample &) {
      throw;
    } catch (const std::exception &Error) {
      Problem = "the forward pass fails on the sample: " + messageOf(Error);
    }
  }
  throw NoSample(Problem);
}

std::string comparisonJSON(const Comparison &C) {
  std::string Out = "{\"mode\":" + jsonString(C.Mode) +
                    ",\"input\":" + jsonString(C.Input) +
                    ",\"output\":" + std::to_string(C.Output) +
                    ",\"max_abs\":" + jsonNumber(C.MaxAbs) +
                    ",\"max_rel\":" + jsonNumber(C.MaxRel) +
                    ",\"pass\":" + (C.Pass ? "true" : "false");
  return Out + "}";
}

/// Runs one check; an exception it raises is a failed comparison, unless it
/// says the formula or the dtype is not supported.
void runCheck(std::vector<Comparison> &All, const char *Mode,
              std::vector<Comparison> (*Check)(const c10::OperatorHandle &,
                                               const Sample &, uint64_t),
              const c10::OperatorHandle &Op, const Sample &S, uint64_t Seed,
              std::string &Errors) {
  try {
    for (Comparison &C : Check(Op, S, Seed)) {
      if (!C.Raised.empty()) {
        Errors += std::string(Errors.empty() ? "" : "; ") + Mode + " of '" +
                  C.Input + "' raised: " + C.Raised;
        // As below: its formula is not_implemented, nothing to compare.
        if (unsupported(C.Raised))
          continue;
      }
      All.push_back(C);
    }
  } catch (const NoSample &Skip) {
    Errors +=
        std::string(Errors.empty() ? "" : "; ") + Mode + ": " + Skip.what();
  } catch (const std::exception &Error) {
    std::string Message = messageOf(Error);
    Errors +=
        std::string(Errors.empty() ? "" : "; ") + Mode + " raised: " + Message;
    // The formula says so itself (not_implemented), or the operator does
    // not support the dtype: nothing to compare, not a disagreement.
    if (unsupported(Message))
      return;
    Comparison C{Mode};
    C.Pass = false;
    All.push_back(C);
  }
}

/// C without its `ties` modifiers.
Case withoutTies(const Case &C) {
  Case Result = C;
  for (auto &[Name, Spec] : Result.Arguments) {
    size_t At = Spec.find(" ties ");
    if (At != std::string::npos)
      Spec = Spec.substr(0, At);
  }
  return Result;
}

std::string runCase(const Case &C) {
  std::string Head = "{\"id\":" + std::to_string(C.Id) + ",\"status\":";
  size_t Dot = C.Operator.find('.');
  std::string Name = "aten::" + C.Operator.substr(0, Dot);
  std::string Overload =
      Dot == std::string::npos ? "" : C.Operator.substr(Dot + 1);
  auto Op = c10::Dispatcher::singleton().findSchema({Name, Overload});
  if (!Op)
    return Head + "\"skipped\",\"reason\":\"libtorch has no operator " +
           C.Operator + "\"}";
  Sample S;
  try {
    S = pickSample(*Op, C);
  } catch (const std::exception &Error) {
    return Head + "\"skipped\",\"reason\":" + jsonString(messageOf(Error)) +
           "}";
  }
  std::vector<Comparison> All;
  std::string Errors;
  uint64_t Seed = 7919 * (C.Id + 1);
  if (C.Backward)
    runCheck(All, "backward", checkBackward, *Op, S, Seed, Errors);
  if (C.Forward)
    runCheck(All, "forward", checkForward, *Op, S, Seed, Errors);
  if (C.SecondOrder) {
    // At a tie the first derivative jumps: the second is checked away from
    // ties.
    Case Smooth = withoutTies(C);
    if (Smooth.Arguments == C.Arguments) {
      runCheck(All, "second-order", checkSecondOrder, *Op, S, Seed, Errors);
    } else {
      try {
        Sample Apart = pickSample(*Op, Smooth);
        runCheck(All, "second-order", checkSecondOrder, *Op, Apart, Seed,
                 Errors);
      } catch (const NoSample &Skip) {
        Errors += std::string(Errors.empty() ? "" : "; ") +
                  "second-order: " + Skip.what();
      }
    }
  }
  // An operator that rejects complex numbers is not checked on them.
  if (C.Complex && Errors.find("complex") != std::string::npos &&
      unsupported(Errors))
    return Head + "\"skipped\",\"reason\":" + jsonString(Errors) + "}";
  std::string Out = Head +
                    "\"checked\",\"sample\":" + jsonString(S.Description) +
                    ",\"errors\":" + jsonString(Errors) + ",\"checks\":[";
  for (size_t I = 0; I < All.size(); ++I)
    Out += (I ? "," : "") + comparisonJSON(All[I]);
  return Out + "]}";
}

bool loadLibrary(const char *Path) {
  if (std::string(Path) == "-")
    return true;
  void *Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  if (!Handle) {
    std::printf("{\"load_error\":%s}\n", jsonString(dlerror()).c_str());
    return false;
  }
  auto Register = reinterpret_cast<const char *(*)()>(
      dlsym(Handle, "gradcheck_register_kernels"));
  if (!Register) {
    std::printf("{\"load_error\":\"no gradcheck_register_kernels\"}\n");
    return false;
  }
  for (const std::string &Line : split(Register(), '\n')) {
    size_t Tab = Line.find('\t');
    std::printf("{\"registration_error\":%s,\"message\":%s}\n",
                jsonString(Line.substr(0, Tab)).c_str(),
                jsonString(Line.substr(Tab + 1)).c_str());
  }
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    std::fprintf(stderr, "usage: %s PLAN LIBRARY [--after ID] [--case-timeout S]\n", Argv[0]);
    return 2;
  }
  int After = -1;
  unsigned CaseTimeout = 0;
  for (int I = 3; I + 1 < Argc; I += 2) {
    if (std::string(Argv[I]) == "--after")
      After = std::stoi(Argv[I + 1]);
    else if (std::string(Argv[I]) == "--case-timeout")
      CaseTimeout = std::stoul(Argv[I + 1]);
  }
  if (!loadLibrary(Argv[2]))
    return 3;
  at::set_num_threads(1);
  for (const Case &C : readPlan(Argv[1])) {
    if (C.Id <= After)
      continue;
    std::printf("{\"id\":%d,\"status\":\"started\"}\n", C.Id);
    std::fflush(stdout);
    // A case that hangs ends the process (SIGALRM); gradgen names it and
    // runs the cases after it again.
    alarm(CaseTimeout);
    std::string Result = runCase(C);
    alarm(0);
    std::printf("%s\n", Result.c_str());
    std::fflush(stdout);
  }
  return 0;
}
