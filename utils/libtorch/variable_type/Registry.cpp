//===- Registry.cpp - Registering the deferred kernel blocks --------------===//

#include "Registry.h"
#include "Deferred.h"

#include <cstdio>
#include <deque>
#include <set>

using namespace vtbattery;

namespace {

struct Block {
  const char *Namespace;
  c10::DispatchKey Key;
  BlockInit Init;
  const char *File;
  uint32_t Line;
};

/// A function-local static: blocks are recorded during static
/// initialisation, in whatever order the shards' initialisers run.
std::vector<Block> &blocks() {
  static std::vector<Block> Blocks;
  return Blocks;
}

size_t RegisteredInBlock = 0;

} // namespace

DeferredBlock::DeferredBlock(const char *Namespace, c10::DispatchKey Key,
                             BlockInit Init, const char *File, uint32_t Line) {
  blocks().push_back({Namespace, Key, Init, File, Line});
}

void Registrar::registered(const std::string &) { ++RegisteredInBlock; }

void Registrar::failed(const std::string &Operator,
                       const std::exception &Error) {
  const auto *C10Error = dynamic_cast<const c10::Error *>(&Error);
  std::string Message =
      C10Error ? C10Error->what_without_backtrace() : Error.what();
  std::printf("registration-error %s %s %s\n", File, Operator.c_str(),
              oneLine(Message).c_str());
}

std::vector<std::string> vtbattery::registerDeferredBlocks() {
  // The libraries unregister their kernels when destroyed: keep them for
  // the life of the process, as TORCH_LIBRARY_IMPL's static objects do.
  static std::deque<torch::Library> Libraries;
  std::vector<std::string> Files;
  std::set<std::string> Seen;
  for (const Block &B : blocks()) {
    Libraries.emplace_back(torch::Library::IMPL, B.Namespace, B.Key, B.File,
                           B.Line);
    Registrar R(Libraries.back(), B.File);
    RegisteredInBlock = 0;
    B.Init(R);
    std::printf("registered %s %s %zu\n", B.File, c10::toString(B.Key),
                RegisteredInBlock);
    if (Seen.insert(B.File).second)
      Files.push_back(B.File);
  }
  std::fflush(stdout);
  return Files;
}
