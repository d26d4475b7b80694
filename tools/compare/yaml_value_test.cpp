// Scalars typed as GitHub reads them, and errors at yaml-cpp's mark.
#include "yaml_value.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

namespace wfcompare {

namespace {

std::string typed(const std::string& yaml) { return render(to_json(parse_yaml(yaml, "t.yml"))); }

std::string error_of(const std::string& yaml) {
  try {
    parse_yaml(yaml, "bad.yml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("plain scalars resolve by the core schema; quoted ones stay strings") {
  CHECK(typed("[3.10, \"3.10\", '3.10']") == R"([3.1,"3.10","3.10"])");
  CHECK(typed("[true, \"true\", True, FALSE, yes]") == R"([true,"true",true,false,"yes"])");
  CHECK(typed("[~, null, \"null\", ]") == R"([null,null,"null"])");
  CHECK(typed("[12, -3, +4, 0x1F, 0o17, 1e3, .5]") == R"([12,-3,4,31,15,1000.0,0.5])");
  CHECK(typed("a: |\n  12\n") == R"({"a":"12\n"})");
  CHECK(typed("[!!str 12, 1e999, .inf]") == R"(["12","1e999",".inf"])");
  CHECK(typed("{b: 1, a: [x, 'y']}") == R"({"a":["x","y"],"b":1})");
}

TEST_CASE("a syntax error is file:line:col: message") {
  CHECK(error_of("a: [1,\nb: 2\n") == "bad.yml:3:1: end of sequence flow not found");
  CHECK(error_of("a: 1\n\tb: 2\n") == "bad.yml:2:1: illegal tab when looking for indentation");
  CHECK(error_of("a: b: c\n") == "bad.yml:1:5: illegal map value");
  CHECK(error_of("a:\n  - 1\n  b: 2\n") == "bad.yml:3:3: end of map not found");
  CHECK(error_of("a: *unknown\n") == "bad.yml:1:4: the referenced anchor is not defined");
  CHECK(error_of(std::string(3000, '[')) == "bad.yml:1:1: nested deeper than yaml-cpp allows");
  CHECK(error_of("a: &x [*x]\n") ==
        "bad.yml:1:4: nested deeper than 256 levels (or a recursive alias)");
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'h'; ++c) {
    bomb += fmt::format("{0}: &{0} [*{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}]\n",
                        c, static_cast<char>(c - 1));
  }
  CHECK(error_of(bomb) == "bad.yml:1:17: more than 1000000 nodes once aliases are expanded");
}

TEST_CASE("an unreadable file is an input error without a position") {
  try {
    load_yaml_file("/nonexistent/x.yml", "x.yml");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "x.yml: cannot read the file");
  }
}

TEST_CASE("scalar_text keeps the text as written") {
  CHECK(scalar_text(parse_yaml("3.10", "t")) == "3.10");
  CHECK(scalar_text(parse_yaml("~", "t")).empty());
  CHECK(key_text(parse_yaml("{[a]: 1}", "t").begin()->first) == R"(["a"])");
}

}  // namespace wfcompare
