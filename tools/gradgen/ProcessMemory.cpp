//===- ProcessMemory.cpp - malloc's settings for a gradgen run ------------===//
//
// The runs that type-check formulas allocate tens of megabytes in hundreds
// of thousands of blocks. What glibc's malloc does by default costs them
// twice: its caches of freed chunks are small, and its heap is mapped in
// 4 KiB pages, each a page fault and a TLB entry of its own.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdlib>
#include <malloc.h>
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
/// thousand, so the cache keeps 4,000 chunks of up to 4 KiB.
///
/// The heap is backed with transparent huge pages (glibc.malloc.hugetlb=1):
/// Clang chases pointers through its ASTs, and with 4 KiB pages the page
/// faults and the misses of the TLB cost a cold run more than the huge
/// pages do. A run that meets fresh memory from the host pays for each huge
/// page it touches (docs/performance.md, "malloc: thread cache, huge pages,
/// one arena", has the numbers).
static constexpr std::pair<const char *, const char *> MallocTunables[] = {
    {"glibc.malloc.tcache_count", "4000"},
    {"glibc.malloc.tcache_max", "4096"},
    {"glibc.malloc.hugetlb", "1"},
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

void prepareHeap(int argc, char **argv) {
  // Growing the heap in large steps and never trimming it saves a system
  // call and page-table work per step.
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  if (!allocatesMuch(argc, argv))
    return;
  // The worker threads share the main heap, with its huge pages, instead of
  // growing arenas of their own.
  mallopt(M_ARENA_MAX, 1);
}

} // namespace gradgen::driver
