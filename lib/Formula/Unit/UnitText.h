//===- UnitText.h - What both formula units are written with ----*- C++ -*-===//
//
// Private to the Formula stage: the pieces of text and the bookkeeping that
// the first check's unit (FormulaUnit.cpp) and the second's
// (GeneratedUnit.cpp) share.
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_LIB_FORMULA_UNITTEXT_H
#define GRADGEN_LIB_FORMULA_UNITTEXT_H

#include "FormulaUnit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <string>
#include <vector>

namespace gradgen::formula {

/// The gradients as the node's apply() takes them, in both checks.
inline constexpr llvm::StringLiteral GradsType =
    "torch::autograd::variable_list &&";

/// Calls Each with the words of Text and the text before each: a word is a
/// run of identifier characters from a letter or `_` on, which includes
/// every whole-word mention of a name.
template <typename Fn> void forEachWord(llvm::StringRef Text, Fn Each) {
  // Plain loops: StringRef::find_if calls its predicate through a
  // function_ref, once per character of every unit's text.
  auto IsIdentChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  const char *Data = Text.data();
  size_t Size = Text.size();
  for (size_t Pos = 0;;) {
    while (Pos < Size && !llvm::isAlpha(Data[Pos]) && Data[Pos] != '_')
      ++Pos;
    if (Pos == Size)
      break;
    size_t End = Pos + 1;
    while (End < Size && IsIdentChar(Data[End]))
      ++End;
    Each(Text.slice(Pos, End), Text.take_front(Pos));
    Pos = End;
  }
}

/// wordsOf(Text) as sorted references into Text: a formula's few words
/// need no hash set.
class Words {
public:
  explicit Words(llvm::StringRef Text) {
    forEachWord(Text, [&](llvm::StringRef Word, llvm::StringRef) {
      List.push_back(Word);
    });
    llvm::sort(List);
    List.erase(std::unique(List.begin(), List.end()), List.end());
  }
  bool contains(llvm::StringRef Word) const {
    return std::binary_search(List.begin(), List.end(), Word);
  }

private:
  llvm::SmallVector<llvm::StringRef, 32> List;
};

/// Appends `Type Name` to a parameter list.
inline void appendParam(std::string &S, llvm::StringRef Type,
                        llvm::StringRef Name) {
  S += Type;
  S += Type.endswith("&") ? "" : " ";
  S += Name;
}

/// The types of a unit's parameters as aliases in the global namespace,
/// of the type in qualifiedSpelling: one qualified name for Clang to look up
/// per parameter. Each is asserted to be the type as the generated code
/// spells it: if not, the unit reports it, and is checked again as written.
class TypeAliases {
public:
  std::string spell(llvm::StringRef Type) {
    auto [It, New] = Index.try_emplace(Type);
    if (New) {
      std::string Name = "__gradgen_type_" + std::to_string(Index.size() - 1);
      Aliases += "using " + Name + " = " + qualifiedSpelling(Type) + ";\n";
      Assertions +=
          "static_assert(__is_same(" + Type.str() + ", ::" + Name + "));\n";
      It->second = "::" + Name;
    }
    return It->second;
  }
  /// Before the unit's namespace.
  void writeAliases(std::string &S) const { S += Aliases; }
  /// In it.
  void writeAssertions(std::string &S) const { S += Assertions; }

private:
  /// Each type's alias: `::` and its name.
  llvm::StringMap<std::string> Index;
  std::string Aliases, Assertions;
};

/// What the variables a unit leaves out would report if declared: declared
/// as parameters of one function by type and of another by name, each once
/// and only if no parameter the unit keeps declares it already.
class LeftOutVariables {
public:
  void leaveOut(llvm::StringRef Type, llvm::StringRef Name) {
    if (SeenTypes.insert(Type).second)
      Types.push_back(Type.str());
    if (SeenNames.insert(Name).second)
      Names.push_back(Name.str());
  }
  void keep(llvm::StringRef Type, llvm::StringRef Name) {
    KeptTypes.insert(Type);
    KeptNames.insert(Name);
  }
  void write(std::string &S) const {
    size_t Count = 0;
    for (const std::string &Type : Types) {
      if (KeptTypes.contains(Type))
        continue;
      S += Count ? ", " : "static void __gradgen_left_out_types(";
      appendParam(S, Type, "__gradgen_left_out_" + std::to_string(Count++));
    }
    S += Count ? ") {}\n" : "";
    Count = 0;
    for (const std::string &Name : Names) {
      if (KeptNames.contains(Name))
        continue;
      S += Count++ ? ", " : "static void __gradgen_left_out_names(";
      appendParam(S, "int", Name);
    }
    S += Count ? ") {}\n" : "";
  }

private:
  llvm::StringSet<> SeenTypes, SeenNames, KeptTypes, KeptNames;
  std::vector<std::string> Types, Names;
};

/// Whether Text, between the unit's `(` and `)`, stays an operand of the
/// statement around it whatever surrounds that statement: it has nothing
/// that could end the statement or its block (`;`, braces and their
/// digraphs) or hide them (comments, literals, directives, line splices),
/// and names nothing that tells the function it is in apart (`__func__`,
/// the `__builtin_` names, `source_location`). Macros could: the unit's
/// MacroExpansionGuard reports any that expands in such a text.
inline bool confinedText(llvm::StringRef Text) {
  // One pass: most formulas are short and have none of it.
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I], Next = I + 1 < Text.size() ? Text[I + 1] : 0;
    switch (C) {
    case ';': case '{': case '}': case '"': case '\'': case '#': case '\\':
      return false;
    case '/':
      if (Next == '/' || Next == '*')
        return false;
      break;
    case '<':
      if (Next == '%')
        return false;
      break;
    case '%':
      if (Next == '>' || Next == ':')
        return false;
      break;
    case '_':
      if (Next == '_')
        return false;
      break;
    default:
      break;
    }
  }
  return !Text.contains("source_location");
}

