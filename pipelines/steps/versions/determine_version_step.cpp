// determine_version's logic behind its generated interface.
#include "determine_version/interface.h"
#include "versions/versions.h"

namespace steps::cli::determine_version {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  auto args = steps::versions::determine_version(in.rocm_version);
  if (in.verbose) {
    log.line("ROCm version: " + in.rocm_version);
    log.line(args.rocm_sdk_version);
    log.line(args.version_suffix);
  }
  log.line(args.combined());
  if (in.write_env_file) out.optional_build_prod_arguments = args.combined();
}

}  // namespace steps::cli::determine_version
