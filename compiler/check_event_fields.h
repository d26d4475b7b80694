// Event fields no trigger of the workflow sets. github.event holds the
// payload of the event that started the run, so github.event.pull_request
// is there only when a pull request event did, github.head_ref and
// github.base_ref only under pull_request and pull_request_target, and so
// on: in a workflow none of whose triggers sets the field, it is empty in
// every run, and a condition or a value that reads it never means what it
// says. actionlint does not relate the two. A workflow another one calls
// gets its caller's event, so one with workflow_call is not checked.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_event_fields(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
