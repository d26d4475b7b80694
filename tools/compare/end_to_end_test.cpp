// compare_workflows from directories to report and exit code: the real
// TheRock corpus against itself and against an edited copy, and bad input.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "pairing.h"
#include "run.h"
#include "test_support.h"

namespace wfcompare {

namespace {

const std::string kCorpus = COMPARE_CORPUS_DIR;

bool corpus_present() { return std::filesystem::is_directory(kCorpus); }

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result run_with(Options options) {
  std::ostringstream out, err;
  int code = run(options, out, err);
  return {code, out.str(), err.str()};
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Replaces the first `from` in `text`; fails the test when there is none.
void edit(std::string& text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, "not in the corpus file: " << from);
  text.replace(at, from.size(), to);
}

// A generated/ and a corpus/ directory, each with ci_linux.yml and
// build_linux_jax_wheels.yml from the corpus; the generated jax one edited.
struct EditedCopy {
  test::TempDir dir;
  std::string generated = dir.sub("generated");
  std::string corpus = dir.sub("corpus");

  EditedCopy() {
    for (const char* name : {"ci_linux.yml", "build_linux_jax_wheels.yml"}) {
      std::string text = read(kCorpus + "/" + name);
      dir.write(std::string("corpus/") + name, text);
      if (std::string(name) == "build_linux_jax_wheels.yml") {
        edit(text, "needs: [build_jax_wheels, generate_target_to_run, test_jax_wheels]",
             "needs: [build_jax_wheels, test_jax_wheels]");
        edit(text, "if: ${{ !cancelled() }}", "if: always()");
        edit(text, "jax_ref: [rocm-jaxlib-v0.8.0-fixdevtar]", "jax_ref: [rocm-jaxlib-v0.9.0]");
        edit(text, "actions/setup-python@a309ff8b426b58ec0e2a45f0f869d46889d02405",
             "actions/setup-python@0123456789abcdef0123456789abcdef01234567");
      }
      dir.write(std::string("generated/") + name, text);
    }
  }
};

const std::string kEditedReport =
    R"~(== build_linux_jax_wheels.yml: 4 differences
build_linux_jax_wheels.yml needs job upload_jax_wheels needs: corpus=["build_jax_wheels","generate_target_to_run","test_jax_wheels"] generated=["build_jax_wheels","test_jax_wheels"]
  UNEXPLAINED
build_linux_jax_wheels.yml conditions job upload_jax_wheels if: corpus="!cancelled()" generated="always()"
  UNEXPLAINED
build_linux_jax_wheels.yml matrices job build_jax_wheels matrix.jax_ref: corpus=["rocm-jaxlib-v0.8.0-fixdevtar"] generated=["rocm-jaxlib-v0.9.0"]
  UNEXPLAINED
build_linux_jax_wheels.yml actions job build_jax_wheels action actions/setup-python ref: corpus="a309ff8b426b58ec0e2a45f0f869d46889d02405" generated="0123456789abcdef0123456789abcdef01234567"
  UNEXPLAINED

== ci_linux.yml: 0 differences

workflows: 2 compared, 4 differences, 0 explained, 4 unexplained, 0 stale reasons
)~";

const std::string kReasons = R"(
- workflow: build_linux_jax_wheels.yml
  kind: needs
  item: job upload_jax_wheels needs
  reason: the test job already needs generate_target_to_run
- workflow: build_linux_jax_wheels.yml
  kind: conditions
  item: job upload_jax_wheels if
  reason: uploads even when cancelled
- workflow: build_linux_jax_wheels.yml
  kind: matrices
  item: job build_jax_wheels matrix.jax_ref
  reason: moved to the 0.9.0 branch
)";

}  // namespace

