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
