// A cmd script that reads an env variable (%NAME% or !NAME!) set, in its
// step, job or workflow, from text whoever triggers the run writes (a pull
// request's title, a branch name: untrusted_inputs.h). cmd expands the
// variable before it parses the line, so a quote or an & in the text ends
// the quoting and runs the writer's code. The script's own ${{ }} values
// are refused in cmd when lowered; this is the same hazard one env entry
// away.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_cmd_env(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
