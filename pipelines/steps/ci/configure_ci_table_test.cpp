// The end-to-end configure scenarios the spec observed (section 1.6), run
// against the family table pipelines/therock/families.pipe declares, which
// pipec compiles into generated/steps/data/gpu_families.h.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "ci/configure_ci.h"
#include "ci/families_table.h"

namespace steps::configure_ci {
namespace {

Result run(Event e) { return configure(e, families_from_table()); }

std::string families(const std::vector<ReportRow>& rows) {
  std::string s;
  for (const auto& row : rows) s += (s.empty() ? "" : " ") + row.family;
  return s;
}

std::string output(const Result& r, const std::string& key) {
  for (const auto& [k, v] : r.outputs) {
    if (k == key) return v;
  }
  return "<none>";
}

Event event(std::string name, std::string ref, std::vector<std::string> labels = {},
            std::vector<std::string> changed = {"build_tools/x.py"}) {
  Event e;
  e.event_name = name;
  e.ref_name = ref;
  e.pr_labels = labels;
  e.changed_paths = changed;
  return e;
}

// Whether some row of a *_variants output (JSON) is expected to fail.
bool any_expect_failure(const std::string& variants) {
  for (const auto& row : nlohmann::json::parse(variants)) {
    if (row.value("expect_failure", false)) return true;
  }
  return false;
}

const std::string kPresubmitLinux = "gfx94X-dcgpu gfx110X-all gfx1151 gfx120X-all";
const std::string kPresubmitWindows = "gfx110X-all gfx1151 gfx120X-all";
const std::string kAllLinux =
    "gfx94X-dcgpu gfx110X-all gfx1151 gfx120X-all gfx950-dcgpu gfx90X-dcgpu gfx101X-dgpu gfx103X-dgpu gfx1150 gfx1152 gfx1153";
const std::string kAllWindows = "gfx110X-all gfx1151 gfx120X-all gfx90X-dcgpu gfx101X-dgpu gfx103X-dgpu gfx1150 gfx1152 gfx1153";

}  // namespace

TEST_CASE("push to main with a source change, and with only docs") {
  Result r = run(event("push", "main"));
  CHECK(families(r.linux_rows) == kPresubmitLinux + " gfx950-dcgpu");
  CHECK(families(r.windows_rows) == kPresubmitWindows);
  CHECK(output(r, "linux_test_labels") == "[]");
  CHECK(output(r, "enable_build_jobs") == "true");
  CHECK(output(r, "test_type") == "smoke");
  CHECK(output(run(event("push", "main", {}, {"docs/a.md"})), "enable_build_jobs") == "false");
}

TEST_CASE("push to main, BUILD_VARIANT=asan") {
  Event e = event("push", "main");
  e.build_variant = "asan";
  Result r = run(e);
  CHECK(families(r.linux_rows) == "gfx94X-dcgpu gfx950-dcgpu");
  CHECK(output(r, "linux_variants").find("\"artifact_group\": \"gfx94X-dcgpu-asan\"") != std::string::npos);
  CHECK(output(r, "linux_variants").find("\"artifact_group\": \"gfx950-dcgpu-asan\"") != std::string::npos);
  CHECK(families(r.windows_rows) == "");
}

TEST_CASE("push to another branch: presubmit only") {
  Result r = run(event("push", "multi_arch/bringup"));
  CHECK(families(r.linux_rows) == kPresubmitLinux);
  CHECK(families(r.windows_rows) == kPresubmitWindows);
}

TEST_CASE("pull request labels") {
  Result r = run(event("pull_request", "1/merge", {"gfx950-linux", "test:rocprim", "test_runner:oem", "gfx1030-linux"}));
  CHECK(families(r.linux_rows) == kPresubmitLinux + " gfx950-dcgpu");
  CHECK(families(r.windows_rows) == kPresubmitWindows);
  CHECK(output(r, "linux_test_labels") == "[\"rocprim\"]");
  CHECK(output(r, "windows_test_labels") == "[\"rocprim\"]");
  CHECK(output(r, "test_type") == "full");
  Result all = run(event("pull_request", "1/merge", {"run-all-archs-ci"}));
  CHECK(families(all.linux_rows) == kAllLinux);
  CHECK(families(all.windows_rows) == kAllWindows);
  CHECK(output(all, "test_type") == "smoke");
  // Deliberate: skip-ci skips the tests too (TheRock kept labels written
  // before it: rocprim on both, test_type full).
  Result skip = run(event("pull_request", "1/merge", {"test:rocprim", "skip-ci", "gfx950-linux"}));
  CHECK(families(skip.linux_rows) == "");
  CHECK(families(skip.windows_rows) == "");
  CHECK(output(skip, "linux_test_labels") == "[]");
  CHECK(output(skip, "enable_build_jobs") == "true");
  CHECK(output(skip, "test_type") == "smoke");
}

TEST_CASE("rows carry the family's multi-GPU, kernel and benchmark runners (section 1.4)") {
  Result r = run(event("push", "main"));
  std::string linux_rows = output(r, "linux_variants");
  CHECK(linux_rows.rfind(
            "[{\"test-runs-on\": \"linux-mi325-1gpu-ossci-rocm\", \"test-runs-on-multi-gpu\": "
            "\"linux-mi325-8gpu-ossci-rocm\", \"benchmark-runs-on\": \"linux-mi325-8gpu-ossci-rocm\", \"family\": "
            "\"gfx94X-dcgpu\", \"build_pytorch\": true, \"build_variant_label\": \"release\", "
            "\"build_variant_suffix\": \"\", \"build_variant_cmake_preset\": \"\", \"artifact_group\": \"gfx94X-dcgpu\"}, ",
            0) == 0);
  CHECK(linux_rows.find("{\"test-runs-on\": \"linux-gfx1151-gpu-rocm\", \"test-runs-on-kernel\": {\"oem\": "
                        "\"linux-strix-halo-gpu-rocm-oem\"}, \"family\": \"gfx1151\", ") != std::string::npos);
  CHECK(output(r, "windows_variants").find("{\"test-runs-on\": \"windows-gfx1151-gpu-rocm\", \"benchmark-runs-on\": "
                                           "\"windows-gfx1151-gpu-rocm\", \"family\": \"gfx1151\", ") != std::string::npos);
}

// (family, test-runs-on) of each row: what a kernel label leaves.
std::string runners(const std::string& rows_json) {
  std::string out;
  for (const auto& row : nlohmann::json::parse(rows_json))
    out += (out.empty() ? "" : " ") + row["family"].get<std::string>() + "=" + row["test-runs-on"].get<std::string>();
  return out;
}

TEST_CASE("test_runner:oem keeps only the oem kernel's runners, from a PR label or ADDITIONAL_LABEL_OPTIONS") {
  Result r = run(event("pull_request", "1/merge", {"gfx950-linux", "test:rocprim", "test_runner:oem", "gfx1030-linux"}));
  CHECK(runners(output(r, "linux_variants")) ==
        "gfx94X-dcgpu= gfx110X-all= gfx1151=linux-strix-halo-gpu-rocm-oem gfx120X-all= gfx950-dcgpu=");
  CHECK(runners(output(r, "windows_variants")) == "gfx110X-all= gfx1151= gfx120X-all=");
  // The multi-GPU runner goes with the others; benchmarks are left alone.
  auto gfx94x = nlohmann::json::parse(output(r, "linux_variants"))[0];
  CHECK(gfx94x["test-runs-on-multi-gpu"] == "");
  CHECK(gfx94x["benchmark-runs-on"] == "linux-mi325-8gpu-ossci-rocm");
  Event dispatch = event("workflow_dispatch", "main");
  dispatch.linux_families = "gfx1151, gfx94x";
  dispatch.additional_label_options = " , test_runner:oem,";
  CHECK(runners(output(run(dispatch), "linux_variants")) == "gfx94X-dcgpu= gfx1151=linux-strix-halo-gpu-rocm-oem");
  // A kernel no family has empties every runner; a label with two colons is ignored.
  dispatch.additional_label_options = "test_runner:nope";
  Result nope = run(dispatch);
  CHECK(runners(output(nope, "linux_variants")) == "gfx94X-dcgpu= gfx1151=");
  CHECK(nope.lines == std::vector<std::string>{"test runners for kernel \"nope\" only",
                                             "changed paths: build_tools/x.py",
                                             "enable_build_jobs=true: build_tools/x.py changed, which is not skippable",
                                             "test_type=smoke: no submodule changed and no known test labels"});
  // `test_runner:` has one colon: it names the empty kernel, as in TheRock.
  dispatch.additional_label_options = "test_runner:";
  Result empty = run(dispatch);
  CHECK(runners(output(empty, "linux_variants")) == "gfx94X-dcgpu= gfx1151=");
  CHECK(empty.lines == std::vector<std::string>{"test runners for kernel \"\" only",
                                             "changed paths: build_tools/x.py",
                                             "enable_build_jobs=true: build_tools/x.py changed, which is not skippable",
                                             "test_type=smoke: no submodule changed and no known test labels"});
  dispatch.additional_label_options = "test_runner:a:b, test_runner:oem";
  Result bad = run(dispatch);
  CHECK(runners(output(bad, "linux_variants")) == "gfx94X-dcgpu=linux-mi325-1gpu-ossci-rocm gfx1151=linux-gfx1151-gpu-rocm");
  CHECK(bad.lines == std::vector<std::string>{"WARNING: label \"test_runner:a:b\" is not test_runner:<kernel>; ignored",
                                             "changed paths: build_tools/x.py",
                                             "enable_build_jobs=true: build_tools/x.py changed, which is not skippable",
                                             "test_type=smoke: no submodule changed and no known test labels"});
}

TEST_CASE("test_runner:<kernel>: a family with the kernel's runner keeps its multi-GPU runner") {
  // No family of the table has both, so give gfx94X one for oem. TheRock
  // (configure_ci.py) empties test-runs-on-multi-gpu only for a family
  // without the kernel.
  auto table = families_from_table();
  for (auto& f : table) {
    if (f.key == "gfx94x" && f.platform == "linux") f.kernel_runners = {{"oem", "linux-mi325-1gpu-oem"}};
  }
  Event e = event("workflow_dispatch", "main");
  e.linux_families = "gfx94x";
  e.additional_label_options = "test_runner:oem";
  CHECK(output(configure(e, table), "linux_variants") ==
        "[{\"test-runs-on\": \"linux-mi325-1gpu-oem\", \"test-runs-on-multi-gpu\": \"linux-mi325-8gpu-ossci-rocm\", "
        "\"test-runs-on-kernel\": {\"oem\": \"linux-mi325-1gpu-oem\"}, \"benchmark-runs-on\": "
        "\"linux-mi325-8gpu-ossci-rocm\", \"family\": \"gfx94X-dcgpu\", \"build_pytorch\": true, "
        "\"build_variant_label\": \"release\", \"build_variant_suffix\": \"\", \"build_variant_cmake_preset\": \"\", "
        "\"artifact_group\": \"gfx94X-dcgpu\"}]");
  e.additional_label_options = "test_runner:nope";
  CHECK(output(configure(e, table), "linux_variants").rfind(
            "[{\"test-runs-on\": \"\", \"test-runs-on-multi-gpu\": \"\", ", 0) == 0);
}

TEST_CASE("multi-arch mode: one row per build variant with every family in it (section 1.5)") {
  Event e = event("workflow_dispatch", "main");
  e.multi_arch = true;
  e.linux_families = "gfx94X, gfx110X";
  Result r = run(e);
  CHECK(output(r, "linux_variants") ==
        "[{\"matrix_per_family_json\": \"[{\\\"amdgpu_family\\\": \\\"gfx94X-dcgpu\\\", \\\"test-runs-on\\\": "
        "\\\"linux-mi325-1gpu-ossci-rocm\\\", \\\"sanity_check_only_for_family\\\": false}, {\\\"amdgpu_family\\\": "
        "\\\"gfx110X-all\\\", \\\"test-runs-on\\\": \\\"\\\", \\\"sanity_check_only_for_family\\\": true}]\", "
        "\"dist_amdgpu_families\": \"gfx94X-dcgpu;gfx110X-all\", \"artifact_group\": \"multi-arch-release\", "
        "\"build_variant_label\": \"release\", \"build_variant_suffix\": \"\", \"build_variant_cmake_preset\": \"\", "
        "\"expect_failure\": false, \"build_pytorch\": true}]");
  CHECK(output(r, "windows_variants") == "[]");
  e.linux_families = "gfx94X";
  auto one = nlohmann::json::parse(output(run(e), "linux_variants"));
  CHECK(one.size() == 1);
  CHECK(nlohmann::json::parse(one[0]["matrix_per_family_json"].get<std::string>()).size() == 1);
  e.linux_families = "";
  CHECK(output(run(e), "linux_variants") == "[]");
  // A push to main: the five presubmit and postsubmit Linux families, the
  // three Windows ones; kernel labels are not applied.
  Event push = event("push", "main");
  push.multi_arch = true;
  push.additional_label_options = "test_runner:oem";
  Result p = run(push);
  auto linux_row = nlohmann::json::parse(output(p, "linux_variants"));
  CHECK(linux_row.size() == 1);
  CHECK(linux_row[0]["dist_amdgpu_families"] == "gfx94X-dcgpu;gfx110X-all;gfx1151;gfx120X-all;gfx950-dcgpu");
  CHECK(nlohmann::json::parse(linux_row[0]["matrix_per_family_json"].get<std::string>())[2]["test-runs-on"] ==
        "linux-gfx1151-gpu-rocm");
  auto windows_row = nlohmann::json::parse(output(p, "windows_variants"));
  CHECK(windows_row[0]["dist_amdgpu_families"] == "gfx110X-all;gfx1151;gfx120X-all");
  CHECK(windows_row[0]["build_variant_cmake_preset"] == "windows-release");
  // Variant flags only: asan expects failure and builds no PyTorch; a
  // schedule's release row includes gfx101X and still builds it.
  push.build_variant = "asan";
  auto asan = nlohmann::json::parse(output(run(push), "linux_variants"))[0];
  CHECK(asan["artifact_group"] == "multi-arch-asan");
  CHECK(asan["expect_failure"] == true);
  CHECK(asan["build_pytorch"] == false);
  Event nightly = event("schedule", "main", {}, {});
  nightly.multi_arch = true;
  auto release = nlohmann::json::parse(output(run(nightly), "linux_variants"))[0];
  CHECK(release["dist_amdgpu_families"].get<std::string>().find("gfx101X-dgpu") != std::string::npos);
  CHECK(release["expect_failure"] == false);
  CHECK(release["build_pytorch"] == true);
}

TEST_CASE("nightly schedule: every family, full tests, PyTorch where not expected to fail") {
  Result r = run(event("schedule", "main", {}, {}));
  CHECK(families(r.linux_rows) == kAllLinux);
  CHECK(families(r.windows_rows) == kAllWindows);
  CHECK(output(r, "enable_build_jobs") == "true");
  CHECK(output(r, "test_type") == "full");
  std::string no_torch, failing;
  for (const auto& row : r.linux_rows) no_torch += row.build_pytorch ? "" : row.family + " ";
  for (const auto& row : r.windows_rows) no_torch += row.build_pytorch ? "" : "windows:" + row.family + " ";
  for (const auto& row : r.linux_rows) failing += row.expect_failure ? row.family + " " : "";
  for (const auto& row : r.windows_rows) failing += row.expect_failure ? "windows:" + row.family + " " : "";
  CHECK(no_torch == "gfx101X-dgpu windows:gfx90X-dcgpu windows:gfx101X-dgpu ");
  CHECK(failing == "gfx101X-dgpu ");
}

TEST_CASE("workflow_dispatch with families and test labels as free text") {
  Event e = event("workflow_dispatch", "main");
  e.linux_families = ",gfx94X ,|.gfx1151;gfx1201";
  e.windows_families = "gfx110x";
  e.linux_test_labels = "test:rocprim, test:hipcub,foo";
  Result r = run(e);
  CHECK(families(r.linux_rows) == "gfx94X-dcgpu gfx1151");
  CHECK(families(r.windows_rows) == "gfx110X-all");
  // Deliberate: the test table's order (TheRock's was a set's, random).
  CHECK(output(r, "linux_test_labels") == "[\"rocprim\", \"hipcub\"]");
  CHECK(output(r, "windows_test_labels") == "[]");
  CHECK(output(r, "test_type") == "full");
}

// TheRock's configure_ci_test.py cases (spec section 3.3) that the cases
// above do not already hold, with the table's exact rows where TheRock's
// test asked for "at least" some.
TEST_CASE("configure_ci_test.py: dispatch families, and platform labels on a pull request") {
  Event e = event("workflow_dispatch", "main");
  e.linux_families = "   gfx94X , gfx103X";
  Result r = run(e);
  CHECK(families(r.linux_rows) == "gfx94X-dcgpu gfx103X-dgpu");
  CHECK(output(r, "linux_test_labels") == "[]");
  Result none = run(event("workflow_dispatch", "main"));
  CHECK(families(none.linux_rows) == "");
  CHECK(families(none.windows_rows) == "");
  CHECK(output(none, "linux_test_labels") == "[]");
  CHECK(output(none, "windows_test_labels") == "[]");

  Result pr = run(event("pull_request", "1/merge", {"gfx94X-linux", "gfx110X-linux", "gfx110X-windows"}));
  CHECK(families(pr.linux_rows) == kPresubmitLinux);
  CHECK(families(pr.windows_rows) == kPresubmitWindows);
  CHECK_FALSE(any_expect_failure(output(pr, "linux_variants")));
  CHECK(output(pr, "linux_test_labels") == "[]");
  Result twice =
      run(event("pull_request", "1/merge", {"gfx94X-linux", "gfx110X-linux", "gfx110X-windows", "gfx110X-windows"}));
  CHECK(families(twice.windows_rows) == kPresubmitWindows);
  CHECK_FALSE(any_expect_failure(output(twice, "windows_variants")));
  CHECK(output(twice, "windows_test_labels") == "[]");
  // Deliberate: a label with two colons does not crash it (TheRock's split
  // on ":" did). A test: label names the text after "test:".
  Result colons = run(event("pull_request", "1/merge", {"ci:test:rocprim", "test:a:b"}));
  CHECK(output(colons, "linux_test_labels") == "[\"rocprim\"]");
  CHECK(output(colons, "test_type") == "full");
}

// TheRock's literal names: unknown families and tests among known ones are
// dropped, and so are labels that name a family with the wrong prefix or
// case (spec sections 1.3 and 3.3).
TEST_CASE("configure_ci_test.py: unknown names, and labels that name no family") {
  Event e = event("workflow_dispatch", "main");
  e.linux_families = "gfx110X,abcdef";
  e.linux_test_labels = "test:hipsparse, test:hipdense";
  Result r = run(e);
  CHECK(families(r.linux_rows) == "gfx110X-all");
  CHECK(output(r, "linux_test_labels") == "[\"hipsparse\"]");
  Result unknown = run(event("pull_request", "1/merge", {"gfx10000X-linux", "gfx110000X-windows"}));
  CHECK(families(unknown.linux_rows) == kPresubmitLinux);
  CHECK(families(unknown.windows_rows) == kPresubmitWindows);
  CHECK(output(unknown, "linux_test_labels") == "[]");
  Result tests = run(event("pull_request", "1/merge", {"test:hipblaslt", "test:rocblas"}));
  CHECK(output(tests, "linux_test_labels") == "[\"rocblas\", \"hipblaslt\"]");  // the test table's order
  CHECK_FALSE(any_expect_failure(output(tests, "linux_variants")));
  Result chalk = run(event("pull_request", "1/merge", {"test:hipchalk", "test:rocchalk"}));
  CHECK(output(chalk, "linux_test_labels") == "[]");
  CHECK(output(chalk, "windows_test_labels") == "[]");
  Result named = run(event("pull_request", "1/merge", {"ci:gfx950", "GFX950-linux"}));
  CHECK(families(named.linux_rows) == kPresubmitLinux);
}

}  // namespace steps::configure_ci
