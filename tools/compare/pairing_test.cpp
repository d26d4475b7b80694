// Which files are compared with which, with and without a map.
#include "pairing.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace wfcompare {

namespace {

std::string describe(const Pairing& p) {
  std::string out;
  for (const auto& pair : p.pairs) {
    out += fmt::format("pair {}: {} ~ {}\n", pair.id, pair.generated, pair.corpus);
  }
  for (const auto& f : p.unpaired) {
    out += fmt::format("{} {}: {}\n", f.in_corpus ? "only-in-corpus" : "only-in-generated", f.file,
                       f.explanation.value_or("UNEXPLAINED"));
  }
  for (const auto& s : p.stale) out += fmt::format("stale {}: {}\n", s.where, s.message);
  return out;
}

std::string map_error(const std::string& yaml) {
  try {
    parse_map(yaml, "map.yml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("without a map, files of the same name are paired") {
  CHECK(describe(pair_workflows({"a.yml", "b.yml", "new.yml"}, {"a.yml", "b.yml", "old.yml"},
                                {})) == R"(pair a.yml: a.yml ~ a.yml
pair b.yml: b.yml ~ b.yml
only-in-corpus old.yml: UNEXPLAINED
only-in-generated new.yml: UNEXPLAINED
)");
}

TEST_CASE("a map pairs, declares new, replaced and dropped files; the rest pair by name") {
  auto map = parse_map(R"(
- generated: ci.yml
  corpus: ci_old.yml
- generated: release.yml
  corpus: new
  reason: no hand-written release of this kind
- corpus: build_a.yml
  replaced_by: [build.yml, package.yml]
- corpus: copy.yml
  dropped: true
- corpus: gone.yml
  generated: dropped
- generated: missing.yml
  corpus: same.yml
)",
                       "map.yml");
  CHECK(describe(pair_workflows(
            {"build.yml", "ci.yml", "extra.yml", "package.yml", "release.yml", "same.yml"},
            {"build_a.yml", "ci_old.yml", "copy.yml", "gone.yml", "lost.yml", "same.yml"}, map)) ==
        R"(pair ci.yml: ci.yml ~ ci_old.yml
only-in-corpus build_a.yml: replaced by build.yml, package.yml (map.yml:7:3)
only-in-corpus copy.yml: dropped (map.yml:9:3)
only-in-corpus gone.yml: dropped (map.yml:11:3)
only-in-corpus lost.yml: UNEXPLAINED
only-in-corpus same.yml: UNEXPLAINED
only-in-generated build.yml: replaces build_a.yml (map.yml:7:3)
only-in-generated extra.yml: UNEXPLAINED
only-in-generated package.yml: replaces build_a.yml (map.yml:7:3)
only-in-generated release.yml: new: no hand-written release of this kind (map.yml:4:3)
only-in-generated same.yml: UNEXPLAINED
stale map.yml:13:3: generated file missing.yml does not exist
)");
}

TEST_CASE("a generated file paired twice is named after both files") {
  auto map = parse_map(
      "- {generated: ci.yml, corpus: a.yml}\n- {generated: ci.yml, corpus: b.yml}\n", "map.yml");
  CHECK(describe(pair_workflows({"ci.yml"}, {"a.yml", "b.yml"}, map)) ==
        R"(pair ci.yml(a.yml): ci.yml ~ a.yml
pair ci.yml(b.yml): ci.yml ~ b.yml
)");
}

TEST_CASE("a malformed map is file:line:col: message") {
  CHECK(map_error("generated: a.yml\n") ==
        "map.yml:1:1: the map must be a sequence, not a mapping");
  CHECK(map_error("- {generated: a.yml}\n") ==
        "map.yml:1:3: an entry is one of {generated, corpus}, {generated, corpus: new}, "
        "{corpus, replaced_by: [...]} or {corpus, dropped: true}");
  CHECK(map_error("- {corpus: a.yml, dropped: yes}\n") == "map.yml:1:28: 'dropped' must be true");
  CHECK(map_error("- {corpus: a.yml, renamed: b.yml}\n") ==
        "map.yml:1:19: unknown key 'renamed' (expected generated, corpus, replaced_by, dropped, "
        "new, jobs or reason)");
  CHECK(map_error("- {corpus: a.yml, dropped: true, jobs: {a: b}}\n") ==
        "map.yml:1:40: 'jobs' renames jobs of a pair only");
  CHECK(map_error("- {generated: a.yml, corpus: a.yml, jobs: [a]}\n") ==
        "map.yml:1:43: 'jobs' (corpus job id: generated job id) must be a mapping, not a sequence");
  CHECK(map_error("- {generated: a.yml, corpus: a.yml, jobs: {a: [b]}}\n") ==
        "map.yml:1:47: a renamed job's generated id must be a name");
  CHECK(map_error("- {generated: a.yml, corpus: a.yml, jobs: {a: c, b: c}}\n") ==
        "map.yml:1:53: two corpus jobs are renamed to c");
  CHECK(map_error("- {generated: [a.yml], corpus: b.yml}\n") ==
        "map.yml:1:15: 'generated' must be a file name");
  CHECK(map_error("- {corpus: a.yml, replaced_by: []}\n") == "map.yml:1:32: replaced_by is empty");
  CHECK(map_error("- [a\n") == "map.yml:2:1: end of sequence flow not found");
  CHECK(parse_map("", "map.yml").empty());
}

TEST_CASE("only *.yml and *.yaml files directly in the directory are workflows") {
  test::TempDir dir;
  dir.write("b.yml", "");
  dir.write("a.yaml", "");
  dir.write("README.md", "");
  dir.write("sub/c.yml", "");
  CHECK(list_workflows(dir.path()) == std::vector<std::string>{"a.yaml", "b.yml"});
}

}  // namespace wfcompare
