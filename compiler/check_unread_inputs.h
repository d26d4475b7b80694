// An input that nothing reads: no job, step, condition, name or call of
// its workflow (its concurrency group aside) as inputs.X or
// github.event.inputs.X, nor the whole object; and, for an input a manual
// run is given, no workflow the workflow calls, however deep, as
// github.event.inputs.X (a called run's event is its caller's). A run's
// value of it changes nothing the run does, silently: most often it was
// meant to be passed on to a called workflow, whose own input then keeps
// its default. A group that reads it alone only keeps apart two runs that
// do the same.
//
// The workflows and actions of the repository that pipec does not make
// (uses = "./...") are read from their text where they are beside the
// generated ones (external_workflows.h). What pipec cannot read counts as
// reading every input a manual run is given: a workflow of another
// repository, a workflow or action that is missing, and a script that
// names GITHUB_EVENT_PATH (the event file holds the inputs).
#pragma once

#include <set>
#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

// The names of the inputs of `wf` that nothing reads, as above.
std::set<std::string> unread_inputs(const Program& program, const WorkflowModel& wf);

void check_unread_inputs(const Program& program, Diagnostics& diags);

}  // namespace pipec
