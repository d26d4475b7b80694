#include "expr_chain.h"

#include <doctest/doctest.h>

#include "parse.h"
#include "render_expr.h"

namespace pipec {
namespace {

// The operands and_operands finds in one expression written in .pipe syntax.
std::vector<std::string> and_parts(const std::string& expr) {
  Diagnostics diags;
  File f = parse_file("t.pipe", "let x = " + expr + "\n", diags);
  REQUIRE(!diags.has_errors());
  std::vector<std::string> out;
  for (const Expr* e : and_operands(*f.stmts.at(0)->value)) out.push_back(render_expr(*e));
  return out;
}

TEST_CASE("and_operands: a run of && left to right, however it is grouped") {
  CHECK(and_parts("a && b && c") == std::vector<std::string>{"a", "b", "c"});
  CHECK(and_parts("a && (b && c)") == std::vector<std::string>{"a", "b", "c"});
  CHECK(and_parts("!a && (b || c)") == std::vector<std::string>{"!a", "b || c"});
  CHECK(and_parts("a || b") == std::vector<std::string>{"a || b"});
  CHECK(and_parts("x") == std::vector<std::string>{"x"});
}

}  // namespace
}  // namespace pipec
