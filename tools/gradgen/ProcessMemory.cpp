//===- ProcessMemory.cpp - malloc's settings for a gradgen run ------------===//
//
// The runs that type-check formulas allocate some 60 MB in a few hundred
// thousand blocks. What glibc's malloc does by default costs them twice:
// its caches of freed chunks are small, and every fresh page of the heap is
// a page fault of its own.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace llvm;

namespace gradgen::driver {

/// Whether argv names a subcommand that runs Clang and emits (the runs that
/// allocate enough to repay the settings below).
static bool allocatesMuch(int argc, char **argv) {
  return argc >= 2 && is_contained({StringRef("check"), StringRef("infos"),
                                    StringRef("generate")},
                                   StringRef(argv[1]));
}

/// glibc's tunables, which it reads only when a process starts: gradgen
/// starts itself again once with those of them that GLIBC_TUNABLES does not
/// already name.
///
/// A thread's cache of freed chunks (tcache) holds 7 chunks of each size up
/// to 1,032 bytes by default; the rest go through malloc's bins, which cost
/// several times more per call. Emission frees strings of a few KiB by the
/// thousand: with 4,000 chunks of up to 4 KiB a warm `generate` of the
/// 1.13.1 corpus executes 771 M to 756 M instructions.
///
/// The heaps are not backed with transparent huge pages
/// (glibc.malloc.hugetlb=1) any more: on a virtual machine that hands free
/// memory back to its host, a fresh 2 MiB page costs a fault in the host
/// and zeroing, and most runs met such pages (docs/performance.md, "Huge
/// pages off"): benchmark.py, 1.13.1, CPU medians warm 0.239 to 0.153 s and
/// cold 0.464 to 0.386 s without them.
static constexpr std::pair<const char *, const char *> MallocTunables[] = {
    {"glibc.malloc.tcache_count", "4000"},
    {"glibc.malloc.tcache_max", "4096"},
};

void restartWithMallocTunables(int argc, char **argv) {
  if (!allocatesMuch(argc, argv))
    return;
  // GRADGEN_HUGE_PAGES=0 keeps the process as it is (for valgrind, which
  // does not follow the exec). The variable also marks the restarted
  // process, should glibc drop GLIBC_TUNABLES from its environment.
  if (getenv("GRADGEN_HUGE_PAGES"))
    return;
  const char *Tunables = getenv("GLIBC_TUNABLES");
  StringRef Given = Tunables ? Tunables : "";
  std::string Value = Given.str();
  for (auto [Name, Setting] : MallocTunables) {
    if (Given.contains(Name))
      continue;
    if (!Value.empty())
      Value += ':';
    (Value += Name) += '=';
    Value += Setting;
  }
  if (Value == Given)
    return;
  if (setenv("GLIBC_TUNABLES", Value.c_str(), 1) == 0 &&
      setenv("GRADGEN_HUGE_PAGES", "1", 1) == 0)
    execv("/proc/self/exe", argv);
  // Without /proc or exec, the run goes on as it is.
  unsetenv("GRADGEN_HUGE_PAGES");
  if (Tunables)
    setenv("GLIBC_TUNABLES", Tunables, 1);
  else
    unsetenv("GLIBC_TUNABLES");
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 // Linux 5.14
#endif

/// Maps the pages of [Begin, Begin + Size) in one system call; a kernel
/// without MADV_POPULATE_WRITE refuses it, and the pages fault in one by
/// one as before.
static void populate(void *Begin, size_t Size) {
  size_t PageSize = sysconf(_SC_PAGESIZE);
  uintptr_t First = alignTo(reinterpret_cast<uintptr_t>(Begin), PageSize);
  uintptr_t End = alignDown(reinterpret_cast<uintptr_t>(Begin) + Size, PageSize);
  if (First < End)
    madvise(reinterpret_cast<void *>(First), End - First, MADV_POPULATE_WRITE);
}

/// glibc's M_MMAP_THRESHOLD before it adapts it (which setting any of
/// mallopt's thresholds stops).
static constexpr int DefaultMmapThreshold = 128 << 10;

/// How much of the heap to map before the run, in MiB.
static size_t populatedHeapMiB() {
  if (const char *Setting = getenv("GRADGEN_POPULATE_HEAP_MB")) {
    unsigned long long MiB;
    if (!StringRef(Setting).getAsInteger(10, MiB) && MiB <= 1024)
      return MiB;
  }
  return 48;
}

void prepareHeap(int argc, char **argv) {
  // Growing the heap in large steps and never trimming it saves a system
  // call and page-table work per step.
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  if (!allocatesMuch(argc, argv))
    return;
  // A page fault costs about 6.5 us on the virtual machines gradgen is
  // measured on, whether the page is fresh or recycled, and mapping pages
  // by the thousand in one madvise 0.8 us each (docs/performance.md, "Page
  // faults"); a cold `generate` of the 1.13.1 corpus met 12,000 faults,
  // nearly all of them new pages of malloc's heaps. So the heap is mapped
  // before the run, in blocks malloc takes from its top and gives back, and
  // the worker threads share it instead of growing arenas of their own.
  mallopt(M_ARENA_MAX, 1);
  // Blocks this large would be mapped on their own and unmapped when freed;
  // malloc takes them from the heap while the threshold is above them.
  constexpr size_t BlockSize = 8 << 20;
  mallopt(M_MMAP_THRESHOLD, 2 * BlockSize);
  SmallVector<void *, 16> Blocks;
  for (size_t MiB = populatedHeapMiB(); MiB >= 8; MiB -= 8) {
    void *Block = malloc(BlockSize);
    if (!Block)
      break;
    populate(Block, BlockSize);
    Blocks.push_back(Block);
  }
  // Freed in reverse, each block joins the top of the heap again.
  for (void *Block : reverse(Blocks))
    free(Block);
  mallopt(M_MMAP_THRESHOLD, DefaultMmapThreshold);
}

} // namespace gradgen::driver
