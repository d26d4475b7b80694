#include "matrix_legs.h"

#include <doctest/doctest.h>

#include "github_eval.h"

namespace pipec {
namespace {

using json = nlohmann::json;

// The legs of a matrix written as JSON, one dump per leg, axes in `order`.
std::vector<std::string> legs_of(const std::string& matrix,
                                 const std::vector<std::string>& order = {}) {
  std::vector<json> legs;
  REQUIRE(matrix_legs(json::parse(matrix), legs, order));
  std::vector<std::string> out;
  for (const auto& l : legs) out.push_back(l.dump());
  return out;
}

using Legs = std::vector<std::string>;

// The four examples in the runner's MatrixBuilder.cs.
TEST_CASE("a product, the first axis written changing slowest") {
  CHECK(legs_of(R"({"os": ["linux", "windows"], "arch": ["x64", "x86"]})", {"arch", "os"}) ==
        Legs{R"({"arch":"x64","os":"linux"})", R"({"arch":"x64","os":"windows"})",
             R"({"arch":"x86","os":"linux"})", R"({"arch":"x86","os":"windows"})"});
  CHECK(legs_of(R"({"os": ["linux", "windows"], "arch": ["x64", "x86"]})", {"os", "arch"}) ==
        Legs{R"({"arch":"x64","os":"linux"})", R"({"arch":"x86","os":"linux"})",
             R"({"arch":"x64","os":"windows"})", R"({"arch":"x86","os":"windows"})"});
}

TEST_CASE("exclude drops the combinations it matches") {
  CHECK(legs_of(R"({"arch": ["x64", "x86"], "os": ["linux", "windows"],
                    "exclude": [{"arch": "x86", "os": "linux"}]})",
                {"arch", "os"}) == Legs{R"({"arch":"x64","os":"linux"})",
                                        R"({"arch":"x64","os":"windows"})",
                                        R"({"arch":"x86","os":"windows"})"});
}

TEST_CASE("include adds its other keys to the combinations it matches") {
  CHECK(legs_of(R"({"arch": ["x64", "x86"], "os": ["linux", "windows"],
                    "include": [{"arch": "x64", "os": "linux", "publish": true}]})",
                {"arch", "os"}) ==
        Legs{R"({"arch":"x64","os":"linux","publish":true})", R"({"arch":"x64","os":"windows"})",
             R"({"arch":"x86","os":"linux"})", R"({"arch":"x86","os":"windows"})"});
}

TEST_CASE("an include entry that matches no combination is a leg of its own") {
  CHECK(legs_of(R"({"arch": ["x64", "x86"], "os": ["linux", "windows"],
                    "include": [{"arch": "x64"}, {"os": "macos"}]})",
                {"arch", "os"}) == Legs{R"({"arch":"x64","os":"linux"})",
                                        R"({"arch":"x64","os":"windows"})",
                                        R"({"arch":"x86","os":"linux"})",
                                        R"({"arch":"x86","os":"windows"})", R"({"os":"macos"})"});
  // Nor one the exclude entries dropped.
  CHECK(legs_of(R"({"ref": ["main", "release/2.10"], "exclude": [{"ref": "release/2.10"}],
                    "include": [{"ref": "release/2.10", "tag": "rc"}]})") ==
        Legs{R"({"ref":"main"})", R"({"ref":"release/2.10","tag":"rc"})"});
  // Where each leg comes from: the entries that add to a leg of the axes,
  // or the entry that is a leg of its own.
  std::vector<json> legs;
  std::vector<LegSource> sources;
  const json matrix =
      json::parse(R"({"ref": ["main", "release/2.10"], "exclude": [{"ref": "release/2.10"}],
                      "include": [{"ref": "release/2.10"}, {"ref": "main", "x": 1}, {"y": 2}]})");
  REQUIRE(matrix_legs(matrix, legs, {}, &sources));
  REQUIRE(sources.size() == 2);
  CHECK(!sources[0].own);
  CHECK(sources[0].entries == std::vector<size_t>{1, 2});
  CHECK(sources[1].own);
  CHECK(sources[1].entries == std::vector<size_t>{0});
  // With no axes, every include entry is a leg.
  CHECK(legs_of(R"({"include": [{"os": "linux"}, {"os": "windows"}]})") ==
        Legs{R"({"os":"linux"})", R"({"os":"windows"})"});
}

TEST_CASE("entries compare as == does: case ignored, numbers coerced, leaf by leaf") {
  CHECK(legs_of(R"({"os": ["Linux", "windows"], "exclude": [{"os": "LINUX"}]})") ==
        Legs{R"({"os":"windows"})"});
  CHECK(legs_of(R"({"py": [3.1, 3.12], "include": [{"py": "3.10", "old": true}]})") ==
        Legs{R"({"old":true,"py":3.1})", R"({"py":3.12})"});
  CHECK(
      legs_of(
          R"({"v": [{"node": 12, "npm": 6}, {"node": 14, "npm": 6}], "exclude": [{"v": {"node": 14}}]})") ==
      Legs{R"({"v":{"node":12,"npm":6}})"});
}

