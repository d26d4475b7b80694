// Actions used from the workspace. A step with uses = "./PATH" runs the
// action whose action.yml is at PATH in the job's workspace, and a job
// starts with an empty one: unless an earlier step put PATH there, GitHub
// fails the step ("Can't find 'action.yml' ... Did you forget to run
// actions/checkout before running your local action?"), and actionlint
// does not look at the order of steps. Reported when nothing before the
// step can have put files there: every step before it is an
// actions/checkout that puts its repository in a folder PATH is not under
// (a step that runs a script or uses another action may fetch anything).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_local_actions(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
