// Conditions compare equal when GitHub reads them the same.
#include "expr_norm.h"

#include <doctest/doctest.h>

namespace wfcompare {

TEST_CASE("an outer ${{ }} and the spacing do not matter") {
  CHECK(normalize_condition("${{ a == 'b' }}") == "a == 'b'");
  CHECK(normalize_condition("a=='b'") == "a == 'b'");
  CHECK(normalize_condition("  ${{\n  !failure() &&\n  ( x || y )\n}}\n") ==
        "!failure() && (x || y)");
  CHECK(normalize_condition("contains( a ,'x' )") == "contains(a, 'x')");
  CHECK(normalize_condition("a<=1&&b>2||c!=3&&d<e") == "a <= 1 && b > 2 || c != 3 && d < e");
}

TEST_CASE("string literals are kept as written") {
  CHECK(normalize_condition("a == 'x  &&  y'") == "a == 'x  &&  y'");
  CHECK(normalize_condition("a == 'it''s  so'") == "a == 'it''s  so'");
}

TEST_CASE("text with two expressions is not one expression") {
  CHECK_FALSE(is_whole_expression("${{ a }}-${{ b }}"));
  CHECK(is_whole_expression(" ${{ fromJSON(x) }} "));
  CHECK(normalize_expression_value("${{fromJSON( needs.a.outputs.m )}}") ==
        "${{ fromJSON(needs.a.outputs.m) }}");
  CHECK(normalize_expression_value("pre-${{ a }}") == "pre-${{ a }}");
}

TEST_CASE("fromJSON is found whatever its case") {
  CHECK(uses_from_json("${{ fromJson(x) }}"));
  CHECK(uses_from_json("${{ FROMJSON (x) }}"));
  CHECK_FALSE(uses_from_json("${{ toJSON(x) }}"));
}

}  // namespace wfcompare
