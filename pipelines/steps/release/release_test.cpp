// The facts of ../shared/spec/therock-steps.md sections 2.4, 2.6, 2.7, 3.6
// and 3.7, against the family table pipelines/therock/families.pipe declares
// (compiled in by pipec as generated/steps/data/gpu_families.h).
#include "release/release.h"

#include <doctest/doctest.h>

#include "ci/families_table.h"
#include "runtime/step_error.h"

using namespace steps::release;
using steps::InputError;
using steps::configure_ci::families_from_table;

namespace {

std::string names(const std::vector<PackageTarget>& rows) {
  std::string s;
  for (const auto& r : rows) s += (s.empty() ? "" : " ") + r.amdgpu_family;
  return s;
}

}  // namespace

TEST_CASE("configure_target_run: the observed table") {
  auto t = families_from_table();
  auto run = [&](const char* target, const char* platform) {
    TargetRun r = configure_target_run(target, platform, t);
    return r.test_runs_on.value_or("-") + (r.bypass_tests ? " bypass" : "");
  };
  CHECK(run("gfx94X-dcgpu", "linux") == "linux-mi325-1gpu-ossci-rocm");
  CHECK(run("gfx94x", "linux") == "linux-mi325-1gpu-ossci-rocm");
  CHECK(run("gfx1151", "linux") == "linux-gfx1151-gpu-rocm bypass");
  CHECK(run("gfx1151", "windows") == "windows-gfx1151-gpu-rocm");
  CHECK(run("gfx110X-all", "linux") == "- bypass");
  CHECK(run("gfx110X-all", "windows") == "windows-gfx110X-gpu-rocm bypass");
  CHECK(run("gfx120X-all", "linux") == "linux-gfx120X-gpu-rocm bypass");
  CHECK(run("gfx120X-all", "windows") == "- bypass");
  CHECK(run("gfx950-dcgpu", "linux") == "linux-mi355-1gpu-ossci-rocm");
  // Nightly-only families never get a runner or a bypass.
  CHECK(run("gfx90X-dcgpu", "linux") == "-");
}

TEST_CASE("fetch_package_targets: the observed rows") {
  auto t = families_from_table();
  CHECK(names(fetch_package_targets("", "linux", false, t)) ==
        "gfx94X-dcgpu gfx110X-all gfx1151 gfx120X-all gfx950-dcgpu gfx90X-dcgpu gfx101X-dgpu gfx103X-dgpu gfx1150 "
        "gfx1152 gfx1153");
  CHECK(names(fetch_package_targets("", "linux", true, t)) == "gfx94X-dcgpu gfx950-dcgpu");
  CHECK(names(fetch_package_targets("", "windows", false, t)) ==
        "gfx110X-all gfx1151 gfx120X-all gfx90X-dcgpu gfx101X-dgpu gfx103X-dgpu gfx1150 gfx1152 gfx1153");
  CHECK(names(fetch_package_targets("", "windows", true, t)) == "gfx1151");
  CHECK(names(fetch_package_targets("gfx94X-dcgpu", "linux", false, t)) == "gfx94X-dcgpu");
  CHECK(names(fetch_package_targets("gfx94x", "linux", false, t)) == "gfx94X-dcgpu");
  CHECK(names(fetch_package_targets("gfx1201 gfx120x", "linux", false, t)) == "gfx120X-all");
  CHECK(names(fetch_package_targets("gfx94x ,; gfx110x", "linux", false, t)) == "gfx94X-dcgpu gfx110X-all");
  // Repeats are kept, as in TheRock.
  CHECK(names(fetch_package_targets("gfx94x,gfx94X", "linux", false, t)) == "gfx94X-dcgpu gfx94X-dcgpu");
  CHECK(names(fetch_package_targets("gfx94x", "macos", false, t)) == "");
  auto all = fetch_package_targets("gfx101x", "linux", false, t);
  CHECK(package_targets_json(all) ==
        "[{\"amdgpu_family\": \"gfx101X-dgpu\", \"test_machine\": \"\", \"expect_failure\": true, "
        "\"expect_pytorch_failure\": true}]");
}

TEST_CASE("fetch_package_targets: AMDGPU_FAMILIES of blanks or punctuation names no family") {
  // TheRock: `if amdgpu_families:` is true for " ", whose split is empty.
  auto t = families_from_table();
  CHECK(package_targets_json(fetch_package_targets(" ", "linux", false, t)) == "[]");
  CHECK(package_targets_json(fetch_package_targets(" \t,; ", "windows", false, t)) == "[]");
}

TEST_CASE("runner overrides") {
  auto t = steps::configure_ci::with_runner_overrides(families_from_table(),
                                                      R"({"gfx110x": {"linux": "linux-gfx110X-gpu-rocm"}, "nope": {}})");
  CHECK(configure_target_run("gfx110X-all", "linux", t).test_runs_on == "linux-gfx110X-gpu-rocm");
  CHECK_THROWS_WITH_AS(steps::configure_ci::with_runner_overrides(t, "[1]"),
                       "ROCM_THEROCK_TEST_RUNNERS is not {\"<key>\": {\"<platform>\": \"<label>\"}}: [1]", InputError);
}

TEST_CASE("promote_wheels_based_on_policy: the observed cases") {
  auto p = [](std::string build, std::string test, std::string runner, std::string bypass, std::string ref = "main") {
    Promotion r = promote_wheels_based_on_policy({build, test, runner, bypass, ref});
    return std::string(r.upload ? "true" : "false") + (r.annotation.empty() ? "" : " " + r.annotation);
  };
  CHECK(p("success", "success", "runner", "") == "true");
  CHECK(p("failure", "success", "runner", "") == "false ::warning::Build failed. Skipping upload.");
  CHECK(p("success", "skipped", "runner", "") ==
        "false ::warning::Runner present and tests were not successful (test_result: skipped). Skipping upload.");
  CHECK(p("success", "skipped", "", "") ==
        "false ::warning::No test runner and BYPASS_TESTS_FOR_RELEASES not set. Skipping upload.");
  CHECK(p("success", "skipped", "", "True") == "true");
  CHECK(p("Success", "", "", "true") == "true");
  CHECK(p("failure", "", "runner", "", "Release/TheRock-7.11") ==
        "true ::notice::On release branch: release/therock-7.11. Forcing upload independent of test results.");
  // Deliberate: "false" means false (TheRock promoted untested wheels).
  CHECK(p("success", "skipped", "", "false") ==
        "false ::warning::No test runner and BYPASS_TESTS_FOR_RELEASES not set. Skipping upload.");
  CHECK_THROWS_WITH_AS(promote_wheels_based_on_policy({"success", "", "", "maybe", "main"}),
                       "BYPASS_TESTS_FOR_RELEASES must be true or false (or yes/no, 1/0, on/off), not \"maybe\"",
                       InputError);
  // The bypass is read only by the rule that asks for it: the rules before
  // it decide whatever it holds.
  CHECK(p("success", "", "", "maybe", "release/therock-7.11") ==
        "true ::notice::On release branch: release/therock-7.11. Forcing upload independent of test results.");
  CHECK(p("failure", "", "", "maybe") == "false ::warning::Build failed. Skipping upload.");
  CHECK(p("success", "success", "runner", "maybe") == "true");
}
