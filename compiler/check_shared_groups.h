// Concurrency groups that runs on different branches share. Some github
// fields are set only by some events (event_fields.h): github.head_ref,
// github.base_ref and github.event.pull_request in pull request runs,
// github.event.inputs in dispatch runs, and so on; elsewhere they are
// empty. A group such as `${{ github.workflow }}-${{ github.head_ref }}`
// in a workflow that push also starts is then one group for every push
// run, on every branch: GitHub runs one, lets one wait and cancels the
// waiting one when another comes (the running one too, with
// cancel-in-progress). Reported: a workflow's or job's group that reads
// such a field other than as the left side of `||`, in a workflow with a
// trigger that does not set it (a caller's event is not known), when
// nothing else it reads tells two runs apart (only github.workflow,
// .repository, .repository_owner, .event_name, .job, vars, inputs, matrix
// and strategy besides). actionlint does not relate groups to triggers.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_shared_groups(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
