// What steps pass on to the steps after them through GITHUB_ENV. A step's
// exports = [...] lists the names its script writes there, each a name a
// shell can read ([A-Za-z_][A-Za-z0-9_]*). An env a step tool
// declares `exported = true` is written to GITHUB_ENV by a step before the
// tool's (the credentials aws-actions/configure-aws-credentials exports), not
// passed in args. A job that runs the tool with no such step, and no env
// block that sets the name, compiles into a workflow whose tool runs without
// it and fails hours into the run, after the build it uploads. pipec says so
// at the step.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

// The exports of a step or an action (whose: "a step", "action \"x\""): a
// list of names a shell reads as variables, once each.
void check_exports(const Value& owner, const std::string& whose, Diagnostics& diags);

void check_step_env(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
