//===- ProcessMemory.cpp - malloc's settings for a gradgen run ------------===//
//
// The runs that type-check formulas allocate tens of megabytes in hundreds
// of thousands of blocks, and glibc's malloc keeps too few freed chunks for
// them by default.
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
/// The heap stays on 4 KiB pages: transparent huge pages
/// (glibc.malloc.hugetlb=1) saved a cold run page faults and TLB misses on
/// a busy machine, but on a quiet guest whose host takes back its free 2 MiB
/// blocks each huge page touched is a fault in the host and 2 MiB zeroed,
/// which made a warm run twice as slow (docs/performance.md, "malloc: thread
/// cache, one arena").
static constexpr std::pair<const char *, const char *> MallocTunables[] = {
    {"glibc.malloc.tcache_count", "4000"},
    {"glibc.malloc.tcache_max", "4096"},
};

void restartWithMallocTunables(int argc, char **argv) {
  if (!allocatesMuch(argc, argv))
    return;
  // GRADGEN_MALLOC_TUNABLES=0 keeps the process as it is (for valgrind,
  // which does not follow the exec). The variable also marks the restarted
  // process, should glibc drop GLIBC_TUNABLES from its environment.
  if (getenv("GRADGEN_MALLOC_TUNABLES"))
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
      setenv("GRADGEN_MALLOC_TUNABLES", "1", 1) == 0)
    execv("/proc/self/exe", argv);
  // Without /proc or exec, the run goes on as it is.
  unsetenv("GRADGEN_MALLOC_TUNABLES");
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
  // The worker threads share the main heap instead of growing arenas of
  // their own.
  mallopt(M_ARENA_MAX, 1);
}

} // namespace gradgen::driver
