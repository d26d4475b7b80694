// Conditions that wait for a failure they cannot see. An `if` with no
// status function in it (success(), failure(), always(), cancelled()) is
// read as `success() && (...)`, and actionlint does not look at what that
// leaves out:
// - A job runs only when every job in its needs succeeded, and is skipped,
//   without its condition being read, when one failed, was cancelled or
//   was skipped. So a part that must hold, and holds only for another
//   result (`needs.build.result == 'failure'`, `contains(needs.*.result,
//   'failure')`), makes the job never run.
// - A step runs only while no earlier step of its job has failed (a step
//   with continue-on-error does not count). So `steps.x.conclusion ==
//   'failure'` never holds for it, and neither does `steps.x.outcome ==
//   'failure'` when step x has no continue-on-error.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_implicit_success(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
