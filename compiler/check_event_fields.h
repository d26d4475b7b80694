// Event fields no trigger that reaches the workflow sets. github.event
// holds the payload of the event that started the run, so
// github.event.pull_request is there only when a pull request event did,
// github.head_ref and github.base_ref only under pull_request and
// pull_request_target, and so on: in a workflow none of whose reaching
// triggers sets the field, it is empty in every run, and a condition or a
// value that reads it never means what it says. A called run has its
// caller's event, so a workflow with `on { call }` is held to the triggers
// of the workflows whose calls reach it (event_reach.h). actionlint does
// not relate the two.
#pragma once

#include "diag.h"
#include "event_reach.h"
#include "program.h"

namespace pipec {

void check_event_fields(const WorkflowModel& wf, const EventReach& reach, Diagnostics& diags);

}  // namespace pipec
