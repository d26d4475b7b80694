// An empty value a call gives where the called workflow has a default.
// GitHub fills a workflow_call input's default only where the call leaves
// the input out: `with: {ref: ${{ inputs.ref }}}` gives "" when the
// caller's own input is empty, and the callee's default never applies.
// Reported: a with entry that is exactly inputs.NAME of the caller, a
// string input that a run can leave empty (not required, and its default
// empty or, for one a dispatch form shows, absent), given to a
// string input of the callee whose default is not empty. (The caller's
// input with a default other runs lose is check_input_defaults'.)
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_empty_call_values(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
