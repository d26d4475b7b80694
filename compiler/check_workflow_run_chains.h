// How deep workflow_run chains go. A workflow started by workflow_run is
// one level below the run it waited for, and GitHub starts no run more
// than three levels below the first ("A -> B -> C -> D -> E -> F: E and F
// will not be run"). A called workflow runs inside its caller's run and
// has no run of its own, so workflow_run never sees it end. pipec makes
// every workflow these entries can name, so it counts the levels that
// actionlint cannot. Reported: an entry that names a workflow which only
// runs when called, and one whose workflow starts, at the earliest, three
// levels down already. A name this repository does not make counts as a
// first workflow.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_workflow_run_chains(const Program& program, Diagnostics& diags);

}  // namespace pipec