TEST_CASE("the corpus compared with itself has no difference") {
  if (!corpus_present()) {
    MESSAGE("skipped: ../shared not present");
    return;
  }
  std::string expected;
  auto files = list_workflows(kCorpus);
  for (const auto& f : files) expected += "== " + f + ": 0 differences\n\n";
  expected += fmt::format(
      "workflows: {} compared, 0 differences, 0 explained, 0 unexplained, 0 stale reasons\n",
      files.size());
  Result r = run_with({kCorpus, kCorpus, std::nullopt, std::nullopt, Format::text});
  CHECK(r.err == "");
  CHECK(r.code == 0);
  CHECK(files.size() == 41);
  CHECK(r.out == expected);
}

TEST_CASE("an edited copy: needs, if, matrix value and action SHA are reported") {
  if (!corpus_present()) {
    MESSAGE("skipped: ../shared not present");
    return;
  }
  EditedCopy copy;
  Result r = run_with({copy.generated, copy.corpus, std::nullopt, std::nullopt, Format::text});
  CHECK(r.err == "");
  CHECK(r.code == 1);
  CHECK(r.out == kEditedReport);

  SUBCASE("reasons explain some; the rest stay unexplained; an unmatched reason is stale") {
    std::string reasons = copy.dir.write("reasons.yml", kReasons + R"(
- workflow: ci_linux.yml
  kind: jobs
  item: job build_portable_linux_artifacts
  reason: no longer differs
)");
    Result e = run_with({copy.generated, copy.corpus, std::nullopt, reasons, Format::text});
    CHECK(e.err == "");
    CHECK(e.code == 1);
    CHECK(e.out == fmt::format(R"~(== build_linux_jax_wheels.yml: 4 differences
build_linux_jax_wheels.yml needs job upload_jax_wheels needs: corpus=["build_jax_wheels","generate_target_to_run","test_jax_wheels"] generated=["build_jax_wheels","test_jax_wheels"]
  reason: the test job already needs generate_target_to_run
build_linux_jax_wheels.yml conditions job upload_jax_wheels if: corpus="!cancelled()" generated="always()"
  reason: uploads even when cancelled
build_linux_jax_wheels.yml matrices job build_jax_wheels matrix.jax_ref: corpus=["rocm-jaxlib-v0.8.0-fixdevtar"] generated=["rocm-jaxlib-v0.9.0"]
  reason: moved to the 0.9.0 branch
build_linux_jax_wheels.yml actions job build_jax_wheels action actions/setup-python ref: corpus="a309ff8b426b58ec0e2a45f0f869d46889d02405" generated="0123456789abcdef0123456789abcdef01234567"
  UNEXPLAINED

== ci_linux.yml: 0 differences

== stale
STALE REASON {}:15:3: ci_linux.yml jobs job build_portable_linux_artifacts: no longer differs

workflows: 2 compared, 4 differences, 3 explained, 1 unexplained, 1 stale reasons
)~",
                               reasons));
  }

  SUBCASE("every difference explained and no stale reason: exit 0") {
    std::string reasons = copy.dir.write("reasons.yml", kReasons + R"(
- workflow: build_linux_jax_wheels.yml
  kind: actions
  item: job build_jax_wheels action actions/setup-python ref
  reason: setup-python v6.3.0
)");
    Result e = run_with({copy.generated, copy.corpus, std::nullopt, reasons, Format::text});
    CHECK(e.err == "");
    CHECK(e.code == 0);
    CHECK(e.out.ends_with(
        "\nworkflows: 2 compared, 4 differences, 4 explained, 0 unexplained, 0 stale reasons\n"));
  }

  SUBCASE("with a map: a renamed generated file and a new one") {
    std::filesystem::rename(copy.generated + "/ci_linux.yml", copy.generated + "/linux.yml");
    copy.dir.write("generated/release.yml", "on: push\njobs: {}\n");
    std::string map = copy.dir.write("map.yml", R"(
- generated: linux.yml
  corpus: ci_linux.yml
- generated: release.yml
  corpus: new
)");
    Result e = run_with({copy.generated, copy.corpus, map, std::nullopt, Format::text});
    CHECK(e.err == "");
    CHECK(e.code == 1);
    CHECK(e.out.find("== linux.yml (generated linux.yml, corpus ci_linux.yml): 0 differences\n") !=
          std::string::npos);
    CHECK(e.out.ends_with(fmt::format(R"~(
== unpaired files
only-in-generated release.yml
  reason: new ({}:4:3)

workflows: 2 compared, 5 differences, 1 explained, 4 unexplained, 0 stale reasons
)~",
                                      map)));
  }

  SUBCASE("json") {
    Result e = run_with({copy.generated, copy.corpus, std::nullopt, std::nullopt, Format::json});
    CHECK(e.code == 1);
    auto report = nlohmann::json::parse(e.out);
    CHECK(report["summary"].dump() ==
          R"({"compared":2,"differences":4,"explained":0,"stale":0,"unexplained":4})");
    CHECK(report["workflows"][0]["differences"][3].dump() ==
          R"({"corpus":"a309ff8b426b58ec0e2a45f0f869d46889d02405","explained":false,)"
          R"("generated":"0123456789abcdef0123456789abcdef01234567",)"
          R"("item":"job build_jax_wheels action actions/setup-python ref","kind":"actions"})");
  }
}

