// A called run's github.event is its caller's event, so there
// github.event.inputs.NAME is the caller's manual-run input NAME, if the
// caller was started from the dispatch form at all, and not the value the
// caller gives input NAME in `with`. Reading it for one of the workflow's
// own call inputs is the mistake of writing it for inputs.NAME, which holds
// the given value in every run. (A workflow may read its caller's form on
// purpose, as TheRock's setup.yml does, under names it does not declare.)
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_caller_event_inputs(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
