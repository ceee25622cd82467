//===- YAMLValue.h - YAML values as PyYAML reads them -----------*- C++ -*-===//
//
// A YAMLNode scalar is a string. PyTorch's generators read their YAML with
// PyYAML's SafeLoader, which types plain scalars by YAML 1.1 rules: `True`,
// `yes` and `off` are booleans, `12` an int, `~` null, and a quoted scalar is
// always a string. Checks like torchgen's `isinstance(x, bool)` need that
// typing. PyTorch's YamlLoader also rejects duplicate mapping keys, which the
// document model keeps.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_YAMLVALUE_H
#define GRADGEN_SUPPORT_YAMLVALUE_H

#include "gradgen/Support/Diagnostics.h"

#include "gradgen/Support/YAMLNode.h"

#include <optional>

namespace gradgen {

enum class YAMLValueKind { Null, Bool, Int, Float, String, Sequence, Map };

/// The Python type PyYAML's SafeLoader would give Node.
YAMLValueKind classifyYAMLValue(const YAMLNode &Node);

/// A name for diagnostics: "a boolean", "a list", ...
const char *describeYAMLValueKind(YAMLValueKind Kind);

/// The value of a node that PyYAML reads as a bool.
std::optional<bool> getYAMLBool(const YAMLNode &Node);

/// Reports every key of Map that repeats an earlier key (`yaml.duplicate-key`,
/// with a note at the first one). Returns false if there was one.
bool checkDuplicateKeys(const YAMLNode &Map, DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_SUPPORT_YAMLVALUE_H
