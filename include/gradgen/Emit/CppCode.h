//===- CppCode.h - Short C++ statements, spelled as torchgen does -*- C++ -*-===//
//
// The one-line statements the emitters write between templates (a member, an
// unpack, a release), built from their parts rather than concatenated by
// hand, in the spirit of MLIR's tblgen::Class/Method and Clang Transformer's
// Stencil: `declaration("auto", "self", memberCall("self_", "unpack"))` is
// `auto self = self_.unpack();`. The spelling (spaces, `, ` between
// arguments) is torchgen's, which the generated files must match byte for
// byte. Anything longer than a line is a template of the profile.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_EMIT_CPPCODE_H
#define GRADGEN_EMIT_CPPCODE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace gradgen::cpp {

/// `Callee(A, B)`; Callee may carry template arguments (`unpack<T>`).
std::string call(llvm::StringRef Callee,
                 llvm::ArrayRef<llvm::StringRef> Args = {});

/// `Object.Method(A, B)`
std::string memberCall(llvm::StringRef Object, llvm::StringRef Method,
                       llvm::ArrayRef<llvm::StringRef> Args = {});

/// `Array[Index]`
std::string subscript(llvm::StringRef Array, llvm::StringRef Index);

/// `{ A, B }`, a braced initializer list.
std::string braced(llvm::ArrayRef<llvm::StringRef> Elements);

/// `Type<A, B>`
std::string templateId(llvm::StringRef Template,
                       llvm::ArrayRef<llvm::StringRef> Args);

/// `Cond ? (Then) : Else`
std::string conditional(llvm::StringRef Cond, llvm::StringRef Then,
                        llvm::StringRef Else);

/// `Type Name`, a parameter.
std::string parameter(llvm::StringRef Type, llvm::StringRef Name);

/// `Type Name;`, or `Type Name = Init;` when Init is not empty.
std::string declaration(llvm::StringRef Type, llvm::StringRef Name,
                        llvm::StringRef Init = "");

/// `Target = Value;`
std::string assignment(llvm::StringRef Target, llvm::StringRef Value);

/// `Expr;`
std::string statement(llvm::StringRef Expr);

} // namespace gradgen::cpp

#endif // GRADGEN_EMIT_CPPCODE_H
