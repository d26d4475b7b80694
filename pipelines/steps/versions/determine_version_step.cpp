// determine_version's logic behind its generated interface.
#include "determine_version/interface.h"
#include "versions/versions.h"

namespace steps::cli::determine_version {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  auto args = steps::versions::determine_version(in.rocm_version);
  if (in.verbose) {  // TheRock's lines: the parsed version, each part labelled, a blank line
    log.line("ROCm version: " + steps::versions::parse_pep440(in.rocm_version).canonical);
    log.line("`--rocm-sdk-version`\t: " + args.rocm_sdk_version);
    log.line("`--version-suffix`\t: " + args.version_suffix);
    log.line("");
  }
  log.line(args.combined());
  if (in.write_env_file) out.optional_build_prod_arguments = args.combined();
}

}  // namespace steps::cli::determine_version
