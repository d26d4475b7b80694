// An env entry a bash step's script cannot read: its name is no shell
// variable's (a dash, a space, a dot, a first digit). GitHub sets it in the
// step's environment all the same, where bash has no $NAME for it, so the
// script reads an unset variable and goes on with nothing. Reported for
// the entries a bash or sh script sees (its step's, its job's, its
// workflow's); not where only actions, cmd, pwsh or python read them,
// which can.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_script_env_names(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
