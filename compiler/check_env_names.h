// Env entries GitHub ignores. GitHub sets its default variables (GITHUB_SHA,
// GITHUB_WORKSPACE, RUNNER_TEMP, ...) for every step, and a workflow cannot
// change them: an entry of that name in a workflow's, job's or step's env
// is dropped without a word, and the step sees GitHub's value (tool_decls
// and check_tools say the same of a tool's env entries and a tool step's
// args, which become its env). actionlint does not look. CI, which
// GitHub lets a workflow set for now, RUNNER_DEBUG, which GitHub sets only
// when debug logging is on, and names that are not GitHub's own
// (GITHUB_TOKEN) are not reported.
#pragma once

#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

void check_env_names(const WorkflowModel& wf, Diagnostics& diags);

// Whether GitHub sets a variable of this name for every step, and keeps
// its own value whatever a workflow's env says.
bool github_default_variable(const std::string& name);

}  // namespace pipec
