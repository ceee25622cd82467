//===- SavedAttributesFromDump.cpp - Development-only saved attributes ----===//
//
// DEVELOPMENT ONLY (generate --saved-attributes-from, a hidden option). Until
// the Formula stage computes saved attributes, this SavedAttributeAnalysis
// copies them, and the rewritten formulas, from a JSON dump of torchgen's own
// infos (utils/dump-torchgen-infos.py), so that the emitters can be checked
// against PyTorch's output. It parses the C++ type spellings found in those
// dumps; the Formula stage produces structured types directly.
//
//===----------------------------------------------------------------------===//

#include "SavedAttributesFromDump.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace gradgen::driver {

namespace {

/// Reads a C++ type as torchgen's cpp_type() prints it.
class CTypeParser {
public:
  explicit CTypeParser(StringRef Text) : Rest(Text) {}

  std::optional<CType> parseWhole() {
    std::optional<CType> T = parse();
    if (!T || !Rest.empty())
      return std::nullopt;
    return T;
  }

private:
  std::optional<CType> parse() {
    if (Rest.consume_front("const ")) {
      std::optional<CType> Element = parseValue();
      if (!Element || !Rest.consume_front(" &"))
        return std::nullopt;
      return CType::constRef(std::move(*Element));
    }
    std::optional<CType> T = parseValue();
    if (T && Rest.consume_front(" &"))
      return CType::mutRef(std::move(*T));
    return T;
  }

  std::optional<CType> parseValue() {
    size_t End = Rest.find_first_of("<>, ");
    StringRef Name = Rest.substr(0, End);
    Rest = Rest.substr(Name.size());
    if (!Rest.consume_front("<"))
      return base(Name);
    std::vector<CType> Args;
    std::optional<unsigned> Size;
    do {
      unsigned N;
      if (Name == "::std::array" && !Args.empty()) {
        size_t Digits = Rest.find_first_not_of("0123456789");
        if (Rest.substr(0, Digits).getAsInteger(10, N))
          return std::nullopt;
        Rest = Rest.substr(Digits);
        Size = N;
        continue;
      }
      std::optional<CType> Arg = parse();
      if (!Arg)
        return std::nullopt;
      Args.push_back(std::move(*Arg));
    } while (Rest.consume_front(","));
    if (!Rest.consume_front(">") || Args.empty())
      return std::nullopt;
    if (Name == "::std::tuple")
      return CType::tuple(std::move(Args));
    if (Args.size() != 1)
      return std::nullopt;
    CType &Arg = Args.front();
    if (Name == "::std::optional" || Name == "c10::optional")
      return CType::optional(std::move(Arg), Name);
    if (Name == "::std::vector")
      return CType::vector(std::move(Arg));
    if (Name == "at::ArrayRef")
      return CType::arrayRef(std::move(Arg));
    if (Name == "c10::List")
      return CType::list(std::move(Arg));
    if (Name == "::std::array" && Size)
      return CType::array(std::move(Arg), *Size);
    return std::nullopt;
  }

  static std::optional<CType> base(StringRef Name) {
    using namespace ctypes;
    static const BaseCppType Known[] = {
        ByteT,        CharT,         ShortT,
        Int32T,       LongT,         DoubleT,
        FloatT,       BoolT,         VoidT,
        StringT,      GeneratorT,    ScalarTypeT,
        TensorT,      OptionalTensorRefT, TensorListT,
        ITensorListRefT, IOptTensorListRefT, DimnameT,
        DimnameListT, DimVectorT,    LayoutT,
        DeviceT,      DeviceIndexT,  ScalarT,
        OptionalScalarRefT, MemoryFormatT, QSchemeT,
        StorageT,     StreamT,       IntArrayRefT,
        OptionalIntArrayRefT, OptionalSymIntArrayRefT, TensorOptionsT,
        TypeAndSizeT, TensorGeometryT, SymIntT,
        SymBoolT,     SymIntArrayRefT};
    for (const BaseCppType &B : Known)
      if (B.str() == Name)
        return CType::base(B);
    return std::nullopt;
  }

