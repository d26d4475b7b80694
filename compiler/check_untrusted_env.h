// An env entry, of the workflow, a job or a step, whose name the system,
// the shell or a program reads (PATH, BASH_ENV, LD_PRELOAD, NODE_OPTIONS,
// GIT_*: tool_command.h's system_variable), set from what whoever triggers
// the run writes (a pull request's title, a branch name: untrusted_inputs.h).
// bash runs the file BASH_ENV names, with its $(...) expanded, before any
// script; such a value runs the writer's code.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_untrusted_env(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
