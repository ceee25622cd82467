//===- Deferred.h - Kernel registrations that wait for main ----*- C++ -*-===//
//
// Force-included (`g++ -include Deferred.h`) into every VariableType_N.cpp
// under test. It replaces TORCH_LIBRARY_IMPL: instead of registering its
// kernels during static initialisation, where a kernel whose C++ signature
// does not match its operator throws and terminates the process before main,
// each block is recorded, and the battery registers the blocks from main, one
// `m.impl` at a time under try/catch (vtbattery::registerDeferredBlocks).
// Registered after libtorch's own kernels, they are the newest for their
// operator and dispatch key, so the dispatcher runs them.
//
// The shard's own `#include <torch/library.h>` is a no-op after this one
// (#pragma once), so the replacement stays in force.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_VARIABLE_TYPE_DEFERRED_H
#define GRADGEN_VARIABLE_TYPE_DEFERRED_H

#include <torch/library.h>

#include <cstdint>
#include <exception>
#include <string>
#include <utility>

namespace vtbattery {

class Registrar;
using BlockInit = void (*)(Registrar &);

/// One TORCH_LIBRARY_IMPL block of a shard, recorded at static
/// initialisation.
struct DeferredBlock {
  DeferredBlock(const char *Namespace, c10::DispatchKey Key, BlockInit Init,
                const char *File, uint32_t Line);
};

/// What a block's body calls `m`: forwards every `impl` to a torch::Library,
/// and turns an exception into a recorded failure of that one registration.
class Registrar {
public:
  Registrar(torch::Library &Library, const char *File)
      : Library(Library), File(File) {}

  template <typename Name, typename Function>
  Registrar &impl(Name &&Operator, Function &&Kernel) {
    std::string Text = nameOf(Operator);
    try {
      Library.impl(std::forward<Name>(Operator),
                   std::forward<Function>(Kernel));
    } catch (const std::exception &Error) {
      failed(Text, Error);
      return *this;
    }
    registered(Text);
    return *this;
  }

private:
  static std::string nameOf(const char *Operator) { return Operator; }
  template <typename Other> static std::string nameOf(const Other &) {
    return "<schema>";
  }
  void registered(const std::string &Operator);
  void failed(const std::string &Operator, const std::exception &Error);

  torch::Library &Library;
  const char *File;
};

} // namespace vtbattery

#undef TORCH_LIBRARY_IMPL
#define TORCH_LIBRARY_IMPL(ns, k, m)                                           \
  GRADGEN_DEFERRED_LIBRARY_IMPL(ns, k, m, C10_UID)
#define GRADGEN_DEFERRED_LIBRARY_IMPL(ns, k, m, uid)                           \
  static void C10_CONCATENATE(gradgen_deferred_init_##ns##_##k##_,             \
                              uid)(::vtbattery::Registrar &);                  \
  static const ::vtbattery::DeferredBlock C10_CONCATENATE(                     \
      gradgen_deferred_block_##ns##_##k##_,                                    \
      uid)(#ns, c10::DispatchKey::k,                                           \
           &C10_CONCATENATE(gradgen_deferred_init_##ns##_##k##_, uid),         \
           __FILE__, __LINE__);                                                \
  void C10_CONCATENATE(gradgen_deferred_init_##ns##_##k##_,                    \
                       uid)(::vtbattery::Registrar & m)

#endif // GRADGEN_VARIABLE_TYPE_DEFERRED_H
