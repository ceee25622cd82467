//===- PythonEnumTagFamily.cpp - python_enum_tag.cpp ----------------------===//
//
// torchgen's gen_tags_enum (gen_python_functions.py): the pybind11 enum
// `torch.Tag` with one `.value("<tag>", at::Tag::<tag>)` a tag of tags.yaml,
// rendered into the PyTorch tree's python_enum_tag.cpp. The tags are sorted,
// as torchgen 2.x sorts them; 1.13 iterated a Python set, whose order is no
// one's to rely on, and any order builds the same enum.
//
//===----------------------------------------------------------------------===//

#include "FileFamilies.h"

#include "gradgen/Emit/CodeTemplate.h"
#include "gradgen/Emit/TemplateSet.h"
#include "gradgen/Schema/Tags.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gradgen {
namespace {

class PythonEnumTagFamily : public FileFamily {
public:
  bool loadTemplates(TemplateSet &Templates, EmitContext &Emit) override {
    return loadPyTorchTemplate(Templates, Emit, "python_enum_tag.cpp",
                               {"generated_comment", "enum_of_valid_tags"},
                               FileTemplate);
  }

  bool emit(EmitContext &Emit) override {
    const TagSet *Tags = Emit.getTags();
    if (!Tags) {
      Emit.getDiags().report(diag::emit_error, SMLoc(),
                             "python_enum_tag.cpp needs the tags of tags.yaml, "
                             "and the run read none");
      return false;
    }
    std::vector<StringRef> Names(Tags->names().begin(), Tags->names().end());
    llvm::sort(Names);
    // One string, not a list: each value starts a line of its own.
    std::string Values;
    for (StringRef Name : Names)
      Values += ("\n.value(\"" + Name + "\", at::Tag::" + Name + ")").str();
    TemplateEnv Env;
    Env.set("enum_of_valid_tags", std::move(Values));
    return writeFromTemplate(Emit, "python_enum_tag.cpp", "python_enum_tag.cpp",
                             *FileTemplate, Env);
  }

private:
  const CodeTemplate *FileTemplate = nullptr;
};

} // namespace

std::unique_ptr<FileFamily> createPythonEnumTagFamily() {
  return std::make_unique<PythonEnumTagFamily>();
}

} // namespace gradgen
