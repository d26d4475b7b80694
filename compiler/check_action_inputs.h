// A step's with against the inputs its action declares. A step gives an
// action an input its action.yml does not declare: the runner warns
// ("Unexpected input(s) 'fetch_depth', valid inputs are [...]") and runs
// the step without it, so a misspelt input is a silent change of what the
// step does. actionlint checks this only for the versions of popular
// actions it knows by tag, never for an action pinned to a commit SHA, as
// every pipec action is. So an `action` declaration may list its inputs
// (inputs = [...], from its action.yml at that SHA), and then every with
// of a step that uses it is held to them, without case, as the runner
// compares them.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_action_inputs(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
