//===- Provenance.cpp - Which binary a node's code comes from -------------===//

#include "Provenance.h"

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>

#include <cstdint>
#include <cstring>
#include <typeinfo>

using namespace battery;
using torch::autograd::Node;

namespace {
/// Indexed by Origin: the token of `node` lines, and the name in messages.
constexpr const char *OriginNames[][2] = {
    {"executable", "the executable"},
    {"libtorch", "libtorch_cpu.so"},
    {"elsewhere", "another object"},
};
} // namespace

const char *battery::originName(Origin O) {
  return OriginNames[static_cast<int>(O)][0];
}

const char *battery::binaryName(Origin O) {
  return OriginNames[static_cast<int>(O)][1];
}

namespace {

constexpr const char GeneratedPrefix[] = "N5torch8autograd9generated";

/// Node::apply is protected; a derived class may name it. Under the Itanium
/// C++ ABI a pointer to a virtual member function holds 1 + the byte offset of
/// its slot in the vtable.
struct ApplySlotOf : Node {
  static size_t index() {
    auto Member = &ApplySlotOf::apply;
    struct {
      uintptr_t Pointer;
      ptrdiff_t Adjustment;
    } Representation;
    static_assert(sizeof Member == sizeof Representation, "Itanium ABI");
    std::memcpy(&Representation, &Member, sizeof Member);
    return (Representation.Pointer - 1) / sizeof(void *);
  }
};

struct LibtorchSearch {
  const void *Base = nullptr;
  std::string Path;
};

int findLibtorch(dl_phdr_info *Info, size_t, void *Data) {
  auto *Search = static_cast<LibtorchSearch *>(Data);
  if (Info->dlpi_name && std::strstr(Info->dlpi_name, "/libtorch_cpu.so")) {
    Search->Base = reinterpret_cast<const void *>(Info->dlpi_addr);
    Search->Path = Info->dlpi_name;
    return 1;
  }
  return 0;
}

const void *objectBase(const void *Address) {
  Dl_info Info;
  if (!dladdr(Address, &Info))
    return nullptr;
  return Info.dli_fbase;
}

} // namespace

ProvenanceInspector::ProvenanceInspector() {
  static int AnchorInExecutable;
  ExecutableBase = objectBase(&AnchorInExecutable);
  LibtorchSearch Search;
  dl_iterate_phdr(findLibtorch, &Search);
  LibtorchPath = Search.Path;
  // dlpi_addr is the load bias; dladdr's base is the mapping's start. Ask
  // dladdr about an address inside the library so both sides agree.
  if (!LibtorchPath.empty())
    if (void *Handle = dlopen(LibtorchPath.c_str(), RTLD_NOW | RTLD_NOLOAD)) {
      if (void *Symbol =
              dlsym(Handle, "_ZTVN5torch8autograd9generated12MulBackward0E"))
        LibtorchBase = objectBase(Symbol);
      dlclose(Handle);
    }
  ApplySlot = ApplySlotOf::index();
}

bool ProvenanceInspector::valid(std::string &Reason) const {
  if (LibtorchPath.empty()) {
    Reason = "libtorch_cpu.so is not loaded";
    return false;
  }
  if (!LibtorchBase || !ExecutableBase || LibtorchBase == ExecutableBase) {
    Reason = "cannot tell the executable from " + LibtorchPath;
    return false;
  }
  return true;
}

Origin ProvenanceInspector::originOf(const void *Address) const {
  const void *Base = objectBase(Address);
  if (Base && Base == ExecutableBase)
    return Origin::Executable;
  if (Base && Base == LibtorchBase)
    return Origin::Libtorch;
  return Origin::Elsewhere;
}

NodeProvenance ProvenanceInspector::inspect(const Node &N) const {
  NodeProvenance Result;
  const char *Mangled = typeid(N).name();
  Result.Generated =
      std::strncmp(Mangled, GeneratedPrefix, sizeof GeneratedPrefix - 1) == 0;
  int Status = 0;
  char *Demangled = abi::__cxa_demangle(Mangled, nullptr, nullptr, &Status);
  std::string Qualified = Status == 0 && Demangled ? Demangled : Mangled;
  std::free(Demangled);
  Result.ClassName = Qualified.substr(Qualified.rfind("::") == std::string::npos
                                          ? 0
                                          : Qualified.rfind("::") + 2);

  // The vptr points two words past the start of the vtable object.
  void *const *VPtr = *reinterpret_cast<void *const *const *>(&N);
  Result.VTable = originOf(VPtr);
  Result.Apply = originOf(VPtr[ApplySlot]);
  if (Result.Generated) {
    std::string Symbol = std::string("_ZTV") + Mangled;
    void *Global = dlsym(RTLD_DEFAULT, Symbol.c_str());
    Result.VTableIsGlobalDefinition =
        Global && static_cast<void *const *>(Global) + 2 == VPtr;
  }
  return Result;
}
