#include "configure_ci.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "runtime/step_error.h"

namespace steps::configure_ci {
namespace {

Family family(std::string key, std::string trigger, std::string platform, std::string name, std::string runner,
              std::vector<std::string> variants) {
  Family f;
  f.key = key, f.trigger = trigger, f.platform = platform, f.family = name, f.runner = runner;
  f.build_variants = variants;
  return f;
}

std::vector<Family> fixture() {
  Family gfx94x = family("gfx94x", "presubmit", "linux", "gfx94X-dcgpu", "linux-mi325-1gpu-ossci-rocm", {"release", "asan"});
  gfx94x.pytorch_presubmit = true;
  Family gfx110x_w = family("gfx110x", "presubmit", "windows", "gfx110X-all", "windows-gfx110X-gpu-rocm", {"release"});
  gfx110x_w.bypass_tests = gfx110x_w.sanity_only = true;
  Family gfx950 = family("gfx950", "postsubmit", "linux", "gfx950-dcgpu", "linux-mi355-1gpu-ossci-rocm", {"release"});
  Family gfx101x = family("gfx101x", "nightly", "linux", "gfx101X-dgpu", "", {"release"});
  gfx101x.expect_failure = gfx101x.expect_pytorch_failure = true;
  Family gfx90x_w = family("gfx90x", "nightly", "windows", "gfx90X-dcgpu", "", {"release"});
  gfx90x_w.expect_pytorch_failure = true;
  return {gfx94x, gfx110x_w, gfx950, gfx101x, gfx90x_w};
}

// An event, its fields in Event's order.
Event ev(std::string name, std::string ref, std::vector<std::string> labels, std::string linux_families,
         std::string windows_families, std::string linux_tests, std::string windows_tests, std::string build_pytorch,
         std::string variant, std::vector<std::string> changed, std::vector<std::string> submodules) {
  Event e;
  e.event_name = name, e.ref_name = ref, e.pr_labels = labels;
  e.linux_families = linux_families, e.windows_families = windows_families;
  e.linux_test_labels = linux_tests, e.windows_test_labels = windows_tests;
  e.build_pytorch = build_pytorch, e.build_variant = variant;
  e.changed_paths = changed, e.submodule_paths = submodules;
  return e;
}

Result run(Event e) { return configure(e, fixture()); }
std::string output(const Result& r, const std::string& key) {
  for (const auto& [k, v] : r.outputs) {
    if (k == key) return v;
  }
  return "<none>";
}
using Rows = std::vector<ReportRow>;

TEST_CASE("push to main: presubmit and postsubmit rows in table order, exact JSON") {
  Result r = run(ev("push", "main", {}, "", "", "", "", "", "release", {"src/a.cpp"}, {}));
  CHECK(output(r, "linux_variants") ==
        "[{\"test-runs-on\": \"linux-mi325-1gpu-ossci-rocm\", \"family\": \"gfx94X-dcgpu\", \"build_pytorch\": true, "
        "\"build_variant_label\": \"release\", \"build_variant_suffix\": \"\", \"build_variant_cmake_preset\": \"\", "
        "\"artifact_group\": \"gfx94X-dcgpu\"}, {\"test-runs-on\": \"linux-mi355-1gpu-ossci-rocm\", \"family\": "
        "\"gfx950-dcgpu\", \"build_pytorch\": false, \"build_variant_label\": \"release\", \"build_variant_suffix\": \"\", "
        "\"build_variant_cmake_preset\": \"\", \"artifact_group\": \"gfx950-dcgpu\"}]");
  CHECK(output(r, "windows_variants") ==
        "[{\"test-runs-on\": \"windows-gfx110X-gpu-rocm\", \"family\": \"gfx110X-all\", \"bypass_tests_for_releases\": true, "
        "\"sanity_check_only_for_family\": true, \"build_pytorch\": false, \"build_variant_label\": \"release\", "
        "\"build_variant_suffix\": \"\", \"build_variant_cmake_preset\": \"windows-release\", \"artifact_group\": \"gfx110X-all\"}]");
  CHECK(output(r, "enable_build_jobs") == "true");
  CHECK(output(r, "test_type") == "smoke");
}

TEST_CASE("PyTorch narrowing per trigger (the seeds' table)") {
  CHECK(run(ev("pull_request", "1/merge", {}, "", "", "", "", "", "release", {}, {})).linux_rows ==
        Rows{{"gfx94X-dcgpu", false}});
  Result labelled = run(ev("pull_request", "1/merge", {"build:pytorch"}, "", "", "", "", "", "release", {}, {}));
  CHECK(labelled.linux_rows == Rows{{"gfx94X-dcgpu", true}});
  CHECK(labelled.windows_rows == Rows{{"gfx110X-all", false}});
  CHECK(run(ev("push", "main", {}, "", "", "", "", "", "release", {}, {})).linux_rows ==
        Rows{{"gfx94X-dcgpu", true}, {"gfx950-dcgpu", false}});
  Result nightly = run(ev("schedule", "main", {}, "", "", "", "", "", "release", {}, {}));
  CHECK(nightly.linux_rows == Rows{{"gfx94X-dcgpu", true}, {"gfx950-dcgpu", true}, {"gfx101X-dgpu", false, true}});
  CHECK(nightly.windows_rows == Rows{{"gfx110X-all", true}, {"gfx90X-dcgpu", false}});
  CHECK(output(nightly, "test_type") == "full");
  CHECK(output(nightly, "enable_build_jobs") == "true");
  CHECK(run(ev("workflow_dispatch", "main", {}, "gfx94X, gfx950", "", "", "", "false", "release", {}, {})).linux_rows ==
        Rows{{"gfx94X-dcgpu", false}, {"gfx950-dcgpu", false}});
  CHECK(run(ev("workflow_dispatch", "main", {}, "gfx950 ,|.gfx94x;gfx1201", "", "", "", "", "release", {}, {})).linux_rows ==
        Rows{{"gfx94X-dcgpu", true}, {"gfx950-dcgpu", true}});
}

TEST_CASE("pull request labels: families, tests, skip-ci skips everything") {
  Result r = run(ev("pull_request", "1/merge", {"gfx950-linux", "test:rocprim", "test:nope"}, "", "", "", "", "", "release", {"a.md"}, {}));
  CHECK(r.linux_rows == Rows{{"gfx94X-dcgpu", false}, {"gfx950-dcgpu", false}});
  CHECK(output(r, "linux_test_labels") == "[\"rocprim\"]");
  CHECK(output(r, "windows_test_labels") == "[\"rocprim\"]");
  CHECK(output(r, "test_type") == "full");
  CHECK(output(r, "enable_build_jobs") == "false");
  // Each decision is printed with its reason.
  CHECK(r.lines == std::vector<std::string>{"WARNING: unknown Linux test \"nope\" ignored",
                                            "WARNING: unknown Windows test \"nope\" ignored", "changed paths: a.md",
                                            "enable_build_jobs=false: only skippable paths and workflows CI does not run changed",
                                            "test_type=full: test labels given"});
  Result skip = run(ev("pull_request", "1/merge", {"gfx950-linux", "test:rocprim", "skip-ci"}, "", "", "", "", "", "release", {}, {}));
  CHECK(output(skip, "linux_variants") == "[]");
  CHECK(output(skip, "linux_test_labels") == "[]");
}

TEST_CASE("a name echoed in a warning is one line of the log: no workflow command in it") {
  // A line break in a label began a line of its own, which the runner
  // read as a command (::error::).
  Result r = run(ev("pull_request", "1/merge", {"test:a\n::error::x", "gfx9\n::error::y-linux"}, "", "", "", "", "",
                    "release", {"a.md"}, {}));
  CHECK(r.lines == std::vector<std::string>{"WARNING: unknown family label \"gfx9\\n::error::y\" ignored",
                                            "WARNING: unknown Linux test \"a\\n::error::x\" ignored",
                                            "WARNING: unknown Windows test \"a\\n::error::x\" ignored",
                                            "changed paths: a.md",
                                            "enable_build_jobs=false: only skippable paths and workflows CI does not run changed",
                                            "test_type=smoke: no submodule changed and no known test labels"});
  Result runner = run(ev("pull_request", "1/merge", {"test_runner\n::error::z"}, "", "", "", "", "", "release", {"a.md"}, {}));
  CHECK(runner.lines.at(0) == "WARNING: label \"test_runner\\n::error::z\" is not test_runner:<kernel>; ignored");
}

TEST_CASE("test labels: anywhere in a label, lowercased, as TheRock reads them") {
  Result r = run(ev("pull_request", "1/merge", {"test:ROCPRIM", "ci-test:hipcub", "gfx950-linux-test:rocfft", "test:nope"},
                    "", "", "", "", "", "release", {}, {}));
  CHECK(r.linux_rows == Rows{{"gfx94X-dcgpu", false}, {"gfx950-dcgpu", false}});
  CHECK(output(r, "linux_test_labels") == "[\"rocprim\", \"hipcub\", \"rocfft\"]");
  CHECK(std::count(r.lines.begin(), r.lines.end(), "WARNING: unknown Linux test \"nope\" ignored") == 1);
  Result dispatch = run(ev("workflow_dispatch", "main", {}, "", "gfx110x", "", "test:ROCPRIM, test:rocroller", "", "release", {}, {}));
  CHECK(output(dispatch, "windows_test_labels") == "[\"rocroller\", \"rocprim\"]");
}

TEST_CASE("JSON strings as Python's json.dumps writes them") {
  CHECK(python_json_string("r\xc3\xbcnner") == "\"r\\u00fcnner\"");
  CHECK(python_json_string("\xf0\x9f\x9a\x80") == "\"\\ud83d\\ude80\"");  // U+1F680
  CHECK(python_json_string("a\"b\\c\nd\te\x01\x7f") == "\"a\\\"b\\\\c\\nd\\te\\u0001\\u007f\"");
  // Not UTF-8: each byte as Python's surrogateescape reads it.
  CHECK(python_json_string("x\xff\xc3(") == "\"x\\udcff\\udcc3(\"");
  CHECK(python_json_string("\xe0\x80\x80") == "\"\\udce0\\udc80\\udc80\"");  // overlong
}

TEST_CASE("asan rows expect failure and never build PyTorch") {
  Result r = run(ev("push", "main", {}, "", "", "", "", "", "asan", {}, {}));
  CHECK(output(r, "linux_variants") ==
        "[{\"test-runs-on\": \"linux-mi325-1gpu-ossci-rocm\", \"family\": \"gfx94X-dcgpu\", \"expect_failure\": true, "
        "\"build_pytorch\": false, \"build_variant_label\": \"asan\", \"build_variant_suffix\": \"asan\", "
        "\"build_variant_cmake_preset\": \"linux-release-asan\", \"artifact_group\": \"gfx94X-dcgpu-asan\"}]");
  CHECK(output(r, "windows_variants") == "[]");
}

TEST_CASE("path filters (configure_ci_path_filters_test)") {
  CHECK(is_ci_run_required({"source_file.h"}));
  CHECK_FALSE(is_ci_run_required({"README.md", "build_tools/README.md"}));
  CHECK_FALSE(is_ci_run_required({"experimental/file.h"}));
  // CI builds PyTorch: TheRock's test that this stays quiet went with 5290809c4.
  CHECK(is_ci_run_required({"external-builds/pytorch/CMakeLists.txt"}));
  CHECK(is_ci_run_required({"external-builds/pytorch/build_prod_wheels.py"}));
  CHECK(is_ci_run_required({".github/workflows/ci.yml"}));
  CHECK(is_ci_run_required({".github/workflows/build_portable_linux_artifacts.yml"}));
  CHECK(is_ci_run_required({".github/workflows/build_artifact.yml"}));
  // The workflows CI calls to build and test PyTorch and the Python packages.
  for (auto w : {"build_portable_linux_pytorch_wheels_ci.yml", "build_windows_pytorch_wheels_ci.yml",
                 "test_rocm_wheels.yml", "test_pytorch_wheels.yml", "test_pytorch_wheels_windows.yml"})
    CHECK(is_ci_run_required({std::string(".github/workflows/") + w}));
  // The release workflows are no CI workflows.
  for (auto w : {"build_portable_linux_pytorch_wheels.yml", "release_windows_pytorch_wheels.yml"})
    CHECK_FALSE(is_ci_run_required({std::string(".github/workflows/") + w}));
  CHECK_FALSE(is_ci_run_required({".github/workflows/pre-commit.yml"}));
  CHECK_FALSE(is_ci_run_required({".github/workflows/test_jax_dockerfile.yml"}));
  CHECK(is_ci_run_required({"source_file.h", ".github/workflows/pre-commit.yml"}));
  CHECK_FALSE(is_ci_run_required({}));
  // The reason names the first path that needs the build jobs.
  CHECK(ci_run_reason({"README.md", ".github/workflows/ci_linux.yml", "x.cpp"}) ==
        ".github/workflows/ci_linux.yml changed, a workflow CI runs");
  CHECK(ci_run_reason({"docs/a.md", ".github/workflows/pre-commit.yml", "build_tools/x.py"}) ==
        "build_tools/x.py changed, which is not skippable");
  CHECK(ci_run_reason({"docs/a.md"}) == "");
  // fnmatch is case-sensitive: README.MD is no *.md.
  CHECK(is_ci_run_required({"README.MD"}));
  // .github/workflows is a folder: a path beside it is checked as any other
  // (TheRock's prefix test took .github/workflows-old/ for workflows).
  CHECK(is_ci_run_required({".github/workflows-old/build.sh"}));
}

TEST_CASE("long-lived branches and bad input") {
  for (auto b : {"main", "release/therock-7.9", "release/therock-", "release/therock-100"}) CHECK(is_long_lived_branch(b));
  for (auto b : {"users/test", "release/therock", "main-test", "newfeature", "release/main"}) CHECK_FALSE(is_long_lived_branch(b));
  CHECK_THROWS_WITH_AS(run(ev("issue_comment", "main", {}, "", "", "", "", "", "release", {}, {})),
                       "GITHUB_EVENT_NAME: unknown event \"issue_comment\"; expected one of push, pull_request, schedule, workflow_dispatch",
                       InputError);
  CHECK_THROWS_WITH_AS(run(ev("push", "", {}, "", "", "", "", "", "release", {}, {})), "GITHUB_REF_NAME is not set", InputError);
  // Only the empty name is none; blanks are a name, as in TheRock.
  CHECK_NOTHROW(run(ev("push", " ", {}, "", "", "", "", "", "release", {}, {})));
  CHECK_THROWS_WITH_AS(run(ev("workflow_dispatch", "main", {}, "gfx94x", "", "", "", "maybe", "release", {}, {})),
                       "INPUT_BUILD_PYTORCH must be true or false (or yes/no, 1/0, on/off), not \"maybe\"", InputError);
}

}  // namespace
}  // namespace steps::configure_ci
