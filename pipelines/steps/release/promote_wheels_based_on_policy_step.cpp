// promote_wheels_based_on_policy's logic behind its generated interface.
#include "promote_wheels_based_on_policy/interface.h"
#include "release/release.h"

namespace steps::cli::promote_wheels_based_on_policy {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  auto p = steps::release::promote_wheels_based_on_policy(
      {in.build_result.value_or(""), in.test_result.value_or(""), in.test_runs_on.value_or(""),
       in.bypass_tests_for_releases.value_or(""), in.github_ref_name.value_or("")});
  if (!p.annotation.empty()) log.line(p.annotation);
  log.line(std::string("upload=") + (p.upload ? "true" : "false"));
  out.upload = p.upload;
}

}  // namespace steps::cli::promote_wheels_based_on_policy
