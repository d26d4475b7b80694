// A script line that writes text whoever triggers the run writes and that
// can hold a line break (a pull request's title or body, a commit message:
// untrusted_inputs.h; not a branch name, which cannot) into
// $GITHUB_ENV, $GITHUB_OUTPUT or $GITHUB_PATH: the line after the break is
// read as a variable of its own (BASH_ENV or NODE_OPTIONS for the steps that
// follow, which then run the writer's code), an output or a folder. Read
// per line of the script; the text may come in the line's ${{ }} or in an
// env variable of the step, its job or its workflow that the line reads.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_env_file_writes(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
