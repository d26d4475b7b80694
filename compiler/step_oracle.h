// The step oracle `pipec explain` uses for TheRock's steps that decide from
// the GPU family table: configure_ci (which families build, and which build
// PyTorch), configure_target_run (a release target's test runner) and
// promote_wheels_based_on_policy (whether tested wheels are promoted). Each
// runs the same logic as its step executable (pipelines/steps/ci and
// pipelines/steps/release), with the family table the pipelines declare and
// the event and step environment being explained. Runner overrides from
// vars.ROCM_THEROCK_TEST_RUNNERS are not applied: explain knows no vars.
#pragma once

#include "explain.h"

namespace pipec {

StepOracle step_oracle(const Program& program);

}  // namespace pipec
