#include "external_workflows.h"

#include <doctest/doctest.h>

namespace pipec {

TEST_CASE("YamlPlaces: columns count characters, where yaml-cpp's marks count bytes") {
  const std::string text = "a: {\"é€\": 1, b: 2}\nc:\n  - \"→\"\n  - x\n";
  const YAML::Node doc = YAML::Load(text);
  const YamlPlaces places("w.yml", text);
  auto key = [&](const std::string& name) {
    for (const auto& kv : doc["a"])
      if (kv.first.Scalar() == name) return places.of(kv.first);
    return Pos{};
  };
  CHECK(key("é€") == Pos{"w.yml", 1, 5});
  CHECK(key("b") == Pos{"w.yml", 1, 14});  // byte 16
  CHECK(places.of(doc["c"][1]) == Pos{"w.yml", 4, 5});
  CHECK(places.at(text.find("x")) == Pos{"w.yml", 4, 5});
  CHECK(places.at(text.find("\"→\"") + 4) == Pos{"w.yml", 3, 7});  // past the arrow
  CHECK(places.of(YAML::Node()) == Pos{"w.yml", 0, 0});
}

TEST_CASE("YamlPlaces: yaml-cpp leaves a byte order mark out of its columns") {
  const std::string text = "\xEF\xBB\xBF" "a: {é: 1, b: 2}\n";
  const YAML::Node doc = YAML::Load(text);
  const YamlPlaces places("w.yml", text);
  CHECK(places.of(doc["a"]) == Pos{"w.yml", 1, 4});
  for (const auto& kv : doc["a"])
    if (kv.first.Scalar() == "b") CHECK(places.of(kv.first) == Pos{"w.yml", 1, 11});
}

}  // namespace pipec

namespace pipec {

TEST_CASE("YamlPlaces: a UTF-16 file keeps yaml-cpp's columns, which its bytes do not give") {
  // a: {"©©©©": 1, b: 2} in UTF-16LE: © is A9 00 there, and A9 would be
  // read as the middle of a UTF-8 character.
  std::string text = "\xFF\xFE";
  for (char c : std::string("a: {\"")) text += std::string{c, '\0'};
  for (int i = 0; i < 4; ++i) text += std::string{'\xA9', '\0'};
  for (char c : std::string("\": 1, b: 2}\n")) text += std::string{c, '\0'};
  const YAML::Node doc = YAML::Load(text);
  const YamlPlaces places("w.yml", text);
  int seen = 0;
  for (const auto& kv : doc["a"]) {
    if (kv.first.Scalar() != "b") continue;
    ++seen;
    CHECK(places.of(kv.first) == Pos{"w.yml", 1, kv.first.Mark().column + 1});
  }
  CHECK(seen == 1);
}

}  // namespace pipec
