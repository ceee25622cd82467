//===- Selection.cpp - The operators a gradcheck run checks, and samples --===//
//
// The sample table (docs/gradcheck.md) is a YAML list, the profile's
// gradcheck-samples.yaml first, then the one beside derivatives.yaml and any
// named with --samples; a later row for an operator replaces an earlier one:
//
//   - op: index_select
//     args: {index: "tensor [2] long 0 3"}
//     shape: "[3,3]"           # the default tensor shape
//     domains: positive,unit   # the value ranges to try, in order
//     complex: false           # no complex case
//     skip: "needs a sparse input"
//
//===----------------------------------------------------------------------===//

#include "GradcheckImpl.h"

#include "gradgen/Frontend/Compilation.h"
#include "gradgen/Support/ClosestMatch.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLParser.h"

using namespace llvm;

namespace gradgen {

std::string returnName(const NativeFunction &F, size_t Index) {
  const std::vector<Return> &Returns = F.func().Returns;
  if (Index < Returns.size() && Returns[Index].Name)
    return *Returns[Index].Name;
  if (Returns.size() == 1)
    return "result";
  return "result" + std::to_string(Index);
}

static const DifferentiabilityInfo *defaultInfo(const DerivativesDatabase &DB,
                                                const FunctionInfos &Fn) {
  for (const DifferentiabilityInfo *Info : DB.infosOf(Fn))
    if (Info->DispatchKey == "Default")
      return Info;
  return nullptr;
}

std::optional<std::vector<CheckedOperator>>
selectOperators(Compilation &C, ArrayRef<std::string> Names) {
  const DerivativesDatabase &DB = C.getDatabase();
  StringMap<CheckedOperator> WithFormulas;
  std::vector<CheckedOperator> All;
  StringSet<> Known;
  for (const FunctionInfos &Fn : DB.Functions) {
    std::string Name = Fn.Func->func().Name.str();
    Known.insert(Name);
    const DifferentiabilityInfo *Info = defaultInfo(DB, Fn);
    if (!Info || !Info->hasDerivatives() || !Fn.ExactMatch ||
        Info->Origin != InfoOrigin::DerivativesFile)
      continue;
    CheckedOperator Op{Fn.Func, Info, DB.infosOf(Fn), Name};
    // The dispatcher prefers a CompositeImplicitAutograd kernel to the
    // Autograd one for dense tensors: they run the decomposition's formulas,
    // never this one (matmul, linear).
    if (Fn.Func->HasCompositeImplicitAutogradKernel)
      Op.SkipReason = "CompositeImplicitAutograd: dense tensors run its "
                      "decomposition, not its formula";
    WithFormulas[Name] = Op;
    All.push_back(Op);
  }
  if (Names.empty())
    return All;
  std::vector<CheckedOperator> Selected;
  bool OK = true;
  for (const std::string &Name : Names) {
    auto It = WithFormulas.find(Name);
    if (It != WithFormulas.end()) {
      Selected.push_back(It->second);
      continue;
    }
    OK = false;
    std::string Message = "'--op " + Name + "': ";
    if (Known.contains(Name)) {
      Message += "the operator has no derivative formula of its own";
    } else {
      Message += "no operator of that name (name.overload, e.g. mul.Tensor)";
      std::vector<StringRef> Candidates;
      for (const auto &Entry : WithFormulas)
        Candidates.push_back(Entry.getKey());
      if (std::optional<StringRef> Close = closestMatch(Name, Candidates))
        Message += "; did you mean '" + Close->str() + "'?";
    }
    C.getDiags().report(diag::gradcheck_unknown_operator, SMLoc(), Message);
  }
  if (!OK)
    return std::nullopt;
  return Selected;
}

static std::string scalarText(yaml::Node *N) {
  if (auto *Scalar = dyn_cast_or_null<yaml::ScalarNode>(N)) {
    SmallString<64> Storage;
    return Scalar->getValue(Storage).str();
  }
  if (N) {
    SMRange Range = N->getSourceRange();
    return std::string(Range.Start.getPointer(),
                       Range.End.getPointer() - Range.Start.getPointer());
  }
  return "";
}

static bool readRow(yaml::MappingNode &Map, StringMap<SampleRow> &Table,
                    DiagnosticEngine &Diags) {
  SampleRow Row;
  Row.Loc = Map.getSourceRange().Start;
  std::string Name;
  for (yaml::KeyValueNode &Pair : Map) {
    std::string Key = scalarText(Pair.getKey());
    yaml::Node *Value = Pair.getValue();
    if (Key == "op") {
      Name = scalarText(Value);
    } else if (Key == "args") {
      auto *Args = dyn_cast_or_null<yaml::MappingNode>(Value);
      if (!Args) {
        Diags.report(diag::gradcheck_sample_table,
                     Pair.getKey()->getSourceRange().Start,
                     "'args' must map argument names to specs");
        return false;
      }
      for (yaml::KeyValueNode &Arg : *Args)
        Row.Arguments[scalarText(Arg.getKey())] = scalarText(Arg.getValue());
    } else if (Key == "shape") {
      Row.Shape = scalarText(Value);
    } else if (Key == "domains") {
      Row.Domains = scalarText(Value);
    } else if (Key == "skip") {
      Row.Skip = scalarText(Value);
    } else if (Key == "complex") {
      Row.Complex = scalarText(Value) != "false";
    } else {
      Diags.report(diag::gradcheck_sample_table,
                   Pair.getKey()->getSourceRange().Start,
                   "unknown key '" + Key +
                       "' (op, args, shape, domains, complex, skip)");
      return false;
    }
  }
  if (Name.empty()) {
    Diags.report(diag::gradcheck_sample_table, Row.Loc,
                 "a row needs 'op: name.overload'");
    return false;
  }
  Table[Name] = std::move(Row);
  return true;
}

static bool readSampleTable(Compilation &C, StringRef Path,
                            StringMap<SampleRow> &Table) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  DiagnosticEngine &Diags = C.getDiags();
  if (!Buffer) {
    Diags.report(diag::gradcheck_sample_table, SMLoc(),
                 "cannot read the sample table '" + Path +
                     "': " + Buffer.getError().message());
    return false;
  }
  SourceMgr &SM = C.getSourceMgr();
  unsigned ID = SM.AddNewSourceBuffer(std::move(*Buffer), SMLoc());
  MemoryBufferRef Ref = SM.getMemoryBuffer(ID)->getMemBufferRef();
  SourceMgr Scratch;
  yaml::Stream Stream(Ref, Scratch);
  bool OK = true;
  for (yaml::Document &Doc : Stream) {
    auto *List = dyn_cast_or_null<yaml::SequenceNode>(Doc.getRoot());
    if (!List) {
      if (Doc.getRoot() && !isa<yaml::NullNode>(Doc.getRoot())) {
        Diags.report(diag::gradcheck_sample_table,
                     Doc.getRoot()->getSourceRange().Start,
                     "the sample table must be a list of rows");
        OK = false;
      }
      continue;
    }
    for (yaml::Node &Item : *List) {
      auto *Map = dyn_cast<yaml::MappingNode>(&Item);
      if (!Map) {
        Diags.report(diag::gradcheck_sample_table, Item.getSourceRange().Start,
                     "a row must be a mapping with 'op:'");
        OK = false;
        continue;
      }
      OK &= readRow(*Map, Table, Diags);
    }
  }
  if (Stream.failed()) {
    Diags.report(diag::gradcheck_sample_table,
                 SMLoc::getFromPointer(Ref.getBufferStart()),
                 "the sample table is not valid YAML");
    OK = false;
  }
  return OK;
}

