//===- Registry.h - Kernel registrations that wait for the harness -*- C++ -*-//
//
// Force-included (`-include Registry.h`) into every generated
// VariableType_N.cpp that `gradgen gradcheck` compiles. It replaces
// TORCH_LIBRARY_IMPL: instead of registering during the library's static
// initialisation (inside dlopen, where a kernel whose C++ signature does not
// match its operator would throw and end the process), each block is
// recorded, and the harness registers the blocks after loading the library,
// each `m.impl` alone under try/catch. Registered after libtorch's own
// kernels, they are the newest for their operator and key, so the
// dispatcher runs them.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_GRADCHECK_REGISTRY_H
#define GRADGEN_GRADCHECK_REGISTRY_H

#include <torch/library.h>

#include <cstdint>
#include <exception>
#include <string>
#include <utility>

namespace gradcheck {

class Registrar;
using BlockInit = void (*)(Registrar &);

/// One TORCH_LIBRARY_IMPL block, recorded at static initialisation.
struct DeferredBlock {
  DeferredBlock(const char *Namespace, c10::DispatchKey Key, BlockInit Init,
                const char *File, uint32_t Line);
};

/// What a block's body calls `m`: forwards every `impl` to a torch::Library
/// and records an exception as the failure of that one registration.
class Registrar {
public:
  explicit Registrar(torch::Library &Library) : Library(Library) {}

  template <typename Name, typename Function>
  Registrar &impl(Name &&Operator, Function &&Kernel) {
    std::string Text = nameOf(Operator);
    try {
      Library.impl(std::forward<Name>(Operator),
                   std::forward<Function>(Kernel));
    } catch (const std::exception &Error) {
      failed(Text, Error);
    }
    return *this;
  }

private:
  static std::string nameOf(const char *Operator) { return Operator; }
  template <typename Other> static std::string nameOf(const Other &) {
    return "<schema>";
  }
  void failed(const std::string &Operator, const std::exception &Error);

  torch::Library &Library;
};

} // namespace gradcheck

#undef TORCH_LIBRARY_IMPL
#define TORCH_LIBRARY_IMPL(ns, k, m)                                           \
  GRADGEN_GRADCHECK_LIBRARY_IMPL(ns, k, m, C10_UID)
#define GRADGEN_GRADCHECK_LIBRARY_IMPL(ns, k, m, uid)                          \
  static void C10_CONCATENATE(gradcheck_init_##ns##_##k##_,                    \
                              uid)(::gradcheck::Registrar &);                  \
  static const ::gradcheck::DeferredBlock C10_CONCATENATE(                     \
      gradcheck_block_##ns##_##k##_,                                           \
      uid)(#ns, c10::DispatchKey::k,                                           \
           &C10_CONCATENATE(gradcheck_init_##ns##_##k##_, uid), __FILE__,      \
           __LINE__);                                                          \
  void C10_CONCATENATE(gradcheck_init_##ns##_##k##_,                           \
                       uid)(::gradcheck::Registrar & m)

#endif // GRADGEN_GRADCHECK_REGISTRY_H
