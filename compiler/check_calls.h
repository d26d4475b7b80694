// Checks jobs that call a reusable workflow instance against what it declares:
// the callee must be callable, `with` may only name its inputs, required
// inputs must be given, and values known now must fit the input's type (a
// choice input keeps its options even though workflow_call sees a string);
// check_types checks the values known at run time.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_calls(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
