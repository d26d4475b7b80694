// fetch_package_targets's logic behind its generated interface.
#include "ci/families_table.h"
#include "fetch_package_targets/interface.h"
#include "release/release.h"

namespace steps::cli::fetch_package_targets {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  auto families = steps::configure_ci::families_from_table();
  if (in.load_test_runners_from_var)
    families = steps::configure_ci::with_runner_overrides(families, in.rocm_therock_test_runners);
  auto targets = steps::release::fetch_package_targets(in.amdgpu_families.value_or(""), in.therock_package_platform,
                                                       in.test_harness_target_fetch, families);
  std::string json = steps::release::package_targets_json(targets);
  log.line("package_targets=" + json);
  out.package_targets = json;
}

}  // namespace steps::cli::fetch_package_targets
