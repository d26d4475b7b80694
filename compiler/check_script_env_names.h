// An env entry a bash step's script means to read and cannot: its name is
// no shell variable's (PR-NUMBER), and the script reads the name it would
// have as one ($PR_NUMBER). GitHub sets the entry all the same, where bash
// has no variable for it, so the script reads an unset variable and goes
// on with nothing. Reported for the entries a bash or sh script sees (its
// step's, its job's, its workflow's), when it reads that name; a program
// it starts gets the entry as it is, and may read it so.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_script_env_names(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
