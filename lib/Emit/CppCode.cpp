//===- CppCode.cpp - Short C++ statements, spelled as torchgen does -------===//

#include "gradgen/Emit/CppCode.h"

#include "llvm/ADT/STLExtras.h"

#include <initializer_list>

using namespace llvm;

namespace gradgen::cpp {

// The emitters build tens of thousands of these a run: each is sized first
// and written into one allocation, which a Twine's str() (a buffer, then a
// copy) does not do.

/// Before, then Args joined by ", ", then After.
static std::string concat(std::initializer_list<StringRef> Before,
                          ArrayRef<StringRef> Args = {},
                          StringRef After = "") {
  size_t Size = After.size();
  for (StringRef Part : Before)
    Size += Part.size();
  for (StringRef Arg : Args)
    Size += Arg.size() + 2;
  std::string Result;
  Result.reserve(Size);
  for (StringRef Part : Before)
    Result.append(Part.data(), Part.size());
  for (auto [I, Arg] : llvm::enumerate(Args)) {
    if (I)
      Result += ", ";
    Result.append(Arg.data(), Arg.size());
  }
  Result.append(After.data(), After.size());
  return Result;
}

std::string call(StringRef Callee, ArrayRef<StringRef> Args) {
  return concat({Callee, "("}, Args, ")");
}

std::string memberCall(StringRef Object, StringRef Method,
                       ArrayRef<StringRef> Args) {
  return concat({Object, ".", Method, "("}, Args, ")");
}

std::string subscript(StringRef Array, StringRef Index) {
  return concat({Array, "[", Index, "]"});
}

std::string braced(ArrayRef<StringRef> Elements) {
  return concat({"{ "}, Elements, " }");
}

std::string templateId(StringRef Template, ArrayRef<StringRef> Args) {
  return concat({Template, "<"}, Args, ">");
}

std::string conditional(StringRef Cond, StringRef Then, StringRef Else) {
  return concat({Cond, " ? (", Then, ") : ", Else});
}

std::string parameter(StringRef Type, StringRef Name) {
  return concat({Type, " ", Name});
}

std::string declaration(StringRef Type, StringRef Name, StringRef Init) {
  if (Init.empty())
    return concat({Type, " ", Name, ";"});
  return concat({Type, " ", Name, " = ", Init, ";"});
}

std::string assignment(StringRef Target, StringRef Value) {
  return concat({Target, " = ", Value, ";"});
}

std::string statement(StringRef Expr) { return concat({Expr, ";"}); }

} // namespace gradgen::cpp
