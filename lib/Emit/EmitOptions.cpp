//===- EmitOptions.cpp - The profile's emit: section ----------------------===//

#include "gradgen/Emit/EmitOptions.h"

#include "gradgen/Emit/FileFamily.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace gradgen {

void EmitOptions::read(ProfileSectionReader &Reader) {
  Reader.custom("families", [this, &Reader](const YAMLNode &Value) {
    Families.clear();
    Reader.eachName(Value, "families", [&](const YAMLNode &Name) {
      Families.emplace_back(Name.scalar().str(), Name.range());
    });
  });
  Reader.flag("indent-blank-template-lines", IndentBlankTemplateLines);
  Reader.text("pytorch-templates", PyTorchTemplates);
}

std::string EmitOptions::pytorchTemplatesIn(llvm::StringRef TorchRoot) const {
  if (TorchRoot.empty())
    return "";
  llvm::SmallString<256> Path(TorchRoot);
  llvm::sys::path::append(Path, llvm::sys::path::Style::posix,
                          PyTorchTemplates);
  return std::string(Path);
}

bool EmitOptions::validate(const Profile &, DiagnosticEngine &Diags) const {
  return selectFileFamilies(Families, Diags).has_value();
}

} // namespace gradgen
