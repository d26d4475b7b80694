// The workflows a workflow_run trigger waits for. GitHub matches the names
// in on.workflow_run.workflows against each workflow's name: its `name`,
// or, for a workflow without one, the path of its file from the
// repository root (.github/workflows/ci.yml). A file name such as ci.yml
// matches nothing, so the workflow never runs, and actionlint does not
// look. Reported: an entry that is the file of one of these workflows
// while its name is another, and a bare file name (no "/") that is no
// workflow's name here.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_workflow_run_names(const Program& program, Diagnostics& diags);

}  // namespace pipec
