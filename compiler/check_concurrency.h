// Concurrency deadlocks. A run holds a concurrency group from the moment a
// workflow or job with one starts until it ends, and a workflow it calls
// runs inside it. A group that is already held, by the workflow or by the
// job and the callers around it, is then asked for again: GitHub sees that
// the inner one can never start and cancels the run ("deadlock detected for
// concurrency group"), and actionlint does not look for it. Two groups are
// reported as the same when their text is and each value in it is surely
// the same for both: in one workflow, anything a workflow-level group can
// read (github but github.job, inputs, vars); across a call, only github
// and vars (inputs are not followed into the called workflow, so a group
// that reads them is compared within its workflow only). A called
// workflow's github.workflow is the name of the workflow the run started
// with, which is how a `${{ github.workflow }}-${{ github.ref }}` group
// copied into a reusable workflow deadlocks.
//
// Matrix legs that ask for one group. GitHub lets one run, keeps one
// waiting and cancels a waiting one whenever another leg asks, so a group
// every leg of a matrix asks for (its job's, unless it reads a matrix or
// strategy value; a called workflow's, when it reads github and vars
// alone) is an error too, unless max-parallel = 1 runs the legs one at a
// time.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_concurrency(const Program& program, Diagnostics& diags);

}  // namespace pipec
