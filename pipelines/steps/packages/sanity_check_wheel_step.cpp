// sanity_check_wheel's logic behind its generated interface.
#include "packages/log_output.h"
#include "packages/sanity_check_wheel.h"
#include "runtime/step_error.h"
#include "sanity_check_wheel/interface.h"

namespace steps::cli::sanity_check_wheel {

void step(const Inputs& in, Outputs&, steps::runtime::Log& log) {
  steps::packages::LogOutput out(log);
  if (steps::sanity_check_wheel::run({in.wheel_dir}, out) != 0) throw steps::StepFailed();
}

}  // namespace steps::cli::sanity_check_wheel
