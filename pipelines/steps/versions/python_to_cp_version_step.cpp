// python_to_cp_version's logic behind its generated interface.
#include "python_to_cp_version/interface.h"
#include "versions/versions.h"

namespace steps::cli::python_to_cp_version {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  std::string cp = steps::versions::cp_version(in.python_version);
  log.line(cp);
  if (in.write_env_file) out.cp_version = cp;
}

}  // namespace steps::cli::python_to_cp_version
