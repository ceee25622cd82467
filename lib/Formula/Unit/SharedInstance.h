//===- SharedInstance.h - One Clang instance for both checks ----*- C++ -*-===//
//
// Private to the Formula stage. The second check of a part (the generated
// code) used to create a compiler of its own, initialize the builtins, load
// the precompiled header's declarations again and instantiate again the
// templates the first check of the part had instantiated. A SharedInstance
// parses the first check's unit as FormulaCompiler::run does, and stays
// alive, so that the second check's unit, which is only known once the first
// check is done, is parsed after it in the same Sema, as clang-repl parses
// its inputs: a FileID per unit, entered into the preprocessor, with the
// same Parser, each unit ended with Sema's end of the translation unit.
//
// Each unit has its own consumer and its own diagnostic consumer, and it is
// the main file while it is parsed. Before the second unit, what the first
// declared is taken out of every lookup table (so that nothing of it can be
// found, nor collide with the second's own declarations); what stays is what
// the precompiled header declares, loaded, and the templates instantiated.
// The callers use a run in a shared instance only if it reports nothing and
// declared no helper whose name a header may name (HelperForms::
// HeaderNameUsed: a template of the headers instantiated in one unit could
// have found it); anything else is run again in an instance of its own
// (docs/formula.md, "One instance for both checks").
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_SHAREDINSTANCE_H
#define GRADGEN_LIB_FORMULA_SHAREDINSTANCE_H

#include "llvm/ADT/StringRef.h"

#include <memory>

namespace clang {
class DiagnosticConsumer;
class SemaConsumer;
} // namespace clang

namespace gradgen::formula {

class FormulaCompiler;

class SharedInstance {
public:
  ~SharedInstance();

  /// Parses MainText in a new instance with Consumer, reporting to Diags,
  /// as FormulaCompiler::run does, and keeps the instance in Instance if it
  /// parsed. Returns false if Clang reported errors or could not start.
  static bool start(FormulaCompiler &Compiler, llvm::StringRef MainText,
                    std::unique_ptr<clang::SemaConsumer> Consumer,
                    clang::DiagnosticConsumer &Diags,
                    std::unique_ptr<SharedInstance> &Instance);

  /// Parses Text after the units parsed so far, as a unit of its own with
  /// Consumer, reporting to Diags. Returns false if Clang reported errors.
  bool parseNext(llvm::StringRef Text,
                 std::unique_ptr<clang::SemaConsumer> Consumer,
                 clang::DiagnosticConsumer &Diags);

  /// Whether Clang reported anything at all (a warning or an error, even one
  /// the translation leaves out) in the last unit parsed.
  bool lastUnitReported() const { return LastReported; }

  /// Whether a formula's text may be in a unit of a shared instance: it
  /// writes no `__` name, which could tell the units apart (`__COUNTER__`,
  /// `__INCLUDE_LEVEL__`, `__BASE_FILE__`) or name what gradgen declares in
  /// a unit (`__gradgen_type_0`), and no `_Pragma`, which could change the
  /// state of the instance.
  static bool mayShare(llvm::StringRef Text);

  class Impl;

private:
  explicit SharedInstance(std::unique_ptr<Impl> State);
  std::unique_ptr<Impl> State;
  bool LastReported = false;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_SHAREDINSTANCE_H
