#include "github_eval.h"

#include <doctest/doctest.h>

#include <cmath>

#include "parse.h"

namespace pipec {
namespace {

// Evaluates one expression written in .pipe syntax against `contexts`.
std::string eval_text(const std::string& expr, const nlohmann::json& contexts = nlohmann::json::object(),
                      const std::string& status = "success") {
  Diagnostics diags;
  File f = parse_file("t.pipe", "let x = " + expr + "\n", diags);
  REQUIRE(!diags.has_errors());
  EvalContext ctx;
  ctx.contexts = contexts;
  ctx.job_status = status;
  return github_eval(*f.stmts.at(0)->value, ctx).dump();
}

TEST_CASE("equality coerces like GitHub: numbers across types, strings ignoring case") {
  CHECK(eval_text("\"1\" == 1") == "true");
  CHECK(eval_text("\"abc\" == \"ABC\"") == "true");
  CHECK(eval_text("true == 1") == "true");
  CHECK(eval_text("null == 0") == "true");
  CHECK(eval_text("\"true\" == true") == "false");  // 'true' is NaN as a number
  CHECK(eval_text("\"\" == 0") == "true");
  CHECK(eval_text("\"x\" != \"X\"") == "false");
  // Text read as a number as ParseNumber reads it.
  CHECK(eval_text("\"0x1A\" == 26") == "true");
  CHECK(eval_text("\"0X1A\" == 26") == "false");  // only a lower-case x
  CHECK(eval_text("\"0o17\" == 15") == "true");
  CHECK(eval_text("\"0xFFFFFFFF\" == -1") == "true");   // 32 bits, signed
  CHECK(eval_text("\"0x100000000\" == 0") == "false");  // past 32 bits: NaN
  CHECK(eval_text("\" 1.5e1\\t\" == 15") == "true");
  // Trimmed as .NET's Trim: Unicode spaces too, not a byte order mark.
  CHECK(eval_text("\"\u00a012\u2003\" == 12") == "true");
  CHECK(eval_text("\"\u300012\u205f\" == 12") == "true");
  CHECK(eval_text("\"\ufeff1\" == 1") == "false");
  CHECK(eval_text("\"\u00a0\" == 0") == "true");
  CHECK(eval_text("\"-infinity\" < -1") == "true");
  CHECK(eval_text("\"inf\" > 1") == "false");
  CHECK(eval_text("\"1.\" == 1") == "true");
  CHECK(eval_text("\".\" == 0") == "false");
  // Ordered as OrdinalIgnoreCase orders: by the upper case, so '_' > 'B'.
  CHECK(eval_text("\"a_\" > \"aB\"") == "true");
  CHECK(eval_text("\"a_\" < \"ab\"") == "false");
}

TEST_CASE("text ignores case beyond ASCII, as .NET's OrdinalIgnoreCase with ICU") {
  CHECK(eval_text("\"\u00e9t\u00e9\" == \"\u00c9T\u00c9\"") == "true");  // été, ÉTÉ
  CHECK(eval_text("\"\u03c3\" == \"\u03a3\"") == "true");                // σ, Σ
  CHECK(eval_text("\"\u03c2\" == \"\u03a3\"") == "true");                // final ς, Σ
  CHECK(eval_text("\"\u00ff\" == \"\u0178\"") == "true");                // ÿ, Ÿ
  // The dotless i and the long s keep their case (they are not I and S);
  // ß has no one-letter upper case.
  CHECK(eval_text("\"\u0131\" == \"I\"") == "false");
  CHECK(eval_text("\"\u017f\" == \"s\"") == "false");
  CHECK(eval_text("\"\u00df\" == \"SS\"") == "false");
  // The Kelvin sign is upper case already, and k's upper case is K.
  CHECK(eval_text("\"k\" == \"\u212a\"") == "false");
  // Past U+FFFF, only the scripts .NET lists: Deseret is one, Vithkuqi not.
  CHECK(eval_text("\"\U00010428\" == \"\U00010400\"") == "true");
  CHECK(eval_text("\"\U00010597\" == \"\U00010570\"") == "false");
  CHECK(eval_text("contains(\"Stra\u00dfe \u00c4RGER\", \"\u00e4rger\")") == "true");
  CHECK(eval_text("startsWith(\"\u00c9cole\", \"\u00e9c\")") == "true");
  CHECK(eval_text("endsWith(\"CAF\u00c9\", \"f\u00e9\")") == "true");
  CHECK(eval_text("contains(fromJSON('[\"\u00c9\"]'), \"\u00e9\")") == "true");
  // Ordered by UTF-16 unit: U+FF61 after U+10000, a surrogate pair (D800).
  CHECK(eval_text("\"\uff61\" > \"\U00010000\"") == "true");
  CHECK(eval_text("\"\u00e9\" < \"\u00c9a\"") == "true");
  CHECK(eval_text("github[\"\u00c9T\u00c9\"]", {{"github", {{"\u00e9t\u00e9", 1}}}}) == "1");
}

TEST_CASE("&& and || return an operand, not a boolean") {
  CHECK(eval_text("\"ROCm\" == \"rocm\" && \"azure\" || \"ubuntu\"") == "\"azure\"");
  CHECK(eval_text("\"a\" == \"b\" && \"azure\" || \"ubuntu\"") == "\"ubuntu\"");
  CHECK(eval_text("\"\" || null") == "null");
}

TEST_CASE("contexts: names are case-insensitive, missing ones are null") {
  nlohmann::json c = {{"inputs", {{"Build_PyTorch", true}}}};
  CHECK(eval_text("inputs.build_pytorch", c) == "true");
  CHECK(eval_text("inputs.missing", c) == "null");
  CHECK(eval_text("needs.setup.outputs.x", c) == "null");
}

TEST_CASE("reads as the runner's Index: an array by number, a filter item by item") {
  nlohmann::json c = {
      {"github",
       {{"event",
         {{"pull_request",
           {{"labels", {{{"name", "build:pytorch"}}, {{"name", "gfx950-linux"}}}}}}}}}}};
  // An array is read only by number: .name of the list itself is null.
  CHECK(eval_text("github.event.pull_request.labels.name", c) == "null");
  CHECK(eval_text("contains(github.event.pull_request.labels.name, 'build:pytorch')", c) ==
        "false");
  CHECK(eval_text("github.event.pull_request.labels[1].name", c) == "\"gfx950-linux\"");
  CHECK(eval_text("github.event.pull_request.labels['1'].NAME", c) == "\"gfx950-linux\"");
  // .* makes a filtered array, which later reads apply to item by item:
  // [0] reads each item's item 0, not the filtered array's first.
  CHECK(eval_text("github.event.pull_request.labels.*.name", c) ==
        "[\"build:pytorch\",\"gfx950-linux\"]");
  CHECK(eval_text("github.event.pull_request.labels.*.name[0]", c) == "[]");
  CHECK(eval_text("fromJSON('[[1, 2], [3], {\"0\": 4}, 5]').*[0]") == "[1,3,4]");
  CHECK(eval_text("fromJSON('[[1, 2], {\"a\": 3}, 4]').*.*") == "[1,2,3]");
  CHECK(eval_text("fromJSON('{\"a\": {\"x\": 1}, \"b\": {\"x\": 2}}').*.x") == "[1,2]");
  // .* of anything else is an empty filtered array.
  CHECK(eval_text("github.event.missing.*") == "[]");
  CHECK(eval_text("'text'.*") == "[]");
}

TEST_CASE("fromJSON reads JSON nested at most 64 deep, as Json.NET's MaxDepth") {
  const std::string deep64 = std::string(64, '[') + std::string(64, ']');
  const std::string deep65 = std::string(65, '[') + std::string(65, ']');
  CHECK(!github_from_json(deep64).is_discarded());
  CHECK(github_from_json(deep65).is_discarded());
  // Brackets inside text do not count, and very deep text is refused
  // without being built.
  CHECK(!github_from_json("[\"" + std::string(100, '[') + "\\\"\"]").is_discarded());
  CHECK(github_from_json(std::string(100000, '[') + std::string(100000, ']')).is_discarded());
  CHECK(github_from_json("[1,").is_discarded());
}

TEST_CASE("objects and arrays are equal only to themselves") {
  nlohmann::json c = {{"github", {{"event", {{"labels", {{{"name", "a"}}}}}}}}};
  CHECK(eval_text("github.event.labels == github.event.labels", c) == "true");
  CHECK(eval_text("github.event.labels == github.event['LABELS']", c) == "true");
  CHECK(eval_text("github.event.labels[0] == (github.event || 1).labels[0]", c) == "true");
  CHECK(eval_text("fromJSON('[1]') == fromJSON('[1]')") == "false");
  CHECK(eval_text("fromJSON('{}') != fromJSON('{}')") == "true");
  CHECK(eval_text("github.event.labels.* == github.event.labels.*", c) ==
        "false");  // each a new array
  CHECK(eval_text("contains(github.event.labels, github.event.labels[0])", c) == "true");
  CHECK(eval_text("contains(github.event.labels, fromJSON('{\"name\": \"a\"}'))", c) == "false");
}

TEST_CASE("functions") {
  nlohmann::json c = {{"github", {{"event", {{"pull_request", {{"labels", {{{"name", "build:pytorch"}}, {{"name", "gfx950-linux"}}}}}}}}}}};
  CHECK(eval_text("contains(github.event.pull_request.labels.*.name, \"BUILD:pytorch\")", c) ==
        "true");
  CHECK(eval_text("contains(\"release/therock-7.11\", \"therock\")") == "true");
  CHECK(eval_text("startsWith(\"release/therock-7.11\", \"release/\")") == "true");
  CHECK(eval_text("endsWith(\"a.yml\", \".YML\")") == "true");
  // Text only between primitives: an array is not "Array" here.
  CHECK(eval_text("startsWith(fromJSON(\"[1]\"), \"Arr\")") == "false");
  CHECK(eval_text("contains(fromJSON(\"{}\"), \"Obj\")") == "false");
  CHECK(eval_text("contains(\"Array\", fromJSON(\"[]\"))") == "false");
  CHECK(eval_text("format(\"{0}-{1} {{x}}\", \"a\", 2)") == "\"a-2 {x}\"");
  CHECK(eval_text("format(\"{0}}\", \"a\")") == "null");  // the runner fails on a lone }
  CHECK(eval_text("fromJSON(\"[1, 2]\")") == "[1,2]");
  CHECK(eval_text("join(fromJSON(\"[\\\"a\\\", \\\"b\\\"]\"), \"+\")") == "\"a+b\"");
  CHECK(eval_text("join(fromJSON(\"[1, 2]\"), fromJSON(\"[]\"))") == "\"1,2\"");  // no primitive: ","
  CHECK(eval_text("join(fromJSON(\"{\\\"a\\\": 1}\"))") == "\"\"");
  CHECK(eval_text("success()", {}, "skipped") == "false");
  CHECK(eval_text("!failure() && !cancelled()", {}, "skipped") == "true");
  CHECK(eval_text("always()") == "true");
}

TEST_CASE("text of a value is the runner's: numbers as .NET's G15, arrays and objects by kind") {
  CHECK(github_number_text(3.10) == "3.1");
  CHECK(github_number_text(0.1 + 0.2) == "0.3");
  CHECK(github_number_text(123456789012345) == "123456789012345");
  CHECK(github_number_text(1e15) == "1E+15");
  CHECK(github_number_text(0.0001) == "0.0001");
  CHECK(github_number_text(0.00001) == "1E-05");
  CHECK(github_number_text(-2.5e-7) == "-2.5E-07");
  CHECK(github_number_text(-0.0) == "0");
  CHECK(github_number_text(std::nan("")) == "NaN");
  CHECK(github_number_text(-HUGE_VAL) == "-Infinity");
  CHECK(eval_text("format(\"{0} {1} {2}\", 2.5, fromJSON(\"[1]\"), fromJSON(\"{}\"))") == "\"2.5 Array Object\"");
  CHECK(eval_text("\"v${{ 1000000000000000 }}\"") == "\"v1E+15\"");
}

TEST_CASE("toJSON writes as the runner's ToJson: two spaces a level, numbers as in text") {
  nlohmann::json c = {
      {"matrix",
       {{"py", 3.0}, {"list", {1.5, "a\"b", nullptr, true}}, {"none", nlohmann::json::array()}}}};
  CHECK(github_to_json(c["matrix"]) ==
        "{\n  \"list\": [\n    1.5,\n    \"a\\\"b\",\n    null,\n    true\n  ],\n  \"none\": [],\n "
        " \"py\": 3\n}");
  CHECK(eval_text("toJSON(matrix.py)", c) == "\"3\"");
  CHECK(github_to_json(nlohmann::json("a\xff")) == "\"a\xef\xbf\xbd\"");  // not UTF-8: U+FFFD
}

TEST_CASE("x.* is GitHub's object filter: an object's values, an array's items, else none") {
  nlohmann::json c = {{"needs", {{"build", {{"result", "success"}}}, {"test", {{"result", "failure"}}}}},
                      {"github", {{"event", {{"pull_request", {{"labels", {{{"name", "a"}}, {{"name", "b"}}}}}}}}}}};
  CHECK(eval_text("needs.*.result", c) == "[\"success\",\"failure\"]");
  CHECK(eval_text("contains(needs.*.result, \"failure\")", c) == "true");
  CHECK(eval_text("github.event.pull_request.labels.*.name", c) == "[\"a\",\"b\"]");
  CHECK(eval_text("inputs.*", c) == "[]");
  CHECK(eval_text("needs.*.missing", c) == "[]");
}

TEST_CASE("strings with ${{ }} parts and the index operator") {
  nlohmann::json c = {{"matrix", {{"variant", {{"family", "gfx94X-dcgpu"}, {"test-runs-on", ""}}}}}};
  CHECK(eval_text("\"Linux::${{ matrix.variant.family }}\"", c) == "\"Linux::gfx94X-dcgpu\"");
  CHECK(eval_text("matrix.variant[\"family\"]", c) == "\"gfx94X-dcgpu\"");
  // An array's index is a number rounded down, text too; an object's, a
  // primitive's text.
  CHECK(eval_text("fromJSON(\"[10, 20]\")[\"1\"]") == "20");
  CHECK(eval_text("fromJSON(\"[10, 20]\")[1.5]") == "20");
  CHECK(eval_text("fromJSON(\"[10, 20]\")[-1]") == "null");
  CHECK(eval_text("fromJSON(\"{\\\"1\\\": 5, \\\"Array\\\": 6}\")[1]") == "5");
  CHECK(eval_text("fromJSON(\"{\\\"Array\\\": 6}\")[fromJSON(\"[]\")]") == "null");
  CHECK(eval_text("matrix.variant.test-runs-on != \"\"", c) == "false");
}

}  // namespace
}  // namespace pipec
