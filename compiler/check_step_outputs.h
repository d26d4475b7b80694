// What steps.ID.outputs.NAME reads. A step's outputs are what it writes to
// GITHUB_OUTPUT; an output it never writes reads as empty text, without an
// error from GitHub or actionlint (which knows the outputs only of popular
// actions by tag, never of one pinned to a commit SHA, as every pipec
// action is). pipec knows what two kinds of step write: a step tool, its
// declared outputs (an output with to = "env" goes to GITHUB_ENV instead),
// and an action whose declaration lists its outputs (outputs = [...], from
// its action.yml at that SHA). A read of any other name of such a step is
// an error [unknown-output]. Names are compared without case, as GitHub
// reads them. A step that runs a script writes what the script writes,
// which pipec does not know; its outputs are not checked.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_step_outputs(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
