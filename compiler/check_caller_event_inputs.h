// github.event.inputs in a workflow with `on { call }`. A called run's
// github.event is its caller's event, so there github.event.inputs.NAME is
// the caller's manual-run input NAME, if the caller was started from the
// dispatch form at all:
// - not the value the caller gives input NAME in `with`. Reading it for one
//   of the workflow's own call inputs is the mistake of writing it for
//   inputs.NAME, which holds the given value in every run;
// - null in every run when no manual-run form of the workflows whose calls
//   reach it (event_reach.h) has input NAME. (A workflow may read its
//   caller's form on purpose, as TheRock's setup.yml does, under names it
//   does not declare.) In a workflow with a form of its own, check_refs
//   holds the name to that form.
#pragma once

#include "diag.h"
#include "event_reach.h"
#include "program.h"

namespace pipec {

void check_caller_event_inputs(const WorkflowModel& wf, const EventReach& reach,
                               Diagnostics& diags);

}  // namespace pipec
