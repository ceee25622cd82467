//===- Profile.h - What differs between PyTorch versions --------*- C++ -*-===//
//
// A profile is a folder under templates/: the file and node templates of one
// PyTorch version, its saved-attribute rule table, and profile.yaml with the
// few switches in which that version's generator behaves differently. Code
// asks the profile; it never compares version numbers.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_PROFILE_H
#define GRADGEN_SUPPORT_PROFILE_H

#include "gradgen/Support/Diagnostics.h"
#include "gradgen/Support/Located.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gradgen {

class InputFiles;

/// How the generated C++ spells optionals and string views.
enum class OptionalSpelling {
  C10, ///< c10::optional, c10::nullopt, c10::string_view (PyTorch 1.x)
  Std, ///< std::optional, std::nullopt, std::string_view (PyTorch 2.x)
};

struct Profile {
  /// The folder name, e.g. "pytorch-2.14".
  std::string Name;
  /// The folder holding profile.yaml and the templates.
  std::string Directory;
  /// The PyTorch release the templates reproduce, e.g. "2.14.1".
  Located<std::string> PyTorchVersion;
  /// The C++ standard the generated code and the formula checks use.
  std::string CxxStandard = "c++17";
  OptionalSpelling Optionals = OptionalSpelling::Std;

  /// derivatives.yaml names may resolve to view_copy functions (2.x looks up
  /// schemas with include_copy=True).
  bool ResolveViewCopySchemas = true;
  /// A view_copy info is added only where no manual entry exists for the
  /// _copy schema (2.x); 1.13 overwrote unconditionally.
  bool KeepManualViewCopyInfos = true;
  /// `.sizes()`, `.size(<int>)` and `.strides()` are errors in backward
  /// formulas (2.x: the SymInt versions must be used).
  bool RequireSymIntFormulas = true;
  /// match_differentiability_info generates infos for _foreach_ functions.
  bool GenerateForeachInfos = true;
  /// The forward-formula check of TensorList arguments applies to _foreach_
  /// functions (2.x); 1.13 skipped all TensorList arguments.
  bool CheckForeachTensorListForwardUses = true;
  /// Duplicate keys in a YAML mapping are an error (2.x YamlLoader); 1.13
  /// silently kept the last value.
  bool RejectDuplicateKeys = true;

  /// The saved-attribute rule table, relative to Directory.
  std::string SavedAttributeRules = "saved-attributes.yaml";

  // How the Node classes are emitted (gen_autograd_functions.py).

  /// Blank lines inside a template block are indented too (torchgen's
  /// CodeTemplate up to 2.6); 2.14 leaves them empty and trims every line.
  bool IndentBlankTemplateLines = false;
  /// The ops whose Node derives from Node rather than TraceableFunction
  /// (torchgen's VIEW_FUNCTIONS): a file of names relative to Directory.
  std::string ViewFunctions = "view-functions.txt";
  /// Nodes carry the compiled-autograd members and compute their gradients
  /// in a static `<Op>_apply_functional` (2.x); 1.13 did it all in apply().
  bool CompiledAutogradNodes = true;
  /// Saved fields are emitted sorted by name, inputs then outputs (2.x);
  /// 1.13 kept the order in which the formulas use them.
  bool SortSavedAttributes = true;
  /// The argument that unpacks a saved output: `getptr()` (2.14) or
  /// `shared_from_this()` (1.13 to 2.7).
  std::string SavedOutputOwner = "getptr()";
  /// unpack_list() takes the owner of the saved variables (2.x).
  bool UnpackListTakesOwner = true;
  /// _foreach_ nodes compute their gradients element by element and may save
  /// std::vector<Tensor> outputs and Scalar lists (2.x).
  bool ForeachNodes = true;

  /// Where profile.yaml sets each setting it sets, by key.
  std::map<std::string, llvm::SMRange, std::less<>> Ranges;
  /// The value of Setting in profile.yaml; invalid if it is not set there.
  llvm::SMRange rangeOf(llvm::StringRef Setting) const;
  llvm::SMLoc locOf(llvm::StringRef Setting) const {
    return rangeOf(Setting).Start;
  }
  /// The file families `gradgen generate` writes (Emit/FileFamily.h), each
  /// located in profile.yaml; none listed means all of them.
  std::vector<Located<std::string>> Families;

  std::string path(llvm::StringRef RelativePath) const;
};

/// The folders searched for profiles, in order: Override if given, the source
/// tree's templates/ (baked in at build time), and ../share/gradgen/templates
/// next to the executable (Argv0).
std::string findTemplatesRoot(llvm::StringRef Override, const char *Argv0);

/// Loads the profile NameOrPath: a folder path if it contains a '/', else a
/// folder of TemplatesRoot. Errors are reported to Diags.
std::optional<Profile> loadProfile(llvm::StringRef NameOrPath,
                                   llvm::StringRef TemplatesRoot,
                                   InputFiles &Files, DiagnosticEngine &Diags);

/// The profile used when none is named.
constexpr llvm::StringLiteral DefaultProfileName = "pytorch-2.14";

} // namespace gradgen

#endif // GRADGEN_SUPPORT_PROFILE_H
