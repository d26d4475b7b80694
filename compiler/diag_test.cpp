#include "diag.h"

#include <doctest/doctest.h>

namespace pipec {
namespace {

std::vector<std::string> messages(const Diagnostics& d,
                                  const std::map<std::string, std::string>& instances) {
  std::vector<std::string> out;
  for (const auto& x : d.sorted(instances)) out.push_back(x.message);
  return out;
}

const Pos kAt{"pipelines/ci.pipe", 3, 5};

TEST_CASE("reports that differ only in the instance they name are shown once") {
  Diagnostics d;
  const std::map<std::string, std::string> instances = {{"ci_os(platform = \"linux\")", "ci_os"},
                                                        {"ci_os(platform = \"windows\")", "ci_os"},
                                                        {"ci_linux.yml", "ci_os"},
                                                        {"ci_windows.yml", "ci_os"}};
  d.error(kAt, "call-input", "ci_os(platform = \"windows\") has no input \"x\"");
  d.error(kAt, "call-input", "ci_os(platform = \"linux\") has no input \"x\"");
  d.error(kAt, "artifact", "job a of ci_linux.yml uploads y");
  d.error(kAt, "artifact", "job a of ci_windows.yml uploads y");
  CHECK(messages(d, instances) ==
        std::vector<std::string>{"ci_os(platform = \"linux\") has no input \"x\" (the same in "
                                 "ci_os(platform = \"windows\"))",
                                 "job a of ci_linux.yml uploads y (the same in ci_windows.yml)"});
}

TEST_CASE("reports that say different things of instances stay apart") {
  Diagnostics d;
  const std::map<std::string, std::string> instances = {
      {"w(p = ci)", "w"}, {"w(p = release)", "w"}, {"w(p = nightly)", "w"}};
  d.error(kAt, "call-missing", "w(p = ci) needs input \"a\"");
  d.error(kAt, "call-missing", "w(p = release) needs input \"b\"");
  // Another place, or another check: not the same report.
  d.error(Pos{"pipelines/ci.pipe", 3, 6}, "call-missing", "w(p = nightly) needs input \"a\"");
  d.error(kAt, "other", "w(p = nightly) needs input \"a\"");
  // A message that names no instance is never merged.
  d.error(kAt, "plain", "one");
  d.error(kAt, "plain", "two");
  CHECK(messages(d, instances) ==
        std::vector<std::string>{
            "one", "two", "w(p = ci) needs input \"a\"", "w(p = nightly) needs input \"a\"",
            "w(p = release) needs input \"b\"", "w(p = nightly) needs input \"a\""});
}

TEST_CASE("an instance is named as a whole word, the longest first") {
  Diagnostics d;
  const std::map<std::string, std::string> instances = {
      {"ci.yml", "entry"}, {"release_ci.yml", "w"}, {"release.yml", "w"}};
  // release_ci.yml is not ci.yml with something before it.
  d.error(kAt, "x", "in release_ci.yml");
  d.error(kAt, "x", "in release.yml");
  d.error(kAt, "x", "in ci.yml");
  d.error(kAt, "x", "in a/ci.yml");  // a path ending in the name is not the name
  CHECK(messages(d, instances) ==
        std::vector<std::string>{"in a/ci.yml", "in ci.yml",
                                 "in release.yml (the same in release_ci.yml)"});
}

TEST_CASE("three instances: the others are listed in order") {
  Diagnostics d;
  std::map<std::string, std::string> instances;
  for (const char* k : {"a", "b", "c"}) instances.emplace(std::string("t(k = \"") + k + "\")", "t");
  for (const char* k : {"c", "a", "b"})
    d.error(kAt, "x", std::string("t(k = \"") + k + "\") fails");
  CHECK(messages(d, instances) ==
        std::vector<std::string>{"t(k = \"a\") fails (the same in t(k = \"b\") and t(k = \"c\"))"});
}

TEST_CASE("many instances: three by name, and how many more") {
  Diagnostics d;
  std::map<std::string, std::string> instances;
  for (int k = 0; k < 6; ++k) {
    instances.emplace("t(k = " + std::to_string(k) + ")", "t");
    d.error(kAt, "x", "t(k = " + std::to_string(k) + ") fails");
  }
  CHECK(messages(d, instances) ==
        std::vector<std::string>{
            "t(k = 0) fails (the same in t(k = 1), t(k = 2), t(k = 3) and 2 more)"});
}

TEST_CASE("a report in a template's step names the use it comes from") {
  Diagnostics d;
  const Pos use{"pipelines/ci.pipe", 20, 5};
  {
    Diagnostics::Context from(d, {use}, "ci_windows.yml");
    d.error(kAt, "x", "no input \"ref\"");
  }
  {
    Diagnostics::Context from(d, {use}, "ci_linux.yml");
    d.error(kAt, "x", "no input \"ref\"");
  }
  // Outside a context: no use to name.
  d.error(Pos{"pipelines/ci.pipe", 4, 1}, "x", "plain");
  CHECK(messages(d, {}) ==
        std::vector<std::string>{
            "no input \"ref\" (from the use at pipelines/ci.pipe:20:5 in ci_linux.yml and "
            "ci_windows.yml)",
            "plain"});
}

TEST_CASE("a report from several uses names their places, three by name") {
  Diagnostics d;
  for (int line : {30, 9, 20, 40, 9}) {
    // 20 reaches the template through another (at 50).
    std::vector<Pos> chain = {Pos{"pipelines/ci.pipe", line, 3}};
    if (line == 20) chain.push_back(Pos{"pipelines/common.pipe", 50, 3});
    Diagnostics::Context from(d, chain, "ci.yml");
    d.error(kAt, "x", "fails");
  }
  CHECK(messages(d, {}) ==
        std::vector<std::string>{
            "fails (from the uses at pipelines/ci.pipe:9:3, pipelines/ci.pipe:20:3 via "
            "pipelines/common.pipe:50:3, pipelines/ci.pipe:30:3 and 1 more)"});
}

TEST_CASE("in a Once, the same report made again names the other lines") {
  Diagnostics d;
  {
    Diagnostics::Once once(d);
    d.error(Pos{"pipelines/ci.pipe", 8, 3}, "x", "env.A is not set");
    d.error(Pos{"pipelines/ci.pipe", 9, 3}, "x", "env.A is not set");
    d.error(Pos{"pipelines/ci.pipe", 9, 20}, "x", "env.A is not set");  // the same line
    d.error(Pos{"pipelines/common.pipe", 4, 3}, "x", "env.A is not set");
    d.error(Pos{"pipelines/ci.pipe", 9, 3}, "x", "env.B is not set");   // other words
    d.error(Pos{"pipelines/ci.pipe", 10, 3}, "y", "env.A is not set");  // another check
  }
  d.error(Pos{"pipelines/ci.pipe", 11, 3}, "x", "env.A is not set");  // after it
  CHECK(messages(d, {}) ==
        std::vector<std::string>{"env.A is not set (also on lines 9 and pipelines/common.pipe:4)",
                                 "env.B is not set", "env.A is not set", "env.A is not set"});
}

TEST_CASE("a Once inside another folds its own reports, and the outer goes on after it") {
  Diagnostics d;
  Diagnostics::Once outer(d);
  d.error(Pos{"pipelines/ci.pipe", 1, 1}, "x", "same");
  {
    Diagnostics::Once inner(d);
    d.error(Pos{"pipelines/ci.pipe", 2, 1}, "x", "same");
    d.error(Pos{"pipelines/ci.pipe", 3, 1}, "x", "same");
  }
  d.error(Pos{"pipelines/ci.pipe", 4, 1}, "x", "same");
  CHECK(messages(d, {}) ==
        std::vector<std::string>{"same (also on line 4)", "same (also on line 3)"});
}

TEST_CASE("did you mean: a near name, the same name in another case, or one it leads") {
  const std::vector<std::string> matrix = {"python_version", "pytorch_git_ref", "OS"};
  CHECK(did_you_mean("python_versoin", matrix) == " (did you mean \"python_version\"?)");
  CHECK(did_you_mean("os", matrix) == " (did you mean \"OS\"?)");
  CHECK(did_you_mean("python", matrix) == " (did you mean \"python_version\"?)");
  // A first part two names share, or a word that is not a whole first part
  // of the name: no hint.
  CHECK(did_you_mean("torch", {"torch_version", "torch-audio"}) == "");
  CHECK(did_you_mean("pyt", {"python_version"}) == "");
  CHECK(did_you_mean("pytho", {"python_version"}) == "");
  CHECK(did_you_mean("zzz", matrix) == "");
}

TEST_CASE("did you mean: no spelling hint for a name over 64 characters, but the same name in another case") {
  const std::string long_name(64, 'a');
  CHECK(did_you_mean(long_name + "x", {long_name + "y"}) == "");
  CHECK(did_you_mean(long_name.substr(1) + "x", {long_name.substr(1) + "y"}) ==
        " (did you mean \"" + long_name.substr(1) + "y\"?)");
  CHECK(did_you_mean(long_name + "x", {long_name + "X"}) == " (did you mean \"" + long_name + "X\"?)");
}

TEST_CASE("did you mean: the work has a bound, which each compile starts again") {
  // 64 Mi cells of edit distance: 64-character names, 4225 cells a pair.
  const std::string name(63, 'a');
  const std::vector<std::string> many(20000, std::string(63, 'b'));
  reset_spelling_hints();
  CHECK(did_you_mean(name + "x", {name + "y"}) == " (did you mean \"" + name + "y\"?)");
  CHECK(did_you_mean(name + "x", many) == "");  // spends the bound
  CHECK(did_you_mean(name + "x", {name + "y"}) == "");
  reset_spelling_hints();
  CHECK(did_you_mean(name + "x", {name + "y"}) == " (did you mean \"" + name + "y\"?)");
}

TEST_CASE("a message over 4000 bytes keeps its start and end, cut between characters") {
  Diagnostics d;
  std::string key;
  for (int i = 0; i < 2000; ++i) key += "\u00E9x";  // 3 bytes a pair: é is 2
  const std::string message = "unexpected key \"" + key + "\" for job";  // 6025 bytes
  d.error(kAt, "unknown-key", message);
  // Byte 2000 is the second of an é: the start ends before that é. The end
  // is the last 1000 bytes, which start with an x.
  CHECK(d.items().front().message ==
        message.substr(0, 1999) + " ... (3026 bytes left out) ... " + message.substr(5025));
  d.error(kAt, "unknown-key", "short");
  CHECK(d.items().back().message == "short");
}

}  // namespace
}  // namespace pipec
