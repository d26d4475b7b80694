// Comparisons of github.event_name with an event the run cannot have.
// github.event_name is the name of the event that started the run, as
// GitHub spells it (workflow_dispatch, not pipec's `dispatch`), and a
// workflow another one calls gets its caller's, never "workflow_call". So
// `github.event_name == 'X'` is always false, and `!=` always true, when X
// is no event of GitHub's, is "workflow_call", or is none of the triggers
// that reach the workflow (event_reach.h). actionlint does not read the
// text compared.
#pragma once

#include "diag.h"
#include "event_reach.h"
#include "program.h"

namespace pipec {

void check_event_names(const WorkflowModel& wf, const EventReach& reach, Diagnostics& diags);

}  // namespace pipec