  StringRef Rest;
};

std::string keyOf(StringRef Func, StringRef DispatchKey) {
  return (Func + "\n" + DispatchKey).str();
}

class SavedAttributesFromDump : public SavedAttributeAnalysis {
public:
  SavedAttributesFromDump(json::Value Dump, std::string Path)
      : Dump(std::move(Dump)), Path(std::move(Path)) {}

  bool analyze(DerivativesDatabase &Database,
               const DerivativesContext &Context) override {
    DiagnosticEngine &Diags = Context.Diags;
    StringMap<const json::Object *> ByKey;
    const json::Object *Root = Dump.getAsObject();
    const json::Array *Infos = Root ? Root->getArray("infos") : nullptr;
    if (!Infos)
      return fail(Diags, "has no \"infos\" array");
    for (const json::Value &V : *Infos)
      if (const json::Object *Info = V.getAsObject())
        ByKey[keyOf(Info->getString("func").value_or(""),
                    Info->getString("dispatch_key").value_or(""))] = Info;

    for (InfoGroup &Group : Database.Groups)
      for (DifferentiabilityInfo &Info : Group.Infos) {
        std::string Func = Info.Func->func().str();
        const json::Object *Theirs =
            ByKey.lookup(keyOf(Func, Info.DispatchKey));
        const json::Array *Derivatives =
            Theirs ? Theirs->getArray("derivatives") : nullptr;
        if (!Derivatives || Derivatives->size() != Info.Derivatives.size())
          return fail(Diags, "has no matching info for '" + Func + "' [" +
                                 Info.DispatchKey + "]");
        for (auto [D, V] : llvm::zip(Info.Derivatives, *Derivatives))
          if (!fill(D, V, Context))
            return fail(Diags, "has an unreadable derivative of '" + Func +
                                   "'");
      }
    return true;
  }

private:
  bool fail(DiagnosticEngine &Diags, const Twine &Message) {
    Diags.report(diag::driver_saved_attributes, SMLoc(),
                 "the saved-attribute dump '" + Path + "' " + Message);
    return false;
  }

  static bool readAttributes(const json::Array *Values,
                             std::vector<SavedAttribute> &Out) {
    if (!Values)
      return false;
    Out.clear();
    for (const json::Value &V : *Values) {
      const json::Object *A = V.getAsObject();
      if (!A)
        return false;
      std::optional<StringRef> Name = A->getString("name");
      std::optional<StringRef> Type = A->getString("type");
      std::optional<StringRef> Expr = A->getString("expr");
      if (!Name || !Type || !Expr)
        return false;
      std::optional<CType> Parsed = CTypeParser(*Type).parseWhole();
      if (!Parsed)
        return false;
      Out.push_back({NamedCType{ArgName{Name->str(), false}, *Parsed},
                     Expr->str()});
    }
    return true;
  }

  static bool fill(Derivative &D, const json::Value &V,
                   const DerivativesContext &) {
    const json::Object *Theirs = V.getAsObject();
    if (!Theirs)
      return false;
    std::optional<StringRef> Formula = Theirs->getString("formula");
    if (!Formula)
      return false;
    D.Formula = Formula->str();
    return readAttributes(Theirs->getArray("saved_inputs"), D.SavedInputs) &&
           readAttributes(Theirs->getArray("saved_outputs"), D.SavedOutputs);
  }

  json::Value Dump;
  std::string Path;
};

} // namespace

std::unique_ptr<SavedAttributeAnalysis>
readSavedAttributeDump(StringRef Path, DiagnosticEngine &Diags) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (std::error_code EC = Buffer.getError()) {
    Diags.report(diag::driver_io, SMLoc(),
                 "cannot read '" + Path + "': " + EC.message());
    return nullptr;
  }
  Expected<json::Value> JSON = json::parse((*Buffer)->getBuffer());
  if (!JSON) {
    Diags.report(diag::driver_io, SMLoc(),
                 "'" + Path + "' is not JSON: " + toString(JSON.takeError()));
    return nullptr;
  }
  return std::make_unique<SavedAttributesFromDump>(std::move(*JSON),
                                                   Path.str());
}

} // namespace gradgen::driver