TEST_CASE("a later include entry's value wins over an earlier's, never over an axis") {
  CHECK(legs_of(R"({"os": ["linux"], "include": [{"tag": "a"}, {"os": "linux", "tag": "b"}]})") ==
        Legs{R"({"os":"linux","tag":"b"})"});
}

// The example in GitHub's docs ("Expanding or adding matrix configurations"),
// with the result the docs list.
TEST_CASE("the docs' example: an entry with no axis key reaches every combination") {
  CHECK(legs_of(R"({"fruit": ["apple", "pear"], "animal": ["cat", "dog"],
                    "include": [{"color": "green"}, {"color": "pink", "animal": "cat"},
                                {"fruit": "apple", "shape": "circle"}, {"fruit": "banana"},
                                {"fruit": "banana", "animal": "cat"}]})",
                {"fruit", "animal"}) ==
        Legs{R"({"animal":"cat","color":"pink","fruit":"apple","shape":"circle"})",
             R"({"animal":"dog","color":"green","fruit":"apple","shape":"circle"})",
             R"({"animal":"cat","color":"pink","fruit":"pear"})",
             R"({"animal":"dog","color":"green","fruit":"pear"})", R"({"fruit":"banana"})",
             R"({"animal":"cat","fruit":"banana"})"});
}

TEST_CASE("a leg's layout: its keys in the runner's order, and what its name shows") {
  // A matrix from an expression has no written order: keys follow sorted.
  const json matrix = json::parse(R"({"py": ["3.11", ""], "os": ["linux"],
                                      "include": [{"py": "3.11", "tag": "t", "a": null},
                                                  {"py": "3.13", "extra": 1.5}]})");
  std::vector<json> legs;
  std::vector<LegSource> sources;
  REQUIRE(matrix_legs(matrix, legs, {}, &sources));
  REQUIRE(legs.size() == 3);
  auto layout = [&](size_t i) { return leg_layout(matrix, legs[i], sources[i], nullptr); };
  using Words = std::vector<std::string>;
  // A leg of the axes shows the axes only; empty text is left out.
  CHECK(layout(0).keys == Words{"os", "py", "a", "tag"});
  CHECK(layout(0).shown == Words{"linux", "3.11"});
  CHECK(layout(1).shown == Words{"linux"});
  // An include entry of its own: its axis keys, then the others.
  CHECK(layout(2).keys == Words{"py", "extra"});
  CHECK(layout(2).shown == Words{"3.13", "1.5"});
  CHECK(leg_name("build", nullptr, layout(2).shown) == "build (3.13, 1.5)");
  CHECK(leg_name("build", nullptr, {}) == "build");
}

TEST_CASE("a leg shows each primitive leaf of a list or an object among its values") {
  const json matrix =
      json::parse(R"({"cfg": [{"os": "linux", "ver": [22, 24], "on": true, "x": ""}],
                                      "py": ["3.12"]})");
  std::vector<json> legs;
  std::vector<LegSource> sources;
  REQUIRE(matrix_legs(matrix, legs, {"cfg", "py"}, &sources));
  REQUIRE(legs.size() == 1);
  // Without the matrix as written, an object's keys follow sorted.
  CHECK(leg_layout(matrix, legs[0], sources[0], nullptr).shown ==
        std::vector<std::string>{"true", "linux", "22", "24", "3.12"});
}

TEST_CASE("GitHub shows 100 UTF-16 units of a job's name, or 97 and ...") {
  const std::string a96(96, 'a');
  CHECK(job_name_shown(a96 + "bcde") == a96 + "bcde");
  CHECK(job_name_shown(a96 + "bcdef") == a96 + "b...");
  // A character of two units cut in half: its first unit, written U+FFFD.
  CHECK(job_name_shown(a96 + "\xF0\x9F\x98\x80" + "cdef") == a96 + "\xEF\xBF\xBD...");
  CHECK(job_name_shown(std::string(95, 'a') + "\xF0\x9F\x98\x80" + "cdef") ==
        std::string(95, 'a') + "\xF0\x9F\x98\x80...");
}

TEST_CASE("legs are unknown where a comparison reads a value known only at run time") {
  std::vector<json> legs;
  json unknown_axis = {{"os", json::array({"linux", json::binary({})})},
                       {"exclude", {{{"os", "linux"}}}}};
  CHECK(!matrix_legs(unknown_axis, legs, {}));
  // An unknown value that nothing compares is a value of its leg.
  json unknown_extra = {{"os", {"linux"}},
                        {"include", {{{"os", "linux"}, {"image", json::binary({})}}}}};
  REQUIRE(matrix_legs(unknown_extra, legs, {}));
  CHECK(legs.size() == 1);
  CHECK(is_unknown(legs[0]["image"]));
  // Not a matrix of lists, or past the limit.
  CHECK(!matrix_legs(json::parse(R"({"os": "linux"})"), legs, {}));
  CHECK(!matrix_legs(json::parse(R"({"a": [1, 2, 3, 4, 5, 6, 7, 8], "b": [1, 2, 3, 4, 5, 6, 7, 8],
                                     "c": [1, 2, 3, 4, 5, 6, 7, 8], "d": [1, 2, 3, 4, 5, 6, 7, 8, 9]})"),
                     legs, {}));
}

}  // namespace
}  // namespace pipec
