// Runtime expressions -> GitHub Actions expression syntax.
#pragma once

#include <string>

#include "ast.h"

namespace pipec {

// The expression as GitHub writes it, without the ${{ }} around it.
std::string render_expr(const Expr& e);
// A string literal in GitHub's syntax: single quotes, '' inside.
std::string github_string(const std::string& s);
// Where the expression as written starts (its leftmost operand), for
// messages about the whole of it.
Pos expr_start(const Expr& e);

}  // namespace pipec
