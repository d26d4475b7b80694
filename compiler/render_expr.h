// Runtime expressions -> GitHub Actions expression syntax.
#pragma once

#include <string>

#include "ast.h"

namespace pipec {

// The expression as GitHub writes it, without the ${{ }} around it.
std::string render_expr(const Expr& e);
// A condition too long for one line (over kConditionWidth characters with
// its ${{ }}), laid out as TheRock writes one: ${{ and }} on lines of their
// own, one operand of the && or || chain a line, and a chain in parentheses
// that is itself too long opened and closed on lines of its own. "" when
// the condition fits on one line or is no chain.
inline constexpr size_t kConditionWidth = 80;
std::string render_condition_lines(const Expr& e);
// A string literal in GitHub's syntax: single quotes, '' inside.
std::string github_string(const std::string& s);
// Where the expression as written starts (its leftmost operand), for
// messages about the whole of it.
Pos expr_start(const Expr& e);

}  // namespace pipec
