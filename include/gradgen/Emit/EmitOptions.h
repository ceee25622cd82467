//===- EmitOptions.h - The profile's emit: section --------------*- C++ -*-===//
//
// What `gradgen generate` writes for a profile and how its templates render.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_EMITOPTIONS_H
#define GRADGEN_EMIT_EMITOPTIONS_H

#include "gradgen/Support/Profile.h"

#include <string>
#include <vector>

namespace gradgen {

struct EmitOptions : ProfileSectionBase<EmitOptions> {
  static constexpr llvm::StringLiteral SectionName = "emit";

  /// The file families `gradgen generate` writes (Emit/FileFamily.h), each
  /// located in profile.yaml; none listed means all of them.
  std::vector<Located<std::string>> Families;
  /// Blank lines inside a template block are indented too (torchgen's
  /// CodeTemplate up to 2.6); 2.14 leaves them empty and trims every line.
  bool IndentBlankTemplateLines = false;
  /// Where a PyTorch tree keeps the file templates (Functions.h, ...),
  /// relative to its root.
  std::string PyTorchTemplates = "tools/autograd/templates";

  /// PyTorch's template folder of the tree TorchRoot; empty if TorchRoot is.
  std::string pytorchTemplatesIn(llvm::StringRef TorchRoot) const;

  void read(ProfileSectionReader &Reader) override;
  /// Every family named is one gradgen knows.
  bool validate(const Profile &P, DiagnosticEngine &Diags) const override;

  /// The section of P.
  static const EmitOptions &of(const Profile &P) {
    return P.get<EmitOptions>();
  }
};

} // namespace gradgen

#endif // GRADGEN_EMIT_EMITOPTIONS_H
