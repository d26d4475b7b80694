#include "release/release.h"

#include <algorithm>
#include <cctype>

#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::release {
namespace {

using runtime::lower;

}  // namespace

TargetRun configure_target_run(const std::string& target, const std::string& platform,
                               const std::vector<Family>& families) {
  TargetRun out;
  std::string t = lower(target);
  for (const auto& f : families) {
    if (f.platform != platform || (f.trigger != "presubmit" && f.trigger != "postsubmit")) continue;
    if (f.family != target && t.find(f.key) == std::string::npos) continue;
    if (!out.test_runs_on && !f.runner.empty()) out.test_runs_on = f.runner;
    if (f.bypass_tests) out.bypass_tests = true;
  }
  return out;
}

std::vector<PackageTarget> fetch_package_targets(const std::string& families_text, const std::string& platform,
                                                 bool harness_only, const std::vector<Family>& families) {
  std::vector<std::string> keys;
  // Only the empty text means every family (as TheRock's `if amdgpu_families:`);
  // text of spaces or punctuation only has no words, so no rows.
  if (families_text.empty()) {
    for (const auto& f : families) {
      if (std::find(keys.begin(), keys.end(), f.key) == keys.end()) keys.push_back(f.key);
    }
  } else {
    std::string word;
    for (size_t i = 0; i <= families_text.size(); ++i) {
      unsigned char c = i < families_text.size() ? static_cast<unsigned char>(families_text[i]) : ' ';
      if (std::isspace(c) || std::ispunct(c)) {
        if (!word.empty()) keys.push_back(lower(word));
        word.clear();
      } else {
        word += static_cast<char>(c);
      }
    }
  }
  std::vector<PackageTarget> out;
  for (const auto& key : keys) {
    auto it = std::find_if(families.begin(), families.end(),
                           [&](const Family& f) { return f.key == key && f.platform == platform; });
    if (it == families.end()) continue;
    if (harness_only && (it->runner.empty() || it->sanity_only)) continue;
    out.push_back({it->family, it->runner, it->expect_failure, it->expect_pytorch_failure});
  }
  return out;
}

std::string package_targets_json(const std::vector<PackageTarget>& targets) {
  std::vector<std::vector<std::pair<std::string, std::string>>> rows;
  auto boolean = [](bool b) { return std::string(b ? "true" : "false"); };
  for (const auto& t : targets) {
    rows.push_back({{"amdgpu_family", configure_ci::python_json_string(t.amdgpu_family)},
                    {"test_machine", configure_ci::python_json_string(t.test_machine)},
                    {"expect_failure", boolean(t.expect_failure)},
                    {"expect_pytorch_failure", boolean(t.expect_pytorch_failure)}});
  }
  return configure_ci::python_json(rows);
}

Promotion promote_wheels_based_on_policy(const PromoteInputs& in) {
  std::string branch = lower(in.ref_name), build = lower(in.build_result), test = lower(in.test_result);
  if (branch.rfind("release/therock-", 0) == 0)
    return {true, "::notice::On release branch: " + branch + ". Forcing upload independent of test results."};
  if (build != "success") return {false, "::warning::Build failed. Skipping upload."};
  bool runner = !in.test_runs_on.empty();
  if (runner && test != "success")
    return {false, "::warning::Runner present and tests were not successful (test_result: " + test + "). Skipping upload."};
  // Read only where a rule asks for it: an earlier rule decides whatever
  // the bypass holds, as in TheRock.
  if (!runner && !runtime::str2bool(in.bypass_tests_for_releases, "BYPASS_TESTS_FOR_RELEASES"))
    return {false, "::warning::No test runner and BYPASS_TESTS_FOR_RELEASES not set. Skipping upload."};
  return {true, ""};
}

}  // namespace steps::release
