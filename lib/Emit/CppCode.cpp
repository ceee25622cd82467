//===- CppCode.cpp - Short C++ statements, spelled as torchgen does -------===//

#include "gradgen/Emit/CppCode.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gradgen::cpp {

static std::string joinArgs(ArrayRef<StringRef> Args) {
  return join(Args.begin(), Args.end(), ", ");
}

std::string call(StringRef Callee, ArrayRef<StringRef> Args) {
  return (Callee + "(" + joinArgs(Args) + ")").str();
}

std::string memberCall(StringRef Object, StringRef Method,
                       ArrayRef<StringRef> Args) {
  return (Object + "." + call(Method, Args)).str();
}

std::string subscript(StringRef Array, StringRef Index) {
  return (Array + "[" + Index + "]").str();
}

std::string braced(ArrayRef<StringRef> Elements) {
  return "{ " + joinArgs(Elements) + " }";
}

std::string templateId(StringRef Template, ArrayRef<StringRef> Args) {
  return (Template + "<" + joinArgs(Args) + ">").str();
}

std::string conditional(StringRef Cond, StringRef Then, StringRef Else) {
  return (Cond + " ? (" + Then + ") : " + Else).str();
}

std::string parameter(StringRef Type, StringRef Name) {
  return (Type + " " + Name).str();
}

std::string declaration(StringRef Type, StringRef Name, StringRef Init) {
  if (Init.empty())
    return (Type + " " + Name + ";").str();
  return (Type + " " + Name + " = " + Init + ";").str();
}

std::string assignment(StringRef Target, StringRef Value) {
  return (Target + " = " + Value + ";").str();
}

std::string statement(StringRef Expr) { return (Expr + ";").str(); }

} // namespace gradgen::cpp
