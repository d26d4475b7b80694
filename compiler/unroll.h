// Unrolls `unroll = true` matrix jobs into one job per leg (see unroll.cpp).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void unroll_matrices(WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