bool readSampleTables(Compilation &C, ArrayRef<std::string> Extra,
                      StringMap<SampleRow> &Table) {
  std::vector<std::string> Paths;
  std::string ProfileTable = C.getProfile().path("gradcheck-samples.yaml");
  if (sys::fs::exists(ProfileTable))
    Paths.push_back(ProfileTable);
  SmallString<256> Beside(
      sys::path::parent_path(C.getInvocation().DerivativesPath));
  sys::path::append(Beside, "gradcheck-samples.yaml");
  if (sys::fs::exists(Beside))
    Paths.push_back(std::string(Beside));
  Paths.insert(Paths.end(), Extra.begin(), Extra.end());
  bool OK = true;
  for (const std::string &Path : Paths)
    OK &= readSampleTable(C, Path, Table);
  return OK;
}

/// The plan lines of one case of Op.
static void writeCase(std::string &Plan, const CheckedOperator &Op, int Id,
                      bool Complex, bool SecondOrder) {
  const DifferentiabilityInfo &Info = *Op.Info;
  std::string Modes = "backward";
  if (!Info.ForwardDerivatives.empty())
    Modes += ",forward";
  if (SecondOrder && !Complex)
    Modes += ",second-order";
  Plan += "case\t" + std::to_string(Id) + "\t" + Op.Name + "\t" + Modes + "\n";
  for (const Derivative &D : Info.Derivatives)
    for (const std::string &Name : D.VarNames)
      Plan += "wrt\t" + Name + "\n";
  for (const ForwardDerivative &F : Info.ForwardDerivatives)
    for (const std::string &Name : F.VarNames)
      for (size_t R = 0; R < Op.Func->func().Returns.size(); ++R)
        if (returnName(*Op.Func, R) == Name)
          Plan += "fwout\t" + std::to_string(R) + "\n";
  if (Complex)
    Plan += "complex\n";
  if (!Op.Row)
    return;
  for (const auto &[Name, Spec] : Op.Row->Arguments)
    Plan += "arg\t" + Name + "\t" + Spec + "\n";
  if (Op.Row->Shape)
    Plan += "shape\t" + *Op.Row->Shape + "\n";
  if (Op.Row->Domains)
    Plan += "domains\t" + *Op.Row->Domains + "\n";
}

std::string writePlan(ArrayRef<CheckedOperator> Operators, bool SecondOrder) {
  std::string Plan;
  for (size_t I = 0; I < Operators.size(); ++I) {
    const CheckedOperator &Op = Operators[I];
    if (!Op.SkipReason.empty())
      continue;
    writeCase(Plan, Op, 2 * I, /*Complex=*/false, SecondOrder);
    if (!Op.Row || Op.Row->Complex)
      writeCase(Plan, Op, 2 * I + 1, /*Complex=*/true, SecondOrder);
  }
  return Plan;
}

} // namespace gradgen
