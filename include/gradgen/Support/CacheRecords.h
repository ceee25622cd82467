//===- CacheRecords.h - The record format of gradgen's cache files -*- C++ -*-===//
//
// gradgen's caches (the results of formulas, the files of the families that
// read only native_functions.yaml) are files of records: a number is 4
// little-endian bytes, a string its length and its bytes. A cache file is
// only a cache: one that does not parse is ignored, so every read is checked
// against the bytes left instead of trusting a length.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_SUPPORT_CACHERECORDS_H
#define GRADGEN_SUPPORT_CACHERECORDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace gradgen {

/// Identifies this build of gradgen (its version, and its executable's path,
/// size and time), for keys of results that its code determines.
std::string buildStamp();

class RecordWriter {
public:
  explicit RecordWriter(llvm::raw_ostream &OS) : W(OS, llvm::support::little) {}
  void number(uint32_t N) { W.write<uint32_t>(N); }
  void string(llvm::StringRef S) {
    number(S.size());
    W.OS << S;
  }

private:
  llvm::support::endian::Writer W;
};

/// Reads what RecordWriter wrote. A run reads some hundred thousand numbers
/// from its caches: each is a bounds check and a load.
class RecordReader {
public:
  explicit RecordReader(llvm::StringRef Data) : Rest(Data) {}
  bool number(uint32_t &N) {
    if (Rest.size() < sizeof(uint32_t))
      return false;
    N = llvm::support::endian::read32le(Rest.data());
    Rest = Rest.drop_front(sizeof(uint32_t));
    return true;
  }
  /// A string of the data, which must outlive it.
  bool string(llvm::StringRef &S) {
    uint32_t N;
    if (!number(N) || N > Rest.size())
      return false;
    S = Rest.take_front(N);
    Rest = Rest.drop_front(N);
    return true;
  }
  bool string(std::string &S) {
    llvm::StringRef Bytes;
    if (!string(Bytes))
      return false;
    S = Bytes.str();
    return true;
  }
  /// A count of records of at least MinBytes each, which the bytes left
  /// must be able to hold.
  bool count(uint32_t &N, uint32_t MinBytes) {
    return number(N) && N <= Rest.size() / MinBytes;
  }
  bool atEnd() const { return Rest.empty(); }

private:
  llvm::StringRef Rest;
};

} // namespace gradgen

#endif // GRADGEN_SUPPORT_CACHERECORDS_H
