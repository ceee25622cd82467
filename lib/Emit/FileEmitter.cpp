//===- FileEmitter.cpp - The generated autograd files ---------------------===//

#include "gradgen/Emit/FileEmitter.h"

#include "gradgen/Emit/EmitError.h"
#include "gradgen/Emit/NodeEmitter.h"
#include "gradgen/Emit/PythonBindings.h"
#include "gradgen/Support/Diagnostics.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <optional>

using namespace llvm;

namespace gradgen {

namespace {

/// One Node to emit and what became of it.
struct NodeSlot {
  const DifferentiabilityInfo *Info = nullptr;
  bool PythonVisible = false;
  std::optional<NodeText> Text;
  Error Err = Error::success();
};

/// The infos torchgen's get_infos_with_derivatives_list keeps, in order.
std::vector<NodeSlot> collectNodes(const DerivativesDatabase &Database) {
  std::vector<NodeSlot> Nodes;
  for (size_t G = 0; G < Database.Groups.size(); ++G)
    for (const DifferentiabilityInfo &Info : Database.Groups[G].Infos) {
      if (!Info.hasDerivatives() || !Info.Op)
        continue;
      NodeSlot &Slot = Nodes.emplace_back();
      Slot.Info = &Info;
      Slot.PythonVisible = G < Database.NumPythonVisibleGroups;
    }
  return Nodes;
}

void emitNodes(std::vector<NodeSlot> &Nodes, const NodeTemplates &Templates,
               unsigned Threads) {
  NodeEmitter Emitter(Templates);
  auto EmitRange = [&](size_t Begin, size_t End) {
    for (size_t I = Begin; I < End; ++I) {
      NodeSlot &Slot = Nodes[I];
      Expected<NodeText> Text = Emitter.emit(*Slot.Info, Slot.PythonVisible);
      if (Text)
        Slot.Text = std::move(*Text);
      else
        Slot.Err = Text.takeError();
    }
  };
  ThreadPoolStrategy Strategy = hardware_concurrency(Threads);
  unsigned NumThreads = Strategy.compute_thread_count();
  if (NumThreads <= 1 || Nodes.size() < 2) {
    EmitRange(0, Nodes.size());
    return;
  }
  // Each task writes only its own slots; small chunks balance the load.
  constexpr size_t ChunkSize = 16;
  ThreadPool Pool(Strategy);
  for (size_t Begin = 0; Begin < Nodes.size(); Begin += ChunkSize)
    Pool.async(EmitRange, Begin, std::min(Begin + ChunkSize, Nodes.size()));
  Pool.wait();
}

class FileWriter {
public:
  FileWriter(const NodeTemplates &Templates, DiagnosticEngine &Diags,
             std::vector<GeneratedFile> &Files)
      : Templates(Templates), Diags(Diags), Files(Files) {}

  /// Substitutes Template into the file Name; the comment naming the
  /// template is supplied (in Env) as torchgen's FileManager does.
  void write(StringRef Name, StringRef TemplateName,
             const CodeTemplate *Template, TemplateEnv &Env) {
    Env.set("generated_comment", TemplateSet::generatedComment(TemplateName));
    GeneratedFile File{Name.str(), std::string()};
    if (Error E = Template->substitute(Env, File.Contents)) {
      reportEmitError(std::move(E), Diags);
      return;
    }
    Files.push_back(std::move(File));
  }

  /// The python_functions.h lines of each shard.
  std::vector<std::string> shardLines(const CodeTemplate *Template) {
    std::vector<std::string> Lines;
    for (unsigned I = 0; I < NumPythonShards; ++I) {
      TemplateEnv Env;
      Env.set("i", Twine(I));
      Expected<std::string> Line = Template->substitute(Env);
      if (!Line) {
        reportEmitError(Line.takeError(), Diags);
        return {};
      }
      Lines.push_back(std::move(*Line));
    }
    return Lines;
  }

private:
  const NodeTemplates &Templates;
  DiagnosticEngine &Diags;
  std::vector<GeneratedFile> &Files;
};

} // namespace

std::vector<GeneratedFile>
emitAutogradFunctions(const DerivativesDatabase &Database,
                      const NodeTemplates &Templates, unsigned Threads,
                      DiagnosticEngine &Diags) {
  std::vector<NodeSlot> Nodes = collectNodes(Database);
  emitNodes(Nodes, Templates, Threads);

  // Report in node order, whatever order the threads finished in.
  bool Failed = false;
  for (NodeSlot &Slot : Nodes)
    if (Slot.Err) {
      reportEmitError(std::move(Slot.Err), Diags);
      Failed = true;
    }
  if (Failed)
    return {};

  std::vector<GeneratedFile> Files;
  FileWriter Writer(Templates, Diags, Files);

  // Python bindings: the infos before the generated _foreach_ ones.
  constexpr const char *PyTemplate = "python_functions.cpp";
  std::vector<std::string> Initializers[NumPythonShards + 1];
  std::vector<std::string> PropsAndGetters[NumPythonShards + 1];
  for (NodeSlot &Slot : Nodes) {
    if (!Slot.PythonVisible)
      continue;
    unsigned Shard = pythonShardOf(Slot.Info->Name);
    for (unsigned Index : {Shard, NumPythonShards}) {
      Initializers[Index].push_back(Slot.Text->PyInitializer);
      PropsAndGetters[Index].push_back(Slot.Text->PyPropsAndGetters);
    }
  }
  TemplateEnv HeaderEnv;
  HeaderEnv.setList("shard_forward_declare",
                    Writer.shardLines(Templates.ShardForwardDeclare))
      .setList("shard_call", Writer.shardLines(Templates.ShardCall));
  Writer.write("python_functions.h", "python_functions.h",
               Templates.PythonFunctionsH, HeaderEnv);
  for (unsigned Index : {NumPythonShards, 0u, 1u, 2u, 3u, 4u}) {
    std::string ShardID =
        Index == NumPythonShards ? "Everything" : "_" + std::to_string(Index);
    TemplateEnv Env;
    Env.set("shard_id", ShardID)
        .setList("py_function_initializers", std::move(Initializers[Index]))
        .setList("py_function_props_and_getters",
                 std::move(PropsAndGetters[Index]));
    Writer.write("python_functions" + ShardID + ".cpp", PyTemplate,
                 Templates.PythonFunctionsCpp, Env);
  }
  static_assert(NumPythonShards == 5, "list every shard above");

  // Functions.h and Functions.cpp: every Node. As in torchgen, both files
  // see both lists.
  std::vector<std::string> Declarations, Definitions;
  for (NodeSlot &Slot : Nodes) {
    Declarations.push_back(std::move(Slot.Text->Declaration));
    Definitions.push_back(std::move(Slot.Text->Definition));
  }
  TemplateEnv FunctionsEnv;
  FunctionsEnv.setList("autograd_function_declarations",
                       std::move(Declarations))
      .setList("autograd_function_definitions", std::move(Definitions));
  Writer.write("Functions.h", "Functions.h", Templates.FunctionsH,
               FunctionsEnv);
  Writer.write("Functions.cpp", "Functions.cpp", Templates.FunctionsCpp,
               FunctionsEnv);
  if (Diags.hasErrors())
    return {};
  return Files;
}

} // namespace gradgen
