//===- FormulaTokensTest.cpp - The one lexer of formulas -------------------===//

#include "gradgen/Derivatives/FormulaTokens.h"

#include "clang/Basic/LangOptions.h"

#include "gtest/gtest.h"

using namespace gradgen;

namespace {

std::vector<clang::tok::TokenKind> kindsOf(llvm::StringRef Formula) {
  std::vector<clang::tok::TokenKind> Kinds;
  for (const FormulaToken &T : lexFormula(Formula))
    Kinds.push_back(T.Kind);
  return Kinds;
}

// The framing checks and the token users share formulaLangOptions(): a
// digraph is the token Clang compiles, and C++11's `<::` is not one.
TEST(FormulaTokensTest, DigraphsAreTheTokensClangSees) {
  EXPECT_TRUE(formulaLangOptions().Digraphs);
  EXPECT_EQ(kindsOf("grad<:0:>"),
            (std::vector<clang::tok::TokenKind>{
                clang::tok::raw_identifier, clang::tok::l_square,
                clang::tok::numeric_constant, clang::tok::r_square}));
  EXPECT_EQ(kindsOf("std::vector<::at::Tensor>").at(3), clang::tok::less);
}

} // namespace
