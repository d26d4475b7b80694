// The end-to-end configure scenarios the spec observed (section 1.6), run
// against the family table pipelines/therock/families.pipe declares, which
// pipec compiles into generated/steps/data/gpu_families.h.
#include <doctest/doctest.h>

#include "ci/configure_ci.h"
#include "ci/families_table.h"

namespace steps::configure_ci {
namespace {

Result run(Event e) { return configure(e, families_from_table()); }

std::string families(const std::vector<std::pair<std::string, bool>>& rows) {
  std::string s;
  for (const auto& [f, _] : rows) s += (s.empty() ? "" : " ") + f;
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

const char* kPresubmitLinux = "gfx94X-dcgpu gfx110X-all gfx1151 gfx120X-all";
const char* kPresubmitWindows = "gfx110X-all gfx1151 gfx120X-all";
const char* kAllLinux =
    "gfx94X-dcgpu gfx110X-all gfx1151 gfx120X-all gfx950-dcgpu gfx90X-dcgpu gfx101X-dgpu gfx103X-dgpu gfx1150 gfx1152 gfx1153";
const char* kAllWindows = "gfx110X-all gfx1151 gfx120X-all gfx90X-dcgpu gfx101X-dgpu gfx103X-dgpu gfx1150 gfx1152 gfx1153";

}  // namespace

TEST_CASE("push to main with a source change, and with only docs") {
  Result r = run(event("push", "main"));
  CHECK(families(r.linux_rows) == std::string(kPresubmitLinux) + " gfx950-dcgpu");
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
  CHECK(families(r.linux_rows) == std::string(kPresubmitLinux) + " gfx950-dcgpu");
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

TEST_CASE("nightly schedule: every family, full tests, PyTorch where not expected to fail") {
  Result r = run(event("schedule", "main", {}, {}));
  CHECK(families(r.linux_rows) == kAllLinux);
  CHECK(families(r.windows_rows) == kAllWindows);
  CHECK(output(r, "enable_build_jobs") == "true");
  CHECK(output(r, "test_type") == "full");
  std::string no_torch;
  for (const auto& [f, torch] : r.linux_rows) no_torch += torch ? "" : f + " ";
  for (const auto& [f, torch] : r.windows_rows) no_torch += torch ? "" : "windows:" + f + " ";
  CHECK(no_torch == "gfx101X-dgpu windows:gfx90X-dcgpu windows:gfx101X-dgpu ");
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

}  // namespace steps::configure_ci
