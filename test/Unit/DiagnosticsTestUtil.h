//===- DiagnosticsTestUtil.h - Shared set-up of the diagnostics tests -----===//

#ifndef GRADGEN_TEST_UNIT_DIAGNOSTICSTESTUTIL_H
#define GRADGEN_TEST_UNIT_DIAGNOSTICSTESTUTIL_H

#include "gradgen/Support/Diagnostics.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace gradgen::test {

/// Keeps what the engine hands to its consumer.
class CollectingConsumer : public DiagnosticConsumer {
public:
  explicit CollectingConsumer(std::vector<Diagnostic> &Seen) : Seen(Seen) {}
  void handle(const Diagnostic &Diag, const llvm::SourceMgr &) override {
    Seen.push_back(Diag);
  }

private:
  std::vector<Diagnostic> &Seen;
};

/// A SourceMgr with named buffers, an engine on it, and a string that the
/// consumer under test prints to.
class DiagnosticsFixture : public ::testing::Test {
protected:
  unsigned addBuffer(llvm::StringRef Name, llvm::StringRef Text) {
    return SM.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(Text, Name), llvm::SMLoc());
  }

  /// The location of the first occurrence of Needle in buffer ID.
  llvm::SMLoc locOf(unsigned ID, llvm::StringRef Needle) {
    llvm::StringRef Text = SM.getMemoryBuffer(ID)->getBuffer();
    size_t Offset = Text.find(Needle);
    EXPECT_NE(Offset, llvm::StringRef::npos) << Needle.str();
    return llvm::SMLoc::getFromPointer(Text.data() + Offset);
  }

  /// The range of the first occurrence of Needle in buffer ID.
  llvm::SMRange rangeOf(unsigned ID, llvm::StringRef Needle) {
    llvm::SMLoc Start = locOf(ID, Needle);
    return llvm::SMRange(
        Start, llvm::SMLoc::getFromPointer(Start.getPointer() + Needle.size()));
  }

  /// Flushes the engine and parses what its consumer printed.
  llvm::json::Value finishAndParse() {
    Diags.finish();
    OS.flush();
    llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Output);
    if (!Parsed) {
      ADD_FAILURE() << llvm::toString(Parsed.takeError()) << "\n" << Output;
      return nullptr;
    }
    return std::move(*Parsed);
  }

  llvm::SourceMgr SM;
  DiagnosticEngine Diags{SM};
  std::string Output;
  llvm::raw_string_ostream OS{Output};
};

/// One step of a path into a JSON value: an object key or an array index.
struct PathStep {
  PathStep(const char *Key) : Key(Key) {}
  PathStep(int Index) : Index(Index) {}
  const char *Key = nullptr;
  int Index = 0;
};
using JSONPath = std::initializer_list<PathStep>;

/// Value at a path of object keys and array indices, or null.
inline const llvm::json::Value *at(const llvm::json::Value &Root,
                                   JSONPath Path) {
  const llvm::json::Value *V = &Root;
  for (const PathStep &Step : Path) {
    if (!V)
      return nullptr;
    if (Step.Key) {
      const llvm::json::Object *O = V->getAsObject();
      V = O ? O->get(Step.Key) : nullptr;
    } else {
      const llvm::json::Array *A = V->getAsArray();
      V = A && static_cast<size_t>(Step.Index) < A->size() ? &(*A)[Step.Index]
                                                          : nullptr;
    }
  }
  return V;
}

inline std::optional<int64_t>
intAt(const llvm::json::Value &Root,
      JSONPath Path) {
  const llvm::json::Value *V = at(Root, Path);
  return V ? V->getAsInteger() : std::nullopt;
}

inline std::string
stringAt(const llvm::json::Value &Root,
         JSONPath Path) {
  const llvm::json::Value *V = at(Root, Path);
  std::optional<llvm::StringRef> S = V ? V->getAsString() : std::nullopt;
  return S ? S->str() : "<missing>";
}

inline size_t
sizeAt(const llvm::json::Value &Root,
       JSONPath Path) {
  const llvm::json::Value *V = at(Root, Path);
  const llvm::json::Array *A = V ? V->getAsArray() : nullptr;
  return A ? A->size() : 0;
}

} // namespace gradgen::test

#endif // GRADGEN_TEST_UNIT_DIAGNOSTICSTESTUTIL_H
