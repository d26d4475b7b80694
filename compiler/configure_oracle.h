// The step oracle `pipec explain` uses for TheRock's configure step: it runs
// the configure_ci logic (pipelines/steps/ci) with the family table the
// pipelines declare, and the event and step environment being explained.
#pragma once

#include "explain.h"

namespace pipec {

StepOracle configure_oracle(const Program& program);

}  // namespace pipec
