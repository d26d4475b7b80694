// The release steps of TheRock's PyTorch and package workflows, as pure
// functions over the GPU family table (spec sections 2.4, 2.6, 2.7):
//   configure_target_run            the test runner and bypass flag of one target
//   fetch_package_targets           the families to package, with their test machines
//   promote_wheels_based_on_policy  whether tested wheels are promoted
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ci/configure_ci.h"

namespace steps::release {

using Family = steps::configure_ci::Family;

struct TargetRun {
  std::optional<std::string> test_runs_on;  // written as test-runs-on
  bool bypass_tests = false;                // written as bypass_tests_for_releases=True
};
// Rows of the presubmit and postsubmit tables whose family is `target`, or
// whose key is part of the lowercased target: the first with a runner gives
// it, the first with bypass_tests sets the bypass.
TargetRun configure_target_run(const std::string& target, const std::string& platform,
                               const std::vector<Family>& families);

// One row of package_targets.
struct PackageTarget {
  std::string amdgpu_family, test_machine;
  bool expect_failure = false, expect_pytorch_failure = false;
};
// `families_text` empty: every key in table order; else its words (after
// punctuation becomes space), lowercased, in order, repeats kept (so text
// with no words, " " or ",", gives no rows). Unknown
// keys and keys without a row for `platform` are skipped; with
// `harness_only`, so are rows without a runner or checked by sanity only.
std::vector<PackageTarget> fetch_package_targets(const std::string& families_text, const std::string& platform,
                                                 bool harness_only, const std::vector<Family>& families);
// Python's json.dumps of the rows.
std::string package_targets_json(const std::vector<PackageTarget>& targets);

struct PromoteInputs {
  std::string build_result, test_result, test_runs_on, bypass_tests_for_releases, ref_name;
};
struct Promotion {
  bool upload = false;
  std::string annotation;  // a ::notice:: or ::warning:: line, or empty
};
// The first rule that applies decides. BYPASS_TESTS_FOR_RELEASES is read as
// a boolean (TheRock took any non-empty text, even "false", as true); text
// that is not one throws InputError.
Promotion promote_wheels_based_on_policy(const PromoteInputs& in);

}  // namespace steps::release
