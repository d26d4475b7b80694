// Job conditions that wait for a failure they cannot see. A job's `if`
// with no status function in it (success(), failure(), always(),
// cancelled()) is read as `success() && (...)`: GitHub runs the job only
// when every job in its needs succeeded, and skips it, without reading
// the condition, when one failed, was cancelled or was skipped. So a part
// of it that must hold, and holds only for another result
// (`needs.build.result == 'failure'`, `contains(needs.*.result,
// 'failure')`), makes the job never run, and actionlint does not look.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_needs_results(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
