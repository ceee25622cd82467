//===- Library.cpp - The entry point of a gradcheck kernel library --------===//
//
// Linked into every library `gradgen gradcheck` builds from generated node
// classes and autograd kernels. The harness dlopen()s the library and calls
// gradcheck_register_kernels, which registers the recorded blocks (see
// Registry.h). Also defines what the kernels call that libtorch_cpu.so does
// not export: VariableType::unpack and unpack_opt (declared without
// TORCH_API), with libtorch's behaviour.
//
//===----------------------------------------------------------------------===//

#include "Registry.h"

#include <torch/csrc/autograd/generated/VariableType.h>

#include <deque>
#include <string>
#include <vector>

using namespace gradcheck;

namespace {

struct Block {
  const char *Namespace;
  c10::DispatchKey Key;
  BlockInit Init;
  const char *File;
  uint32_t Line;
};

std::vector<Block> &blocks() {
  static std::vector<Block> Blocks;
  return Blocks;
}

std::string &failures() {
  static std::string Text;
  return Text;
}

unsigned &registrations() {
  static unsigned Count = 0;
  return Count;
}

} // namespace

DeferredBlock::DeferredBlock(const char *Namespace, c10::DispatchKey Key,
                             BlockInit Init, const char *File, uint32_t Line) {
  blocks().push_back({Namespace, Key, Init, File, Line});
}

void Registrar::failed(const std::string &Operator,
                       const std::exception &Error) {
  const auto *C10Error = dynamic_cast<const c10::Error *>(&Error);
  std::string Message =
      C10Error ? C10Error->what_without_backtrace() : Error.what();
  for (char &C : Message)
    if (C == '\n' || C == '\t')
      C = ' ';
  failures() += Operator + "\t" + Message + "\n";
}

/// Registers every recorded block; returns the failed registrations, one
/// "operator<TAB>message" line each.
extern "C" const char *gradcheck_register_kernels() {
  // A destroyed library unregisters its kernels: keep them for the life of
  // the process, as TORCH_LIBRARY_IMPL's static objects do.
  static std::deque<torch::Library> Libraries;
  for (const Block &B : blocks()) {
    Libraries.emplace_back(torch::Library::IMPL, B.Namespace, B.Key, B.File,
                           B.Line);
    Registrar R(Libraries.back());
    B.Init(R);
  }
  return failures().c_str();
}

namespace torch {
namespace autograd {
namespace VariableType {

namespace {
template <typename T> T &checked(T &Value, const char *Name, int Position) {
  if (!Value.defined())
    AT_ERROR("Expected a proper Tensor but got None (or an undefined Tensor "
             "in C++) for argument #",
             Position, " '", Name, "'");
  return Value;
}
} // namespace

at::Tensor &unpack(Tensor &T, const char *Name, int Position) {
  return checked(T, Name, Position);
}

const at::Tensor &unpack(const Tensor &T, const char *Name, int Position) {
  return checked(T, Name, Position);
}

at::Tensor unpack_opt(const Tensor &T, const char *Name, int Position) {
  if (!T.defined())
    return Tensor();
  return unpack(T, Name, Position);
}

std::vector<at::Tensor> unpack(at::ITensorListRef List, const char *Name,
                               int Position) {
  std::vector<at::Tensor> Result;
  Result.reserve(List.size());
  for (const auto &T : List)
    Result.push_back(T);
  return Result;
}

} // namespace VariableType
} // namespace autograd
} // namespace torch
