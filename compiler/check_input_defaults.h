// Input defaults that a run does not get. GitHub fills an input's default
// into the workflow_dispatch form (and, for workflow_call, into what a
// caller leaves out); a run that push, schedule or another trigger starts
// has no inputs, so inputs.NAME is empty there, whatever the default says.
// TheRock's release workflows read such inputs as `inputs.release_type ||
// 'nightly'` for this reason. Reported: in a workflow with a trigger
// other than dispatch and call, a read of an input whose default is not
// empty (or false), unless it is the left side of `||`, compared with ''
// or null, or beside a test of github.event_name under `&&`; the same
// for github.event.inputs.NAME. actionlint does not relate inputs to
// triggers.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_input_defaults(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
