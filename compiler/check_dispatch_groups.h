// Manual runs a concurrency group cannot tell apart. With
// cancel-in-progress, GitHub cancels the run that holds a workflow's group
// when another run asks for it. Two manual runs (workflow_dispatch) on one
// branch that ask for different things, by their inputs, but make one
// group text cancel each other: TheRock's notes ran a known-bad and a
// known-good dispatch one after the other for that reason. So the group of
// a workflow that a dispatch starts, and that cancels in progress, reads
// every input a dispatch gives (inputs.X or github.event.inputs.X), or
// all of them (toJSON(inputs)), or a value of its own for each run
// (github.run_id, run_number). A group whose cancel-in-progress is an
// expression, or false, is left alone: without it a run waits for the one
// in progress, as a release that serializes on its staging folder wants.
//
// The other way round, a manual run and a run of another trigger (push,
// schedule) that ask for the same must make one group text too. A run
// that is not a dispatch has no inputs, and ${{ inputs.X }} writes ''
// there, while a manual run that leaves X at its default writes that
// default: 'false' for a boolean. So a group that writes such an input
// as it is tells a manual run from the push of the same commit, and
// neither cancels the other. Reported in a workflow with such a trigger,
// for each input written bare whose default is false or 0, which the
// run without inputs reads alike but writes otherwise (input-default
// reports the other defaults); `inputs.X || false` writes the same in both.
// A group that tells every run apart, or names the trigger
// (github.event_name), keeps a manual run apart on purpose: left alone.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_dispatch_groups(const Program& program, const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