TEST_CASE("files only on one side are unexplained without a map") {
  test::TempDir dir;
  std::string generated = dir.sub("generated");
  std::string corpus = dir.sub("corpus");
  dir.write("generated/a.yml", "on: push\njobs: {}\n");
  dir.write("corpus/a.yml", "on: [push]\njobs: {}\n");
  dir.write("corpus/old.yml", "on: push\njobs: {}\n");
  Result r = run_with({generated, corpus, std::nullopt, std::nullopt, Format::text});
  CHECK(r.code == 1);
  CHECK(r.out == R"(== a.yml: 0 differences

== unpaired files
only-in-corpus old.yml
  UNEXPLAINED

workflows: 1 compared, 1 differences, 0 explained, 1 unexplained, 0 stale reasons
)");
}

TEST_CASE("a map's jobs: renamed jobs are compared field by field, and stale when absent") {
  test::TempDir dir;
  std::string generated = dir.sub("generated");
  std::string corpus = dir.sub("corpus");
  dir.write("corpus/ci.yml", R"(on: push
jobs:
  build_linux: {runs-on: a, name: Build}
  test_linux:
    needs: [build_linux]
    if: ${{ needs.build_linux.outputs.ok == 'true' }}
    runs-on: a
    name: Test Linux
  x_build_linux: {runs-on: a}
)");
  dir.write("generated/ci.yml", R"(on: push
jobs:
  build: {runs-on: a, name: Build}
  test:
    needs: build
    if: ${{ needs.build.outputs.ok == 'true' }}
    runs-on: b
    name: Test
  x_build_linux: {runs-on: a}
)");
  // Compares ci.yml with these renames (a flow mapping); the map is map.yml.
  const std::string map = dir.path() + "/map.yml";
  auto renamed = [&](const std::string& jobs) {
    dir.write("map.yml", "- generated: ci.yml\n  corpus: ci.yml\n  jobs: " + jobs + "\n");
    return run_with({generated, corpus, map, std::nullopt, Format::text});
  };
  SUBCASE("renamed jobs differ only where their fields do") {
    Result r = renamed("{build_linux: build, test_linux: test}");
    CHECK(r.code == 1);
    CHECK(r.out == R"(== ci.yml: 2 differences
ci.yml jobs job test name: corpus="Test Linux" generated="Test"
  UNEXPLAINED
ci.yml jobs job test runs-on: corpus=["a"] generated=["b"]
  UNEXPLAINED

workflows: 1 compared, 2 differences, 0 explained, 2 unexplained, 0 stale reasons
)");
  }
  SUBCASE("renames do not chain: two ids can swap") {
    dir.write("corpus/swap.yml", R"(on: push
jobs:
  a: {runs-on: x, name: A}
  b: {needs: a, runs-on: x, if: "${{ needs.a.result == 'success' && needs.b_a.result }}"}
)");
    dir.write("generated/swap.yml", R"(on: push
jobs:
  b: {runs-on: x, name: A}
  a: {needs: b, runs-on: x, if: "${{ needs.b.result == 'success' && needs.b_a.result }}"}
)");
    dir.write("map.yml", R"(- {generated: swap.yml, corpus: swap.yml, jobs: {a: b, b: a}}
- {generated: ci.yml, corpus: ci.yml, jobs: {build_linux: build, test_linux: test}}
)");
    Result r = run_with({generated, corpus, map, std::nullopt, Format::text});
    CHECK(r.out.starts_with("== ci.yml: 2 differences\n"));
    CHECK(r.out.find("== swap.yml: 0 differences\n") != std::string::npos);
  }
  SUBCASE("a rename naming a job that is not there is a stale map entry") {
    Result r = renamed("{build_linux: build, test_linux: test, package: pack, x_build_linux: x}");
    CHECK(r.code == 1);
    CHECK(r.out.ends_with(R"(== stale
STALE MAP ENTRY )" + map + R"(:3:9: corpus file ci.yml has no job package
STALE MAP ENTRY )" + map + R"(:3:9: generated file ci.yml has no job pack
STALE MAP ENTRY )" + map + R"(:3:9: generated file ci.yml has no job x

workflows: 1 compared, 12 differences, 0 explained, 12 unexplained, 3 stale reasons
)"));
  }
  SUBCASE("a rename onto a job that keeps its id is a stale map entry") {
    Result r = renamed("{build_linux: build, test_linux: x_build_linux}");
    CHECK(r.code == 1);
    CHECK(r.out.find("STALE MAP ENTRY " + map +
                     ":3:9: corpus file ci.yml has a job x_build_linux already; rename it too\n") !=
          std::string::npos);
  }
}

TEST_CASE("bad input: exit 2 with file:line:col: message, nothing on stdout") {
  test::TempDir dir;
  std::string generated = dir.sub("generated");
  std::string corpus = dir.sub("corpus");
  dir.write("corpus/a.yml", "on: push\njobs: {}\n");

  SUBCASE("a missing directory") {
    Result r = run_with({dir.path() + "/nope", corpus, std::nullopt, std::nullopt, Format::text});
    CHECK(r.code == 2);
    CHECK(r.out == "");
    CHECK(r.err == dir.path() + "/nope: not a directory (--generated)\n");
  }
  SUBCASE("malformed YAML in a workflow") {
    std::string bad = dir.write("generated/a.yml", "on: push\njobs:\n  a: [1,\n");
    Result r = run_with({generated, corpus, std::nullopt, std::nullopt, Format::text});
    CHECK(r.code == 2);
    CHECK(r.out == "");
    CHECK(r.err == bad + ":4:1: end of sequence flow not found\n");
  }
  SUBCASE("a workflow of the wrong shape") {
    std::string bad = dir.write("generated/a.yml", "on: push\njobs:\n  a:\n    steps: {}\n");
    Result r = run_with({generated, corpus, std::nullopt, std::nullopt, Format::text});
    CHECK(r.code == 2);
    CHECK(r.err == bad + ":4:12: steps of job a must be a sequence, not a mapping\n");
  }
  SUBCASE("a malformed reasons file and an unreadable map") {
    dir.write("generated/a.yml", "on: push\njobs: {}\n");
    std::string reasons = dir.write("reasons.yml", "- {workflow: a.yml, kind: needs}\n");
    Result r = run_with({generated, corpus, dir.path() + "/map.yml", reasons, Format::text});
    CHECK(r.code == 2);
    CHECK(r.out == "");
    CHECK(r.err == dir.path() + "/map.yml: cannot read the file\n" + reasons +
                       ":1:3: a reason needs 'item'\n");
  }
}

}  // namespace wfcompare
