//===- StructuredDiagnostics.h - Helpers of the JSON and SARIF output -----===//
//
// Internal to lib/Support: what the JSON and SARIF consumers share.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_SUPPORT_STRUCTUREDDIAGNOSTICS_H
#define GRADGEN_LIB_SUPPORT_STRUCTUREDDIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace gradgen {

/// S as a JSON string. Messages quote user input, which need not be UTF-8;
/// llvm::json asserts on invalid UTF-8, so it is repaired first.
inline std::string toJSONString(llvm::StringRef S) {
  return llvm::json::isUTF8(S) ? S.str() : llvm::json::fixUTF8(S);
}

} // namespace gradgen

#endif // GRADGEN_LIB_SUPPORT_STRUCTUREDDIAGNOSTICS_H
