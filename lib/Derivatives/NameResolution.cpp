//===- NameResolution.cpp - derivatives.yaml names to schemas -------------===//

#include "gradgen/Derivatives/NameResolution.h"

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
  StringRef CppName =
      Schema.take_until([](char C) { return C == '.' || C == '('; });
  auto Diag = Diags.error("derivatives.unknown-schema", Name.loc(),
                          "could not find ATen function for schema '" +
                              Schema + "'");
  Diag.range(Name.range());
  if (WithCopies)
    if (const NativeFunction *Copy = WithCopies->lookupSchema(Schema)) {
      Diag.note(Copy->funcLoc(),
                "this is a view_copy function, which torchgen " +
                    Twine(Set.getOptions().Major) + "." +
                    Twine(Set.getOptions().Minor) +
                    " leaves out of the schema lookup");
      return false;
    }
  std::vector<const NativeFunction *> Candidates =
      Index.findByCppName(CppName);
  if (Candidates.empty())
    Candidates = Index.findSimilar(Schema);
  for (const NativeFunction *F : Candidates)
    Diag.note(F->funcLoc(),
              (F->isGenerated() ? "available (generated from this entry): "
                                : "available: ") +
                  F->func().str());
  return false;
}

NameResolutionCounts resolveDerivativeNames(const YAMLSource &Derivatives,
                                            const NativeFunctionSet &Set,
                                            DiagnosticEngine &Diags) {
  NameResolutionCounts Counts;
  if (!Derivatives.root().isSequence()) {
    Diags.error("derivatives.invalid-entry", Derivatives.root().loc(),
                "expected a list of '- name:' entries");
    return Counts;
  }
  NameResolver Resolver(Set, Diags);
  for (const YAMLNode &Entry : Derivatives.root().items()) {
    const YAMLNode *Name = Entry.lookup("name");
    if (!Name || !Name->isScalar()) {
      Diags.error("derivatives.invalid-entry", Entry.loc(),
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
