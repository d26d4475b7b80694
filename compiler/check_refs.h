// Checks every runtime reference in a workflow and infers `needs`.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

// May replace wf.body (to add inferred needs).
void check_refs(WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
