// build_package_index's logic behind its generated interface.
#include "build_package_index/interface.h"
#include "packages/build_package_index.h"
#include "packages/log_output.h"

namespace steps::cli::build_package_index {

void step(const Inputs& in, Outputs&, steps::runtime::Log& log) {
  steps::packages::LogOutput out(log);
  steps::build_package_index::run({in.dir}, out);
}

}  // namespace steps::cli::build_package_index
