//===- Completion.cpp - Names to complete in a formula --------------------===//

#include "Features.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace gradgen::server {

namespace {
/// LSP's CompletionItemKind values used here.
enum class ItemKind { Function = 3, Variable = 6 };

class Items {
public:
  void add(StringRef Label, ItemKind Kind, StringRef Detail) {
    if (!Label.startswith(Prefix) || !Seen.insert(Label).second)
      return;
    List.push_back(json::Object{{"label", Label.str()},
                                {"kind", static_cast<int>(Kind)},
                                {"detail", Detail.str()}});
  }
  std::string Prefix;
  json::Array List;

private:
  StringSet<> Seen;
};
} // namespace

/// The names a formula of Info's function can use (torchgen's formula
/// vocabulary): arguments, grad/grads/grad_<output>, outputs, and the
/// forward-mode `<name>_t`, `<name>_p`.
static void addFormulaNames(const NativeFunction &F, Items &Out) {
  const FunctionSchema &Schema = F.func();
  for (const Argument *Arg : Schema.schemaOrderArguments()) {
    std::string Type = Arg->Ty->str();
    Out.add(Arg->Name, ItemKind::Variable, Type + " (argument)");
    if (StringRef(Type).contains("Tensor")) {
      Out.add(Arg->Name + "_t", ItemKind::Variable, "tangent of " + Arg->Name);
      Out.add(Arg->Name + "_p", ItemKind::Variable, "primal of " + Arg->Name);
    }
  }
  Out.add("grad", ItemKind::Variable, "const at::Tensor & (grads[0])");
  Out.add("grads", ItemKind::Variable, "const variable_list &");
  for (size_t I = 0; I < Schema.Returns.size(); ++I) {
    std::string Name = Schema.Returns[I].Name.value_or(
        Schema.Returns.size() == 1 ? "result" : "result" + std::to_string(I));
    Out.add(Name, ItemKind::Variable, Schema.Returns[I].Ty->str() + " (output)");
    Out.add("grad_" + Name, ItemKind::Variable,
            "const at::Tensor & (grads[" + std::to_string(I) + "])");
  }
  Out.add("result", ItemKind::Variable, "the output");
  Out.add("retain_variables", ItemKind::Variable, "bool");
}

/// The schema of the entry Offset is in, read from the text: while a formula
/// is typed its entry is often malformed, and the stages leave it out.
static std::optional<StringRef> enclosingSchema(StringRef Text, size_t Offset) {
  size_t LineStart = Text.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  for (;;) {
    StringRef Line = Text.substr(LineStart).split('\n').first;
    if (Line.consume_front("- name:")) {
      // Not on the `name:` line itself.
      if (Offset <= LineStart + Line.size() + strlen("- name:"))
        return std::nullopt;
      return Line.trim().trim("'\"");
    }
    if (LineStart == 0)
      return std::nullopt;
    size_t Previous = Text.rfind('\n', LineStart - 2);
    LineStart = Previous == StringRef::npos ? 0 : Previous + 1;
  }
}

json::Value completions(const Analysis &A, size_t Offset) {
  json::Object Result{{"isIncomplete", false}, {"items", json::Array()}};
  if (!A.derivativesBuffer())
    return Result;
  StringRef Text =
      A.sourceMgr().getMemoryBuffer(A.derivativesBuffer())->getBuffer();
  Offset = std::min(Offset, Text.size());
  size_t Begin = Offset;
  while (Begin > 0 && (isAlnum(Text[Begin - 1]) || Text[Begin - 1] == '_'))
    --Begin;
  Items Out;
  Out.Prefix = Text.slice(Begin, Offset).str();
  StringRef Before = Text.take_front(Begin);
  if (Before.endswith(".")) // Members: Clang's to answer.
    return Result;
  if (Before.endswith("at::")) {
    if (const SchemaIndex *Index = A.schemaIndex())
      for (const NativeFunction *F : Index->functions())
        if (F->Variants->Function)
          Out.add(F->func().Name.Name.str(), ItemKind::Function,
                  F->func().str());
  } else if (std::optional<StringRef> Schema = enclosingSchema(Text, Offset)) {
    if (const SchemaIndex *Index = A.schemaIndex())
      if (const NativeFunction *F = Index->lookupSchema(*Schema))
        addFormulaNames(*F, Out);
  }
  Result["items"] = std::move(Out.List);
  return Result;
}

} // namespace gradgen::server
