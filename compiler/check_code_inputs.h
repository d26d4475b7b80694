// Action inputs that are code. actions/github-script runs its `script`
// input as JavaScript, and GitHub expands every ${{ }} in it into that code
// before it runs, as it would in a run script: text whoever triggers the
// run writes could end a string and run code. pipec moves a run script's
// ${{ }} into env itself; in JavaScript it cannot know what a value may
// become, so each one is an error that says to read it from env
// (process.env.NAME).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_code_inputs(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
