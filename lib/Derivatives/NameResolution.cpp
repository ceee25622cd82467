//===- NameResolution.cpp - derivatives.yaml names to schemas -------------===//

#include "gradgen/Derivatives/NameResolution.h"

#include "gradgen/Derivatives/LoadDerivatives.h"
#include "gradgen/Schema/SchemaIndex.h"

#include <optional>

using namespace llvm;

namespace gradgen {

namespace {
class NameResolver {
public:
  NameResolver(const NativeFunctionSet &Set, DiagnosticEngine &Diags)
      : Set(Set), Index(Set), Diags(Diags) {
    // 1.13 leaves view_copy functions out of the lookup; say so when a name
    // misses only because of that.
    if (!Set.getOptions().LookupIncludesViewCopies)
      WithCopies.emplace(Set, /*IncludeCopy=*/true);
  }

  /// Resolves one `name:` value; reports it if it names no schema.
  bool resolve(const YAMLNode &Name);

private:
  const NativeFunctionSet &Set;
  SchemaIndex Index;
  std::optional<SchemaIndex> WithCopies;
  DiagnosticEngine &Diags;
};
} // namespace

bool NameResolver::resolve(const YAMLNode &Name) {
  StringRef Schema = Name.scalar();
  if (Index.lookupSchema(Schema))
    return true;
  DiagnosticBuilder Diag = reportUnknownSchema(Name.located(), Index, Diags);
  if (WithCopies)
    if (const NativeFunction *Copy = WithCopies->lookupSchema(Schema))
      Diag.note(Copy->funcLoc(), "this is a view_copy function, which " +
                                     Set.getOptions().GeneratorName +
                                     " leaves out of the schema lookup");
  return false;
}

NameResolutionCounts resolveDerivativeNames(const YAMLSource &Derivatives,
                                            const NativeFunctionSet &Set,
                                            DiagnosticEngine &Diags) {
  NameResolutionCounts Counts;
  if (!Derivatives.root().isSequence()) {
    Diags.report(diag::derivatives_invalid_entry, Derivatives.root().loc(),
                 "expected a list of '- name:' entries");
    return Counts;
  }
  NameResolver Resolver(Set, Diags);
  for (const YAMLNode &Entry : Derivatives.root().items()) {
    const YAMLNode *Name = Entry.lookup("name");
    if (!Name || !Name->isScalar()) {
      Diags.report(diag::derivatives_invalid_entry, Entry.loc(),
                   "expected a '- name: SCHEMA' entry");
      continue;
    }
    ++Counts.Total;
    if (Resolver.resolve(*Name))
      ++Counts.Resolved;
  }
  return Counts;
}

} // namespace gradgen