/// Consecutive functions that share one function, each body a block of it,
/// under the union of their parameters, each declared once: a head costs
/// Clang about as much as a short formula. A member's block sees the same
/// declaration under each name it writes as its own function would, as no
/// other member's parameter has the name of a word of its body unless it is
/// one of its own of the same type, and it writes no other name that its
/// own declares. What a block declares is its own, and its formulas stay in
/// their statements (confinedText); so the block reports what the function
/// would, but for a bracket nested one level deeper (which can only add a
/// diagnostic).
///
/// Member has Params (with Name, and Type or CppType), Words (contains) and
/// Groupable (whether it may share at all).
template <typename Member> class SharedFunction {
public:
  using ParamT =
      std::remove_reference_t<decltype(std::declval<Member>().Params[0])>;

  /// Adds F if it may join; the first always does.
  bool add(Member &F) {
    if (!Members.empty() && !mayJoin(F))
      return false;
    Members.push_back(&F);
    for (const auto &P : F.Params)
      if (ParamTypes.try_emplace(P.Name, typeOf(P)).second)
        Params.push_back(&P);
    return true;
  }
  llvm::ArrayRef<Member *> members() const { return Members; }
  /// The parameters, each from the first member that has it.
  llvm::ArrayRef<const ParamT *> params() const { return Params; }

private:
  /// A group of a few saves most of the cost of separate functions.
  static constexpr size_t MaxMembers = 16;
  static llvm::StringRef typeOf(const GeneratedVariable &P) {
    return P.CppType;
  }
  template <typename P> static llvm::StringRef typeOf(const P &Param) {
    return Param.Type;
  }

  bool mayJoin(const Member &F) const {
    if (Members.size() == MaxMembers || !F.Groupable ||
        !Members.front()->Groupable)
      return false;
    for (const auto &P : F.Params) {
      auto It = ParamTypes.find(P.Name);
      if (It == ParamTypes.end()
              ? llvm::any_of(
                    Members,
                    [&](const Member *M) { return M->Words.contains(P.Name); })
              : It->second != typeOf(P))
        return false;
    }
    for (const auto &Entry : ParamTypes)
      if (F.Words.contains(Entry.getKey()) &&
          llvm::none_of(F.Params, [&](const auto &P) {
            return P.Name == Entry.getKey();
          }))
        return false;
    return true;
  }

  llvm::SmallVector<Member *, MaxMembers> Members;
  std::vector<const ParamT *> Params;
  llvm::StringMap<llvm::StringRef> ParamTypes;
};

} // namespace gradgen::formula

#endif // GRADGEN_LIB_FORMULA_UNITTEXT_H
