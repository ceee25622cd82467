//===- FormulaFuzzer.cpp - Fuzzes the formula checks ----------------------===//
//
// One input: one formula, the backward formula of `self` of mul.Tensor (or,
// after a first line `result:`, its forward formula), checked as gradgen
// checks derivatives.yaml: the framing check, then Clang on the formula unit
// with the built-in prelude. The precompiled header is built once, in a
// folder of its own.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "gradgen/Formula/FormulaAnalysis.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

using namespace gradgen;
using namespace llvm;

static std::string CacheDir;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)fuzz::FixedInputs::get();
  SmallString<128> Dir;
  if (sys::fs::createUniqueDirectory("gradgen-fuzz-formula", Dir))
    std::abort();
  CacheDir = Dir.str().str();
  return 0;
}

/// Text as a YAML double-quoted scalar.
static std::string quoted(StringRef Text) {
  std::string S = "\"";
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      S += '\\';
      S += C;
    } else if (C < 0x20 || C >= 0x7f) {
      S += "\\x";
      S += hexdigit(C >> 4, true);
      S += hexdigit(C & 15, true);
    } else {
      S += C;
    }
  }
  return S + "\"";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Formula(reinterpret_cast<const char *>(Data), Size);
  StringRef Key = "self";
  if (Formula.consume_front("result:\n"))
    Key = "result";
  std::string Text =
      "- name: mul.Tensor(Tensor self, Tensor other) -> Tensor\n  " +
      Key.str() + ": " + quoted(Formula) + "\n";
  FormulaAnalysisOptions Options;
  Options.CacheDir = CacheDir;
  fuzz::FixedInputs &Fixed = fuzz::FixedInputs::get();
  std::unique_ptr<FormulaStage> Formulas =
      createFormulaAnalysis(std::move(Options), Fixed.Files);
  fuzz::loadDerivatives(Text, Formulas.get());
  return 0;
}
