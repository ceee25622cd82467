//===- Analysis.cpp - One check of a derivatives.yaml text ----------------===//

#include "gradgen/Server/Analysis.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace gradgen::server {

Invocation makeInvocation(const CheckConfig &Config, StringRef Path,
                          const char *Argv0) {
  Invocation Inv;
  applyProjectConfig(Config.Project, Inv);
  Inv.DerivativesPath = Path.str();
  // Empty without schemas: only the YAML and the entries' shape are checked.
  if (!Config.hasSchemas()) {
    Inv.NativeFunctionsPath.clear();
    Inv.TagsPath.clear();
  }
  Inv.TemplatesRoot = findTemplatesRoot(Config.TemplatesRoot, Argv0);
  Inv.CheckFormulas = Config.CheckFormulas;
  Inv.Formulas.CacheDir = Config.CacheDir;
  return Inv;
}

Analysis::Analysis() = default;
Analysis::~Analysis() = default;

std::shared_ptr<const Analysis>
Analysis::run(Session &S, std::function<bool()> ShouldStop,
              function_ref<void(Compilation &)> Then) {
  std::shared_ptr<Analysis> Result(new Analysis());
  Result->Comp =
      S.run(RunGoal::Infos,
            std::make_unique<CollectingDiagnosticConsumer>(Result->Diagnostics),
            std::move(ShouldStop));
  if (Then)
    Then(*Result->Comp);
  Result->Comp->finish();
  return Result;
}

StringRef Analysis::derivativesText() const {
  if (!derivativesBuffer())
    return "";
  return sourceMgr().getMemoryBuffer(derivativesBuffer())->getBuffer();
}

SMLoc Analysis::locOf(size_t Offset) const {
  if (!derivativesBuffer())
    return SMLoc();
  StringRef Buffer = derivativesText();
  return SMLoc::getFromPointer(Buffer.data() + std::min(Offset, Buffer.size()));
}

/// True if Loc lies in [Begin, End].
static bool within(SMLoc Loc, SMLoc Begin, SMLoc End) {
  return Begin.isValid() && End.isValid() &&
         Begin.getPointer() <= Loc.getPointer() &&
         Loc.getPointer() <= End.getPointer();
}

const DerivativesEntry *Analysis::entryAt(SMLoc Loc) const {
  // Entries are in file order: the last one that starts at or before Loc.
  const DerivativesEntry *Found = nullptr;
  for (const DerivativesEntry &Entry : entries()) {
    SMLoc Start = Entry.Loc.isValid() ? Entry.Loc : Entry.Name.Range.Start;
    if (Start.isValid() && Start.getPointer() > Loc.getPointer())
      break;
    Found = &Entry;
  }
  if (Found && within(Loc, Found->Name.Range.Start, Found->Name.Range.End))
    return Found;
  return Found;
}

} // namespace gradgen::server
