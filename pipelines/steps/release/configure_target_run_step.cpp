// configure_target_run's logic behind its generated interface.
#include "ci/families_table.h"
#include "configure_target_run/interface.h"
#include "release/release.h"

namespace steps::cli::configure_target_run {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  auto families = steps::configure_ci::families_from_table();
  if (in.load_test_runners_from_var)
    families = steps::configure_ci::with_runner_overrides(families, in.rocm_therock_test_runners);
  auto run = steps::release::configure_target_run(in.target, in.platform, families);
  // What is not written is said too: the release's test job is skipped
  // then, and its promotion waits on a test that never runs.
  if (run.test_runs_on) {
    log.line("test-runs-on=" + *run.test_runs_on);
    out.test_runs_on = *run.test_runs_on;
  } else {
    log.line("no test runner for " + in.target + " on " + in.platform + ": test-runs-on not written");
  }
  if (run.bypass_tests) {
    log.line("bypass_tests_for_releases=True");
    out.bypass_tests_for_releases = "True";  // TheRock's spelling; promote reads it as a boolean
  } else if (!run.test_runs_on) {
    log.line("tests are not bypassed for " + in.target + ": untested, its wheels are not promoted");
  }
}

}  // namespace steps::cli::configure_target_run
