// The GPU family table declared in pipelines/therock/families.pipe, as the
// Family rows the CI and release logic read. The table itself is generated
// by pipec (generated/steps/data/gpu_families.h), so a renamed column stops
// this from building.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "ci/configure_ci.h"
#include "data/gpu_families.h"
#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::configure_ci {

inline std::vector<Family> families_from_table() {
  std::vector<Family> out;
  for (const auto& row : steps::data::gpu_families()) {
    Family f;
    f.key = row.key;
    f.trigger = row.trigger;
    f.platform = row.platform;
    f.family = row.family;
    f.runner = row.runner;
    f.build_variants = row.build_variants;
    f.multi_gpu_runner = row.multi_gpu_runner;
    f.benchmark_runner = row.benchmark_runner;
    f.kernel_runners = row.kernel_runners;
    f.expect_failure = row.expect_failure;
    f.expect_pytorch_failure = row.expect_pytorch_failure;
    f.sanity_only = row.sanity_only;
    f.bypass_tests = row.bypass_tests;
    f.pytorch_presubmit = row.pytorch_presubmit;
    out.push_back(f);
  }
  return out;
}

// ROCM_THEROCK_TEST_RUNNERS: {"<key>": {"<platform>": "<label>"}} replaces the
// runner of each matching row (unknown keys and platforms are ignored).
// Throws InputError for text that is not such JSON, and for a matching
// entry that is not a label (a number, or text with a blank or control
// character, which would reach runs-on as it is).
inline std::vector<Family> with_runner_overrides(std::vector<Family> families, const std::string& json) {
  runtime::check_json_nesting(json, "ROCM_THEROCK_TEST_RUNNERS");
  const auto j = nlohmann::json::parse(json, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw InputError("ROCM_THEROCK_TEST_RUNNERS is not {\"<key>\": {\"<platform>\": \"<label>\"}}: " + json);
  for (auto& f : families) {
    auto k = j.find(f.key);
    if (k == j.end()) continue;
    const std::string where = "ROCM_THEROCK_TEST_RUNNERS[\"" + f.key + "\"]";
    if (!k->is_object()) throw InputError(where + " is not {\"<platform>\": \"<label>\"}: " + k->dump());
    auto p = k->find(f.platform);
    if (p == k->end()) continue;
    // "" is a label too: no test runner, as the table says for a family without one.
    const bool label = p->is_string() && !runtime::has_control(p->get_ref<const std::string&>(), true);
    if (!label) throw InputError(where + "[\"" + f.platform + "\"] is not a runner label: " + p->dump());
    f.runner = p->get<std::string>();
  }
  return families;
}

}  // namespace steps::configure_ci
